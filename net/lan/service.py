"""LAN play for the client: the network in a thread of its own, behind the `Lan` facade.

One asyncio loop runs in a daemon thread. Commands from the client's thread are handed to it
with `call_soon_threadsafe` and return at once; the loop publishes a new immutable `Snapshot`
after every change, and queues the game's records for the client's `Mirror`. Nothing here
blocks the screen: the client only ever takes a lock for the time it takes to copy a
reference or drain a queue.
"""

from __future__ import annotations

import asyncio
import os
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.core.actions import Action
from game.core.entries import Entry
from game.core.sealed import Choice
from game.core.slots import Opening
from net.lan._loop import LoopThread
from net.lan.admission import Table
from net.lan.discovery import SERVICE_TYPE, Advertiser, Browser, LobbyAd, lan_interfaces
from net.lan.errors import LanError, Rejected
from net.lan.facade import GameStart, Record, Resumable, TableStatus
from net.lan.identity import Identity
from net.lan.lobby import HostLobby, JoinerLobby
from net.lan.node import GameNode, Result, Settings
from net.lan.peer import GamePeer
from net.lan.play import (
    HostRoom,
    JoinerLink,
    Listener,
    Options,
    async_play,
    async_resume,
    async_spectate,
    installed_hashes,
    joiner_ruleset,
)
from net.lan.received import Shelf
from net.lan.sharing import hostable_ruleset, lobby_table
from net.lan.store import unfinished_games
from net.lan.views import WaitClock, listing, room, table_status

TICK_SECONDS = 0.25
"""How often the table's status is looked at while a game is on."""
INTERFACE_ENV = "MARE_LAN_INTERFACE"
SERVICE_TYPE_ENV = "MARE_LAN_SERVICE_TYPE"
"""Environment variables that pin the client to one interface and service type (tests)."""


