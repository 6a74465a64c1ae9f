"""The engine's guard refuses wrong types by name: nothing changes and the log stays readable."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.actions import act
from game.core.encoding import state_hash
from game.core.entries import ActionEntry, ChanceEntry, HandoffEntry
from game.core.errors import IllegalEntry
from game.core.log import dumps, loads
from game.rulesets import get_ruleset
from game.session import GameSession, Secrets, make_config


def _session() -> GameSession:
    ruleset = get_ruleset("toy")
    config = make_config(ruleset, None, b"g" * 16, seats=2)
    session = GameSession.new(config, ("human", "human"), Secrets.from_master(b"guard", 2))
    session.run()
    return session


BAD: dict[str, tuple[Any, str]] = {
    "None": (None, "not an entry: NoneType None"),
    "text": ("pass", "not an entry: str 'pass'"),
    "bool seat": (ActionEntry(True, act("pass")),
                  "a seat is a whole number, not bool True"),
    "text seat": (ActionEntry("0", act("pass")),  # type: ignore[arg-type]
                  "a seat is a whole number, not str '0'"),
    "text action": (ActionEntry(0, "pass"),  # type: ignore[arg-type]
                    "not an action: str"),
    "text seed": (ChanceEntry(seed="abc"),  # type: ignore[arg-type]
                  "a chance seed is bytes, not str 'abc'"),
    "bool values": (ChanceEntry(values=(True, 2)), "chance values are whole numbers"),
    "empty chance": (ChanceEntry(), "a chance entry needs a seed or values"),
    "bool recipient": (HandoffEntry(0, "d0:0:0", False, b""),
                       "a handoff goes to a seat, not False"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_wrong_type_is_refused_by_name(case: str) -> None:
    session = _session()
    before, records = state_hash(session.table.state), len(session.table.records)
    entry, message = BAD[case]
    with pytest.raises(IllegalEntry) as refused:
        session.submit(entry)
    assert message in str(refused.value)
    assert state_hash(session.table.state) == before
    assert len(session.table.records) == records
    assert loads(dumps(session.log())).records == session.log().records


def test_an_argument_of_another_type_is_not_the_legal_one() -> None:
    from game.core.actions import act
    from game.core.engine import is_legal

    class OneChoice:
        """A rule set whose only legal action takes the integer 1."""

        def legal_actions(self, state: object, seat: int, known: object) -> tuple[Any, ...]:
            return (act("choose", option=1),)

    assert act("choose", option=True) != act("choose", option=1)
    assert act("choose", option=(1, True)) != act("choose", option=(1, 1))
    rules: Any = OneChoice()
    assert is_legal(rules, None, 0, act("choose", option=1), {})
    assert not is_legal(rules, None, 0, act("choose", option=True), {})


def test_arguments_the_rule_set_cannot_read_are_refused_by_name() -> None:
    from game.core.actions import act

    me = get_ruleset("mediterranean_empires")
    config = make_config(me, "3", b"m" * 16)
    session = GameSession.new(config, ("human",) * 3, Secrets.from_master(b"me-guard", 3))
    session.run()
    seat = session.human_turn()
    assert seat is not None
    before = state_hash(session.table.state)
    for weird in (act("direct", fleets=5), act("place", city=7), act("march", path=None)):
        with pytest.raises(IllegalEntry):
            session.submit(ActionEntry(seat, weird))
    assert state_hash(session.table.state) == before
