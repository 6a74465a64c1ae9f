"""Write a game position (docs/positions.md) from a state and every seat's secrets.

Only states at a round's Random Event roll, at the start of an action phase or inside the
Empire Foundation step can be written: mid-procedure frames (an ME being built, a combat) have
no place in the format.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from typing import Any

import yaml

from game.core.records import evolve
from game.core.ruleset import GameConfig
from game.core.secrets import SeatSecrets
from game.rulesets.mediterranean_empires.frames import ActionPhase, Foundation, RoundStart
from game.rulesets.mediterranean_empires.position.foundation import FOUNDATION, markers_left
from game.rulesets.mediterranean_empires.position.load import (
    EVENT,
    EVERYONE,
    round_stack,
    vp_range,
)
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.setup import initial_state
from game.rulesets.mediterranean_empires.state import NEUTRAL, MeState

HANDLED = frozenset({"scenario", "options", "seats", "board", "turn", "round", "last_turn",
                     "enraged", "event", "all_passed", "passes", "first_seat", "hidden",
                     "stack", "truces"})
"""MeState fields the format holds; any other field must have its default value."""
REGISTERS = frozenset({"outcome"})
"""Return registers: read only by the procedure that started a combat, so stale (and dropped)
at the start of an action phase or a round."""


class PositionError(ValueError):
    """The state cannot be written as a position (the reason says why)."""


def dump_position(rules: Rules, state: MeState, secrets: Mapping[int, SeatSecrets]) -> str:
    """The position as YAML text."""
    header = "# Mare Internum position (docs/positions.md)\n"
    return header + yaml.safe_dump(position_data(rules, state, secrets), sort_keys=False,
                                   allow_unicode=True, width=88, default_flow_style=None)


def position_data(rules: Rules, state: MeState, secrets: Mapping[int, SeatSecrets]
                  ) -> dict[str, Any]:
    """The position as plain data, in the order the file lists it."""
    if isinstance(state.top, Foundation):
        return foundation_data(rules, state, secrets)
    mover = _mover(rules, state)
    names = [seat.empire for seat in state.seats]
    data: dict[str, Any] = {"scenario": rules.scenario(state.scenario).number,
                            "turn": state.turn, "round": state.round + (mover is None),
                            "to_act": EVENT if mover is None else names[mover]}
    if mover is not None:
        data["event"] = state.event
    data.update(enraged=state.enraged, all_passed=state.all_passed, passes=state.passes,
                first=names[state.first_seat], options=dict(state.options),
                subdued=[a for a, f in zip(rules.area_ids, state.board.subdued, strict=True)
                         if f == 1],
                neutral=_neutral(rules, state), game_id=state.hidden.game_id.hex())
    cards = _Cards(state, secrets)
    data["empires"] = {names[s]: _empire(rules, state, s, cards) for s in range(len(names))}
    cards.check_all_placed()
    return data


def foundation_data(rules: Rules, state: MeState, secrets: Mapping[int, SeatSecrets]
                    ) -> dict[str, Any]:
    """A state inside the Empire Foundation step as plain data."""
    _check_foundation(rules, state, secrets)
    empires = {seat.empire: {"cities": _cities_of(rules, state, index),
                             "markers_left": markers_left(rules, state, index)}
               for index, seat in enumerate(state.seats)}
    return {"scenario": rules.scenario(state.scenario).number, "to_act": FOUNDATION,
            "options": dict(state.options), "game_id": state.hidden.game_id.hex(),
            "empires": empires}


def _check_foundation(rules: Rules, state: MeState, secrets: Mapping[int, SeatSecrets]) -> None:
    """Only the board and the decks' commitments may differ from the set-up state."""
    if state.hidden.pending_commit() is not None:
        raise PositionError("a deck is waiting for its shuffle commitments")
    names = tuple(seat.empire.capitalize() for seat in state.seats)
    base = initial_state(rules, GameConfig("", state.scenario, names, state.hidden.game_id,
                                           state.options))
    top = state.top
    assert isinstance(top, Foundation)
    left = tuple(markers_left(rules, state, s) for s in range(len(state.seats)))
    if evolve(state, board=base.board, hidden=base.hidden, stack=base.stack) != base or \
            state.stack[:-1] != base.stack[:-1] or top.left != left:
        raise PositionError("the Empire Foundation state holds more than its cities and "
                            "markers left (hands, VP, or an odd stack)")
    for deck in state.hidden.decks:
        if len(deck.undrawn) != len(deck.epochs[0].cards) or len(deck.epochs) != 1:
            raise PositionError(f"the {deck.id} deck is not whole during the foundation")


def _mover(rules: Rules, state: MeState) -> int | None:
    """Whose action phase is next (None: the event roll); PositionError anywhere else."""
    top = state.top
    if state.hidden.pending_commit() is not None:
        raise PositionError("a deck is waiting for its shuffle commitments")
    if isinstance(top, RoundStart):
        mover = None
    elif isinstance(top, ActionPhase) and not top.acted:
        mover = top.seat
    else:
        kind = top.kind if top is not None else "none (the game is over)"
        raise PositionError(f"positions start at an action phase or a Random Event roll; "
                            f"the state is in {kind}")
    if state.stack != round_stack(rules, state, mover):
        raise PositionError("the round's stack holds more than the remaining action phases")
    _check_defaults(state)
    return mover


