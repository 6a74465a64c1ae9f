"""A refused action of the deciding seat is explained in its phase's words with the rule."""

from __future__ import annotations

import pytest

from game.core.actions import act
from game.core.entries import ActionEntry
from game.core.errors import IllegalEntry
from game.rulesets import get_ruleset
from game.session import GameSession, bot_session, master_config


def _session_at(phase: str) -> GameSession:
    """A 3-player game between random bots, stepped to a person-sized action of `phase`."""
    ruleset = get_ruleset("mare_nostrum")
    config = master_config(ruleset, b"refusals", "3")
    session = bot_session(ruleset, config, b"refusals", hash_every=0)
    while not (session.table.state.phase == phase and session.decision().kind == "action"):
        session.step()
    return session


def _refusal(session: GameSession, verb: str, **args: str) -> IllegalEntry:
    """The engine's refusal of the deciding seat's action, built anew as a person's is."""
    entry = ActionEntry(session.decision().actor, act(verb, **args))
    with pytest.raises(IllegalEntry) as refused:
        session.table.submit(entry)
    return refused.value


def test_a_build_in_a_province_not_held_names_rule_3_1() -> None:
    session = _session_at("build")
    refused = _refusal(session, "build", item="fortress", place="aethiopia")
    assert "3.1" in str(refused) and "not among" not in str(refused)


def test_a_march_that_cannot_be_made_names_rule_4_1_2() -> None:
    session = _session_at("move")
    refused = _refusal(session, "march", to="aethiopia", frm="hispania")
    assert "4.1" in str(refused)


def test_a_refusal_changes_nothing() -> None:
    session = _session_at("trade")
    before = session.table.state
    _refusal(session, "claim", giver="9", resource="gold")
    assert session.table.state is before
