"""The asyncio runtime of LAN play: a listening socket, links to the other machines, and the
timers (heartbeats, who the table waits for, reopen deadlines) around a sans-I/O `GamePeer`.

Lower fingerprints dial higher ones once the genesis is signed; a machine that resumes after a
crash dials everyone. Each link starts with a signed HELLO naming the game; a dropped link is
dialled again, and both sides then ask each other for the records they miss (SYNC).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core.actions import Action
from game.core.outcome import Outcome
from game.core.sealed import Choice, withheld, withheld_by
from net.files.storage import StorageError, write_atomic
from net.lan.errors import LanError, Rejected
from net.lan.frames import (
    Message,
    async_read_frame,
    encode_frame,
    hello_body,
    open_frame,
    open_hello,
)
from net.lan.genesis import Genesis
from net.lan.peer import GamePeer, Out
from net.lan.spectating import scenario_frame
from net.lan.sync import take_sync

HEARTBEAT_SECONDS = 2.0
AWAY_SECONDS = 6.0
NOTICE_SECONDS = 5.0
SILENT_SECONDS = 2 * AWAY_SECONDS
"""A link that has brought nothing for this long is closed and dialled again."""
SPECTATORS = 4
"""Spectators one machine serves at most."""
RETRY_SECONDS = (0.2, 0.5, 1.0, 2.0)
LINGER_SECONDS = 1.0
AUDIT_SECONDS = 30.0
"""How long a finished game waits for every machine's AUDIT before it ends without it."""


def say_now(text: str) -> None:
    """Print a line at once (a pipe would otherwise hold it until the buffer fills)."""
    print(text, flush=True)


@dataclass
class Settings:
    """How a node behaves: where it listens, how long it waits, and where it speaks.

    `address` is the HOST:PORT the other machines are told to dial; "" for the interface and
    the listening port (set it when something forwards a port to this machine). `interfaces`
    are where lobbies are advertised and looked for (default: `interface`), `listen` the
    address the socket binds ("0.0.0.0" to take links on every interface)."""

    interface: str = "127.0.0.1"
    wait_timeout: float = 120.0
    on_timeout: str = "adjourn"
    """"adjourn", "abandon", or "ask" (a client: `GameNode.decide` says)."""
    say: Callable[[str], None] = say_now
    verbose: bool = False
    address: str = ""
    interfaces: tuple[str, ...] = ()
    listen: str = ""

    @property
    def advertised_on(self) -> list[str]:
        """The interfaces zeroconf uses."""
        return list(self.interfaces or (self.interface,))


@dataclass
class Result:
    """How a LAN game ended for this machine."""

    status: str
    final_hash: str = ""
    outcome: Outcome | None = None
    lines: list[str] = field(default_factory=list)


@dataclass
class Link:
    """One open connection to another machine (or a spectator)."""

    fingerprint: str
    writer: asyncio.StreamWriter
    spectator: bool = False

    def send(self, frame: bytes) -> None:
        """Queue a frame behind its length (the transport buffers it)."""
        if not self.writer.is_closing():
            self.writer.write(len(frame).to_bytes(4, "big") + frame)


