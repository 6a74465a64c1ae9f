"""A machine's listening socket for LAN play: each new link's HELLO goes to whoever handles
links now (the lobby, then the game), a spectator's once the game is on."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

from net.lan.errors import LanError, Rejected
from net.lan.frames import Message, async_read_frame, open_hello

Accept = Callable[[Message, asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


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
