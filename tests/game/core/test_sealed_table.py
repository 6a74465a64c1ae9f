"""Sealed choices through the engine, the table and the session: the guard's refusals, views,
hot-seat play, saves, replay, the audit and tampered logs (Tribute's scenario "sealed")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from game.core.actions import Action
from game.core.audit import audit_game
from game.core.entries import RevealEntry, SealEntry, entry_from_plain, entry_to_plain
from game.core.errors import IllegalEntry, LogError
from game.core.log import GameLog, LogRecord, dumps, loads
from game.core.records import evolve
from game.core.secrets import SeatSecrets
from game.core.table import replay
from game.rulesets import get_ruleset
from game.session import GameSession, Secrets, bot_game, master_config, rebuild

RULES = get_ruleset("toy")
PEOPLE = ("human", "human")


def _people(master: bytes = b"sealed-people") -> GameSession:
    """A hot-seat game of two people, run until the first bids are to be sealed."""
    session = GameSession.start("toy", "sealed", PEOPLE, Secrets.from_master(master, 2),
                                {"rounds": 3})
    session.run()
    assert session.sealing_turn() == 0
    return session


def _sealed_by_both(bids: tuple[str, str] = ("0", "0")) -> GameSession:
    session = _people()
    session.seal(0, (bids[0],))
    session.seal(1, (bids[1],))
    assert session.decision().kind == "reveal"
    return session


def test_people_seal_in_turn_and_the_reveals_are_answered_from_their_secrets() -> None:
    session = _sealed_by_both()
    kinds = [r.entry.kind for r in session.table.records[-2:]]
    assert kinds == ["seal", "seal"]
    session.run()
    reveals = [r.entry for r in session.table.records if isinstance(r.entry, RevealEntry)]
    assert [(e.seat, e.choice) for e in reveals] == [(0, ("0",)), (1, ("0",))]
    assert session.human_turn() == 0


def test_a_choice_the_rule_set_refuses_is_not_sealed_and_says_why() -> None:
    session = _people()
    assert session.check_sealed(0, ("1",)) is not None
    before = len(session.table.records)
    with pytest.raises(IllegalEntry, match="a bid of 1 is more than 0"):
        session.seal(0, ("1",))
    with pytest.raises(IllegalEntry, match="Seat 1 has no choice to seal now"):
        session.seal(1, ("0",))
    assert len(session.table.records) == before and session.sealing_turn() == 0


def test_before_the_reveal_only_the_seat_itself_sees_its_choice() -> None:
    session = _people()
    session.seal(0, ("0",))
    mine, theirs, nobody = session.view(0), session.view(1), session.view(None)
    assert mine["my_bid"] == 0 and mine["bids_sealed"] == [True, False]
    assert theirs["my_bid"] is None and theirs["bids"] == [None, None]
    assert nobody["my_bid"] is None and nobody["bids_sealed"] == [True, False]


def test_the_guard_refuses_a_reveal_that_does_not_match_its_seal_in_one_line() -> None:
    session = _sealed_by_both()
    table = session.table
    true = table.reveal_entry(0, "bid:1")
    state, count = table.state, len(table.records)
    for entry, words in ((evolve(true, salt=b"\x00" * 16), "does not match its seal"),
                         (evolve(true, choice=("2",)), "does not match its seal"),
                         (evolve(true, name="bid:2"), "expected the reveal of bid:1"),
                         (evolve(true, seat=1), "seat 1 may not act now"),
                         (evolve(true, choice=[0]), "a sealed choice is a tuple of text")):
        with pytest.raises(IllegalEntry, match=words) as caught:
            table.submit(entry)
        assert "\n" not in str(caught.value)
    assert table.state is state and len(table.records) == count


def test_the_guard_refuses_a_matching_reveal_of_a_choice_the_rule_set_refuses() -> None:
    session = _people()
    table = session.table
    commitment, own = table.secrets[0].seal(table.config.game_id, "bid:1", ("2",))
    table.submit(SealEntry(0, "bid:1", commitment, own))
    session.seal(1, ("0",))
    with pytest.raises(IllegalEntry, match="seat 0's sealed bid:1 is refused: a bid of 2 is more"):
        session.step()


def test_a_seal_must_be_for_the_round_asked_with_a_32_byte_commitment() -> None:
    table = _people().table
    good = table.seal_entry(0, ("0",))
    for entry, words in ((evolve(good, name="bid:9"), "expected the seal of bid:1"),
                         (evolve(good, commitment=b"short"), "32-byte commitment"),
                         (evolve(good, own="text"), "as bytes")):
        with pytest.raises(IllegalEntry, match=words):
            table.submit(entry)


def test_a_saved_game_reloads_between_seal_and_reveal_from_the_seals_own_copies() -> None:
    session = _sealed_by_both()
    secrets = session.secrets
    again = rebuild(loads(dumps(session.log())), PEOPLE, secrets)
    assert again.view(0)["my_bid"] == 0
    again.run()
    session.run()
    assert again.table.state == session.table.state


def test_bot_games_replay_round_trip_and_pass_the_audit() -> None:
    config = master_config(RULES, b"sealed-bots", "sealed", 3)
    table, log = bot_game(RULES, config, b"sealed-bots")
    assert log.finished
    kinds = [r.entry.kind for r in log.records]
    assert kinds.count("seal") == kinds.count("reveal") == 3 * 6
    again = loads(dumps(log))
    assert dumps(again) == dumps(log)
    state, _ = replay(RULES, again)
    assert state == table.state
    assert audit_game(RULES, log, table.secrets).ok


def test_seal_and_reveal_entries_round_trip_through_their_plain_form() -> None:
    seal = SealEntry(1, "bid:2", b"c" * 32, b"o" * 256)
    reveal = RevealEntry(1, "bid:2", ("grain", "wine"), b"s" * 16)
    for entry in (seal, reveal):
        assert entry_from_plain(entry_to_plain(entry)) == entry


def _tampered(log: GameLog, kind: str, **changes: object) -> GameLog:
    index = next(i for i, r in enumerate(log.records) if r.entry.kind == kind)
    records = list(log.records)
    records[index] = LogRecord(evolve(records[index].entry, **changes), "")
    return GameLog(log.header, tuple(records), log.final_hash)


def test_a_tampered_reveal_is_not_legal_on_replay() -> None:
    config = master_config(RULES, b"sealed-tamper", "sealed", 2)
    _, log = bot_game(RULES, config, b"sealed-tamper")
    bad = _tampered(log, "reveal", salt=b"\x01" * 16)
    with pytest.raises(LogError, match="does not match its seal"):
        replay(RULES, bad)


def test_the_audit_refuses_a_seal_whose_own_copy_is_not_the_choice_revealed() -> None:
    config = master_config(RULES, b"sealed-own", "sealed", 2)
    _, log = bot_game(RULES, config, b"sealed-own")
    bad = _tampered(log, "seal", own=b"\x00" * 256)
    secrets = Secrets.from_master(b"sealed-own", 2)
    report = audit_game(RULES, bad, {s: SeatSecrets(s, k) for s, k in enumerate(secrets.keys)})
    assert not report.ok and "the seal's own copy does not match" in report.summary()


def test_a_controller_without_a_sealed_chooser_still_seals_a_valid_choice() -> None:
    class OnlyActions:
        def choose(self, view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
            return legal[0]

    session = _people(b"sealed-plain-bot")
    entry = session.table.sealed_choice(0, OnlyActions())
    assert session.table.check_sealed(0, session.table.secrets[0].sealed_choice("bid:1")) is None
    session.submit(entry)
    assert session.decision().actor == 1
