"""Every card lost or discarded says why, and once (issue 12): bot games of several scenarios,
each `discarded` and `card_lost` event with a reason from the known sets, every sentence about
one naming that reason, no card both lost and discarded by the same entry."""

from __future__ import annotations

from functools import cache

from game.ai.bots import make_bot
from game.core.events import Event
from game.core.table import SeededChance, play
from game.rulesets.mediterranean_empires.cards.cards import DISCARD_REASONS, RANDOM_DISCARD
from game.rulesets.mediterranean_empires.expedition.losses import LOSS_REASONS
from game.rulesets.mediterranean_empires.ruleset import MeRuleset
from game.rulesets.mediterranean_empires.text.describe import event_name
from game.session import bot_session, derive, master_config

RULESET = MeRuleset()
GAMES = (("3", b"r1", ("greedy", "random")), ("3", b"r2", ("random", "greedy")),
         ("6", b"r3", ("greedy", "random")), ("8", b"r4", ("random", "greedy")),
         ("12", b"r5", ("greedy", "random")), ("12", b"r6", ("greedy",)))
"""Scenarios with Iberia (3, 6, 12), with Macedonia's thieves (12), and a four-player one."""


def _entries(scenario: str, seed: bytes, bots: tuple[str, ...]) -> list[tuple[Event, ...]]:
    config = master_config(RULESET, seed, scenario)
    table = bot_session(RULESET, config, seed, hash_every=0).table
    players = {s: make_bot(bots[s % len(bots)], derive(seed, f"bot:{s}"))
               for s in range(len(config.seats))}
    told: list[tuple[Event, ...]] = []
    play(table, players, SeededChance(derive(seed, "chance")),
         on_events=lambda entry, events: told.append(events))
    return told


@cache
def _played() -> tuple[tuple[Event, ...], ...]:
    return tuple(events for game in GAMES for events in _entries(*game))


def _all(*kinds: str) -> list[Event]:
    return [ev for events in _played() for ev in events if ev.kind in kinds]


def test_the_games_lose_cards_in_many_ways() -> None:
    reasons = {ev.get("reason") for ev in _all("discarded", "card_lost")}
    assert len(reasons) >= 8, reasons


def test_every_discard_has_a_known_reason_and_its_slot() -> None:
    for ev in _all("discarded"):
        assert ev.get("reason") in DISCARD_REASONS, ev
        assert isinstance(ev.get("slot"), str) and ev.get("card"), ev
        if ev.get("reason") == RANDOM_DISCARD:
            assert ev.get("source") and isinstance(ev.get("holder"), int), ev


def test_every_card_lost_has_a_known_reason() -> None:
    for ev in _all("card_lost"):
        assert ev.get("reason") in LOSS_REASONS, ev


def test_every_sentence_about_a_lost_or_discarded_card_names_its_cause() -> None:
    rules = RULESET.rules
    for ev in _all("discarded", "card_lost"):
        text = RULESET.describe(ev)
        assert f"({ev.get('reason')}" in text, text
        assert rules.card(ev.get("card")).name in text, text
        if ev.get("source"):
            assert event_name(rules, ev.get("source")) in text, text


def test_no_card_is_told_lost_twice() -> None:
    for events in _played():
        slots = [ev.get("slot") for ev in events if ev.kind in ("discarded", "card_lost")]
        assert len(slots) == len(set(slots)), [RULESET.describe(ev) for ev in events]


def test_a_stolen_card_names_its_slot_only() -> None:
    stolen = _all("card_stolen")
    assert stolen
    for ev in stolen:
        assert isinstance(ev.get("slot"), str) and ev.get("card") is None, ev