def _check_defaults(state: MeState) -> None:
    for item in dataclasses.fields(state):
        if item.name in HANDLED or item.name in REGISTERS:
            continue
        if item.default is dataclasses.MISSING or getattr(state, item.name) != item.default:
            raise PositionError(f"the position format cannot hold the state's {item.name!r}")


def _neutral(rules: Rules, state: MeState) -> dict[str, int]:
    return {city: forts for city, owner, forts in zip(rules.city_ids, state.board.owner,
                                                      state.board.forts, strict=True)
            if owner == NEUTRAL and forts != 1}


def _cities_of(rules: Rules, state: MeState, seat: int) -> dict[str, int]:
    return {city: forts for city, owner, forts in zip(rules.city_ids, state.board.owner,
                                                      state.board.forts, strict=True)
            if owner == seat}


def _empire(rules: Rules, state: MeState, seat: int, cards: _Cards) -> dict[str, Any]:
    record = state.seats[seat]
    low, high = vp_range(rules)
    if not low <= record.vp <= high:
        raise PositionError(f"{record.empire} has {record.vp} VP, off the VP track "
                            f"({low}..{high})")
    out: dict[str, Any] = {
        "vp": record.vp, "capital": _capital(rules, state, seat),
        "cities": _cities_of(rules, state, seat),
        "hand": sorted((cards.hand_entry(seat, slot) for slot in record.hand),
                       key=lambda entry: _hand_key(entry, record.empire)),
        "discard": [cards.card(slot, seat) for slot in record.discard],
        "deck": "rest", "hand_bonus": record.hand_bonus,
        "cities_at_turn_start": record.cities_at_turn_start}
    truces = [_truce(state, t.other, t.card, t.until) for t in state.truces if t.seat == seat]
    if truces:
        out["truces"] = truces
    cards.place(record.discard, seat)
    cards.place(state.hidden.deck(record.empire).undrawn, seat)
    return out


def _truce(state: MeState, other: int, card: str, until: str) -> dict[str, str]:
    name = "everyone" if other == EVERYONE else state.seats[other].empire
    return {"with": name, "card": card, "until": until}


def _capital(rules: Rules, state: MeState, seat: int) -> str | dict[str, str]:
    """The capital's city, or `{city, held_by}` when another empire (or neutral) holds it."""
    city = state.seats[seat].capital
    owner = state.board.owner[rules.city_index(city)]
    if owner == seat:
        return city
    return {"city": city, "held_by": state.seats[owner].empire if owner >= 0 else "neutral"}


def _hand_key(entry: str | dict[str, Any], own: str) -> tuple[str, str, bool]:
    """Deck, then card: the order of the slots a reloaded hand gets (position/deal.py)."""
    text = entry if isinstance(entry, str) else str(entry["card"])
    deck, _, card = text.rpartition(":")
    return deck or own, card, not isinstance(entry, str)


class _Cards:
    """Card identities from the public openings and the seats' secrets; tracks placed slots."""

    def __init__(self, state: MeState, secrets: Mapping[int, SeatSecrets]) -> None:
        self.state = state
        self.secrets = secrets
        self.owners = {seat.empire: index for index, seat in enumerate(state.seats)}
        self.placed: dict[str, str] = {}

    def card(self, slot: str, holder: int) -> str:
        """The card in a slot: public, known to its holder, or to its deck's owner."""
        public = self.state.hidden.card_of(slot)
        if public is not None:
            return public
        for seat in (holder, self.owners[slot.rsplit(":", 2)[0]]):
            if seat in self.secrets and self.secrets[seat].knows(slot):
                return self.secrets[seat].opening(slot).card
        raise PositionError(f"no secrets given know the card in slot {slot}")

    def hand_entry(self, seat: int, slot: str) -> str | dict[str, Any]:
        """`card`, `deck:card` for another deck's card, or a mapping when opened publicly."""
        deck = slot.rsplit(":", 2)[0]
        card = self.placed[slot] = self.card(slot, seat)
        text = card if deck == self.state.seats[seat].empire else f"{deck}:{card}"
        if self.state.hidden.card_of(slot) is not None:
            return {"card": text, "open": True}
        return text

    def place(self, slots: tuple[str, ...], holder: int) -> None:
        """Account for slots outside hands (discard piles, draw decks)."""
        for slot in slots:
            self.placed[slot] = self.card(slot, holder)

    def check_all_placed(self) -> None:
        """Each deck's cards are all in hands, its discard pile or its draw deck, once."""
        for deck in self.state.hidden.decks:
            found = Counter(card for slot, card in self.placed.items()
                            if slot.rsplit(":", 2)[0] == deck.id)
            if found != Counter(deck.epochs[0].cards):
                missing = sorted((Counter(deck.epochs[0].cards) - found).elements())
                raise PositionError(f"cards of the {deck.id} deck are in no hand, discard "
                                    f"pile or draw deck: {', '.join(missing) or '(extra)'}")
