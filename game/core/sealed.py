"""Sealed simultaneous choices: seats seal choices (salted commitments), then reveal them.

A sealed round lives in the rule set's state. Each of its seats, in order, seals a choice:
the log holds only a commitment binding the game, seat, round and choice. Once every seat has
sealed, each reveals its choice and salt, which every table checks against the commitment and
the rule set's own check. See docs/architecture.md, "Sealed choices".
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from game.core.decision import Decision
from game.core.encoding import canonical_bytes
from game.core.errors import CommitmentError, IllegalEntry
from game.core.outcome import Outcome, Standing
from game.core.records import evolve

Choice = tuple[str, ...]
"""A sealed choice as plain canonical data: a tuple of short strings (the rule set's form)."""
Pick = Callable[[int], int]
"""A chooser of an index in range(n): how a bot steers `sample_sealed`."""

SEAL_TAG = b"mare-internum/sealed-choice/v1\x00"
SALT_BYTES = 16
COMMITMENT_BYTES = 32


@dataclass(frozen=True)
class SealedRound:
    """One round of sealed choices: who seals (in order), their commitments and reveals."""

    name: str
    seats: tuple[int, ...]
    commitments: tuple[bytes, ...] = ()
    choices: tuple[Choice, ...] = ()

    @property
    def sealing(self) -> int | None:
        """The seat that must seal now, or None once every seat has sealed."""
        done = len(self.commitments)
        return self.seats[done] if done < len(self.seats) else None

    @property
    def revealing(self) -> int | None:
        """The seat that must reveal now (only after every seat sealed), or None."""
        done = len(self.choices)
        if self.sealing is not None or done >= len(self.seats):
            return None
        return self.seats[done]

    @property
    def complete(self) -> bool:
        """Whether every seat has revealed."""
        return len(self.choices) == len(self.seats)

    def revealed(self) -> dict[int, Choice]:
        """seat → its revealed choice (the reveals so far)."""
        return dict(zip(self.seats, self.choices, strict=False))

    def commitment_of(self, seat: int) -> bytes:
        """The commitment a seat sealed (KeyError before it has)."""
        return dict(zip(self.seats, self.commitments, strict=False))[seat]


def open_round(name: str, seats: tuple[int, ...]) -> SealedRound:
    """A new round in which `seats` (in this order) seal, then reveal."""
    if len(set(seats)) != len(seats) or not seats:
        raise ValueError(f"a sealed round needs distinct seats, not {seats}")
    return SealedRound(name, tuple(seats))


def round_decision(rnd: SealedRound | None, prompt: str) -> Decision | None:
    """The seal or reveal decision the round asks for next; None when none is open."""
    if rnd is None:
        return None
    if rnd.sealing is not None:
        return Decision(rnd.sealing, "seal", prompt, sealed=rnd.name)
    if rnd.revealing is not None:
        return Decision(rnd.revealing, "reveal", f"reveal {rnd.name}", sealed=rnd.name)
    return None


def sealed_commitment(game_id: bytes, seat: int, name: str, choice: Choice,
                      salt: bytes) -> bytes:
    """The binding, hiding commitment to `choice` by `seat` in round `name`."""
    body = b"\x00".join((game_id, str(seat).encode(), name.encode(),
                         canonical_bytes(list(choice)), salt))
    return hashlib.sha256(SEAL_TAG + body).digest()


def with_commitment(rnd: SealedRound, seat: int, commitment: bytes) -> SealedRound:
    """The round with `seat`'s commitment added (it must be that seat's turn to seal)."""
    if rnd.sealing != seat:
        raise IllegalEntry(f"seat {seat} may not seal {rnd.name} now")
    if len(commitment) != COMMITMENT_BYTES:
        raise IllegalEntry(f"a seal of {rnd.name} is a {COMMITMENT_BYTES}-byte commitment")
    return evolve(rnd, commitments=(*rnd.commitments, commitment))


def with_choice(rnd: SealedRound, game_id: bytes, seat: int, choice: Choice,
                salt: bytes) -> SealedRound:
    """The round with `seat`'s verified reveal added; CommitmentError on a mismatch."""
    if rnd.revealing != seat:
        raise IllegalEntry(f"seat {seat} may not reveal {rnd.name} now")
    expected = rnd.commitment_of(seat)
    if sealed_commitment(game_id, seat, rnd.name, choice, salt) != expected:
        raise CommitmentError(f"seat {seat}'s reveal of {rnd.name} does not match its seal")
    return evolve(rnd, choices=(*rnd.choices, choice))


def is_choice(value: object) -> bool:
    """Whether a value has the form of a choice (a tuple of strings)."""
    return isinstance(value, tuple) and all(isinstance(item, str) for item in value)


@dataclass(frozen=True)
class SealedRequest:
    """What a controller is handed to make a sealed choice: sample one, or check its own."""

    seat: int
    name: str
    sample: Callable[[Pick], Choice]
    check: Callable[[Choice], str | None]


def withheld_by(decision: Decision) -> int | None:
    """The seat that owes a reveal when the table stops at `decision`, or None."""
    return decision.actor if decision.kind == "reveal" else None


def withheld(outcome: Outcome, seat: int) -> Outcome:
    """The penalty of a withheld reveal: `seat` is placed last and cannot win; the others keep
    their order and their shared places."""
    ranking: list[Standing] = []
    previous = 0
    for before in (s for s in outcome.ranking if s.seat != seat):
        tied = bool(ranking) and before.place == previous
        previous = before.place
        ranking.append(Standing(before.seat, ranking[-1].place if tied else len(ranking) + 1,
                                before.keys))
    ranking += [Standing(s.seat, len(ranking) + 1, s.keys) for s in outcome.ranking
                if s.seat == seat]
    winners = tuple(w for w in outcome.winners if w != seat)
    return Outcome(winners, tuple(ranking), outcome.reason, outcome.target)
