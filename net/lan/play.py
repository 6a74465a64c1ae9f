"""Whole LAN games from one machine's side: host a lobby, join one, resume after a crash, or
spectate — each ending in the game node's result (`mare lan` drives these)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game.core.encoding import state_hash
from game.core.events import Event
from game.core.log import ENGINE_VERSION
from game.core.ruleset import Ruleset
from net.files.storage import StorageError
from net.lan.admission import Table, hello
from net.lan.discovery import SERVICE_TYPE, Advertiser, Browser, LobbyAd
from net.lan.errors import LanError, Rejected
from net.lan.frames import (
    Message,
    async_read_frame,
    encode_frame,
    hello_body,
    open_frame,
    open_hello,
)
from net.lan.genesis import PROTOCOL, Genesis, LanSecrets, check_signatures, genesis_from_plain
from net.lan.identity import Identity
from net.lan.ledger import Ledger
from net.lan.listener import Listener
from net.lan.lobby import HostLobby, JoinerLobby
from net.lan.node import GameNode, Result, Settings
from net.lan.peer import GamePeer
from net.lan.received import Shelf, game_ruleset
from net.lan.seating import spectator_secrets
from net.lan.spectating import async_spectator_content
from net.lan.store import GameFolder
from net.lan.sync import take_sync

JOIN_TIMEOUT = 30.0
"""How long a joiner looks for its lobby, and a lobby step may take."""


@dataclass
class Options:
    """A machine's part: who it is, how many seats its bots play, where it writes."""

    identity: Identity
    name: str
    seats: int = 1
    bot: str = "bot:random"
    settings: Settings = field(default_factory=Settings)
    ledger: Path | None = None
    service_type: str = SERVICE_TYPE
    scenarios: Path | None = None
    """The user scenarios folder (None: the user's own)."""
    receive: bool = True
    """Take a lobby's (or a followed game's) user scenario that this machine lacks; else
    refuse it and leave."""


def _bind(options: Options) -> str:
    """The address the listening socket binds."""
    return options.settings.listen or options.settings.interface


def _address(options: Options, port: int) -> str:
    """Say where this machine listens; the address the other machines are to dial."""
    options.settings.say(f"listening on {options.settings.interface}:{port}")
    return options.settings.address or f"{options.settings.interface}:{port}"


# -- hosting ---------------------------------------------------------------------------------

async def async_host(options: Options, table: Table, lobby_name: str) -> Result:
    """Advertise a lobby, seat this machine's bots and the joiners', start when every seat is
    held, then play to the end."""
    listener = Listener()
    port = await listener.async_start(_bind(options))
    lobby = HostLobby(options.identity, table, options.name, _address(options, port))
    for seat in lobby.open_seats()[:options.seats]:
        lobby.claim(options.identity.fingerprint, seat, options.bot)
    advertiser = Advertiser(options.settings.advertised_on, options.service_type)
    await advertiser.async_start(_ad(lobby, lobby_name, port))
    try:
        room = HostRoom(lobby, options, advertiser, lobby_name, port)
        genesis, signatures = await room.async_run(listener)
        return await async_play(options, listener, genesis, signatures, room.secrets(),
                                ruleset=room.ruleset(genesis))
    finally:
        await advertiser.async_close()
        await listener.async_close()


def _ad(lobby: HostLobby, name: str, port: int, status: str = "lobby", game: str = ""
        ) -> LobbyAd:
    table = lobby.table
    return LobbyAd(name, lobby.name, lobby.identity.fingerprint, PROTOCOL, table.ruleset,
                   table.rules_hash[:8], table.scenario, len(lobby.open_seats()), status, game,
                   0, "", port, engine_line(),  # no address: advertised at the interface's own
                   table.texts is not None, table.scenario_name)


