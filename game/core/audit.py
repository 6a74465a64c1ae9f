"""The end-of-game audit: every shuffle against its openings, every action against everything
its actor knew.

During play an action is checked with the openings that come with it, so a face-down card
cannot be checked when it is declared. Once every deck's openings are known (each seat's
secrets on one machine; the AUDIT openings on a LAN) the log is replayed once more: each
shuffle's commitments are checked against its openings, and each action must be legal with its
actor's full knowledge at the time (its own shuffles' cards and the cards handed to it so far).
Every sealed choice must have been revealed by the end of a finished game, and with its
seat's secrets, its seal's own copy must open to the choice revealed. The first problem is
named in plain words (protocol.md, "Hidden hands").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from game.core.engine import apply, is_legal, why_illegal
from game.core.entries import (
    ActionEntry,
    ChanceEntry,
    CommitEntry,
    Entry,
    HandoffEntry,
    RevealEntry,
    SealEntry,
)
from game.core.errors import CommitmentError, EngineError
from game.core.log import GameLog
from game.core.ruleset import Ruleset
from game.core.sealing import SealContext, Sealer
from game.core.secrets import SeatSecrets
from game.core.slots import HiddenCards, Opening, audit_shuffle, slot_id


@dataclass(frozen=True)
class AuditProblem:
    """The first thing the audit refused: the entry, the seat at fault, why in plain words."""

    index: int
    seat: int | None
    reason: str

    def __str__(self) -> str:
        return f"entry {self.index}: {self.reason}"


@dataclass(frozen=True)
class AuditReport:
    """The audit's verdict on one log."""

    entries: int
    decks: int
    problem: AuditProblem | None = None

    @property
    def ok(self) -> bool:
        """Whether every shuffle and every action passed."""
        return self.problem is None

    def summary(self) -> str:
        """'ok (N entries, K decks)', or the problem."""
        return f"ok ({self.entries} entries, {self.decks} decks)" if self.ok else str(self.problem)


def audit_game(ruleset: Ruleset, log: GameLog, secrets: Mapping[int, SeatSecrets] | None = None,
               openings: Iterable[Opening] = (), sealer: Sealer | None = None) -> AuditReport:
    """Audit a log (already replayed and verified) given every deck's openings: `openings`, or
    for the shuffles they leave out the deck owner's `secrets` (which re-derive them). With a
    `sealer`, every handoff payload must also open to its slot's true opening."""
    auditor = _Auditor(ruleset, log, _Source(secrets or {}, openings), sealer)
    problem = auditor.run()
    decks = len(ruleset.hidden(auditor.state).decks)
    return AuditReport(len(log.records), decks, problem)


class _Source:
    """Where the openings of a shuffle come from: given ones, else the owner's secrets."""

    def __init__(self, secrets: Mapping[int, SeatSecrets], openings: Iterable[Opening]) -> None:
        self.secrets = secrets
        self.given = {o.slot: o for o in openings}

    def shuffle(self, hidden: HiddenCards, deck_id: str, epoch: int) -> dict[str, Opening]:
        """slot → opening for one committed shuffle (slots nobody can open are left out)."""
        deck = hidden.deck(deck_id)
        cards = deck.epochs[epoch].cards
        slots = [slot_id(deck_id, epoch, index) for index in range(len(cards))]
        owner = self.secrets.get(deck.owner)
        if owner is not None and not all(s in self.given for s in slots):
            if not all(owner.knows(s) for s in slots):
                owner.shuffle(hidden.game_id, deck_id, epoch, cards)
            return {s: owner.opening(s) for s in slots}
        return {s: self.given[s] for s in slots if s in self.given}


