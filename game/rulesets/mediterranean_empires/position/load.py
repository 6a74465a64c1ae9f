"""Game positions as YAML: load one into a real MeState whose hidden cards are commitments.

A position names the scenario, turn, round, this round's event, the Enraged level, options, and
per empire its VP, capital, cities with their fortification markers, hand, discard pile, draw
deck ("rest": whatever is left), hand bonus, cities at turn start and truces; subdued areas
and neutral markers other than one are listed once. `to_act` is the empire whose action phase
comes next in the round, or `event` for the round's Random Event roll. Schema: docs/positions.md.

Each seat gets its own SeatSecrets and commits one shuffle of its deck, exactly as in play; the
slots holding the listed cards are then dealt into hands, discard piles (opened publicly) and the
draw deck, so every seat's secrets know its hand. Errors name the file and the key path.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass

from game.content import ContentError, Node, parse_yaml
from game.core.errors import IllegalEntry
from game.core.records import evolve
from game.core.ruleset import GameConfig
from game.core.secrets import LocalSealer, SeatSecrets
from game.core.slots import HiddenCards, commit_shuffle, reveal
from game.rulesets.mediterranean_empires.content.setups import SetupDef
from game.rulesets.mediterranean_empires.frames import ActionPhase, Frame, RoundEnd, RoundStart
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.setup import initial_state
from game.rulesets.mediterranean_empires.state import (
    NEUTRAL,
    OUT_OF_PLAY,
    Board,
    MeState,
    Seat,
    Truce,
)

RULESET_ID = "mediterranean_empires"
EVENT = "event"
"""`to_act` value: the position waits for the round's Random Event roll."""
EVERYONE = -1
"""A truce's `other` when it binds its player with everyone (Pax)."""
TOP_KEYS = ("scenario", "turn", "round", "to_act", "event", "enraged", "all_passed", "passes",
            "first", "options", "subdued", "neutral", "game_id", "empires")
EMPIRE_KEYS = ("vp", "capital", "cities", "hand", "discard", "deck", "hand_bonus",
               "cities_at_turn_start", "subdued", "truces")


@dataclass
class LoadedPosition:
    """A position ready to play: its state, every seat's secrets and the game config."""

    state: MeState
    secrets: dict[int, SeatSecrets]
    config: GameConfig


def load_position(rules: Rules, text: str, file: str = "position") -> LoadedPosition:
    """Load a position from YAML text (`file` names it in errors)."""
    return build_position(rules, parse_yaml(text, file))


def build_position(rules: Rules, root: Node) -> LoadedPosition:
    """Build the state a parsed position describes."""
    root.only_keys(*TOP_KEYS)
    setup = _scenario(rules, root.child("scenario"))
    config = _config(root, setup)
    try:
        base = initial_state(rules, config)
    except IllegalEntry as exc:
        raise root.child("options").error(exc.reason) from None
    empires = _empire_nodes(root.child("empires"), setup)
    secrets = {seat: SeatSecrets(seat, seat_key(config.game_id, seat))
               for seat in range(setup.players)}
    deal = _Dealer(rules, base.hidden, secrets, base.seats)
    hands = {seat: deal.hand(seat, node) for seat, node in enumerate(empires)}
    discards = {seat: deal.discard(seat, node) for seat, node in enumerate(empires)}
    for seat, node in enumerate(empires):
        deal.deck(seat, node)
    board = _board(rules, root, base.board, empires)
    seats = tuple(_seat(base.seats[s], node, hands[s], discards[s], board.owner.count(s), rules)
                  for s, node in enumerate(empires))
    state = evolve(base, seats=seats, board=board, hidden=deal.finish(), winners=())
    return LoadedPosition(_timing(rules, root, state, empires), secrets, config)


def seat_key(game_id: bytes, seat: int) -> bytes:
    """The secret key of a seat at a position's table (derived: positions are for tests/tools)."""
    return hashlib.sha256(b"mare-position-seat:%s:%d" % (game_id.hex().encode(), seat)).digest()


# -- scenario, config, empires ------------------------------------------------------------

