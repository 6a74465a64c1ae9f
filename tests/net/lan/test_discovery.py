"""Lobby discovery over mDNS on loopback only (127.0.0.1), each test with its own service type."""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from types import SimpleNamespace

import ifaddr
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from zeroconf import ServiceInfo
from zeroconf.asyncio import AsyncZeroconf

from net.lan import _txt, discovery
from net.lan.discovery import (
    TXT_LIMIT,
    UPDATE_INTERVAL,
    Advertiser,
    Browser,
    LobbyAd,
    list_lobbies,
    lobby_from_info,
    service_info,
)
from net.lan.errors import LanError, Rejected

LOOPBACK = ["127.0.0.1"]
WAIT = 3.0
"""Seconds any single discovery step may take before the test fails."""


def _type() -> str:
    return f"_mi-{secrets.token_hex(4)}._tcp.local."


def _ad(**fields: object) -> LobbyAd:
    base: dict[str, object] = {
        "name": "Mare Nostrum", "host": "Hannibal", "fingerprint": secrets.token_hex(16),
        "protocol": 2, "ruleset": "mediterranean_empires", "content_hash": "3fa1c2d4",
        "scenario": "01_first_punic_war", "open_seats": 3, "port": 40123}
    return LobbyAd(**{**base, **fields})  # type: ignore[arg-type]


def _seen(ad: LobbyAd) -> LobbyAd:
    """`ad` as a loopback browser reports it."""
    return replace(ad, address="127.0.0.1")


async def _async_until(check: Callable[[], bool], timeout: float = WAIT) -> float:
    """Seconds until `check()` holds; fails the test after `timeout`."""
    start = time.monotonic()
    while not check():
        assert time.monotonic() - start < timeout, "timed out"
        await asyncio.sleep(0.002)
    return time.monotonic() - start


def test_a_running_browser_sees_a_new_lobby() -> None:
    async def scenario() -> None:
        browser, advertiser = Browser(LOOPBACK, kind := _type()), Advertiser(LOOPBACK, kind)
        ad = _ad(name="Ἀλεξάνδρεια")
        await browser.async_start()
        try:
            await advertiser.async_start(ad)
            await _async_until(lambda: browser.lobbies() == [_seen(ad)])
        finally:
            await advertiser.async_close()
            await browser.async_close()
    asyncio.run(scenario())


def test_a_cold_browser_finds_a_running_lobby() -> None:
    async def scenario() -> None:
        advertiser, browser = Advertiser(LOOPBACK, kind := _type()), Browser(LOOPBACK, kind)
        ad = _ad()
        await advertiser.async_start(ad)
        try:
            await browser.async_start()
            await _async_until(lambda: browser.lobbies() == [_seen(ad)])
        finally:
            await browser.async_close()
            await advertiser.async_close()
    asyncio.run(scenario())


def test_updates_are_coalesced_and_a_new_rev_is_seen() -> None:
    """Three quick updates send one, the last; it is seen though its seats equal the first ad's."""
    async def scenario() -> list[LobbyAd]:
        changes: list[LobbyAd] = []
        browser = Browser(LOOPBACK, kind := _type(), on_change=lambda ads: changes.extend(ads))
        advertiser = Advertiser(LOOPBACK, kind)
        ad = _ad(open_seats=3)
        await browser.async_start()
        try:
            await advertiser.async_start(ad)
            started = time.monotonic()
            for seats in (2, 1, 3):
                await advertiser.async_update(replace(ad, open_seats=seats))
            await _async_until(lambda: [a.rev for a in browser.lobbies()] == [1], WAIT + 1)
            assert time.monotonic() - started >= UPDATE_INTERVAL - 0.05
            await asyncio.sleep(0.2)
            return changes
        finally:
            await advertiser.async_close()
            await browser.async_close()
    changes = asyncio.run(scenario())
    assert [(a.open_seats, a.rev) for a in changes] == [(3, 0), (3, 1)]


