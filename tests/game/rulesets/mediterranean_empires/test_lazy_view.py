"""A bot's view is built key by key when read, and agrees with the full view at every step;
an action taken from the table's own legal list skips the legality re-check, others do not;
a view read late still shows the state it was made for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from game.core.actions import act
from game.core.entries import ActionEntry
from game.core.errors import IllegalEntry
from game.core.table import Table
from game.rulesets import get_ruleset
from game.session import GameSession, bot_session, master_config


def _plain(value: Any) -> Any:
    """A view with its lazily built mappings turned into plain dicts."""
    if isinstance(value, Mapping):
        return {key: _plain(value[key]) for key in value}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


def _session(scenario: str, bots: str = "bot:random") -> GameSession:
    ruleset = get_ruleset("mediterranean-empires")
    master = b"lazy-view" + scenario.encode()
    config = master_config(ruleset, master, scenario)
    return bot_session(ruleset, config, master, (bots,) * len(config.seats), hash_every=0)


def _views_agree(table: Table, seat: int) -> bool:
    return _plain(table.view_lazy(seat)) == table.view(seat)


def test_the_lazy_view_equals_the_full_view_at_every_decision() -> None:
    session = _session("3", "bot:greedy")
    checked = 0
    while session.step() is not None and checked < 400:
        decision = session.decision()
        if decision.kind == "action":
            assert _views_agree(session.table, decision.actor)
            checked += 1
    assert checked > 100


def test_a_lazy_view_builds_only_the_keys_read() -> None:
    session = _session("13")
    view = session.table.view_lazy(0)
    assert view["seat"] == 0 and view.get("no such key") is None
    assert view["seats"][0]["empire"] == session.table.view(0)["seats"][0]["empire"]
    assert "route_options" not in view and len(view) == len(session.table.view(0))


def test_a_list_item_of_the_table_is_trusted_and_others_are_checked() -> None:
    session = _session("13")
    table = session.table
    while session.decision().kind != "action":
        session.step()
    seat = session.decision().actor
    legal = table.legal(seat)
    assert table._trusted(table.action_entry(seat, legal[-1]))
    assert not table._trusted(ActionEntry(seat, act("nonsense")))
    assert not table._trusted(ActionEntry(seat + 1, legal[-1]))
    with pytest.raises(IllegalEntry):
        session.submit(ActionEntry(seat, act("nonsense")))
    session.step()
    assert not table._trusted(table.action_entry(seat, legal[-1]))  # offered for another state



def test_a_lazy_view_read_later_shows_the_state_it_was_made_for() -> None:
    session = _session("3")
    while session.decision().kind != "action":
        session.step()
    seat = session.decision().actor
    before, lazy = session.table.view(seat), session.table.view_lazy(seat)
    for _ in range(30):
        session.step()
    assert session.table.view(seat) != before
    assert _plain(lazy) == before


def test_a_whole_lazy_view_read_later_shows_the_state_it_was_made_for() -> None:
    ruleset = get_ruleset("roll_through_the_ages")  # it builds its views whole
    master = b"lazy-view-whole"
    session = bot_session(ruleset, master_config(ruleset, master, None, 2), master,
                          hash_every=0)
    while session.decision().kind != "action":
        session.step()
    seat = session.decision().actor
    before, lazy = session.table.view(seat), session.table.view_lazy(seat)
    while session.table.view(seat) == before:
        session.step()
    assert dict(lazy) == before
