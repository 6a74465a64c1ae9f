"""Whole LAN games from one machine's side: host a lobby, join one, resume after a crash, or
spectate — each ending in the game node's result (`mare lan` drives these)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from game.core.encoding import state_hash
from game.core.events import Event
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
from net.lan.lobby import HostLobby, JoinerLobby, Table, hello
from net.lan.node import GameNode, Result, Settings
from net.lan.peer import GamePeer, take_sync
from net.lan.store import GameFolder

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


Accept = Callable[[Message, asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


def _bind(options: Options) -> str:
    """The address the listening socket binds."""
    return options.settings.listen or options.settings.interface


class Listener:
    """The machine's listening socket; each new link's HELLO goes to the current handler (a
    spectator's waits until the game is on)."""

    def __init__(self) -> None:
        self.server: asyncio.Server | None = None
        self.handler: Accept | None = None
        self.ready = asyncio.Event()
        self.playing = asyncio.Event()

    async def async_start(self, interface: str) -> int:
        """Listen on a port the system picks; the port."""
        self.server = await asyncio.start_server(self._accept, interface, 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            message = open_hello(await asyncio.wait_for(async_read_frame(reader), 10))
            await (self.playing if message.body.get("purpose") == "spectate" else self.ready
                   ).wait()
            assert self.handler is not None
            await self.handler(message, reader, writer)
        except (Rejected, LanError, asyncio.IncompleteReadError, TimeoutError, ConnectionError,
                ValueError) as exc:
            _refuse(writer, exc)

    async def async_close(self) -> None:
        """Stop listening."""
        if self.server is not None:
            self.server.close()
            with contextlib.suppress(Exception):
                await self.server.wait_closed()


def _refuse(writer: asyncio.StreamWriter, exc: Exception) -> None:
    """Close a link that opened wrongly (a REFUSE was already sent where one is due)."""
    writer.close()


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
        genesis, signatures = await _run_host_lobby(listener, lobby, options, advertiser,
                                                    lobby_name, port)
        assert lobby.secrets is not None
        playing = _ad(lobby, lobby_name, port, "playing", genesis.game_id.hex())
        await advertiser.async_update(playing)
        return await _play(options, listener, genesis, signatures, lobby.secrets)
    finally:
        await advertiser.async_close()
        await listener.async_close()


def _ad(lobby: HostLobby, name: str, port: int, status: str = "lobby", game: str = ""
        ) -> LobbyAd:
    table = lobby.table
    return LobbyAd(name, lobby.name, lobby.identity.fingerprint, PROTOCOL, table.ruleset,
                   table.rules_hash[:8], table.scenario, len(lobby.open_seats()), status, game,
                   0, "", port)  # no address: advertised at the interface's own


async def _run_host_lobby(listener: Listener, lobby: HostLobby, options: Options,
                          advertiser: Advertiser, lobby_name: str, port: int
                          ) -> tuple[Genesis, dict[str, bytes]]:
    links: dict[str, asyncio.StreamWriter] = {}
    done = asyncio.Event()

    def send(outs: list[tuple[str | None, bytes]]) -> None:
        for to, frame in outs:
            for fingerprint, writer in list(links.items()):
                if to in (None, fingerprint) and not writer.is_closing():
                    writer.write(len(frame).to_bytes(4, "big") + frame)
        if lobby.can_start():
            send(lobby.start())
        if lobby.done:
            done.set()

    async def joiner(message: Message, reader: asyncio.StreamReader,
                     writer: asyncio.StreamWriter) -> None:
        if message.body.get("purpose") != "lobby":
            raise Rejected("not-playing", "the game has not started yet")
        links[message.sender] = writer
        _write(writer, encode_frame(options.identity, "HELLO", hello_body(
            options.identity, purpose="lobby-host", name=options.name)))
        send(lobby.welcome(message))
        if lobby.machines.get(message.sender) is None:
            return
        await advertiser.async_update(_ad(lobby, lobby_name, port))
        keys = {message.sender: bytes.fromhex(str(message.body["key"]))}
        keys[options.identity.fingerprint] = options.identity.public_key
        with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError, Rejected):
            while not done.is_set():
                frame = open_frame(await async_read_frame(reader), keys.get)
                send(lobby.handle(frame))
                await advertiser.async_update(_ad(lobby, lobby_name, port))

    listener.handler = joiner
    listener.ready.set()
    send([])
    await done.wait()
    assert lobby.genesis is not None
    await asyncio.sleep(0.05)
    for writer in links.values():
        writer.close()
    return lobby.genesis, dict(lobby.signatures)


# -- joining ---------------------------------------------------------------------------------

async def async_join(options: Options, address: str | None, lobby_name: str | None) -> Result:
    """Find the lobby (by name through discovery, or at an address), take seats, play."""
    target = address or await _find(options, lobby_name or "")
    listener = Listener()
    port = await listener.async_start(_bind(options))
    try:
        joiner = JoinerLobby(options.identity, options.name, _address(options, port),
                             options.seats, options.bot)
        genesis, signatures = await asyncio.wait_for(_run_joiner(options, target, joiner),
                                                     JOIN_TIMEOUT * 4)
        assert joiner.secrets is not None
        return await _play(options, listener, genesis, signatures, joiner.secrets)
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
    host, _, port = target.rpartition(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    try:
        _write(writer, hello(options.identity, installed_hashes(), options.name, joiner.address,
                             "lobby"))
        answer = open_hello(await asyncio.wait_for(async_read_frame(reader), JOIN_TIMEOUT))
        keys = {answer.sender: bytes.fromhex(str(answer.body["key"]))}
        while not joiner.signatures:
            message = open_frame(await async_read_frame(reader), keys.get)
            for out in joiner.handle(message):
                _write(writer, out)
            if joiner.refused is not None:
                raise joiner.refused
        assert joiner.genesis is not None
        return joiner.genesis, joiner.signatures
    finally:
        writer.close()


def _write(writer: asyncio.StreamWriter, frame: bytes) -> None:
    writer.write(len(frame).to_bytes(4, "big") + frame)


def installed_hashes() -> dict[str, str]:
    """The rules hash of every rule set this machine has (what its lobby HELLO names)."""
    from game.rulesets import get_ruleset, registered

    return {ruleset: get_ruleset(ruleset).content_hash() for ruleset in registered()}


# -- playing ---------------------------------------------------------------------------------

async def _play(options: Options, listener: Listener, genesis: Genesis,
                signatures: dict[str, bytes], secrets: LanSecrets) -> Result:
    folder = GameFolder.of(genesis.game_id, options.ledger)
    folder.save_start(genesis, signatures, secrets)
    options.settings.say(f"game {genesis.game_id.hex()}")
    ledger = Ledger(genesis, folder.ledger_file)
    peer = GamePeer(options.identity, genesis, secrets, ledger)
    return await _run_node(options, listener, peer, signatures, dial_all=False)


async def _run_node(options: Options, listener: Listener, peer: GamePeer,
                    signatures: dict[str, bytes], dial_all: bool) -> Result:
    node = GameNode(peer, signatures, options.settings, listener.server)
    if options.settings.verbose:
        peer.on_events = _speaker(peer, options.settings.say)
    listener.handler = node.accept
    listener.ready.set()
    listener.playing.set()
    return await node.async_run(dial_all)


def _speaker(peer: GamePeer, say: Callable[[str], None]
             ) -> Callable[[int, tuple[Event, ...]], None]:
    def speak(index: int, events: tuple[Event, ...]) -> None:
        for event in events:
            say(peer.session.describe(event))
    return speak


async def async_resume(options: Options, game_id: bytes) -> Result:
    """Rejoin a game this machine was playing from its files: replay, dial everyone, go on."""
    genesis, signatures, secrets, ledger = GameFolder.of(game_id, options.ledger).load()
    peer = GamePeer(options.identity, genesis, secrets, ledger)
    peer.resume()
    listener = Listener()
    _address(options, await listener.async_start(_bind(options)))
    options.settings.say(f"game {genesis.game_id.hex()}, resumed at record {len(ledger)}")
    try:
        return await _run_node(options, listener, peer, signatures, dial_all=True)
    finally:
        await listener.async_close()


# -- spectating ------------------------------------------------------------------------------

async def async_spectate(options: Options, target: str) -> Result:
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
        return await _watch(options, genesis, reader)
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


async def _watch(options: Options, genesis: Genesis, reader: asyncio.StreamReader) -> Result:
    secrets = LanSecrets({}, os.urandom(32), os.urandom(32), os.urandom(32))
    peer = GamePeer(options.identity, genesis, secrets, Ledger(genesis))
    peer.on_events = _speaker(peer, options.settings.say)
    while not peer.over:
        message = open_frame(await async_read_frame(reader), genesis.key_of)
        if message.type == "SYNC_RESP":
            take_sync(peer, list(message.body.get("items", [])), genesis.key_of)
    return Result("over", state_hash(peer.session.table.state), peer.session.outcome())


__all__ = ["Options", "async_host", "async_join", "async_resume", "async_spectate"]
