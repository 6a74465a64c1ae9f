"""The shortcuts of the legal lists agree with the full answers they stand for, on the states
of a random scenario-13 game: "any target" tests, landing ports, hand candidates, neutral
attackers, expedition targets, pirates' ports, Imperium offers, a hand's combat play options."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from game.core.actions import act
from game.core.drbg import Drbg
from game.core.records import evolve
from game.rulesets import get_ruleset
from game.rulesets.mediterranean_empires.bots.world import sample_cards
from game.rulesets.mediterranean_empires.cards import card_effects, imperium
from game.rulesets.mediterranean_empires.cards.holdings import _candidates, hand_candidates
from game.rulesets.mediterranean_empires.cards.imperium import _any_ability
from game.rulesets.mediterranean_empires.cards.truces import EVERYONE
from game.rulesets.mediterranean_empires.combat.battle_effects import (
    _options,
    hand_play_options,
    involved_side,
    play_sides,
)
from game.rulesets.mediterranean_empires.expedition import routes
from game.rulesets.mediterranean_empires.expedition.muster import (
    has_target,
    targets,
    valid_target,
)
from game.rulesets.mediterranean_empires.frames import ActionPhase, CardUse, Combat
from game.rulesets.mediterranean_empires.ruleset import MeRuleset
from game.rulesets.mediterranean_empires.sequence.fighting_events import (
    NOBODY,
    _attacks_any,
    neutral_targets,
    pirate_targets,
)
from game.rulesets.mediterranean_empires.state import NEUTRAL, MeState, Truce
from game.session import bot_session, master_config

EVERY = 60
"""States sampled: one entry in this many."""


@cache
def _states() -> tuple[MeState, ...]:
    ruleset = get_ruleset("mediterranean-empires")
    master = b"fast-paths"
    session = bot_session(ruleset, master_config(ruleset, master, "13"), master, hash_every=0)
    states = []
    while session.step() is not None:
        if len(session.table.records) % EVERY == 0:
            states.append(session.table.state)
    return tuple(states)


def _rules() -> MeRuleset:
    ruleset = get_ruleset("mediterranean-empires")
    assert isinstance(ruleset, MeRuleset)
    return ruleset


def _uses(seat: int) -> Iterator[CardUse]:
    """Every ability of every card, and every option of a choose_one, for `seat`."""
    for card in _rules().rules.content.decks.cards:
        for index, effect in enumerate(card.abilities):
            yield CardUse(seat, card.id, (index,))
            if effect.name == "choose_one":
                for option in range(len(effect.param("options"))):
                    yield CardUse(seat, card.id, (index, option))


def test_any_target_agrees_with_the_targets_it_stands_for() -> None:
    rules = _rules().rules
    checked = 0
    for state in _states():
        for seat in range(len(state.seats)):
            for use in _uses(seat):
                effect = card_effects.effect_of(rules, use)
                impl = card_effects.IMPLS.get(effect.name)
                if impl is None or impl.any_target is None or impl.targets is None:
                    continue
                found = impl.targets(rules, state, use, effect)
                assert impl.any_target(rules, state, use, effect) == (found is None
                                                                      or bool(found)), use
                checked += 1
    assert checked > 1000


def test_landing_ports_are_the_own_ports_with_a_land_leg_to_the_goal() -> None:
    rules = _rules().rules
    goals = rules.city_ids[::7] + rules.area_ids[::5]
    for state in _states()[::3]:
        for seat in range(len(state.seats)):
            through = routes.own_nodes(rules, state, seat)
            for embark in routes.own_ports(rules, state, seat)[:2]:
                for goal in goals:
                    expected = [goal] if routes.is_port(rules, goal) and goal != embark else []
                    expected += [port for port in routes.own_ports(rules, state, seat)
                                 if port not in (embark, goal)
                                 and routes.land_path(rules, port, goal, through)]
                    assert routes.landing_ports(rules, state, seat, embark, goal) == tuple(
                        expected)


def test_has_target_agrees_with_the_target_list() -> None:
    rules = _rules().rules
    for state in _states():
        for seat in range(len(state.seats)):
            assert has_target(rules, state, seat) == bool(targets(rules, state, seat))


def test_hand_candidates_kept_per_seat_equal_a_fresh_count() -> None:
    for state in _states():
        for seat in range(len(state.seats)):
            fresh = _candidates(state.hidden, state.seats[seat].hand)
            assert hand_candidates(state, seat) == fresh


def test_a_neutral_city_attacks_when_its_target_list_has_a_city() -> None:
    rules = _rules().rules
    for state in _states():
        for spare in (NOBODY, 0, 1):
            neutral = (index for index, owner in enumerate(state.board.owner)
                       if owner == NEUTRAL)
            for index in neutral:
                assert _attacks_any(rules, state, index, spare) == \
                    bool(neutral_targets(rules, state, rules.city_ids[index], spare))


def test_the_target_list_is_every_reachable_valid_target_in_map_order() -> None:
    rules = _rules().rules
    for state in _states():
        for truces in (state.truces, (Truce(0, EVERYONE, "test", "turn"),)):
            shaped = evolve(state, truces=truces)
            for seat in range(len(state.seats)):
                if not routes.capital_held(shaped, seat, rules):
                    continue
                reach = routes.reachable_targets(rules, shaped, seat)
                assert targets(rules, shaped, seat) == tuple(
                    node for node in rules.city_ids + rules.area_ids
                    if node in reach and valid_target(rules, shaped, seat, node))


def test_pirates_strike_the_ports_players_hold() -> None:
    rules = _rules().rules
    for state in _states():
        for spare in (NOBODY, 0, 1):
            assert pirate_targets(rules, state, spare) == tuple(
                city for city, owner in zip(rules.city_ids, state.board.owner, strict=True)
                if routes.is_port(rules, city) and owner >= 0 and owner != spare)


def test_the_imperium_offers_are_the_playable_cards_of_the_hand() -> None:
    ruleset, offered = _rules(), 0
    for state in _states():
        for seat in range(len(state.seats)):
            frame = ActionPhase(seat, 1, 1)
            hand = state.seats[seat].hand
            dealt = sample_cards(state.hidden, {}, Drbg(b"fast-paths", "deal"))
            known = {slot: dealt[slot] for slot in hand}
            expected = tuple(act("imperium", slot=slot) for slot in hand if slot in known
                             and ruleset.rules.card(known[slot]).has_type("I")
                             and _any_ability(ruleset.rules, state, seat, known[slot]))
            assert imperium._sources(ruleset.rules, state, frame, known) == expected
            offered += len(expected)
    assert offered > 100


def test_a_hands_play_options_are_each_cards_play_options() -> None:
    ruleset = _rules()
    master = b"fast-paths-combat"
    session = bot_session(ruleset, master_config(ruleset, master, "3"), master, hash_every=0)
    cards = sorted({card.id for card in ruleset.rules.content.decks.cards})
    windows = 0
    while session.step() is not None and windows < 40:
        state = session.table.state
        frame = state.stack[-1] if state.stack else None
        if not isinstance(frame, Combat) or frame.step != "play":
            continue
        windows += 1
        for seat in range(len(state.seats)):
            options = hand_play_options(ruleset.rules, state, frame, seat)
            for card in cards:
                fresh = _options.__wrapped__(ruleset.rules, frame.fight,  # no cache
                                             involved_side(frame, seat), play_sides(state, frame),
                                             card)
                assert options(card) == fresh
    assert windows > 10
