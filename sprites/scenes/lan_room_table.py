"""The host's changes to a lobby room's table: the next or previous scenario (for a rule set
played at open seats, the number of players) and an optional rule cycled, said to the room."""

from __future__ import annotations

from typing import Any

from net.lan.facade import Lan, Room
from sprites import content
from sprites.scenes.base import Intent, intent
from sprites.scenes.lan_common import open_seats, scenario_ids
from sprites.ui.rows import ChoiceRows


def change_table(lan: Lan, room: Room, rows: ChoiceRows, it: Intent) -> None:
    """The next or previous scenario, or an optional rule cycled: the host says so."""
    scenario = room.scenario
    counts = open_seats(room.ruleset)
    if counts is not None:
        return change_open_table(lan, room, rows, it, counts)
    if it.name == "scenario":
        ids = scenario_ids(room.ruleset)
        scenario = ids[(scenario_index(room, ids) + it.arg("step")) % len(ids)]
    else:
        rows.apply(intent("cycle", row=it.arg("row"), step=it.arg("step")))
    options: tuple[tuple[str, Any], ...] = tuple(sorted(rows.values.items()))
    lan.set_table(scenario, options)


def change_open_table(lan: Lan, room: Room, rows: ChoiceRows, it: Intent,
                      counts: tuple[int, int]) -> None:
    """A rule set played at open seats: its control steps the number of players (round
    from most to fewest), an option line cycles; the host says so."""
    low, high = counts
    seats = len(room.seats)
    if it.name == "scenario":
        seats = low + (seats - low + it.arg("step")) % (high - low + 1)
    else:
        rows.apply(intent("cycle", row=it.arg("row"), step=it.arg("step")))
    options: tuple[tuple[str, Any], ...] = tuple(sorted(rows.values.items()))
    lan.set_table(room.scenario, options, seats=seats)


def scenario_index(room: Room, ids: list[str]) -> int:
    """Where the room's scenario is among `ids` (a book one may be named by number)."""
    if room.scenario in ids:
        return ids.index(room.scenario)
    try:
        chosen = content.bundled().setup(room.scenario).id
    except (KeyError, ValueError):
        return 0
    return ids.index(chosen) if chosen in ids else 0
