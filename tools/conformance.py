"""Checks every rule set must pass, step by step, during random legal play.

Used by tests/conformance and by fuzz runs: no exception, no dead end, no view leak, every
state round-trips through its encoding, every log replays to the same hashes, no handoff is
refused, the end-of-game audit (game.core.audit) passes, and no bot asks for another seat's
secrets while it decides. Sealed choices (game.core.sealed): sampled choices pass the rule
set's check and nonsense is refused, no view depends on another seat's sealed choice before
its reveal, a reveal that does not match its seal or that the check refuses is refused, and the
penalty of a withheld reveal places that seat last.

Cost: the leak check builds each seat's view once per state and works out the hidden cards
for all seats in one pass; the round-trip check decodes a sample of states (every
`ROUND_TRIP_EVERY`-th, every state showing a record type or frame kind not yet decoded in this
game, and the last), so every shape of state a game reaches is decoded at least once.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, cast

from game.core.actions import Action, act
from game.core.audit import AuditReport, audit_game
from game.core.encoding import canonical_bytes, from_plain, state_hash, to_plain
from game.core.engine import apply
from game.core.entries import RevealEntry
from game.core.errors import IllegalEntry
from game.core.log import GameLog, dumps, loads
from game.core.records import evolve
from game.core.ruleset import GameConfig, Ruleset, SealedChoices
from game.core.sealed import withheld
from game.core.slots import reveal
from game.core.table import Controller, Table, replay
from game.session import bot_session

ROUND_TRIP_EVERY = 8


class ConformanceError(AssertionError):
    """A rule set broke one of the conformance properties."""


@dataclass(frozen=True)
class GameReport:
    """What one checked game produced."""

    log: GameLog
    hashes: tuple[str, ...]
    decisions: int
    audit: AuditReport | None = None


@dataclass
class RoundTripSampler:
    """Which states to decode: every `every`-th, each new shape, and the last."""

    every: int = ROUND_TRIP_EVERY
    shapes: set[frozenset[str]] = field(default_factory=set)

    def due(self, index: int, state: Any) -> bool:
        """Whether state number `index` should be round-tripped now."""
        shape = state_shape(state)
        if shape in self.shapes and (self.every <= 1 or index % self.every):
            return False
        self.shapes.add(shape)
        return True


def state_shape(state: Any) -> frozenset[str]:
    """The record types a state holds at its top level and one level into its tuples."""
    if not is_dataclass(state):
        return frozenset({type(state).__name__})
    names = set()
    for item in fields(state):
        value = getattr(state, item.name)
        names.add(f"{item.name}:{type(value).__name__}")
        if isinstance(value, tuple):
            names.update(f"{item.name}[]:{_kind_of(v)}" for v in value)
    return frozenset(names)


def _kind_of(value: Any) -> str:
    kind = getattr(value, "kind", None)
    return f"{type(value).__name__}/{kind}" if isinstance(kind, str) else type(value).__name__


def checked_game(ruleset: Ruleset, config: GameConfig, master: bytes,
                 check_views: bool = True, max_entries: int = 200_000,
                 round_trip_every: int = ROUND_TRIP_EVERY,
                 players: tuple[str, ...] | None = None,
                 bots: Mapping[int, Controller] | None = None) -> GameReport:
    """Play one game through a game session (random bots unless `players` names them; `bots`
    replaces some seats' controllers), checking every step."""
    session = bot_session(ruleset, config, master, players)
    session.bots.update(bots or {})
    table = session.table
    sampler = RoundTripSampler(round_trip_every)
    hashes: list[str] = []
    for _ in range(max_entries):
        decision = table.decision()
        if decision.is_over:
            break
        if decision.kind == "action" and not table.legal(decision.actor):
            raise ConformanceError(f"dead end: seat {decision.actor} has no legal action "
                                   f"({decision.prompt})")
        if check_views:
            check_no_leak(table)
            check_sealed_no_leak(table)
        if decision.kind == "action":
            check_legality_test(table, decision.actor)
        if decision.kind == "seal":
            check_sealed_hooks(table, decision.actor)
        if decision.kind == "reveal" and decision.actor == _first_revealer(table):
            check_reveal_guard(table, decision.actor)
        if decision.kind in ("action", "seal") and decision.actor in session.bots:
            with other_secrets_sealed(table, decision.actor):
                session.step()
        else:
            session.step()
        if sampler.due(len(hashes), table.state):
            check_round_trip(ruleset, table.state)
        hashes.append(table.records[-1].state_hash or state_hash(table.state))
    else:
        raise ConformanceError(f"the game did not end within {max_entries} entries")
    check_round_trip(ruleset, table.state)
    check_outcome(ruleset, table)
    log = table.log()
    return GameReport(log, tuple(hashes), len(hashes), check_audit(table, log))


class SealedSecrets:
    """Stands in for a seat's secrets while another seat's bot decides: any use is a leak."""

    def __init__(self, seat: int, deciding: int) -> None:
        self._seat, self._deciding = seat, deciding

    def __getattr__(self, name: str) -> Any:
        raise ConformanceError(f"seat {self._deciding}'s bot asked for seat {self._seat}'s "
                               f"secrets ({name})")


@contextmanager
def other_secrets_sealed(table: Table, seat: int) -> Iterator[None]:
    """While `seat`'s bot decides, every other seat's secrets raise when anything asks for
    them (a searching bot simulates from the public state and its own knowledge only)."""
    kept = table.secrets
    sealed: dict[int, Any] = {other: secrets if other == seat else SealedSecrets(other, seat)
                              for other, secrets in kept.items()}
    table.secrets = sealed
    try:
        yield
    finally:
        table.secrets = kept


def check_outcome(ruleset: Ruleset, table: Table) -> None:
    """A finished game has an outcome: a reason, winners among its seats, every seat ranked."""
    outcome = ruleset.outcome(table.state)
    seats = range(len(table.config.seats))
    if not outcome.over or not outcome.winners or not set(outcome.winners) <= set(seats):
        raise ConformanceError(f"the finished game's outcome is incomplete: {outcome}")
    if sorted(s.seat for s in outcome.ranking) != list(seats):
        raise ConformanceError("the outcome does not rank every seat exactly once")
    if any(s.place != 1 for s in outcome.ranking if s.seat in outcome.winners):
        raise ConformanceError("a winner is not ranked first")


def check_audit(table: Table, log: GameLog) -> AuditReport:
    """No handoff was refused, and the end-of-game audit passes with every seat's secrets."""
    if table.disputes:
        raise ConformanceError(f"a handoff was refused: {table.disputes[0]}")
    report = audit_game(table.ruleset, log, table.secrets, sealer=table.sealer)
    if not report.ok:
        raise ConformanceError(f"the audit refused the game: {report.summary()}")
    return report


def check_legality_test(table: Table, seat: int) -> None:
    """A rule set's own legality test (`is_legal`, used by the core's guard) agrees with its
    legal list, on every legal action and on near misses (other verbs, other hand slots)."""
    ruleset = table.ruleset
    check = getattr(ruleset, "is_legal", None)
    if check is None:
        return
    legal = table.legal(seat)
    for action in (*legal, *_near_misses(legal)):
        needed = ruleset.openings_needed(table.state, action)
        if not all(table.secrets[seat].knows(slot) for slot in needed):
            continue
        openings = tuple(table.secrets[seat].opening(slot) for slot in needed)
        opened = table.state if not openings else ruleset.with_hidden(
            table.state, reveal(ruleset.hidden(table.state), openings))
        known = {o.slot: o.card for o in openings}
        listed = action in ruleset.legal_actions(opened, seat, known)
        if check(opened, seat, action, known) != listed:
            raise ConformanceError(f"is_legal says {not listed} for {action} (seat {seat}), "
                                   f"the legal list says {listed}")


def _near_misses(legal: tuple[Action, ...]) -> list[Action]:
    """Actions close to the legal ones: each verb alone, and with each slot they name."""
    verbs = sorted({a.verb for a in legal} | {"pass", "done", "expedition", "imperium"})
    slots = sorted({str(a.arg("slot")) for a in legal if a.arg("slot") is not None})
    return [act(verb) for verb in verbs] + [act(verb, slot=s) for verb in verbs for s in slots]


def check_round_trip(ruleset: Ruleset, state: Any) -> None:
    """The state decodes from its own encoding to an equal state with the same hash."""
    encoded = canonical_bytes(state)
    again: Any = from_plain(ruleset.state_type, json.loads(encoded))
    if again != state or canonical_bytes(again) != encoded:
        raise ConformanceError("a state does not round-trip through its encoding")


def check_log(ruleset: Ruleset, report: GameReport) -> None:
    """The log round-trips through its file form and replays to the recorded hashes."""
    data = dumps(report.log)
    again = loads(data)
    if dumps(again) != data:
        raise ConformanceError("a log does not round-trip through its encoding")
    _, hashes = replay(ruleset, again)
    if tuple(hashes) != report.hashes:
        raise ConformanceError("replay gave different state hashes")


def check_no_leak(table: Table) -> None:
    """No seat's view names a card hidden from that seat.

    The spectator view is serialised once; a seat's view reuses its strings for every top-level
    part equal to the spectator's, so only the parts that differ (its hand…) are serialised.
    """
    hidden = hidden_per_seat(table)
    if not any(hidden.values()):
        return
    shared = _parts(table.view(None))
    for seat, secret in hidden.items():
        if not secret:
            continue
        view = table.view(seat)
        strings = _strings_of(view, shared)
        shown = secret.intersection(strings)
        if shown:
            raise ConformanceError(f"seat {seat}'s view shows hidden card {min(shown)}")


def check_sealed_no_leak(table: Table) -> None:
    """While a sealed round has seals not yet revealed, no seat's view depends on them: each
    view is the same on a copy of the state whose commitments differ (as if the others had
    sealed other choices), built in the reverse order (no cache carries one seat's over)."""
    rules = cast(SealedChoices, table.ruleset)
    rnd = rules.sealed(table.state) if hasattr(rules, "sealed") else None
    if rnd is None or len(rnd.choices) == len(rnd.commitments):
        return
    other = evolve(rnd, commitments=tuple(hashlib.sha256(c).digest() for c in rnd.commitments))
    altered = rules.with_sealed(table.state, other)
    views = {seat: table.view(seat) for seat in range(len(table.config.seats))}
    for seat, view in reversed(views.items()):
        if table.ruleset.view(altered, table.view_request(seat)) != view:
            raise ConformanceError(f"seat {seat}'s view depends on sealed choices of {rnd.name} "
                                   "before their reveal")


def check_sealed_hooks(table: Table, seat: int) -> None:
    """The rule set's samples of a sealed choice pass its own check, and nonsense is refused."""
    request = table.sealed_request(seat)
    for pick in (lambda n: 0, lambda n: n - 1, lambda n: n // 2):
        choice = request.sample(pick)
        reason = request.check(choice)
        if reason is not None:
            raise ConformanceError(f"sample_sealed gave seat {seat} {choice} for {request.name}, "
                                   f"which check_sealed refuses: {reason}")
    if request.check(("not a choice of this game",)) is None:
        raise ConformanceError(f"check_sealed accepts nonsense for {request.name}")


def _first_revealer(table: Table) -> int | None:
    """The seat that reveals first in the round in progress (checked once per round)."""
    rnd = cast(SealedChoices, table.ruleset).sealed(table.state)
    return rnd.seats[0] if rnd is not None and not rnd.choices else None


def check_reveal_guard(table: Table, seat: int) -> None:
    """A reveal with another salt or another choice is refused, by name, changing nothing; the
    penalty of withholding it places the seat last and out of the winners."""
    true = table.reveal_entry(seat, table.decision().sealed)
    wrong = (evolve(true, salt=hashlib.sha256(true.salt).digest()[:len(true.salt)]),
             evolve(true, choice=(*true.choice, "extra")))
    for entry in wrong:
        _must_refuse(table, entry)
    penalty = withheld(table.ruleset.outcome(table.state), seat)
    if seat in penalty.winners or penalty.ranking[-1].seat != seat:
        raise ConformanceError(f"withholding the reveal does not place seat {seat} last")


def _must_refuse(table: Table, entry: RevealEntry) -> None:
    try:
        apply(table.ruleset, table.state, entry)
    except IllegalEntry as exc:
        if "\n" in str(exc) or not str(exc):
            raise ConformanceError(f"a refused reveal needs one line, not {str(exc)!r}") from None
        return
    raise ConformanceError(f"a reveal that does not match seat {entry.seat}'s seal was taken")


def _parts(view: Any) -> dict[str, tuple[Any, set[str]]]:
    """Each top-level part of a view with the strings it holds."""
    if not isinstance(view, dict):
        return {}
    return {key: (value, _strings(value)) for key, value in view.items()}


def _strings_of(view: Any, shared: dict[str, tuple[Any, set[str]]]) -> set[str]:
    if not isinstance(view, dict):
        return _strings(view)
    found = _strings(list(view))
    for key, value in view.items():
        same = shared.get(key)
        found |= same[1] if same is not None and same[0] == value else _strings(value)
    return found


def _strings(value: Any) -> set[str]:
    """Every JSON string in a value: the pieces between quotes of its JSON text."""
    return set(json.dumps(value, default=to_plain, ensure_ascii=False).split('"'))


def hidden_per_seat(table: Table) -> dict[int, set[str]]:
    """Per seat: card ids only other seats know, which it has not seen (revealed or its own)."""
    hidden = table.ruleset.hidden(table.state)
    revealed = hidden.revealed
    public = set(revealed.values())
    known = {seat: secrets.known() for seat, secrets in table.secrets.items()}
    private = {seat: {card for slot, card in cards.items() if slot not in revealed}
               for seat, cards in known.items()}
    out = {}
    for seat in range(len(table.config.seats)):
        others = set().union(*(cards for other, cards in private.items() if other != seat))
        out[seat] = others - public - set(known.get(seat, {}).values())
    return out


def hidden_from(table: Table, seat: int) -> set[str]:
    """Card ids only other seats know, which `seat` has not seen (revealed or its own)."""
    return hidden_per_seat(table)[seat]


def configs(ruleset: Ruleset, master: bytes) -> Iterator[GameConfig]:
    """One config per scenario (and per seat count where the scenario leaves it open)."""
    from game.session import master_config

    for info in ruleset.scenarios():
        counts = [None] if info.seats else list(range(info.min_seats, info.max_seats + 1))
        for count in counts:
            yield master_config(ruleset, master, info.id, count)
