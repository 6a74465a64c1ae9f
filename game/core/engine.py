"""Apply one entry: a linear guard pipeline (each guard one named rejection), then resolve.

Guards run before anything changes, so an illegal entry raises and the old state stands.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from game.core.actions import Action
from game.core.chance import check
from game.core.decision import CHANCE, Decision
from game.core.entries import (
    ActionEntry,
    ChanceEntry,
    CommitEntry,
    Entry,
    HandoffEntry,
    OpenEntry,
    RevealEntry,
    SealEntry,
)
from game.core.errors import IllegalEntry
from game.core.events import Event
from game.core.ruleset import Ruleset, SealedChoices
from game.core.sealed import SealedRound, is_choice, with_choice, with_commitment
from game.core.slots import Opening, commit_shuffle, reveal

Result = tuple[Any, tuple[Event, ...]]


def apply(ruleset: Ruleset, state: Any, entry: Entry, trusted: bool = False) -> Result:
    """Validate `entry` against the pending decision and resolve it.

    `trusted`: the action was taken from the engine's own legal list for this very state (a
    bot or a simulation), so its legality is not tested again; every other guard still runs."""
    if not _plainly_typed(entry):
        _guard_types(entry)
    decision = ruleset.decision(state)
    _guard_turn(decision, entry)
    if trusted and type(entry) is ActionEntry:
        return _apply_action(ruleset, state, decision, entry, trusted)
    return _HANDLERS[entry.kind](ruleset, state, decision, entry)


_ENTRY_TYPES = (ActionEntry, ChanceEntry, OpenEntry, CommitEntry, HandoffEntry, SealEntry,
                RevealEntry)


def _guard_types(entry: object) -> None:
    """Refuse, by name, what is not an entry or carries values of the wrong type."""
    if not isinstance(entry, _ENTRY_TYPES):
        raise IllegalEntry(f"not an entry: {type(entry).__name__} {_brief(entry)}")
    if isinstance(entry, ChanceEntry):
        _guard_chance_types(entry)
    elif not _is_seat(entry.seat):
        raise IllegalEntry(f"a seat is a whole number, not {type(entry.seat).__name__} "
                           f"{_brief(entry.seat)}")
    if isinstance(entry, ActionEntry) and not isinstance(entry.action, Action):
        raise IllegalEntry(f"not an action: {type(entry.action).__name__}")
    if isinstance(entry, HandoffEntry) and not _is_seat(entry.to):
        raise IllegalEntry(f"a handoff goes to a seat, not {_brief(entry.to)}")
    if isinstance(entry, SealEntry | RevealEntry):
        _guard_sealed_types(entry)


def _plainly_typed(entry: object) -> bool:
    """The common well-formed entries, recognised by exact types (the full checks pass them)."""
    if type(entry) is ActionEntry:
        return type(entry.seat) is int and type(entry.action) is Action
    if type(entry) is ChanceEntry:
        return type(entry.seed) is bytes and len(entry.seed) > 0 and entry.values is None
    return False


def _guard_sealed_types(entry: SealEntry | RevealEntry) -> None:
    if not isinstance(entry.name, str):
        raise IllegalEntry(f"a sealed round is named by text, not {_brief(entry.name)}")
    if isinstance(entry, SealEntry) and not (isinstance(entry.commitment, bytes)
                                             and isinstance(entry.own, bytes)):
        raise IllegalEntry("a seal carries its commitment and own copy as bytes")
    if isinstance(entry, RevealEntry) and not is_choice(entry.choice):
        raise IllegalEntry(f"a sealed choice is a tuple of text, not {_brief(entry.choice)}")
    if isinstance(entry, RevealEntry) and not isinstance(entry.salt, bytes):
        raise IllegalEntry(f"a reveal's salt is bytes, not {_brief(entry.salt)}")


def _guard_chance_types(entry: ChanceEntry) -> None:
    if entry.seed is not None and not isinstance(entry.seed, bytes):
        raise IllegalEntry(f"a chance seed is bytes, not {type(entry.seed).__name__} "
                           f"{_brief(entry.seed)}")
    values = entry.values
    if values is not None and (not isinstance(values, tuple)
                               or not all(_is_seat(v) for v in values)):
        raise IllegalEntry(f"chance values are whole numbers, not {_brief(values)}")
    if entry.seed is None and values is None:
        raise IllegalEntry("a chance entry needs a seed or values")


def _is_seat(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _brief(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _guard_turn(decision: Decision, entry: Entry) -> None:
    """The game is open, the entry is of the kind pending, and from the seat that acts."""
    kind = decision.kind
    if kind == "over":
        raise IllegalEntry("the game is over: no further entries are accepted")
    if entry.kind != kind:
        raise IllegalEntry(f"expected {_article(kind)} entry ({decision.prompt}), "
                           f"got {_article(entry.kind)} entry")
    _guard_actor(decision, entry)


def _article(word: str) -> str:
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def _guard_actor(decision: Decision, entry: Entry) -> None:
    seat = CHANCE if isinstance(entry, ChanceEntry) else entry.seat
    if seat != decision.actor:
        raise IllegalEntry(f"seat {seat} may not act now: seat {decision.actor} must "
                           f"({decision.prompt})")


def _apply_action(ruleset: Ruleset, state: Any, decision: Decision, entry: ActionEntry,
                  trusted: bool = False) -> Result:
    needed = _openings_needed(ruleset, state, entry)
    if (needed or entry.openings) and sorted(needed) != sorted(o.slot for o in entry.openings):
        raise IllegalEntry(f"{entry.action} must come with the openings of "
                           f"{', '.join(needed) or 'no cards'}")
    opened = _opened(ruleset, state, entry.openings)
    if not trusted:
        known = {o.slot: o.card for o in entry.openings}
        if not is_legal(ruleset, opened, entry.seat, entry.action, known):
            raise IllegalEntry(*why_illegal(ruleset, opened, entry))
    return ruleset.apply(opened, entry)


def _openings_needed(ruleset: Ruleset, state: Any, entry: ActionEntry) -> tuple[str, ...]:
    """The slots an action plays; an action too malformed for the rule set to read is refused
    here, by name, before anything changes (a LAN peer may send anything)."""
    try:
        return tuple(ruleset.openings_needed(state, entry.action))
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        raise IllegalEntry(f"{entry.action} is not an action of this game now") from None


def _opened(ruleset: Ruleset, state: Any, openings: tuple[Opening, ...]) -> Any:
    """The state with `openings` public (the same state object when there are none)."""
    if not openings:
        return state
    return ruleset.with_hidden(state, reveal(ruleset.hidden(state), openings))


def is_legal(ruleset: Ruleset, state: Any, seat: int, action: Action,
             known: Mapping[str, str]) -> bool:
    """The rule set's own membership test when it has one, else a search of the legal list."""
    check = getattr(ruleset, "is_legal", None)
    try:
        if check is not None:
            return bool(check(state, seat, action, known))
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        return False  # arguments the rule set cannot read: not one of its legal actions
    return action in ruleset.legal_actions(state, seat, known)


