"""Finding lobbies on the LAN by mDNS/DNS-SD (python-zeroconf): a host advertises its lobby,
joiners browse for all of them (protocol.md, "Discovery with python-zeroconf")."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass, replace
from typing import Any

import ifaddr
from zeroconf import IPVersion, ServiceInfo, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from net.lan import _txt
from net.lan.errors import LanError

SERVICE_TYPE = "_mareinternum._tcp.local."
TXT_LIMIT = 200
"""The largest TXT record we send, in bytes (one small UDP packet with the other records)."""
UPDATE_INTERVAL = 1.0
"""Seconds between two TXT updates at most once; updates in between are coalesced."""
RESOLVE_TIMEOUT_MS = 2000
"""How long a browser waits for a lobby's records once it has seen its name."""
STATUSES = ("lobby", "playing", "over")
USER_ID_ROOM = 16
"""The most characters of a user scenario's id a TXT carries (ids run to 48; its name and
rules hash say which it is), so that the record keeps to its limit while a game is on."""
VIRTUAL_PREFIXES = ("lo", "docker", "veth", "virbr", "br-", "vmnet", "vboxnet", "tun", "tap",
                    "wg", "zt", "ifb", "tailscale", "utun", "awdl", "llw")
"""Interface names never offered for LAN play (loopback, containers, VMs, VPNs)."""

_FIELDS = {"v": "[0-9]{1,6}", "fp": "[0-9a-f]{32}", "rs": "[A-Za-z0-9_.:/-]{1,64}",
           "ch": "[0-9a-f]{8}", "sc": "[A-Za-z0-9_.:/-]{1,64}", "o": "[0-9]{1,3}",
           "st": "|".join(STATUSES), "g": "(?:[0-9a-f]{32})?", "r": "[0-9]{1,18}",
           "n": "[^\x00]{0,200}", "h": "[^\x00]{0,200}", "e": "(?:[0-9]{1,4}[.][0-9]{1,4})?",
           "u": "1?", "sn": "[^\x00]{0,200}"}
"""TXT key → the pattern its value must match; anything else is a foreign advertisement."""


@dataclass(frozen=True)
class LobbyAd:
    """One lobby as advertised: who hosts it, what it plays, how full it is and where it is."""

    name: str
    host: str
    fingerprint: str
    protocol: int
    ruleset: str
    content_hash: str
    scenario: str
    open_seats: int
    status: str = "lobby"
    game_id: str = ""
    rev: int = 0
    address: str = ""
    port: int = 0
    engine: str = ""
    """The host's engine version, major.minor ("" when the advert does not say)."""
    user: bool = False
    """It plays one of its host's own scenarios (the host sends it to joiners who lack it)."""
    scenario_name: str = ""
    """That scenario's name, as far as the TXT has room ("" for a bundled scenario)."""

    @property
    def instance(self) -> str:
        """The DNS-SD instance label: lobby name, a space, 6 hex of the fingerprint (≤ 63 B)."""
        return _txt.label(self.name, self.fingerprint[:6])


def service_info(ad: LobbyAd, service_type: str = SERVICE_TYPE,
                 addresses: list[str] | None = None) -> ServiceInfo:
    """The zeroconf records advertising `ad` at `addresses` (default: its own); ValueError when
    a field would not decode back."""
    props = _properties(ad)
    if _parse(props) is None or not (addresses or ad.address):
        raise ValueError(f"not an advertisable lobby: {ad!r}")
    return ServiceInfo(service_type, f"{ad.instance}.{service_type}", port=ad.port,
                       properties=props, server=f"mare-{ad.fingerprint[:12]}.local.",
                       parsed_addresses=addresses or [ad.address])


def lobby_from_info(info: ServiceInfo) -> LobbyAd | None:
    """The lobby `info` advertises, or None for anything foreign, incomplete or malformed."""
    props = _txt.decode(info.properties)
    ad = None if props is None else _parse(props)
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if ad is None or not addresses or not info.port:
        return None
    return replace(ad, name=_longer_name(ad, info.name), address=addresses[0], port=info.port)