def test_closing_the_advertiser_is_seen_as_removal() -> None:
    async def scenario() -> None:
        browser, advertiser = Browser(LOOPBACK, kind := _type()), Advertiser(LOOPBACK, kind)
        await browser.async_start()
        try:
            await advertiser.async_start(_ad())
            await _async_until(lambda: len(browser.lobbies()) == 1)
            await advertiser.async_close()
            await _async_until(lambda: browser.lobbies() == [])
        finally:
            await advertiser.async_close()
            await browser.async_close()
    asyncio.run(scenario())


def test_foreign_and_malformed_advertisements_are_ignored() -> None:
    good = _ad()
    props = discovery._properties(good)
    garbage: list[dict[bytes, bytes | None]] = [
        {b"path": b"/"},
        {k.encode(): v.encode() for k, v in props.items() if k != "fp"},
        {**{k.encode(): v.encode() for k, v in props.items()}, b"o": b"-1"},
        {**{k.encode(): v.encode() for k, v in props.items()}, b"st": b"lost"},
        {**{k.encode(): v.encode() for k, v in props.items()}, b"n": b"\xff\xfe"},
        {**{k.encode(): v.encode() for k, v in props.items()}, b"ch": None},
    ]

    async def scenario() -> list[LobbyAd]:
        kind = _type()
        browser, advertiser = Browser(LOOPBACK, kind), Advertiser(LOOPBACK, kind)
        rogue = AsyncZeroconf(interfaces=LOOPBACK)
        infos = [ServiceInfo(kind, f"junk {i}.{kind}", port=9, properties=p,
                             server="junk.local.", parsed_addresses=LOOPBACK)
                 for i, p in enumerate(garbage)]
        await browser.async_start()
        try:
            await asyncio.gather(*[await rogue.async_register_service(
                info, cooperating_responders=True) for info in infos])
            await advertiser.async_start(good)
            await _async_until(lambda: len(browser.lobbies()) == 1)
            await asyncio.sleep(0.3)
            return browser.lobbies()
        finally:
            await rogue.async_close()
            await advertiser.async_close()
            await browser.async_close()
    assert asyncio.run(scenario()) == [_seen(good)]


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.binary(min_size=1, max_size=8).filter(lambda k: b"=" not in k),
                       st.none() | st.binary(max_size=40), max_size=12))
def test_decoding_never_crashes(props: dict[bytes, bytes | None]) -> None:
    kind = "_mi-fuzz._tcp.local."
    info = ServiceInfo(kind, f"x.{kind}", port=9, properties=props, parsed_addresses=LOOPBACK)
    ad = lobby_from_info(info)
    assert ad is None or isinstance(ad, LobbyAd)


NAMES = [
    "R" * 300,
    "Ἀλέξανδρος ὁ Μέγας καὶ οἱ διάδοχοι αὐτοῦ " * 6,
    "迦太基与罗马的第一次布匿战争" * 8,
    "🏛️⚔️🛡️" * 30,
    "e\u0301" * 80,
    "St. Mary's.lobby\x00\x07 \t\n",
]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("status", ["lobby", "playing"])
def test_long_and_non_ascii_names_fit_the_dns_limits(name: str, status: str) -> None:
    ad = _ad(name=name, host=name[::-1], status=status, address="127.0.0.1",
             game_id=secrets.token_hex(16) if status == "playing" else "",
             scenario="12_bloody_mediterranean", rev=10**12)
    info = service_info(ad, kind := _type())
    instance = info.name.removesuffix("." + kind)
    assert instance == ad.instance and len(instance.encode()) <= 63
    assert "." not in instance and instance.endswith(" " + ad.fingerprint[:6])
    assert len(info.text) <= TXT_LIMIT
    assert all(len(f"{k}={v}".encode()) <= 255 for k, v in discovery._properties(ad).items())
    back = lobby_from_info(info)
    assert back is not None
    assert replace(back, name=ad.name, host=ad.host) == ad
    assert _txt.clean(name).startswith(back.name) and _txt.clean(name[::-1]).startswith(back.host)
    kept = 50 if "." not in name else 8  # the instance label carries up to 56 bytes of it
    assert len(back.name.encode()) >= min(len(_txt.clean(name).encode()), kept)