def _apply_open(ruleset: Ruleset, state: Any, decision: Decision, entry: OpenEntry) -> Result:
    if sorted(o.slot for o in entry.openings) != sorted(decision.slots):
        raise IllegalEntry(f"expected openings of {', '.join(decision.slots)}")
    return ruleset.apply(_opened(ruleset, state, entry.openings), entry)


def _apply_commit(ruleset: Ruleset, state: Any, decision: Decision, entry: CommitEntry) -> Result:
    if (entry.deck, entry.epoch) != (decision.deck, decision.epoch):
        raise IllegalEntry(f"expected commitments for {decision.deck} shuffle {decision.epoch}")
    hidden = commit_shuffle(ruleset.hidden(state), entry.deck, entry.epoch, entry.commitments)
    return ruleset.apply(ruleset.with_hidden(state, hidden), entry)


def _apply_handoff(ruleset: Ruleset, state: Any, decision: Decision,
                   entry: HandoffEntry) -> Result:
    if (entry.slot, entry.to) != (decision.slots[0], decision.to):
        raise IllegalEntry(f"expected the opening of {decision.slots[0]} for seat {decision.to}")
    return ruleset.apply(state, entry)


def _apply_seal(ruleset: Ruleset, state: Any, decision: Decision, entry: SealEntry) -> Result:
    _guard_round(decision, entry)
    rnd = with_commitment(_round(ruleset, state), entry.seat, entry.commitment)
    return ruleset.apply(_sealed(ruleset).with_sealed(state, rnd), entry)


def _apply_reveal(ruleset: Ruleset, state: Any, decision: Decision,
                  entry: RevealEntry) -> Result:
    """A reveal must match its seal and be a choice the rule set accepts (rule set's words)."""
    _guard_round(decision, entry)
    game_id = ruleset.hidden(state).game_id
    rnd = with_choice(_round(ruleset, state), game_id, entry.seat, entry.choice, entry.salt)
    reason = _sealed(ruleset).check_sealed(state, entry.seat, entry.name, entry.choice)
    if reason is not None:
        raise IllegalEntry(f"seat {entry.seat}'s sealed {entry.name} is refused: {reason}")
    return ruleset.apply(_sealed(ruleset).with_sealed(state, rnd), entry)


def _guard_round(decision: Decision, entry: SealEntry | RevealEntry) -> None:
    if entry.name != decision.sealed:
        raise IllegalEntry(f"expected the {decision.kind} of {decision.sealed}, "
                           f"not of {_brief(entry.name)}")


def _sealed(ruleset: Ruleset) -> SealedChoices:
    """The rule set's sealed-choice hooks (a rule set asking for seals must have them)."""
    return cast(SealedChoices, ruleset)


def _round(ruleset: Ruleset, state: Any) -> SealedRound:
    rnd = _sealed(ruleset).sealed(state)
    assert rnd is not None, "a seal or reveal decision without a sealed round"
    return rnd


def _apply_chance(ruleset: Ruleset, state: Any, decision: Decision, entry: ChanceEntry) -> Result:
    validate_chance(decision, entry)
    return ruleset.apply(state, entry)


def why_illegal(ruleset: Ruleset, state: Any, entry: ActionEntry) -> tuple[str, str | None]:
    """(reason, rule or None) an action is illegal: the rule set's own words when it has them."""
    explain = getattr(ruleset, "why_illegal", None)
    if explain is not None:
        reason, rule = explain(state, entry)
        return reason, rule
    return f"{entry.action} is not a legal action for seat {entry.seat} now", None


_HANDLERS: dict[str, Callable[[Ruleset, Any, Decision, Any], Result]] = {
    "action": _apply_action,
    "open": _apply_open,
    "commit": _apply_commit,
    "handoff": _apply_handoff,
    "chance": _apply_chance,
    "seal": _apply_seal,
    "reveal": _apply_reveal,
}


def validate_chance(decision: Decision, entry: ChanceEntry) -> None:
    """Raise IllegalEntry unless the chance answer fits the request."""
    assert decision.chance is not None
    check(decision.chance, entry.seed, entry.values)