class HostRoom:
    """A hosted lobby's links: what joiners send goes to the lobby, its answers go out, and
    the advert follows every change; with `auto_start` the game starts once every seat is
    held and ready (the command line), else when `start` is called (the client's room)."""

    def __init__(self, lobby: HostLobby, options: Options, advertiser: Advertiser,
                 lobby_name: str, port: int, auto_start: bool = True,
                 on_change: Callable[[], None] | None = None) -> None:
        self.lobby = lobby
        self.options = options
        self.advertiser = advertiser
        self.lobby_name = lobby_name
        self.port = port
        self.auto_start = auto_start
        self.on_change = on_change
        self.links: dict[str, asyncio.StreamWriter] = {}
        self.done = asyncio.Event()
        self._adverts: set[asyncio.Task[None]] = set()

    def send(self, outs: list[tuple[str | None, bytes]]) -> None:
        """Send the lobby's frames to their machines, then start or finish when due."""
        for to, frame in outs:
            for fingerprint, writer in list(self.links.items()):
                if to in (None, fingerprint) and not writer.is_closing():
                    _write(writer, frame)
        if self.auto_start and self.lobby.can_start():
            self.send(self.lobby.start())
        if self.lobby.done:
            self.done.set()
        self._changed()

    def start(self) -> None:
        """Start the game (the host's person pressed Start): every machine sends its keys."""
        if self.lobby.can_start():
            self.send(self.lobby.start())

    def _changed(self) -> None:
        task = asyncio.ensure_future(self.advertiser.async_update(self.advert()))
        self._adverts.add(task)
        task.add_done_callback(self._adverts.discard)
        if self.on_change is not None:
            self.on_change()

    def advert(self, status: str = "lobby", game: str = "") -> LobbyAd:
        """The lobby as advertised now."""
        return _ad(self.lobby, self.lobby_name, self.port, status, game)

    def secrets(self) -> LanSecrets:
        """This machine's secrets for the game (once it started)."""
        assert self.lobby.secrets is not None
        return self.lobby.secrets

    def ruleset(self, genesis: Genesis) -> Ruleset:
        """The rule set of the game the lobby started (the host's scenario as it was offered,
        whatever became of its files since)."""
        return game_ruleset(genesis, self.options.scenarios, self.lobby.table.texts)

    async def joiner(self, message: Message, reader: asyncio.StreamReader,
                     writer: asyncio.StreamWriter) -> None:
        """One joiner's link, from its HELLO until the game starts or it leaves."""
        if message.body.get("purpose") != "lobby":
            raise Rejected("not-playing", "the game has not started yet")
        self.links[message.sender] = writer
        _write(writer, encode_frame(self.options.identity, "HELLO", hello_body(
            self.options.identity, purpose="lobby-host", name=self.options.name)))
        self.send(self.lobby.welcome(message))
        if self.lobby.machines.get(message.sender) is None:
            return
        keys = {message.sender: bytes.fromhex(str(message.body["key"])),
                self.options.identity.fingerprint: self.options.identity.public_key}
        with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError, Rejected):
            while not self.done.is_set():
                self.send(self.lobby.handle(open_frame(await async_read_frame(reader),
                                                       keys.get)))
        if not self.done.is_set() and self.links.get(message.sender) is writer:
            del self.links[message.sender]
            self.send(self.lobby.drop(message.sender))

    async def async_run(self, listener: Listener) -> tuple[Genesis, dict[str, bytes]]:
        """Take joiners until every machine has signed the genesis."""
        listener.handler = self.joiner
        listener.ready.set()
        self.send([])
        await self.done.wait()
        assert self.lobby.genesis is not None
        await asyncio.sleep(0.05)
        self.close_links()
        return self.lobby.genesis, dict(self.lobby.signatures)

    def close_links(self) -> None:
        """Close every joiner's lobby link."""
        for writer in self.links.values():
            writer.close()


# -- joining ---------------------------------------------------------------------------------

async def async_join(options: Options, address: str | None, lobby_name: str | None) -> Result:
    """Find the lobby (by name through discovery, or at an address), take seats, play."""
    target = address or await _find(options, lobby_name or "")
    listener = Listener()
    port = await listener.async_start(_bind(options))
    try:
        joiner = JoinerLobby(options.identity, options.name, _address(options, port),
                             options.seats, options.bot, shelf=Shelf(options.scenarios),
                             receive=options.receive)
        genesis, signatures = await asyncio.wait_for(_run_joiner(options, target, joiner),
                                                     JOIN_TIMEOUT * 4)
        assert joiner.secrets is not None
        return await async_play(options, listener, genesis, signatures, joiner.secrets,
                                ruleset=joiner_ruleset(options, joiner, genesis))
    finally:
        await listener.async_close()


async def _find(options: Options, lobby_name: str) -> str:
    browser = Browser(options.settings.advertised_on, options.service_type)
    await browser.async_start()
    try:
        for _ in range(int(JOIN_TIMEOUT * 10)):
            for ad in browser.lobbies():
                if ad.name == lobby_name and ad.status == "lobby":
                    return f"{ad.address}:{ad.port}"
            await asyncio.sleep(0.1)
    finally:
        await browser.async_close()
    raise LanError(f"no lobby named {lobby_name!r} was found within {JOIN_TIMEOUT:.0f} s")