def test_short_names_survive_unchanged() -> None:
    ad = _ad(name="Roma ⚔ Carthago", host="Ἀννίβας", address="127.0.0.1")
    assert lobby_from_info(service_info(ad, _type())) == ad


def test_an_ad_without_an_address_is_advertised_at_every_interface_address() -> None:
    info = service_info(ad := _ad(), _type(), ["127.0.0.1", "127.0.0.2"])
    assert info.parsed_addresses() == ["127.0.0.1", "127.0.0.2"]
    with pytest.raises(ValueError):
        service_info(ad, _type())


def test_an_update_may_not_rename_the_lobby_nor_come_before_the_start() -> None:
    async def scenario() -> None:
        advertiser = Advertiser(LOOPBACK, _type())
        with pytest.raises(LanError):
            await advertiser.async_update(_ad())
        await advertiser.async_start(ad := _ad())
        try:
            with pytest.raises(ValueError, match="name"):
                await advertiser.async_update(replace(ad, name="Other"))
            with pytest.raises(ValueError):
                await advertiser.async_update(replace(ad, content_hash="not hex"))
        finally:
            await advertiser.async_close()
    asyncio.run(scenario())


def test_closing_what_never_started_is_harmless() -> None:
    async def scenario() -> None:
        await Browser(LOOPBACK, _type()).async_close()
        await Advertiser(LOOPBACK, _type()).async_close()
    asyncio.run(scenario())


def test_no_interface_is_a_plain_error() -> None:
    with pytest.raises(LanError, match="no network interface"):
        asyncio.run(Browser([], _type()).async_start())


def test_list_lobbies_browses_on_its_own_loop() -> None:
    kind, ad, ready, stop = _type(), _ad(), threading.Event(), threading.Event()

    async def host() -> None:
        advertiser = Advertiser(LOOPBACK, kind)
        await advertiser.async_start(ad)
        ready.set()
        try:
            while not stop.is_set():
                await asyncio.sleep(0.01)
        finally:
            await advertiser.async_close()
    thread = threading.Thread(target=asyncio.run, args=(host(),))
    thread.start()
    try:
        assert ready.wait(WAIT)
        assert list_lobbies(0.5, "127.0.0.1", kind) == [_seen(ad)]
    finally:
        stop.set()
        thread.join(WAIT)


def test_lan_interfaces_skip_loopback_and_virtual_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    def adapter(name: str, *ips: str) -> SimpleNamespace:
        return SimpleNamespace(name=name, ips=[SimpleNamespace(ip=ip, is_IPv4=True) for ip in ips])
    # a made-up adapter list (nothing is contacted): documentation addresses (RFC 5737) only
    cards = [adapter("lo", "127.0.0.1"), adapter("docker0", "192.0.2.17"),
             adapter("veth9a", "192.0.2.33"), adapter("virbr0", "192.0.2.122"),
             adapter("enp3s0", "198.51.100.7"), adapter("wlan0", "203.0.113.9")]
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: cards)
    assert discovery.lan_interfaces(None) == ["198.51.100.7", "203.0.113.9"]
    assert discovery.lan_interfaces("127.0.0.1") == ["127.0.0.1"]


def test_the_leak_check_catches_a_pending_task() -> None:
    async def leaky() -> None:
        asyncio.get_running_loop().create_task(asyncio.sleep(5))
    with pytest.raises(AssertionError, match="pending"):
        asyncio.run(leaky())


def test_a_refusal_names_its_reason() -> None:
    refusal = Rejected("lobby-full", "the lobby is full")
    assert isinstance(refusal, LanError)
    assert (refusal.reason, str(refusal)) == ("lobby-full", "the lobby is full")