def _scenario(rules: Rules, node: Node) -> SetupDef:
    key = str(node.value)
    try:
        return rules.scenario(key)
    except KeyError:
        raise node.error(f"no scenario {key!r} (use its number or id)") from None


def _config(root: Node, setup: SetupDef) -> GameConfig:
    options = root.opt("options")
    pairs = tuple(sorted(options.as_dict_value().items())) if options is not None else ()
    for name, value in pairs:
        if not isinstance(value, bool | int | str):
            raise root.child("options").child(name).error("an option is a number, word or flag")
    names = tuple(e.empire.capitalize() for e in setup.empires)
    return GameConfig(RULESET_ID, setup.id, names, _game_id(root), pairs)


def _game_id(root: Node) -> bytes:
    node = root.opt("game_id")
    if node is None:
        plain = json.dumps(root.value, sort_keys=True, default=str).encode()
        return hashlib.sha256(b"mare-position:" + plain).digest()[:16]
    try:
        game_id = bytes.fromhex(node.text())
    except ValueError:
        raise node.error("game_id is hexadecimal text") from None
    if not game_id:
        raise node.error("game_id must not be empty")
    return game_id


def _empire_nodes(node: Node, setup: SetupDef) -> list[Node]:
    order = [e.empire for e in setup.empires]
    given = [key for key, _ in node.items()]
    if sorted(given) != sorted(order):
        raise node.error(f"list exactly the scenario's empires: {', '.join(order)}")
    return [node.child(empire).only_keys(*EMPIRE_KEYS) for empire in order]


def _seat(base: Seat, node: Node, hand: tuple[str, ...], discard: tuple[str, ...],
          cities: int, rules: Rules) -> Seat:
    capital = node.get_text("capital", base.capital)
    if not rules.is_city(capital):
        raise node.child("capital").error(f"no city {capital!r} on the map")
    floor = rules.content.tables.victory_points.minimum
    return evolve(base, capital=capital, vp=node.get_int("vp", base.vp, low=floor), hand=hand,
                  discard=discard, hand_bonus=node.get_int("hand_bonus", 0),
                  cities_at_turn_start=node.get_int("cities_at_turn_start", cities, low=0))


# -- cards --------------------------------------------------------------------------------

class _Dealer:
    """Commits each deck's shuffle with its owner's secrets and hands out the listed slots."""

    def __init__(self, rules: Rules, hidden: HiddenCards, secrets: dict[int, SeatSecrets],
                 seats: tuple[Seat, ...]) -> None:
        self.rules = rules
        self.secrets = secrets
        self.empires = [seat.empire for seat in seats]
        self.free: dict[str, dict[str, list[str]]] = {}
        for deck in hidden.decks:
            shuffle = deck.pending
            assert shuffle is not None
            commitments = secrets[deck.owner].shuffle(hidden.game_id, deck.id, shuffle.epoch,
                                                      shuffle.cards)
            hidden = commit_shuffle(hidden, deck.id, shuffle.epoch, commitments)
            slots = hidden.deck(deck.id).undrawn
            self.free[deck.id] = _slots_by_card(secrets[deck.owner].known(slots))
        self.hidden = hidden
        self.undrawn: dict[str, tuple[str, ...]] = {}
        self.opened: list[str] = []

    def hand(self, seat: int, node: Node) -> tuple[str, ...]:
        """Deal the listed hand (other decks' cards are handed to the holder's secrets)."""
        hand_node = node.opt("hand")
        slots = []
        for item in hand_node.elements() if hand_node is not None else ():
            deck, card, is_open = _hand_card(item, self.empires[seat], self.empires)
            slot = self._take(item, deck, card)
            owner = self.empires.index(deck)
            if owner != seat:
                self.secrets[seat].receive(self.hidden, LocalSealer.seal(
                    self.secrets[owner].opening(slot), seat))
            if is_open:
                self.opened.append(slot)
            slots.append(slot)
        return tuple(sorted(slots))

    def discard(self, seat: int, node: Node) -> tuple[str, ...]:
        """Deal the discard pile (bottom first); its cards are opened publicly."""
        pile = node.opt("discard")
        slots = tuple(self._take(item, self.empires[seat], _card_id(item))
                      for item in (pile.elements() if pile is not None else ()))
        self.opened += slots
        return slots

    def deck(self, seat: int, node: Node) -> None:
        """The draw deck: `rest` (default) or exactly the cards listed."""
        empire = self.empires[seat]
        deck = node.opt("deck")
        if deck is not None and deck.value != "rest":
            for item in deck.elements():
                self.undrawn.setdefault(empire, ())
                self.undrawn[empire] += (self._take(item, empire, _card_id(item)),)
            left = sorted(card for card, slots in self.free[empire].items() for _ in slots)
            if left:
                raise deck.error(f"cards of the {empire} deck placed nowhere: "
                                 f"{', '.join(left)} (or write `deck: rest`)")
        else:
            self.undrawn[empire] = tuple(s for slots in self.free[empire].values()
                                         for s in slots)
            self.free[empire] = {}

    def finish(self) -> HiddenCards:
        """The decks with their undrawn slots, and the publicly opened cards revealed."""
        decks = tuple(evolve(d, undrawn=tuple(sorted(self.undrawn.get(d.id, ()), key=_index)))
                      for d in self.hidden.decks)
        hidden = evolve(self.hidden, decks=decks)
        openings = tuple(self.secrets[self.empires.index(_deck_of(s))].opening(s)
                         for s in self.opened)
        return reveal(hidden, openings)

    def _take(self, node: Node, deck: str, card: str) -> str:
        if deck not in self.free:
            raise node.error(f"the {deck} deck is not in this scenario")
        slots = self.free[deck].get(card)
        if not slots:
            copies = self.rules.content.decks.deck(deck).count(card)
            raise node.error(f"no copy of {card!r} left in the {deck} deck (it holds {copies}, "
                             f"the position places more)")
        return slots.pop(0)


