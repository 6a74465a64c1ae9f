"""Audit of rule 4 through the whole rule set (`MnRuleset.decision`/`apply`, as a session
drives it): a started battle waits for its roll and is fought (rule 4.2), a pillaged
Legendary City's draw waits for its chance pick (rule 4.3.1), before the turn may end."""

from __future__ import annotations

from game.core.actions import ArgValue, act
from game.core.decision import CHANCE
from game.core.entries import ActionEntry, ChanceEntry
from game.rulesets.mare_nostrum.ruleset import bundled_ruleset
from game.rulesets.mare_nostrum.state import MnState
from game.rulesets.registry import get_ruleset
from game.session import bot_session, master_config
from tests.game.rulesets.mare_nostrum.helpers_move import CONTENT, Position, value

RULESET = bundled_ruleset()


def _turn(game: Position, empire: str) -> MnState:
    """The position as the sequence runs it: the empire's turn within the phase's turns."""
    game.set(step="turns")
    game.begin_turn(empire)
    return game.state


def _act(state: MnState, verb: str, **args: ArgValue) -> MnState:
    seat = RULESET.decision(state).actor
    action = act(verb, **args)
    assert action in RULESET.legal_actions(state, seat, {}), action
    return RULESET.apply(state, ActionEntry(seat, action))[0]


def _cyrenaica() -> Position:
    """Example 15's battle: 3 Roman legions in Cyrenaica against an Egyptian legion and
    fortress."""
    game = Position()
    game.control("cyrenaica", "egypt")
    game.legions("cyrenaica", "rome", 3)
    game.legions("cyrenaica", "egypt", 1)
    game.fortress("cyrenaica", "egypt")
    return game


def test_a_started_battle_waits_for_its_roll_through_the_rule_set() -> None:
    state = _act(_act(_turn(_cyrenaica(), "rome"), "done"), "battle", province="cyrenaica",
                 against=_cyrenaica().seat("egypt"))
    pending = RULESET.decision(state)
    assert pending.actor == CHANCE and pending.kind == "chance"
    assert state.move.active == state.seat_of("rome")


def test_the_battle_is_fought_with_the_printed_dice_through_the_rule_set() -> None:
    state = _act(_act(_turn(_cyrenaica(), "rome"), "done"), "battle", province="cyrenaica",
                 against=_cyrenaica().seat("egypt"))
    faces = (*(value(CONTENT.land_die, f) for f in (5, 4, 3)), value(CONTENT.land_die, 3))
    state, events = RULESET.apply(state, ChanceEntry(values=faces))
    fought = [e for e in events if e.kind == "battle"]
    assert [e.get("totals") for e in fought] == [[15, 8]]
    area = state.area("cyrenaica")
    assert area.legions[state.seat_of("rome")] == 2 and area.armies() == (0,)


def test_a_pillaged_legendary_city_waits_for_its_draw_through_the_rule_set() -> None:
    game = Position()
    game.control("cilicia", "rome")
    game.control("judaea", "egypt")
    game.edit("judaea", buildings=("judaea.city1",))
    game.legions("judaea", "rome", 1)
    state = _act(_turn(game, "rome"), "done")
    state = _act(state, "pillage", site="judaea.city1", take="legendary")
    assert RULESET.decision(state).kind == "chance"


def test_the_fortress_owner_chooses_his_losses_through_the_rule_set() -> None:
    game = _cyrenaica()
    game.legions("cyrenaica", "egypt", 2)
    state = _act(_act(_turn(game, "rome"), "done"), "battle", province="cyrenaica",
                 against=game.seat("egypt"))
    fives = (value(CONTENT.land_die, 5),) * 3
    state = RULESET.apply(state, ChanceEntry(values=(*fives, value(CONTENT.land_die, 2),
                                                     value(CONTENT.land_die, 2))))[0]
    egypt = state.seat_of("egypt")
    pending = RULESET.decision(state)
    assert pending.actor == egypt and pending.kind == "action"
    state = _act(state, "lose", fortress=False)
    area = state.area("cyrenaica")
    assert (area.legions[egypt], area.fortress) == (0, egypt)


def test_bot_games_fight_their_battles() -> None:
    ruleset = get_ruleset(RULESET.id)
    master = (100).to_bytes(4, "big")
    config = master_config(ruleset, master, "3", options={"display": "experienced"})
    session = bot_session(ruleset, config, master, ("bot:random", "bot:greedy", "bot:random"))
    kinds: list[str] = []
    while "battle" not in kinds and (entry := session.next_entry()) is not None:
        kinds += [event.kind for event in session.submit(entry)]
    assert kinds.count("battle_started") == kinds.count("battle") >= 1