def _properties(ad: LobbyAd) -> dict[str, str]:
    fixed = {"v": str(ad.protocol), "fp": ad.fingerprint, "rs": ad.ruleset,
             "ch": ad.content_hash, "sc": ad.scenario[:USER_ID_ROOM if ad.user else None],
             "o": str(ad.open_seats), "st": ad.status, "r": str(ad.rev)}
    names = {"n": _txt.clean(ad.name), "h": _txt.clean(ad.host)}
    if ad.engine:
        fixed["e"] = ad.engine
    if ad.game_id:
        fixed["g"] = ad.game_id
    if ad.user:
        fixed["u"] = "1"
        names["sn"] = _txt.clean(ad.scenario_name)
    return _txt.fit(fixed, names, TXT_LIMIT)


def _parse(props: dict[str, str]) -> LobbyAd | None:
    values = {key: props.get(key, "") for key in _FIELDS}
    if not all(re.fullmatch(pattern, values[key]) for key, pattern in _FIELDS.items()):
        return None
    return LobbyAd(name=_txt.clean(values["n"]), host=_txt.clean(values["h"]),
                   fingerprint=values["fp"], protocol=int(values["v"]), ruleset=values["rs"],
                   content_hash=values["ch"], scenario=values["sc"], open_seats=int(values["o"]),
                   status=values["st"], game_id=values["g"], rev=int(values["r"]),
                   engine=values["e"], user=values["u"] == "1",
                   scenario_name=_txt.clean(values["sn"]))


def _longer_name(ad: LobbyAd, service_name: str) -> str:
    """The lobby name from the instance label when the TXT copy is a cut-down prefix of it."""
    head, _, tail = service_name.partition(".")[0].rpartition(" ")
    return head if tail == ad.fingerprint[:6] and head.startswith(ad.name) else ad.name


def lan_interfaces(choice: str | None = None) -> list[str]:
    """[choice] when given, else the IPv4 addresses of the real (non-virtual) network cards."""
    if choice is not None:
        return [choice]
    return [str(ip.ip) for adapter in ifaddr.get_adapters()
            if not adapter.name.lower().startswith(VIRTUAL_PREFIXES)
            for ip in adapter.ips if ip.is_IPv4 and not str(ip.ip).startswith("127.")]


def _open_zeroconf(interfaces: list[str]) -> AsyncZeroconf:
    if not interfaces:
        raise LanError("no network interface to use for LAN play")
    return AsyncZeroconf(interfaces=list(interfaces), ip_version=IPVersion.V4Only)


class Advertiser:
    """Advertises one lobby; updates are rate-limited to one a second, the latest winning."""

    def __init__(self, interfaces: list[str], service_type: str = SERVICE_TYPE) -> None:
        self._interfaces = interfaces
        self._type = service_type
        self._zc: AsyncZeroconf | None = None
        self._info: ServiceInfo | None = None
        self._ad: LobbyAd | None = None
        self._pending: LobbyAd | None = None
        self._sent_at = 0.0
        self._flush: asyncio.Task[None] | None = None
        self._broadcasts: set[asyncio.Future[Any]] = set()

    @property
    def ad(self) -> LobbyAd | None:
        """The lobby as last sent (its `rev` included), or None when not advertised."""
        return self._ad

    async def async_start(self, ad: LobbyAd) -> None:
        """Register `ad` unprobed (the fingerprint makes its name unique); returns at once.
        Without an address it is advertised at every address of the interfaces."""
        self._zc = _open_zeroconf(self._interfaces)
        info = self._service_info(ad)
        self._track(await self._zc.async_register_service(info, cooperating_responders=True))
        self._info, self._ad, self._sent_at = info, ad, asyncio.get_running_loop().time()

    async def async_update(self, ad: LobbyAd) -> None:
        """Advertise `ad` with the next `rev` within a second; a later call replaces it."""
        if self._ad is None:
            raise LanError("the lobby is not advertised yet")
        if ad.instance != self._ad.instance:
            raise ValueError("a lobby's name and fingerprint stay as advertised; start anew")
        self._service_info(ad)  # a bad field raises here, not in the background
        self._pending = ad
        if self._flush is None or self._flush.done():
            self._flush = asyncio.create_task(self._async_flush())

    async def async_close(self) -> None:
        """Cancel pending updates, say goodbye (unregister), then close the zeroconf."""
        await _async_cancel([*self._broadcasts, *([self._flush] if self._flush else [])])
        if self._zc is None:
            return
        if self._info is not None:
            await (await self._zc.async_unregister_service(self._info))
        await self._zc.async_close()
        self._zc = self._info = self._ad = None

    async def _async_flush(self) -> None:
        loop = asyncio.get_running_loop()
        while self._pending is not None and self._ad is not None and self._zc is not None:
            await asyncio.sleep(max(0.0, self._sent_at + UPDATE_INTERVAL - loop.time()))
            ad = replace(self._pending, rev=self._ad.rev + 1)
            self._pending, self._info = None, self._service_info(ad)
            self._track(await self._zc.async_update_service(self._info))
            self._ad, self._sent_at = ad, loop.time()

    def _service_info(self, ad: LobbyAd) -> ServiceInfo:
        return service_info(ad, self._type, [ad.address] if ad.address else self._interfaces)

    def _track(self, broadcast: Awaitable[Any]) -> None:
        future = asyncio.ensure_future(broadcast)
        self._broadcasts.add(future)
        future.add_done_callback(self._broadcasts.discard)


