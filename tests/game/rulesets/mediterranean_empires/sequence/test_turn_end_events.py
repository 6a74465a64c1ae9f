"""The events of a turn's end tell everything its summary shows: the End Turn roll's modifiers
one by one, the standings after the scoring (and which scoring), and each seat's refill — its
hand size, the cards it draws or discards down."""

from __future__ import annotations

from game.core.entries import ChanceEntry
from game.core.events import Event
from game.core.records import evolve
from game.core.table import Table
from tests.game.rulesets.mediterranean_empires.helpers_table import (
    CARTHAGE,
    RULES,
    founded_table,
    mechanical,
)


def _before_roll(scenario: str, seats: int, round_number: int, all_passed: bool,
                 **seat0: int) -> Table:
    """A founded game whose next Random Event roll is that of `round_number`."""
    table = founded_table({}, scenario, seats, b"turn-end-events!", 3, fresh_cities=False)
    state = table.state
    first = evolve(state.seats[0], **seat0)
    table.state = evolve(state, round=round_number - 1, all_passed=all_passed,
                         seats=(first, *state.seats[1:]))
    return table


def _end_turn(table: Table, *dice: int) -> tuple[Event, ...]:
    events = table.submit(ChanceEntry(values=dice))
    return events + mechanical(table)


def _one(events: tuple[Event, ...], kind: str) -> Event:
    (found,) = [e for e in events if e.kind == kind]
    return found


def test_the_end_turn_roll_names_each_modifier() -> None:
    table = _before_roll("3", 3, 7, all_passed=True)
    rolled = _one(_end_turn(table, 4, 5), "random_event")
    assert rolled.get("modifiers") == (("finished rounds", 6), ("all passed", 2))
    assert (rolled.get("modifier"), rolled.get("total"), rolled.get("event")) == \
        (8, 17, "end_turn")


def test_the_standings_follow_every_award() -> None:
    table = _before_roll("3", 3, 8, all_passed=False)
    events = _end_turn(table, 5, 5)
    kinds = [e.kind for e in events]
    scored = _one(events, "turn_scored")
    assert kinds.index("turn_scored") > max(k for k, kind in enumerate(kinds)
                                            if kind in ("scored", "vp"))
    assert scored.get("vp") == tuple(s.vp for s in table.state.seats)
    assert scored.get("empires") == ("Carthage", "Rome", "Iberia")
    assert (scored.get("turn"), scored.get("scoring"), scored.get("multiplier")) == \
        (1, "standard", 1)


def test_each_refill_says_the_hand_size_and_what_is_drawn() -> None:
    table = _before_roll("3", 3, 8, all_passed=False)
    held = [len(s.hand) for s in table.state.seats]
    events = _end_turn(table, 5, 5)
    refills = [e for e in events if e.kind == "refill"]
    assert [e.get("seat") for e in refills] == [0, 1, 2]
    for refill in refills:
        seat = refill.get("seat")
        cards = sum(e.get("cards") for e in events if e.kind == "scored" and e.get("seat") == seat)
        base = RULES.scenario("3").hand_size
        assert (refill.get("change"), refill.get("limit")) == (cards, base + cards)
        assert refill.get("held") == held[seat]
        assert refill.get("draw") == refill.get("limit") - held[seat] and not refill.get("discard")
    drawn = {}
    while (request := table.decision().chance) is not None and request.purpose == "draw":
        drawn.update({e.get("seat"): e.get("count") for e in
                      _end_turn(table, *[0] * request.value_count()) if e.kind == "drew"})
    assert drawn == {e.get("seat"): e.get("draw") for e in refills if e.get("draw")}
    assert [len(s.hand) for s in table.state.seats] == [e.get("limit") for e in refills]


def test_a_smaller_hand_size_says_how_many_to_discard_down() -> None:
    table = _before_roll("3", 3, 8, all_passed=False, hand_bonus=-6)
    events = _end_turn(table, 6, 6)
    refill = next(e for e in events if e.kind == "refill" and e.get("seat") == CARTHAGE)
    held, limit = refill.get("held"), refill.get("limit")
    assert limit < held and refill.get("draw") == 0
    assert refill.get("discard") == held - limit
    decision = table.decision()
    assert decision.actor == CARTHAGE and f"({held - limit} to go)" in decision.prompt


def test_a_scenario_with_its_own_scoring_says_so_and_doubles_late() -> None:
    table = _before_roll("1", 2, 8, all_passed=False)
    table.state = evolve(table.state, turn=3)
    events = _end_turn(table, 6, 6)
    scored = _one(events, "turn_scored")
    assert (scored.get("scoring"), scored.get("multiplier")) == ("scenario", 2)
    assert scored.get("vp") == tuple(s.vp for s in table.state.seats)
