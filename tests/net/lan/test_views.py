"""What the client is told about a lobby it cannot join, in words, from its advert alone."""

from __future__ import annotations

from dataclasses import replace

import pytest

from net.lan.discovery import LobbyAd, lobby_from_info, service_info
from net.lan.genesis import PROTOCOL
from net.lan.play import engine_line, installed_hashes
from net.lan.views import listing, why_not

OURS = installed_hashes()
AD = LobbyAd("Friday", "Ana", "a" * 32, PROTOCOL, "mediterranean_empires",
             OURS["mediterranean_empires"][:8], "second_punic_war", 2, "lobby", "", 3,
             "127.0.0.1", 40123, engine_line())


@pytest.mark.parametrize(("change", "words"), [
    ({}, ""),
    ({"protocol": PROTOCOL + 1}, "another version of the game"),
    ({"engine": "99.1"}, f"another engine (99.1, ours {engine_line()})"),
    ({"ruleset": "chess"}, "a rule set not installed here (chess)"),
    ({"content_hash": "00000000"}, "other rules content (theirs 00000000…"),
    ({"status": "playing"}, "started"),
    ({"open_seats": 0}, "full"),
])
def test_a_lobby_says_why_it_cannot_be_joined(change: dict[str, object], words: str) -> None:
    said = why_not(replace(AD, **change), OURS)  # type: ignore[arg-type]
    assert said.startswith(words) and bool(said) == bool(words)


def test_the_engine_travels_in_the_advert_and_the_listing_keeps_the_address() -> None:
    back = lobby_from_info(service_info(AD))
    assert back is not None and back.engine == engine_line()
    shown = listing(back, OURS)
    assert shown.address == "127.0.0.1:40123" and shown.why_not == ""