async def _run_joiner(options: Options, target: str, joiner: JoinerLobby
                      ) -> tuple[Genesis, dict[str, bytes]]:
    link = JoinerLink(options, joiner)
    await link.async_connect(target)
    try:
        return await link.async_run()
    finally:
        link.close()


class JoinerLink:
    """A joiner's link to the host's lobby: frames in go to the `JoinerLobby`, its answers
    (and the client's own claims, releases and readiness) go out."""

    def __init__(self, options: Options, joiner: JoinerLobby,
                 on_change: Callable[[], None] | None = None) -> None:
        self.options = options
        self.joiner = joiner
        self.on_change = on_change
        self.writer: asyncio.StreamWriter | None = None
        self.reader: asyncio.StreamReader | None = None
        self.keys: dict[str, bytes] = {}

    async def async_connect(self, target: str) -> None:
        """Open the link and exchange HELLOs; OSError or Rejected when that fails."""
        host, _, port = target.rpartition(":")
        reader, self.writer = await asyncio.wait_for(
            asyncio.open_connection(host, int(port)), JOIN_TIMEOUT)
        self.reader = reader
        self.send(hello(self.options.identity, installed_hashes(), self.options.name,
                        self.joiner.address, "lobby"))
        answer = open_hello(await asyncio.wait_for(async_read_frame(reader), JOIN_TIMEOUT))
        self.keys = {answer.sender: bytes.fromhex(str(answer.body["key"]))}

    def send(self, frame: bytes) -> None:
        """Send one frame to the host."""
        if self.writer is not None and not self.writer.is_closing():
            _write(self.writer, frame)

    async def async_run(self) -> tuple[Genesis, dict[str, bytes]]:
        """Follow the lobby until the genesis is signed; Rejected when refused, LanError when
        the host closes the lobby."""
        reader = self.reader
        assert reader is not None
        while not self.joiner.signatures:
            message = open_frame(await async_read_frame(reader), self.keys.get)
            for out in self.joiner.handle(message):
                self.send(out)
            if self.joiner.refused is not None:
                raise self.joiner.refused
            if self.joiner.closed:
                raise LanError(self.joiner.closed)
            if self.on_change is not None:
                self.on_change()
        assert self.joiner.genesis is not None
        return self.joiner.genesis, self.joiner.signatures

    def close(self) -> None:
        """Close the link."""
        if self.writer is not None:
            self.writer.close()


def joiner_ruleset(options: Options, joiner: JoinerLobby, genesis: Genesis) -> Ruleset:
    """The rule set of the game a joiner's lobby started (its scenario as found or received)."""
    return game_ruleset(genesis, options.scenarios, joiner.taker.content)


def _write(writer: asyncio.StreamWriter, frame: bytes) -> None:
    writer.write(len(frame).to_bytes(4, "big") + frame)


def engine_line() -> str:
    """This program's engine version as adverts carry it (major.minor: what must match)."""
    return ".".join(ENGINE_VERSION.split(".")[:2])


def installed_hashes() -> dict[str, str]:
    """The rules hash of every rule set this machine has (what its lobby HELLO names)."""
    from game.rulesets import get_ruleset, registered

    return {ruleset: get_ruleset(ruleset).content_hash() for ruleset in registered()}


# -- playing ---------------------------------------------------------------------------------

Watch = Callable[[GameNode], None]
"""Called with the game's node before it runs (a client hooks its mirror and status here)."""


async def async_play(options: Options, listener: Listener, genesis: Genesis,
                     signatures: dict[str, bytes], secrets: LanSecrets,
                     watch: Watch | None = None, ruleset: Ruleset | None = None) -> Result:
    """Play a game whose genesis every machine signed, from its first record to the end
    (with `ruleset`, else the genesis's, a user scenario found here by its rules hash)."""
    ruleset = ruleset or game_ruleset(genesis, options.scenarios)
    folder = GameFolder.of(genesis.game_id, options.ledger)
    folder.save_start(genesis, signatures, secrets)
    options.settings.say(f"game {genesis.game_id.hex()}")
    ledger = Ledger(genesis, folder.ledger_file)
    peer = GamePeer(options.identity, genesis, secrets, ledger, ruleset=ruleset)
    return await _run_node(options, listener, peer, signatures, dial_all=False, watch=watch)


