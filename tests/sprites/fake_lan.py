"""A stand-in for the client's handle on LAN play (`net.lan.facade.Lan`): it records every
command in `calls`, answers `snapshot()` with `state` (tests set or replace it) and hands out
the records queued in `records`; `games` is what `resumable()` lists. Plus ready-made
snapshots: three lobbies (one greyed) and a room of three seats."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.actions import Action
from game.core.sealed import Choice
from net.lan.facade import LobbyListing, Record, Resumable, Room, RoomSeat, Snapshot

HOST_FP = "3fa1c2d49c02e7aa01b2c3d4e5f60718"
JOINER_FP = "9c02e7aa3fa1c2d4e5f6071801b2c3d4"
THIRD_FP = "0718e5f6c3d401b2e7aa9c02c2d43fa1"


class FakeLan:
    """Every `Lan` command, recorded; the snapshot is whatever the test puts in `state`."""

    def __init__(self, state: Snapshot | None = None) -> None:
        self.state = state or Snapshot()
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        self.records: list[Record] = []
        self.games: list[Resumable] = []

    def names(self) -> list[str]:
        """The commands called so far, in order."""
        return [name for name, _ in self.calls]

    def called(self, name: str) -> list[tuple[Any, ...]]:
        """The arguments of every call of one command."""
        return [args for called, args in self.calls if called == name]

    def set(self, **changes: Any) -> Snapshot:
        """Change the snapshot (its revision rises, as the service's does)."""
        self.state = replace(self.state, revision=self.state.revision + 1, **changes)
        return self.state

    def _note(self, name: str, *args: Any) -> None:
        self.calls.append((name, args))

    def snapshot(self) -> Snapshot:
        return self.state

    def take_records(self) -> list[Record]:
        taken, self.records = self.records, []
        return taken

    def browse(self) -> None:
        self._note("browse")

    def host(self, lobby: str, ruleset: str, scenario: str,
             options: tuple[tuple[str, Any], ...], seats: int | None = None) -> None:
        self._note("host", lobby, ruleset, scenario, options,
                   *(() if seats is None else (seats,)))

    def join(self, address: str) -> None:
        self._note("join", address)

    def set_table(self, scenario: str, options: tuple[tuple[str, Any], ...],
                  seats: int | None = None) -> None:
        self._note("set_table", scenario, options, *(() if seats is None else (seats,)))

    def set_seat(self, seat: int, machine: str, player: str) -> None:
        self._note("set_seat", seat, machine, player)

    def claim(self, seat: int, person: str) -> None:
        self._note("claim", seat, person)

    def release(self, seat: int) -> None:
        self._note("release", seat)

    def ready(self, ready: bool) -> None:
        self._note("ready", ready)

    def start(self) -> None:
        self._note("start")

    def leave(self) -> None:
        self._note("leave")

    def answer_offer(self, receive: bool) -> None:
        self._note("answer_offer", receive)

    def spectate(self, address: str, receive: bool = False) -> None:
        self._note("spectate", address, *((True,) if receive else ()))

    def resume(self, game: str) -> None:
        self._note("resume", game)

    def resumable(self) -> list[Resumable]:
        self._note("resumable")
        return list(self.games)

    def act(self, seat: int, action: Action) -> None:
        self._note("act", seat, action)

    def seal(self, seat: int, choice: Choice) -> None:
        self._note("seal", seat, choice)

    def decide(self, choice: str) -> None:
        self._note("decide", choice)

    def close(self) -> None:
        self._note("close")


LOBBIES = (
    LobbyListing("Friday night", "Bob", HOST_FP, "mediterranean_empires", "3", 2, "lobby",
                 "192.168.1.5:40123"),
    LobbyListing("Carol's table", "Carol", THIRD_FP, "mediterranean_empires",
                 "second_punic_war", 0, "playing", "192.168.1.7:40123", game="ab" * 16,
                 why_not="started"),
    LobbyListing("Old rules", "Dave", JOINER_FP, "mediterranean_empires", "13", 5, "lobby",
                 "192.168.1.9:40123", why_not="other rules content (theirs 9c02e7aa…, ours "
                 "3fa1c2d4…)"),
)
"""A joinable lobby, one playing (spectate only) and one greyed (other rules content)."""


def room(role: str = "host", can_start: bool = False, ready: bool = True) -> Room:
    """Scenario 3's room: Bob (the host) on Carthage, Alice (joiner, ready or not) on Rome,
    a greedy bot on Alice's machine for Iberia."""
    me = HOST_FP if role == "host" else JOINER_FP
    seats = (RoomSeat(0, "carthage", HOST_FP, "Bob", "Bob", "human", can_start),
             RoomSeat(1, "rome", JOINER_FP, "Alice", "Alice", "human", ready),
             RoomSeat(2, "iberia", JOINER_FP, "Alice", "", "bot:greedy", True))
    return Room(role, "Friday night", "mediterranean_empires", "3",
                (("follow_the_leader", False), ("longer_play", 1)), seats,
                ((HOST_FP, "Bob"), (JOINER_FP, "Alice")), me, "192.168.1.5:40123", can_start)
