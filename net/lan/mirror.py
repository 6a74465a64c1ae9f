"""The client's copy of a LAN game: the same session as the peer's (same seat keys, same
sealing key), fed the peer's records in ledger order, so the screen thread reads views,
legal actions and events without ever touching the network thread's objects.

The network thread owns the `GamePeer`; its `on_record`/`on_opening` hooks queue `Record`s;
the client takes them at its own pace (animations pace the game as in hot-seat play) and
answers its people's decisions through the facade's `act`, which the peer signs and sends.
"""

from __future__ import annotations

from game.core.entries import CommitEntry
from game.core.events import Event
from game.session import GameSession
from net.lan.facade import GameStart, Record
from net.lan.seating import lan_session


class Mirror:
    """A session that follows a LAN game's records."""

    def __init__(self, start: GameStart) -> None:
        self.start = start
        self.genesis = start.genesis
        self.mine = () if start.spectator else self.genesis.seats_of(start.fingerprint)
        self.session: GameSession = lan_session(self.genesis, start.fingerprint, start.secrets,
                                                mirror=True, ruleset=start.ruleset)

    def take(self, record: Record) -> tuple[Event, ...]:
        """Follow one record; its events (none for a card taken from a reopening)."""
        if record.opening is not None:
            table = self.session.table
            table.secrets[record.seat].accept(table.ruleset.hidden(table.state), record.opening)
            return ()
        assert record.entry is not None
        decision = self.session.decision()
        if isinstance(record.entry, CommitEntry) and decision.kind == "commit" \
                and decision.actor in self.mine:
            self.session.table.mechanical_entry(decision)  # deals the seat's shuffle here too
        return self.session.submit(record.entry)

    def person(self, seat: int) -> str:
        """Who plays a seat, in words: "Alice", "a bot on Bob's machine"."""
        held = self.genesis.seats[seat]
        machine = self.genesis.machine(held.machine).name
        if held.player.startswith("bot:"):
            return f"a bot on {machine}'s machine"
        return getattr(held, "person", "") or machine