def _slots_by_card(known: Mapping[str, str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for slot in sorted(known, key=_index):
        out.setdefault(known[slot], []).append(slot)
    return out


def _index(slot: str) -> tuple[int, int]:
    _, epoch, index = slot.rsplit(":", 2)
    return int(epoch), int(index)


def _deck_of(slot: str) -> str:
    return slot.rsplit(":", 2)[0]


def _card_id(node: Node) -> str:
    text = node.text()
    if ":" in text:
        raise node.error("only hands may hold another deck's cards (discards go to their "
                         "owner's pile)")
    return text


def _hand_card(node: Node, own: str, empires: list[str]) -> tuple[str, str, bool]:
    """(deck, card, opened publicly) of one hand entry: `card`, `deck:card` or a mapping."""
    is_open = False
    if isinstance(node.value, dict):
        node.only_keys("card", "open")
        is_open = node.get_bool("open", False)
        node = node.child("card")
    deck, _, card = node.text().rpartition(":")
    deck = deck or own
    if deck not in empires:
        raise node.error(f"{deck!r} is not an empire of this scenario")
    return deck, card, is_open


# -- board --------------------------------------------------------------------------------

def _board(rules: Rules, root: Node, base: Board, empires: list[Node]) -> Board:
    owner = [NEUTRAL if o != OUT_OF_PLAY else OUT_OF_PLAY for o in base.owner]
    forts = [1 if o != OUT_OF_PLAY else 0 for o in base.owner]
    held: dict[str, str] = {}
    for seat, node in enumerate(empires):
        for city, count, where in _city_entries(node.opt("cities")):
            index = _city_index(rules, where, city, owner)
            if city in held:
                raise where.error(f"{city} is already held by {held[city]}")
            held[city] = node.path.rsplit(".", 1)[-1]
            owner[index], forts[index] = seat, count
    neutral = root.opt("neutral")
    for city, count, where in _city_entries(neutral, low=0):
        index = _city_index(rules, where, city, owner)
        if city in held:
            raise where.error(f"{city} is held by {held[city]}, not neutral")
        forts[index] = count
    return Board(tuple(owner), tuple(forts), _subdued(rules, root, base, empires))


def _city_entries(node: Node | None, low: int = 1) -> list[tuple[str, int, Node]]:
    if node is None:
        return []
    if isinstance(node.value, list):
        return [(item.text(), 1, item) for item in node.elements()]
    return [(city, child.integer(low, 99), child) for city, child in node.items()]


def _city_index(rules: Rules, node: Node, city: str, owner: list[int]) -> int:
    if not rules.is_city(city):
        raise node.error(f"no city {city!r} on the map")
    index = rules.city_index(city)
    if owner[index] == OUT_OF_PLAY:
        raise node.error(f"{city} is outside this scenario's provinces")
    return index


def _subdued(rules: Rules, root: Node, base: Board, empires: list[Node]) -> tuple[int, ...]:
    flags = [0 if f != OUT_OF_PLAY else OUT_OF_PLAY for f in base.subdued]
    lists = [root.opt("subdued"), *(node.opt("subdued") for node in empires)]
    for node in lists:
        for item in node.elements() if node is not None else ():
            area = item.text()
            if area not in rules.area_ids:
                raise item.error(f"no barbarian area {area!r}")
            if flags[rules.area_index(area)] == OUT_OF_PLAY:
                raise item.error(f"{area} is not in play in this scenario")
            flags[rules.area_index(area)] = 1
    return tuple(flags)


# -- turn, round, whose action, truces ----------------------------------------------------

def _timing(rules: Rules, root: Node, state: MeState, empires: list[Node]) -> MeState:
    names = [seat.empire for seat in state.seats]
    turn = root.get_int("turn", low=1, high=state.last_turn)
    round_number = root.get_int("round", low=1)
    to_act = root.child("to_act").choice((EVENT, *names))
    first_node = root.opt("first")
    first = names.index(first_node.choice(tuple(names))) if first_node is not None else 0
    event = _event(rules, root, to_act)
    mover = None if to_act == EVENT else names.index(to_act)
    state = evolve(state, turn=turn, round=round_number - (mover is None), event=event,
                   enraged=root.get_int("enraged", 0, 0, rules.content.tables.enraged.max_level),
                   all_passed=root.get_bool("all_passed", False), first_seat=first,
                   passes=root.get_int("passes", 0, 0, len(names)),
                   truces=_truces(root, empires, names, state))
    return evolve(state, stack=round_stack(rules, state, mover))


def _event(rules: Rules, root: Node, to_act: str) -> str:
    table = rules.content.tables.random_event
    node = root.opt("event")
    if to_act == EVENT:
        if node is not None:
            raise node.error("at the Random Event roll the round has no event yet")
        return ""
    if node is None:
        raise ContentError(root.file, "event", "this round's Random Event is needed when an "
                           "empire acts")
    event = node.choice(tuple(e.id for e in table.events))
    if table.event(event).effect.ends_turn:
        raise node.error("End Turn leaves no action phase in the round")
    return event


def _truces(root: Node, empires: list[Node], names: list[str], state: MeState
            ) -> tuple[Truce, ...]:
    out = []
    for seat, node in enumerate(empires):
        listed = node.opt("truces")
        for item in listed.elements() if listed is not None else ():
            item.only_keys("with", "card", "until")
            other = item.child("with").choice(("everyone", *names))
            until = item.get_text("until", f"turn {state.turn}")
            out.append(Truce(seat, EVERYONE if other == "everyone" else names.index(other),
                             item.get_text("card"), until))
    return tuple(out)


def round_stack(rules: Rules, state: MeState, mover: int | None) -> tuple[Frame, ...]:
    """The frames of a round from `mover`'s action phase on (None: from the event roll)."""
    if mover is None:
        return (RoundStart(),)
    effect = rules.content.tables.random_event.event(state.event).effect
    count = len(state.seats)
    order = [(state.first_seat + i) % count for i in range(count)]
    phases = [ActionPhase(seat, effect.imperium_cards_per_action, effect.expeditions_per_action)
              for seat in order[order.index(mover):]]
    return (RoundEnd(), *reversed(phases))


__all__ = ["ContentError", "LoadedPosition", "build_position", "load_position", "round_stack",
           "seat_key"]