async def _run_node(options: Options, listener: Listener, peer: GamePeer,
                    signatures: dict[str, bytes], dial_all: bool, watch: Watch | None = None
                    ) -> Result:
    node = GameNode(peer, signatures, options.settings, listener.server)
    if watch is not None:
        watch(node)
    if options.settings.verbose:
        peer.on_events = _speaker(peer, options.settings.say)
    listener.handler = node.accept
    listener.ready.set()
    listener.playing.set()
    result = await node.async_run(dial_all)
    try:
        GameFolder.of(peer.genesis.game_id, options.ledger).mark_ended(result.status)
    except StorageError as exc:
        options.settings.say(f"the game ended, but that could not be noted on disk: {exc}")
    return result


def _speaker(peer: GamePeer, say: Callable[[str], None]
             ) -> Callable[[int, tuple[Event, ...]], None]:
    def speak(index: int, events: tuple[Event, ...]) -> None:
        for event in events:
            say(peer.session.describe(event))
    return speak


async def async_resume(options: Options, game_id: bytes, watch: Watch | None = None
                       ) -> Result:
    """Rejoin a game this machine was playing from its files: replay, dial everyone, go on."""
    genesis, signatures, secrets, ledger = GameFolder.of(game_id, options.ledger).load()
    peer = GamePeer(options.identity, genesis, secrets, ledger,
                    ruleset=game_ruleset(genesis, options.scenarios))
    peer.resume()
    listener = Listener()
    _address(options, await listener.async_start(_bind(options)))
    options.settings.say(f"game {genesis.game_id.hex()}, resumed at record {len(ledger)}")
    try:
        return await _run_node(options, listener, peer, signatures, dial_all=True, watch=watch)
    finally:
        await listener.async_close()


# -- spectating ------------------------------------------------------------------------------

async def async_spectate(options: Options, target: str,
                         watch: Callable[[GamePeer], None] | None = None) -> Result:
    """Follow a game from one of its machines: the public view, its sentences, the final hash.
    A machine still in its lobby answers once its game starts; one not (yet) listening is
    asked again for up to JOIN_TIMEOUT."""
    deadline = time.monotonic() + JOIN_TIMEOUT
    while True:
        try:
            reader, writer, genesis = await _async_watch_link(options, target)
            break
        except (OSError, asyncio.IncompleteReadError, TimeoutError):
            if time.monotonic() > deadline:
                raise LanError(f"no game to follow at {target}") from None
            await asyncio.sleep(0.2)
    try:
        ruleset, early = await async_spectator_content(reader, genesis, options.scenarios,
                                                       options.receive, JOIN_TIMEOUT)
        return await _watch(options, genesis, reader, watch, ruleset, early)
    except asyncio.IncompleteReadError:
        raise LanError(f"{target} closed the link before the game ended") from None
    finally:
        writer.close()


async def _async_watch_link(options: Options, target: str
                            ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, Genesis]:
    """A spectator's link to a playing machine and the signed genesis it sends first."""
    host, _, port = target.rpartition(":")
    reader, writer = await asyncio.wait_for(asyncio.open_connection(host, int(port)), 5)
    try:
        _write(writer, encode_frame(options.identity, "HELLO", hello_body(
            options.identity, purpose="spectate", game="", address="")))
        # a machine still in its lobby answers once its game starts
        player = open_hello(await asyncio.wait_for(async_read_frame(reader), JOIN_TIMEOUT * 4))
        key = bytes.fromhex(str(player.body["key"]))
        signed = open_frame(await async_read_frame(reader), {player.sender: key}.get)
        genesis = genesis_from_plain(signed.body["genesis"])
        check_signatures(genesis, {f: bytes.fromhex(s) for f, s in
                                   signed.body["signatures"].items()})
    except BaseException:
        writer.close()
        raise
    return reader, writer, genesis


async def _watch(options: Options, genesis: Genesis, reader: asyncio.StreamReader,
                 watch: Callable[[GamePeer], None] | None, ruleset: Ruleset,
                 early: list[Message]) -> Result:
    peer = GamePeer(options.identity, genesis, spectator_secrets(), Ledger(genesis),
                    ruleset=ruleset)
    peer.on_events = _speaker(peer, options.settings.say)
    if watch is not None:
        watch(peer)
    while not peer.over:
        message = early.pop(0) if early else open_frame(await async_read_frame(reader),
                                                        genesis.key_of)
        if message.type == "SYNC_RESP":
            take_sync(peer, list(message.body.get("items", [])), genesis.key_of)
    return Result("over", state_hash(peer.session.table.state), peer.session.outcome())


__all__ = ["HostRoom", "JoinerLink", "Listener", "Options", "async_host", "async_join",
           "async_play", "async_resume", "async_spectate"]
