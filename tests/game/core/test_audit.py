"""The end-of-game audit: shuffles against their openings, actions against full knowledge."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest

from game.core.actions import Action, act
from game.core.audit import AuditProblem, AuditReport, audit_game
from game.core.entries import ActionEntry, ChanceEntry, HandoffEntry
from game.core.log import LogRecord
from game.core.sealing import LocalSealer
from game.core.secrets import SeatSecrets
from game.core.table import Table
from game.rulesets import get_ruleset
from game.rulesets._toy import cards
from game.rulesets._toy.rules import ToyRuleset
from tests.game.core.helpers_toy import deal, finish, in_hand, to_steal, toy_table

TOY = get_ruleset("toy")


def _fresh(table: Table) -> dict[int, SeatSecrets]:
    """Secrets rebuilt from the seat keys alone (as `mare replay` reads them from a file)."""
    return {seat: SeatSecrets(seat, bytes([seat + 1]) * 32) for seat in table.secrets}


def test_an_honest_game_passes_from_secrets_keys_or_openings() -> None:
    table = toy_table()
    log = finish(table, b"honest")
    everything = [o for secrets in table.secrets.values() for o in secrets.openings()]
    reports = [audit_game(TOY, log, table.secrets, sealer=LocalSealer()),
               audit_game(TOY, log, _fresh(table), sealer=LocalSealer()),
               audit_game(TOY, log, openings=everything)]
    assert all(r.ok for r in reports)
    assert reports[0].summary() == f"ok ({len(log.records)} entries, 2 decks)"


def test_a_deck_nobody_opens_is_named_at_its_shuffle() -> None:
    table = toy_table()
    log = finish(table, b"missing")
    own = table.secrets[0].openings()
    mine = [o for o in own if o.slot.startswith("d0:")]
    report = audit_game(TOY, log, openings=mine)
    assert report.problem == AuditProblem(1, 1, "Bob's deck d1: slot d1:0:0 was never opened")
    assert str(report.problem) == "entry 1: Bob's deck d1: slot d1:0:0 was never opened"


def test_a_stacked_deck_is_named_at_its_shuffle() -> None:
    table = toy_table(cheat=1)
    log = table.log()
    cheat = audit_game(TOY, log, table.secrets).problem
    assert cheat == AuditProblem(1, 1, "Bob's deck d1: shuffle 0 of d1 does not hold the "
                                       "declared cards")
    honest_keys = audit_game(TOY, log, _fresh(table)).problem
    assert honest_keys is not None and honest_keys.index == 1
    assert "does not match its commitment" in honest_keys.reason


class NoRaidWagers(ToyRuleset):
    """Tribute with one more rule: a raid may not be wagered (checkable only by its holder)."""

    def legal_actions(self, state: Any, seat: int, known: Mapping[str, str]
                      ) -> tuple[Action, ...]:
        return tuple(a for a in super().legal_actions(state, seat, known)
                     if not _raid_wager(a, known))


class ExplainedNoRaidWagers(NoRaidWagers):
    """The same, saying why."""

    def why_illegal(self, state: Any, entry: ActionEntry) -> tuple[str, str | None]:
        return f"{entry.action} wagers a raid", "T.9"


def _raid_wager(action: Action, known: Mapping[str, str]) -> bool:
    card = known.get(str(action.arg("slot")))
    return action.verb == "wager" and card is not None and cards.kind_of(card) == "raid"


def _wagers_a_raid(ruleset: ToyRuleset) -> tuple[Table, int, str]:
    """A game in which Ann wagers a raid face down (the table cannot tell); (table, entry, slot)."""
    table = toy_table(ruleset=ruleset)
    deal(table, 0, ("raid", "coin2", "coin3"))
    deal(table, 1, ("coin1", "coin2", "coin3"))
    table.submit(ChanceEntry(values=(0,)))
    raid = in_hand(table, 0, "raid")
    assert act("wager", slot=raid) not in table.legal(0)
    index = len(table.records)
    table.submit(ActionEntry(0, act("wager", slot=raid)))
    finish(table, b"wager")
    return table, index, raid


def test_a_face_down_card_that_was_ineligible_is_caught() -> None:
    ruleset = NoRaidWagers()
    table, index, raid = _wagers_a_raid(ruleset)
    report = audit_game(ruleset, table.log(), table.secrets)
    assert not report.ok and report.problem is not None
    assert str(report.problem) == (f"entry {index}: Ann's wager slot={raid} was not legal with "
                                   f"the cards Ann held")
    assert report.problem.seat == 0
    assert audit_game(TOY, table.log(), table.secrets).ok


def test_the_rule_set_names_why_an_action_was_illegal() -> None:
    ruleset = ExplainedNoRaidWagers()
    table, index, raid = _wagers_a_raid(ruleset)
    report = audit_game(ruleset, table.log(), _fresh(table))
    assert report.summary() == f"entry {index}: Ann: wager slot={raid} wagers a raid (rule T.9)"


def test_a_handoff_payload_is_checked_with_a_sealer() -> None:
    table = toy_table()
    deal(table, 0, ("thief", "raid", "coin3"))
    deal(table, 1, ("plague", "coin2", "coin1"))
    table.submit(ChanceEntry(values=(0,)))
    honest = table.mechanical_entry(to_steal(table, in_hand(table, 1, "coin2")))
    assert isinstance(honest, HandoffEntry)
    index = len(table.records)
    table.submit(HandoffEntry(honest.seat, honest.slot, honest.to, b"garbled"))
    log = finish(table, b"garbled")
    assert audit_game(TOY, log, table.secrets).ok
    report = audit_game(TOY, log, table.secrets, sealer=LocalSealer())
    assert report.summary() == (f"entry {index}: Bob's handoff to Ann: a handed-off opening "
                                f"could not be read")


@pytest.mark.parametrize(("problem", "says"), [
    (None, "ok (3 entries, 1 decks)"),
    (AuditProblem(2, 0, "Ann: why"), "entry 2: Ann: why"),
])
def test_the_report_says_ok_or_the_problem(problem: AuditProblem | None, says: str) -> None:
    report = AuditReport(3, 1, problem)
    assert report.ok is (problem is None) and report.summary() == says


def test_an_entry_the_engine_refuses_is_named() -> None:
    table = toy_table()
    log = table.log()
    bad = replace(log, records=(*log.records, LogRecord(ActionEntry(1, act("pass")))))
    report = audit_game(TOY, bad, table.secrets)
    assert report.problem is not None and (report.problem.index, report.problem.seat) == (2, 1)
    assert str(report.problem).startswith("entry 2: the entry is not legal on replay: expected")