class Browser:
    """Keeps the current lobbies of one service type; `on_change` gets the list on each change."""

    def __init__(self, interfaces: list[str], service_type: str = SERVICE_TYPE,
                 on_change: Callable[[list[LobbyAd]], None] | None = None) -> None:
        self._interfaces = interfaces
        self._type = service_type
        self._on_change = on_change
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._lobbies: dict[str, LobbyAd] = {}
        self._resolving: dict[str, asyncio.Task[None]] = {}

    def lobbies(self) -> list[LobbyAd]:
        """The lobbies seen now, by name, host and fingerprint."""
        return sorted(self._lobbies.values(),
                      key=lambda ad: (ad.name.casefold(), ad.host.casefold(), ad.fingerprint))

    async def async_start(self) -> None:
        """Start browsing; lobbies arrive in the background."""
        self._zc = _open_zeroconf(self._interfaces)
        self._browser = AsyncServiceBrowser(self._zc.zeroconf, self._type,
                                            handlers=[self._on_service])

    async def async_close(self) -> None:
        """Stop browsing and resolving, then close the zeroconf."""
        if self._browser is not None:
            await self._browser.async_cancel()
        await _async_cancel(list(self._resolving.values()))
        if self._zc is not None:
            await self._zc.async_close()
        self._zc = self._browser = None

    def _on_service(self, zeroconf: Zeroconf, service_type: str, name: str,
                    state_change: ServiceStateChange) -> None:
        """zeroconf's handler: the parameter names are part of its calling convention."""
        key = name.lower()
        if (old := self._resolving.pop(key, None)) is not None:
            old.cancel()
        if state_change is ServiceStateChange.Removed:
            self._set(key, None)
            return
        task = asyncio.create_task(self._async_resolve(zeroconf, service_type, name))
        self._resolving[key] = task
        task.add_done_callback(lambda done: self._forget(key, done))

    async def _async_resolve(self, zeroconf: Zeroconf, service_type: str, name: str) -> None:
        info = AsyncServiceInfo(service_type, name)
        if await info.async_request(zeroconf, RESOLVE_TIMEOUT_MS):
            self._set(name.lower(), lobby_from_info(info))

    def _forget(self, key: str, task: asyncio.Task[None]) -> None:
        if self._resolving.get(key) is task:
            del self._resolving[key]

    def _set(self, key: str, ad: LobbyAd | None) -> None:
        if self._lobbies.get(key) == ad:
            return
        if ad is None:
            del self._lobbies[key]
        else:
            self._lobbies[key] = ad
        if self._on_change is not None:
            self._on_change(self.lobbies())


async def _async_cancel(tasks: Collection[asyncio.Future[Any]]) -> None:
    """Cancel `tasks` and wait until each has ended."""
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def list_lobbies(wait_seconds: float = 1.5, interface: str | None = None,
                 service_type: str = SERVICE_TYPE) -> list[LobbyAd]:
    """Browse for `wait_seconds` on its own event loop and return the lobbies seen (sync)."""
    return asyncio.run(_async_list(wait_seconds, lan_interfaces(interface), service_type))


async def _async_list(wait_seconds: float, interfaces: list[str],
                      service_type: str) -> list[LobbyAd]:
    browser = Browser(interfaces, service_type)
    try:
        await browser.async_start()
        await asyncio.sleep(wait_seconds)
        return browser.lobbies()
    finally:
        await browser.async_close()