class _Auditor:
    """One replay of the log, tracking what each seat knows."""

    def __init__(self, ruleset: Ruleset, log: GameLog, source: _Source,
                 sealer: Sealer | None) -> None:
        self.ruleset = ruleset
        self.log = log
        self.source = source
        self.sealer = sealer
        self.config = log.header.config()
        self.state = ruleset.setup(self.config)
        self.openings: dict[str, Opening] = {}
        self.known: dict[int, dict[str, str]] = {}
        self.views: dict[int, Mapping[str, str]] = {}
        self.seals: dict[tuple[str, int], tuple[int, SealEntry]] = {}
        """(round, seat) → (index, seal) of every seal not yet revealed."""

    def run(self) -> AuditProblem | None:
        """The first problem in log order, or None."""
        for index, record in enumerate(self.log.records):
            problem = self.step(index, record.entry)
            if problem is not None:
                return problem
        return self.unrevealed() if self.log.finished else None

    def unrevealed(self) -> AuditProblem | None:
        """A finished game must have every sealed choice revealed."""
        for (name, seat), (index, _) in sorted(self.seals.items(), key=lambda i: i[1][0]):
            return AuditProblem(index, seat, f"{self.name(seat)} never revealed its sealed "
                                             f"{name}")
        return None

    def step(self, index: int, entry: Entry) -> AuditProblem | None:
        """Apply one entry (as the table did), then check it with full knowledge."""
        before = self.state
        try:
            self.state, _ = apply(self.ruleset, before, entry)
        except EngineError as exc:
            seat = None if isinstance(entry, ChanceEntry) else entry.seat
            return AuditProblem(index, seat, f"the entry is not legal on replay: {exc}")
        if isinstance(entry, ActionEntry) and not self.legal(before, entry):
            return self.illegal(index, before, entry)
        if isinstance(entry, CommitEntry):
            return self.shuffle(index, entry)
        if isinstance(entry, HandoffEntry):
            return self.handoff(index, entry)
        if isinstance(entry, SealEntry):
            self.seals[entry.name, entry.seat] = (index, entry)
        if isinstance(entry, RevealEntry):
            return self.revealed(index, entry)
        return None

    def revealed(self, index: int, entry: RevealEntry) -> AuditProblem | None:
        """With the seat's secrets, its seal's own copy must open to the choice revealed."""
        _, seal = self.seals.pop((entry.name, entry.seat))
        secrets = self.source.secrets.get(entry.seat)
        if secrets is None:
            return None
        try:
            own = secrets.recover(self.config.game_id, seal.name, seal.commitment, seal.own)
        except EngineError as exc:
            return self.bad_seal(index, entry, str(exc))
        return None if own == entry.choice else self.bad_seal(index, entry, "another choice")

    def bad_seal(self, index: int, entry: RevealEntry, why: str) -> AuditProblem:
        """A seal whose own copy does not hold the choice its seat revealed."""
        return AuditProblem(index, entry.seat, f"{self.name(entry.seat)}'s sealed {entry.name}: "
                                               f"the seal's own copy does not match ({why})")

    def legal(self, state: Any, entry: ActionEntry) -> bool:
        """Whether the action was legal before it, with everything its seat knew."""
        return is_legal(self.ruleset, state, entry.seat, entry.action, self.seen(entry.seat))

    def illegal(self, index: int, state: Any, entry: ActionEntry) -> AuditProblem:
        """The problem of an action its seat knew to be illegal, in the rule set's words."""
        name = self.name(entry.seat)
        if getattr(self.ruleset, "why_illegal", None) is None:
            return AuditProblem(index, entry.seat, f"{name}'s {entry.action} was not legal with "
                                                   f"the cards {name} held")
        reason, rule = why_illegal(self.ruleset, state, entry)
        return AuditProblem(index, entry.seat, f"{name}: {reason}"
                                               + (f" (rule {rule})" if rule else ""))

    def shuffle(self, index: int, entry: CommitEntry) -> AuditProblem | None:
        """Check a shuffle's commitments against its openings; its owner now knows them."""
        hidden = self.ruleset.hidden(self.state)
        openings = self.source.shuffle(hidden, entry.deck, entry.epoch)
        try:
            audit_shuffle(hidden, entry.deck, entry.epoch, openings)
        except CommitmentError as exc:
            name = self.name(entry.seat)
            return AuditProblem(index, entry.seat, f"{name}'s deck {entry.deck}: {exc.reason}")
        self.openings.update(openings)
        self.learn(entry.seat, openings.values())
        return None

    def handoff(self, index: int, entry: HandoffEntry) -> AuditProblem | None:
        """The recipient now knows the handed card (checked in its payload with a sealer)."""
        opening = self.openings[entry.slot]
        if self.sealer is not None:
            problem = self.unsealed(index, entry, opening)
            if problem is not None:
                return problem
        self.learn(entry.to, (opening,))
        return None

    def unsealed(self, index: int, entry: HandoffEntry, opening: Opening) -> AuditProblem | None:
        """A problem unless the payload opens, in its context, to the slot's true opening."""
        assert self.sealer is not None
        context = SealContext(self.config.game_id, index, entry.slot, entry.to)
        try:
            got = self.sealer.unseal(entry.sealed, context)
        except CommitmentError as exc:
            return self.bad_handoff(index, entry, exc.reason)
        if got != opening:
            return self.bad_handoff(index, entry, f"it does not carry the opening of {entry.slot}")
        return None

    def bad_handoff(self, index: int, entry: HandoffEntry, why: str) -> AuditProblem:
        """A handoff whose payload was wrong."""
        return AuditProblem(index, entry.seat, f"{self.name(entry.seat)}'s handoff to "
                                               f"{self.name(entry.to)}: {why}")

    def learn(self, seat: int, openings: Iterable[Opening]) -> None:
        """Add cards to what a seat knows."""
        self.known.setdefault(seat, {}).update((o.slot, o.card) for o in openings)
        self.views.pop(seat, None)

    def seen(self, seat: int) -> Mapping[str, str]:
        """slot → card of everything a seat knows (one read-only copy until it learns more)."""
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = MappingProxyType(dict(self.known.get(seat, {})))
        return view

    def name(self, seat: Any) -> str:
        """A seat's name from the game's set-up."""
        seats = self.config.seats
        return seats[seat] if isinstance(seat, int) and 0 <= seat < len(seats) else f"seat {seat}"
