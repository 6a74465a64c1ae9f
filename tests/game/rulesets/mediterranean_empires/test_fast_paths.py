"""The shortcuts of the legal lists agree with the full answers they stand for, on the states
of a random scenario-13 game: "any target" tests, landing ports, hand candidates, neutral
attackers."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from game.rulesets import get_ruleset
from game.rulesets.mediterranean_empires.cards import card_effects
from game.rulesets.mediterranean_empires.cards.holdings import _candidates, hand_candidates
from game.rulesets.mediterranean_empires.expedition import routes
from game.rulesets.mediterranean_empires.expedition.muster import has_target, targets
from game.rulesets.mediterranean_empires.frames import CardUse
from game.rulesets.mediterranean_empires.ruleset import MeRuleset
from game.rulesets.mediterranean_empires.sequence.fighting_events import (
    NOBODY,
    _attacks_any,
    neutral_targets,
)
from game.rulesets.mediterranean_empires.state import NEUTRAL, MeState
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
            neutral = (c for c, o in zip(rules.city_ids, state.board.owner, strict=True)
                       if o == NEUTRAL)
            for city in neutral:
                assert _attacks_any(rules, state, city, spare) == \
                    bool(neutral_targets(rules, state, city, spare))