class LanService(LoopThread):
    """The client's LAN play: lobbies, a room, a game, each run in the network thread."""

    def __init__(self, identity: Identity, name: str, settings: Settings,
                 service_type: str = SERVICE_TYPE, ledger: Path | None = None,
                 scenarios: Path | None = None) -> None:
        super().__init__("mare-lan")
        self.identity = identity
        self.name = name or f"machine {identity.fingerprint[:6]}"
        self.settings = replace(settings, on_timeout="ask", say=self._said)
        self.service_type = service_type
        self.ledger = ledger
        self.scenarios = scenarios
        """The user scenarios folder (None: the user's own)."""
        self._shelf = Shelf(scenarios)
        self._records: deque[Record] = deque()
        self._browser: Browser | None = None
        self._task: asyncio.Task[None] | None = None
        self._host_room: HostRoom | None = None
        self._link: JoinerLink | None = None
        self._node: GameNode | None = None
        self._hashes = installed_hashes()
        self._thread.start()

    @classmethod
    def for_client(cls, name: str) -> LanService:
        """The service with this install's identity, on every suitable interface (or the one
        MARE_LAN_INTERFACE names)."""
        pinned = os.environ.get(INTERFACE_ENV)
        found = lan_interfaces(pinned) or ["127.0.0.1"]
        settings = Settings(found[0], interfaces=tuple(found),
                            listen=found[0] if pinned else "0.0.0.0")
        return cls(Identity.load_or_create(), name, settings,
                   os.environ.get(SERVICE_TYPE_ENV, SERVICE_TYPE))

    # -- the client's side (any thread) ----------------------------------------------------

    @property
    def fingerprint(self) -> str:
        """This machine's fingerprint."""
        return self.identity.fingerprint

    def take_records(self) -> list[Record]:
        """The game records that arrived since the last call, in ledger order."""
        with self._lock:
            taken = list(self._records)
            self._records.clear()
        return taken

    def browse(self) -> None:
        """Look for lobbies."""
        self._call(self._browse)

    def host(self, lobby: str, ruleset: str, scenario: str,
             options: tuple[tuple[str, Any], ...], seats: int | None = None) -> None:
        """Open and advertise a lobby (of a bundled scenario or one of this player's own;
        `seats`: how many, where the scenario leaves the count open)."""
        self._begin(self._async_host(lobby, ruleset, scenario, options, seats))

    def join(self, address: str) -> None:
        """Enter the lobby at HOST:PORT."""
        self._begin(self._async_join(address))

    def set_table(self, scenario: str, options: tuple[tuple[str, Any], ...],
                  seats: int | None = None) -> None:
        """Host: another scenario (one of this player's own too), other optional rules, or
        another number of seats where the scenario leaves it open."""
        self._host(lambda lobby: lobby.set_table(
            self._table(lobby.table.ruleset, scenario, options, seats)))

    def set_seat(self, seat: int, machine: str, player: str) -> None:
        """Host: a bot on a machine of the room at a seat, or the seat opened."""
        self._host(lambda lobby: lobby.assign(seat, machine, player))

    def claim(self, seat: int, person: str) -> None:
        """Take an open seat for a person at this machine."""
        self._lobby_act(lambda lobby: lobby.claim_own(seat, person),
                        lambda joiner: joiner.claim(seat, person))

    def release(self, seat: int) -> None:
        """Give back a seat of this machine."""
        self._lobby_act(lambda lobby: lobby.release_own(seat),
                        lambda joiner: joiner.release(seat))

    def ready(self, ready: bool) -> None:
        """Mark this machine's people ready, or not."""
        self._lobby_act(lambda lobby: lobby.set_ready_own(ready),
                        lambda joiner: joiner.set_ready(ready))

    def answer_offer(self, receive: bool) -> None:
        """Receive the lobby's scenario this machine lacks, or refuse it and leave."""
        self._call(lambda: self._answer(receive))

    def start(self) -> None:
        """Host: start the game."""
        self._call(lambda: self._host_room.start() if self._host_room else None)

    def leave(self) -> None:
        """Leave the room (a host closes it) and go back to browsing."""
        self._call(self._leave)

    def spectate(self, address: str, receive: bool = False) -> None:
        """Follow the game played at HOST:PORT (`receive`: take its scenario if it is one this
        machine lacks)."""
        self._begin(self._async_spectate(address, receive))

    def resume(self, game: str) -> None:
        """Rejoin an unfinished LAN game of this machine."""
        self._begin(self._async_resume(game))

    def resumable(self) -> list[Resumable]:
        """The unfinished LAN games on this machine's disk."""
        return unfinished_games(self.identity.fingerprint)

    def act(self, seat: int, action: Action) -> None:
        """A person at this machine answers for their seat."""
        self._call(lambda: self._node.act(seat, action) if self._node else None)

    def seal(self, seat: int, choice: Choice) -> None:
        """A person at this machine seals their seat's choice (a sealed round's seal)."""
        self._call(lambda: self._node.seal(seat, choice) if self._node else None)

    def decide(self, choice: str) -> None:
        """After the time-out: wait, adjourn or abandon."""
        self._call(lambda: self._node.decide(choice) if self._node else None)

    def close(self) -> None:
        """Stop everything and end the thread (within a few seconds)."""
        if self._thread.is_alive():
            self._stop(self._async_close())

    # -- the network thread ----------------------------------------------------------------

    def _said(self, text: str) -> None:
        """What the game node says for a person (its waiting notices are in the status)."""
        if not text.startswith(("waiting for", "listening on", "game ")):
            self._set(notice=text)

    def _begin(self, work: Coroutine[Any, Any, None]) -> None:
        """Stop what runs now (a room, a game) and start `work` in its place."""
        async def replace_task() -> None:
            await self._async_stop_task()
            self._set(notice="")
            self._task = asyncio.ensure_future(self._async_guard(work))
        self._loop.call_soon_threadsafe(lambda: self._spawn(replace_task()))

    async def _async_guard(self, work: Coroutine[Any, Any, None]) -> None:
        """Run a room or game; how it failed becomes the notice."""
        try:
            await work
        except asyncio.CancelledError:
            raise
        except (Rejected, LanError) as exc:
            self._set(phase="browsing", room=None, notice=str(exc))
        except (OSError, asyncio.IncompleteReadError, TimeoutError) as exc:
            self._set(phase="browsing", room=None, notice=_link_trouble(exc))
        finally:
            self._host_room = self._link = None

    async def _async_stop_task(self) -> None:
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def _async_close(self) -> None:
        self._leave()
        await self._async_stop_task()
        if self._browser is not None:
            await self._browser.async_close()
            self._browser = None

    # -- lobbies ---------------------------------------------------------------------------

    def _browse(self) -> None:
        if self._state["phase"] in ("idle", "ended"):
            self._set(phase="browsing", notice="", table=None, game=None)
        if self._browser is None:
            self._browser = Browser(self.settings.advertised_on, self.service_type,
                                    self._lobbies_seen)
            self._spawn(self._browser.async_start())

    def _lobbies_seen(self, ads: list[LobbyAd]) -> None:
        held = self._shelf.hashes()
        self._set(lobbies=tuple(listing(ad, self._hashes, held) for ad in ads))

    def _options(self) -> Options:
        return Options(self.identity, self.name, 0, "bot:random", self.settings, self.ledger,
                       self.service_type, self.scenarios)

    def _table(self, ruleset_id: str, scenario: str, options: tuple[tuple[str, Any], ...],
               seats: int | None = None) -> Table:
        """What a lobby of a scenario is for (one of this player's own: with its files)."""
        ruleset = hostable_ruleset(ruleset_id, scenario, self._shelf.root)
        return lobby_table(ruleset, scenario, dict(options), seats)

    async def _async_host(self, lobby_name: str, ruleset: str, scenario: str,
                          options_chosen: tuple[tuple[str, Any], ...],
                          seats: int | None = None) -> None:
        table = self._table(ruleset, scenario, options_chosen, seats)
        options, listener = self._options(), Listener()
        port = await listener.async_start(self.settings.listen or self.settings.interface)
        address = self.settings.address or f"{self.settings.interface}:{port}"
        lobby = HostLobby(self.identity, table, self.name, address)
        advertiser = Advertiser(self.settings.advertised_on, self.service_type)
        hosted = HostRoom(lobby, options, advertiser, lobby_name, port, auto_start=False,
                          on_change=lambda: self._show_host_room(hosted, address))
        self._host_room = hosted
        try:
            await advertiser.async_start(hosted.advert())
            self._show_host_room(hosted, address)
            genesis, signatures = await hosted.async_run(listener)
            await advertiser.async_update(hosted.advert("playing", genesis.game_id.hex()))
            self._ended(await async_play(options, listener, genesis, signatures,
                                         hosted.secrets(), self._watch,
                                         hosted.ruleset(genesis)))
        finally:
            await advertiser.async_close()
            await listener.async_close()

    def _show_host_room(self, hosted: HostRoom, address: str) -> None:
        lobby = hosted.lobby
        phase = "starting" if lobby.started else "room"
        if self._state["phase"] in ("playing", "ended"):
            return
        plain = {**lobby.lobby_body(), "host": self.identity.fingerprint}
        notice, lobby.notice = lobby.notice, ""
        self._set(phase=phase, room=room("host", hosted.lobby_name, plain, self.fingerprint,
                                         address), **({"notice": notice} if notice else {}))

    async def _async_join(self, address: str) -> None:
        options, listener = self._options(), Listener()
        port = await listener.async_start(self.settings.listen or self.settings.interface)
        own = self.settings.address or f"{self.settings.interface}:{port}"
        joiner = JoinerLobby(self.identity, self.name, own, 0, "human", auto=False,
                             shelf=self._shelf)
        link = JoinerLink(options, joiner, on_change=lambda: self._show_joiner(joiner, address))
        self._link = link
        try:
            await link.async_connect(address)
            genesis, signatures = await link.async_run()
            link.close()
            assert joiner.secrets is not None
            self._ended(await async_play(options, listener, genesis, signatures,
                                         joiner.secrets, self._watch,
                                         joiner_ruleset(options, joiner, genesis)))
        finally:
            link.close()
            await listener.async_close()

    def _show_joiner(self, joiner: JoinerLobby, address: str) -> None:
        if self._state["phase"] in ("playing", "ended") or not joiner.lobby:
            return
        phase = "starting" if joiner.secrets is not None else "room"
        name = next((ad.name for ad in self._state["lobbies"] if ad.address == address), address)
        taker = joiner.taker
        self._set(phase=phase, room=room("joiner", name, joiner.lobby, self.fingerprint,
                                         address, taker.offer, bool(taker.fetching)),
                  notice=joiner.notice)

    def _answer(self, receive: bool) -> None:
        """The person's answer to the offer of the lobby's scenario: asked for, or refused
        (the room is left at once, with the reason as the notice)."""
        link = self._link
        if link is None:
            return
        for frame in link.joiner.answer(receive):
            link.send(frame)
        if link.joiner.closed:
            if self._task is not None:
                self._task.cancel()
            self._set(phase="browsing", room=None, notice=link.joiner.closed)
        elif link.on_change is not None:
            link.on_change()

    def _host(self, change: Callable[[HostLobby], list[tuple[str | None, bytes]]]) -> None:
        def run() -> None:
            if self._host_room is not None:
                self._host_room.send(change(self._host_room.lobby))
        self._call(run)

    def _lobby_act(self, as_host: Callable[[HostLobby], list[tuple[str | None, bytes]]],
                   as_joiner: Callable[[JoinerLobby], bytes]) -> None:
        def run() -> None:
            if self._host_room is not None:
                self._host_room.send(as_host(self._host_room.lobby))
            elif self._link is not None:
                self._link.send(as_joiner(self._link.joiner))
        self._call(run)

    def _leave(self) -> None:
        if self._host_room is not None and not self._host_room.lobby.started:
            self._host_room.send(self._host_room.lobby.close())
        elif self._link is not None and self._link.joiner.secrets is None:
            self._link.send(self._link.joiner.leave())
        phase = self._state["phase"]
        attempting = self._host_room is not None or self._link is not None
        if phase not in ("room", "starting", "playing", "spectating") and not attempting:
            return
        if self._task is not None:
            self._task.cancel()
        self._node = None
        browsing = "browsing" if phase == "room" or self._browser is not None else "idle"
        self._set(phase=browsing, room=None, game=None, table=None)

    # -- a game ----------------------------------------------------------------------------

    def _watch(self, node: GameNode) -> None:
        """The game is on: queue what its session took so far and all it takes from now."""
        self._node = node
        self._follow(node.peer)
        game = GameStart(node.genesis, node.peer.secrets, self.fingerprint,
                         ruleset=node.peer.session.table.ruleset)
        self._set(phase="playing", room=None, notice="", game=game, table=table_status(node))
        self._spawn(self._async_status(node))

    def _follow(self, peer: GamePeer) -> None:
        with self._lock:
            self._records.clear()
            self._records.extend(Record(entry=r.entry) for r in peer.session.table.records)
        peer.on_record = self._took_entry
        peer.on_opening = self._took_opening

    def _took_entry(self, entry: Entry) -> None:
        with self._lock:
            self._records.append(Record(entry=entry))

    def _took_opening(self, seat: int, opening: Opening) -> None:
        with self._lock:
            self._records.append(Record(seat=seat, opening=opening))

    async def _async_status(self, node: GameNode) -> None:
        clock = WaitClock()
        while self._node is node:
            status = table_status(node, clock=clock)
            if status != self._state["table"]:
                self._set(table=status)
            await asyncio.sleep(TICK_SECONDS)

    def _ended(self, result: Result) -> None:
        node, self._node = self._node, None
        status = table_status(node) if node is not None else self._state["table"]
        if status is not None:
            status = replace(status, result=result.status, final_hash=result.final_hash)
        self._set(phase="ended", table=status)

    async def _async_spectate(self, address: str, receive: bool) -> None:
        options = Options(Identity.ephemeral(), "spectator", settings=self.settings,
                          service_type=self.service_type, scenarios=self.scenarios,
                          receive=receive)
        self._set(phase="spectating", room=None, notice=f"connecting to {address}…")

        def watch(peer: GamePeer) -> None:
            self._follow(peer)
            self._set(notice="", game=GameStart(peer.genesis, peer.secrets,
                                                 peer.identity.fingerprint, spectator=True,
                                                 ruleset=peer.session.table.ruleset))
        result = await async_spectate(options, address, watch)
        self._set(phase="ended", table=_spectator_status(result))

    async def _async_resume(self, game: str) -> None:
        self._set(phase="starting", room=None, notice="")
        result = await async_resume(self._options(), bytes.fromhex(game), self._watch)
        self._ended(result)


def _spectator_status(result: Result) -> TableStatus:
    return TableStatus((), result=result.status, final_hash=result.final_hash)


def _link_trouble(exc: BaseException) -> str:
    """A failed link in plain words."""
    if isinstance(exc, asyncio.IncompleteReadError):
        return "the link to the other machine dropped"
    if isinstance(exc, TimeoutError):
        return "the other machine did not answer in time"
    return f"cannot reach the other machine ({exc.strerror or exc})" \
        if isinstance(exc, OSError) else str(exc)