class GameNode:
    """Carries one game's frames between this machine and the others."""

    def __init__(self, peer: GamePeer, signatures: dict[str, bytes], settings: Settings,
                 server: asyncio.Server | None = None) -> None:
        self.peer = peer
        self.signatures = signatures
        self.identity = peer.identity
        self.genesis = peer.genesis
        self.settings = settings
        self.server = server
        self.links: dict[str, Link] = {}
        self.spectators: list[Link] = []
        self.heard: dict[str, float] = {}
        self.addresses = {m.fingerprint: m.address for m in self.genesis.machines}
        self._sent_records = len(peer.ledger)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._done = asyncio.Event()
        self.waiting_since: float | None = None
        self._last_notice = 0.0
        self.status = "playing"
        self.timed_out = False
        """A machine stayed away past the time-out and `on_timeout` is "ask": `decide`."""
        self.dump_path = ""
        self._over_since: float | None = None
        self._closed = False

    # -- running ---------------------------------------------------------------------------

    async def async_run(self, dial_all: bool = False) -> Result:
        """Play until the game is over and audited (or stopped, adjourned, abandoned)."""
        self._spawn(self._timers())
        own = self.identity.fingerprint
        for fingerprint in self.genesis.fingerprints():
            if own < fingerprint:
                self._spawn(self._dial_forever(fingerprint))
            elif dial_all and own != fingerprint:
                self._spawn(self._dial_forever(fingerprint, until_linked=True))
        self._send(self.peer.advance())
        try:
            await self._done.wait()
            await asyncio.sleep(LINGER_SECONDS)
        finally:
            await self.async_close()
        return self._result()

    def act(self, seat: int, action: Action) -> None:
        """A person at this machine answers for their seat; Rejected unless it is theirs."""
        self._send(self.peer.act(seat, action))

    def seal(self, seat: int, choice: Choice) -> None:
        """A person at this machine seals their seat's choice; Rejected unless it is theirs."""
        self._send(self.peer.seal(seat, choice))

    async def async_close(self) -> None:
        """Stop every task and close every link (links that come later are closed at once)."""
        self._closed = True
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for link in [*self.links.values(), *self.spectators]:
            link.writer.close()
            with contextlib.suppress(Exception):
                await link.writer.wait_closed()
        self.links.clear()

    def _spawn(self, coroutine: Any) -> None:
        if self._closed:
            coroutine.close()
            return
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._ended)

    def _ended(self, task: asyncio.Task[Any]) -> None:
        """Forget a finished task; one that failed (a bug) ends the game here, loudly, rather
        than leaving the table waiting for a link or timer that is gone."""
        self._tasks.discard(task)
        if task.cancelled() or task.exception() is None or self._done.is_set():
            return
        error = task.exception()
        assert error is not None
        traceback.print_exception(error)
        self.settings.say(f"error: {type(error).__name__}: {error}")
        self.status = "failed"
        self._done.set()

    # -- links -----------------------------------------------------------------------------

    def hello(self) -> bytes:
        """This machine's HELLO for a game link."""
        address = self.settings.address or f"{self.settings.interface}:{self._port()}"
        return encode_frame(self.identity, "HELLO", hello_body(
            self.identity, purpose="game", game=self.genesis.game_id.hex(), address=address))

    def _port(self) -> int:
        if self.server is None or not self.server.sockets:
            return 0
        return int(self.server.sockets[0].getsockname()[1])

    async def _dial_forever(self, fingerprint: str, until_linked: bool = False) -> None:
        """Keep a link to a higher machine (the lower one dials), or, on resuming, dial a lower
        one `until_linked`: our HELLO tells it where we listen now, and it dials from then on
        (dialling both ways for good would make two links race to replace each other)."""
        attempt = 0
        while not self._done.is_set():
            if until_linked and fingerprint in self.links:
                return
            if fingerprint not in self.links:
                try:
                    await self._dial(fingerprint)
                    attempt = 0
                except (OSError, asyncio.IncompleteReadError, LanError):
                    attempt += 1
            await asyncio.sleep(RETRY_SECONDS[min(attempt, len(RETRY_SECONDS) - 1)])

    async def _dial(self, fingerprint: str) -> None:
        host, _, port = self.addresses[fingerprint].rpartition(":")
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, int(port)), 5)
        writer.write(len(self.hello()).to_bytes(4, "big") + self.hello())
        message = open_hello(await asyncio.wait_for(async_read_frame(reader), 5))
        if message.sender != fingerprint:
            writer.close()
            raise LanError("another machine answered at that address")
        self._attach(message, reader, writer)

    async def accept(self, message: Message, reader: asyncio.StreamReader,
                     writer: asyncio.StreamWriter) -> None:
        """A link opened by another machine, its HELLO already read and checked."""
        if message.body.get("purpose") == "spectate":
            self._add_spectator(message, writer)
            return
        if message.body.get("game") != self.genesis.game_id.hex():
            raise Rejected("wrong-game", "a HELLO for another game")
        if self.genesis.key_of(message.sender) is None:
            raise Rejected("unknown-machine", "a machine that is not in this game")
        writer.write(len(self.hello()).to_bytes(4, "big") + self.hello())
        self._attach(message, reader, writer)

    def _attach(self, hello: Message, reader: asyncio.StreamReader,
                writer: asyncio.StreamWriter) -> None:
        if self._closed:
            writer.close()
            return
        fingerprint = hello.sender
        old = self.links.pop(fingerprint, None)
        if old is not None:
            old.writer.close()
        if hello.body.get("address"):
            self.addresses[fingerprint] = str(hello.body["address"])
        link = Link(fingerprint, writer)
        self.links[fingerprint] = link
        self.heard[fingerprint] = time.monotonic()
        link.send(self._frame("SYNC_REQ", {"from": len(self.peer.ledger)}))
        if (reveal := self._pending_reveal()) is not None:
            link.send(reveal)
        for dispute in self.peer.open_dispute_frames():
            link.send(dispute)
        if self.peer.over and self.identity.fingerprint in self.peer.audits:
            link.send(self._audit_frame())
        self._spawn(self._read(link, reader))

    async def _read(self, link: Link, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                raw = await async_read_frame(reader)
                self._receive(link, raw)
        except (asyncio.IncompleteReadError, ConnectionError, Rejected):
            pass
        finally:
            if self.links.get(link.fingerprint) is link:
                del self.links[link.fingerprint]
            link.writer.close()

    def _receive(self, link: Link, raw: bytes) -> None:
        if self.peer.holds(raw):  # an echoed copy of a record already checked and kept
            self.heard[link.fingerprint] = time.monotonic()
            return
        try:
            message = open_frame(raw, self.genesis.key_of)
        except Rejected as exc:
            self.peer.log.rejections.append((link.fingerprint, exc.reason, str(exc)))
            return
        self.heard[link.fingerprint] = time.monotonic()
        handler = _SIDE.get(message.type)
        outs = handler(self, link, message) if handler else self.peer.receive(message)
        self._send(outs)

    # -- sending ---------------------------------------------------------------------------

    def _frame(self, message_type: str, body: dict[str, Any]) -> bytes:
        return encode_frame(self.identity, message_type,
                            {"game": self.genesis.game_id.hex(), **body})

    def _pending_reveal(self) -> bytes | None:
        """This machine's dice value for the roll under way, sent again on a new link: the
        first one may have gone down with the old link, and the roll waits for it."""
        k = self.peer.revealed
        if not self.peer.member or k <= self.peer.ledger.chances():
            return None
        return self._frame("REVEAL", {"k": k, "value": self.peer.chain.value(k).hex()})

    def _audit_frame(self) -> bytes:
        own = self.peer.audits[self.identity.fingerprint]
        return self._frame("AUDIT", {"openings": [[o.slot, o.card, o.salt] for o in sorted(own)]})

    def _send(self, outs: list[Out]) -> None:
        for out in outs:
            for fingerprint, link in list(self.links.items()):
                if fingerprint != out.exclude and out.to in (None, fingerprint):
                    link.send(out.frame)
        self._forward_records()
        self._check_done()

    def _forward_records(self) -> None:
        if len(self.peer.ledger) > self._sent_records:
            items = self.peer.sync_items(self._sent_records)
            self._sent_records += len(items)
            self._to_spectators(items)

    def _to_spectators(self, items: list[dict[str, Any]]) -> None:
        if self.spectators:
            frame = self._frame("SYNC_RESP", {"items": items})
            for link in self.spectators:
                link.send(frame)

    def _add_spectator(self, hello: Message, writer: asyncio.StreamWriter) -> None:
        self.spectators = [s for s in self.spectators if not s.writer.is_closing()]
        if len(self.spectators) >= SPECTATORS:
            writer.close()
            return
        link = Link(hello.sender, writer, spectator=True)
        self.spectators.append(link)
        link.send(self.hello())
        link.send(self._frame("SIGNED", {"genesis": self.genesis.to_plain(),
                                         "signatures": self.signatures}))
        shared = scenario_frame(self.identity, self.genesis, self.peer.session.table.ruleset)
        if shared is not None:  # the game's user scenario, for a spectator that lacks it
            link.send(shared)
        start = 0
        while start < self._sent_records:
            items = self.peer.sync_items(start)[:self._sent_records - start]
            link.send(self._frame("SYNC_RESP", {"items": items}))
            start += len(items)

    # -- timers ----------------------------------------------------------------------------

    async def _timers(self) -> None:
        beat = 0.0
        while True:
            await asyncio.sleep(0.25)
            now = time.monotonic()
            self._send(self.peer.tick(now))
            if now - beat >= HEARTBEAT_SECONDS:
                beat = now
                heartbeat = self._frame("HEARTBEAT", {"head": len(self.peer.ledger)})
                for link in list(self.links.values()):
                    link.send(heartbeat)
            self._drop_silent(now)
            self._watch_waiting(now)
            self._watch_audit(now)

    def _drop_silent(self, now: float) -> None:
        """Close a link that brought nothing, not even a heartbeat, for SILENT_SECONDS: its path
        is gone without a word (a cable, a sleeping laptop); the lower machine dials again."""
        for link in list(self.links.values()):
            if now - self.heard.get(link.fingerprint, now) > SILENT_SECONDS:
                link.writer.close()

    def _watch_waiting(self, now: float) -> None:
        waiting = self.peer.waiting_machine()
        if waiting is None or now - self.heard.get(waiting, now) < AWAY_SECONDS:
            self.waiting_since = None
            self.timed_out = False
            return
        if self.waiting_since is None:
            self.waiting_since = self.heard.get(waiting, now)
        waited = now - self.waiting_since
        if now - self._last_notice >= NOTICE_SECONDS:
            self._last_notice = now
            self.settings.say(f"{self.peer.waiting_for()}, {int(waited) // 60}:"
                              f"{int(waited) % 60:02d}")
        if waited >= self.settings.wait_timeout:
            if self.settings.on_timeout == "ask":
                self.timed_out = True
            else:
                self.decide(self.settings.on_timeout)

    def _watch_audit(self, now: float) -> None:
        """A game over whose audit some machine never sends ends without it ("audit refused
        by …" in the result) rather than waiting forever."""
        if not self.peer.over or self.peer.audit is not None or self.peer.stopped:
            return
        self._over_since = self._over_since or now
        if now - self._over_since >= AUDIT_SECONDS:
            self.status = "over"
            self._done.set()

    def decide(self, choice: str) -> None:
        """What to do about a machine that stays away: "wait" another time-out, "adjourn"
        (every file kept for a later resume) or "abandon" (scored as it stands)."""
        self.timed_out = False
        if choice == "wait":
            self.waiting_since = time.monotonic()
        elif choice in ("adjourn", "abandon"):
            self.status = "adjourned" if choice == "adjourn" else "abandoned"
            self._done.set()

    def _check_done(self) -> None:
        if self.peer.stopped:
            if self.status != "stopped":
                self._write_dump()
            self.status = "stopped"
            self._done.set()
        elif self.peer.over and (self.peer.audit is not None or not self.peer.member):
            self.status = "over"
            self._done.set()

    def _write_dump(self) -> None:
        """Keep the frozen table's state beside its ledger (atomically), and say where."""
        file = self.peer.ledger.file
        if file is None:
            return
        path = file.path.with_name(f"stopped-at-{len(self.peer.ledger)}.json")
        try:
            write_atomic(path, self.peer.dump())
        except StorageError as exc:
            self.settings.say(f"the table stopped, and its dump could not be written: {exc}")
            return
        self.dump_path = str(path)
        self.settings.say(f"the table stopped ({self.peer.stopped}); state kept in {path}")

    def _result(self) -> Result:
        outcome = self.peer.session.outcome()
        withholder = None
        if self.status == "abandoned":
            withholder = withheld_by(self.peer.session.decision())
            outcome = outcome.abandoned()
        if withholder is not None:  # the penalty of a withheld sealed reveal (docs/lan.md)
            outcome = withheld(outcome, withholder)
        return Result(self.status, self.peer.final_hash(), outcome,
                      self._lines(outcome) + self._penalty(withholder))

    def _penalty(self, withholder: int | None) -> list[str]:
        if withholder is None:
            return []
        name = self.genesis.seat_names[withholder]
        return [f"penalty: {name} withheld a sealed reveal and is placed last"]

    def _lines(self, outcome: Outcome) -> list[str]:
        names = self.genesis.seat_names
        lines = [f"{s.place}. {names[s.seat]}: " + ", ".join(f"{v} {k}" for k, v in s.keys)
                 for s in outcome.ranking]
        winners = ", ".join(names[w] for w in outcome.winners) or "none"
        lines.append(f"winners: {winners} ({outcome.reason})")
        lines += [f"alert: {text}" for text in self.peer.log.alerts]
        if self.peer.audit is not None:
            verdict = self.peer.audit.summary()
            lines += [f"audit {names[s]}: {verdict}" for s in range(len(names))]
        elif self.peer.member and self.peer.over:
            missing = set(self.genesis.fingerprints()) - set(self.peer.audits)
            lines += [f"audit refused by {self.genesis.machine(fp).name}" for fp in missing]
        return lines


def _on_heartbeat(node: GameNode, link: Link, message: Message) -> list[Out]:
    head = message.body.get("head")
    if isinstance(head, int) and head > len(node.peer.ledger):
        link.send(node._frame("SYNC_REQ", {"from": len(node.peer.ledger)}))
    return []


def _on_sync_request(node: GameNode, link: Link, message: Message) -> list[Out]:
    start = message.body.get("from")
    if isinstance(start, int) and 0 <= start < len(node.peer.ledger):
        link.send(node._frame("SYNC_RESP", {"items": node.peer.sync_items(start)}))
    return []


def _on_sync_response(node: GameNode, link: Link, message: Message) -> list[Out]:
    items = message.body.get("items")
    if not isinstance(items, list):
        return []
    return take_sync(node.peer, items, node.genesis.key_of)


_SIDE: dict[str, Callable[[GameNode, Link, Message], list[Out]]] = {
    "HEARTBEAT": _on_heartbeat, "SYNC_REQ": _on_sync_request, "SYNC_RESP": _on_sync_response,
}


def genesis_keys(genesis: Genesis) -> Callable[[str], bytes | None]:
    """The key lookup frames of a game's machines are checked with."""
    return genesis.key_of
