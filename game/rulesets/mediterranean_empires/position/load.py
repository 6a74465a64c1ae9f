"""Game positions as YAML: load one into a real MeState whose hidden cards are commitments.

A position names the scenario, turn, round, this round's event, the Enraged level, options, and
per empire its VP, capital, cities with their fortification markers, hand, discard pile, draw
deck ("rest": whatever is left), hand bonus, cities at turn start and truces; subdued areas
and neutral markers other than one are listed once. `to_act` is the empire whose action phase
comes next in the round, `event` for the round's Random Event roll, or `foundation` for the
Empire Foundation step (position/foundation.py). Schema and accepted ranges: docs/positions.md.

Each seat gets its own SeatSecrets; every deck is committed as one shuffle whose slots hold the
listed cards in a canonical order (position/deal.py), so scripted picks do not depend on the
game id. Errors name the file and the key path.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from game.content import ContentError, Node, parse_yaml
from game.core.errors import IllegalEntry
from game.core.records import evolve
from game.core.ruleset import GameConfig
from game.core.secrets import SeatSecrets
from game.rulesets.mediterranean_empires.content.setups import SetupDef
from game.rulesets.mediterranean_empires.position import foundation
from game.rulesets.mediterranean_empires.position.deal import Dealer, Dealt
from game.rulesets.mediterranean_empires.position.timing import EVENT, EVERYONE, round_stack, timing
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.setup import initial_state
from game.rulesets.mediterranean_empires.state import NEUTRAL, OUT_OF_PLAY, Board, MeState, Seat

RULESET_ID = "mediterranean_empires"
TOP_KEYS = ("scenario", "turn", "round", "to_act", "event", "enraged", "all_passed", "passes",
            "first", "options", "subdued", "neutral", "game_id", "empires")
EMPIRE_KEYS = ("vp", "capital", "cities", "hand", "discard", "deck", "hand_bonus",
               "cities_at_turn_start", "subdued", "truces")
TRACK_SIDES = 2
"""The VP marker flips to its +track_length side once past the track's end: VP run from the
track's minimum to twice its length (1..80)."""
GAME_ID_BYTES = 64


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
    at_foundation = foundation.is_foundation(root)
    root.only_keys(*(foundation.TOP_KEYS if at_foundation else TOP_KEYS))
    setup = _scenario(rules, root.child("scenario"))
    config = _config(root, setup)
    try:
        base = initial_state(rules, config)
    except IllegalEntry as exc:
        raise root.child("options").error(exc.reason) from None
    keys = foundation.EMPIRE_KEYS if at_foundation else EMPIRE_KEYS
    empires = _empire_nodes(root.child("empires"), setup, keys)
    secrets = {seat: SeatSecrets(seat, seat_key(config.game_id, seat))
               for seat in range(setup.players)}
    dealt = _deal(rules, base, secrets, empires)
    build = _at_foundation if at_foundation else _in_play
    return LoadedPosition(build(rules, root, evolve(base, hidden=dealt.hidden), empires, dealt),
                          secrets, config)


def _at_foundation(rules: Rules, root: Node, base: MeState, empires: list[Node],
                   dealt: Dealt) -> MeState:
    """Inside the Empire Foundation step: only the board and the markers left differ."""
    state = evolve(base, board=foundation.foundation_board(rules, base, empires))
    return foundation.foundation_state(rules, state, empires)


def _in_play(rules: Rules, root: Node, base: MeState, empires: list[Node],
             dealt: Dealt) -> MeState:
    """At a Random Event roll or an action phase."""
    setup = rules.scenario(base.scenario)
    board = _board(rules, root, base.board, empires)
    seats = tuple(_seat(rules, setup, base, board, seat, node, dealt)
                  for seat, node in enumerate(empires))
    return timing(rules, root, evolve(base, seats=seats, board=board, winners=()), empires)


def seat_key(game_id: bytes, seat: int) -> bytes:
    """The secret key of a seat at a position's table (derived: positions are for tests/tools)."""
    return hashlib.sha256(b"mare-position-seat:%s:%d" % (game_id.hex().encode(), seat)).digest()


def vp_range(rules: Rules) -> tuple[int, int]:
    """The VP a position accepts: the track's floor to the end of its flipped side."""
    track = rules.content.tables.victory_points
    return track.minimum, track.track_length * TRACK_SIDES


def _deal(rules: Rules, base: MeState, secrets: dict[int, SeatSecrets],
          empires: list[Node]) -> Dealt:
    """Hands, then discard piles, then draw decks, committed canonically."""
    dealer = Dealer(rules, base.hidden, secrets, [seat.empire for seat in base.seats])
    for seat, node in enumerate(empires):
        dealer.hand(seat, node.opt("hand"))
    for seat, node in enumerate(empires):
        dealer.discard(seat, node.opt("discard"))
    for seat, node in enumerate(empires):
        dealer.deck(seat, node.opt("deck"))
    return dealer.finish()


# -- scenario, config, empires ------------------------------------------------------------

def _scenario(rules: Rules, node: Node) -> SetupDef:
    key = str(node.value)
    try:
        return rules.scenario(key)
    except KeyError:
        raise node.error(f"no scenario {key!r} (use its number or id)") from None


def _config(root: Node, setup: SetupDef) -> GameConfig:
    options = root.opt("options")
    pairs = tuple(sorted((name, node.value) for name, node in options.items())
                  ) if options is not None else ()
    for name, value in pairs:
        if not isinstance(value, bool | int | str):
            raise root.child("options").child(name).error("an option is a number, word or flag")
    names = tuple(e.empire.capitalize() for e in setup.empires)
    return GameConfig(RULESET_ID, setup.id, names, _game_id(root), pairs)


def _game_id(root: Node) -> bytes:
    node = root.opt("game_id")
    if node is None:
        plain = repr(root.value).encode()
        return hashlib.sha256(b"mare-position:" + plain).digest()[:16]
    try:
        game_id = bytes.fromhex(node.text())
    except ValueError:
        raise node.error("expected hexadecimal text") from None
    if not 0 < len(game_id) <= GAME_ID_BYTES:
        raise node.error(f"expected 1 to {GAME_ID_BYTES} bytes (2 to {2 * GAME_ID_BYTES} hex "
                         f"digits)")
    return game_id


def _empire_nodes(node: Node, setup: SetupDef, keys: tuple[str, ...]) -> list[Node]:
    order = [e.empire for e in setup.empires]
    given = [key for key, _ in node.items()]
    if sorted(given) != sorted(order):
        raise node.error(f"list exactly the scenario's empires: {', '.join(order)}")
    return [node.child(empire).only_keys(*keys) for empire in order]


def _seat(rules: Rules, setup: SetupDef, base: MeState, board: Board, seat: int,
          node: Node, dealt: Dealt) -> Seat:
    """One empire's record; VP within the track, hand bonus within ± the hand size."""
    low, high = vp_range(rules)
    record = base.seats[seat]
    names = [s.empire for s in base.seats]
    return evolve(record, capital=_capital(rules, node, record.capital, board, names, seat),
                  vp=node.get_int("vp", record.vp, low, high), hand=dealt.hands[seat],
                  discard=dealt.discards[seat],
                  hand_bonus=node.get_int("hand_bonus", 0, -setup.hand_size, setup.hand_size),
                  cities_at_turn_start=node.get_int("cities_at_turn_start",
                                                    board.owner.count(seat), 0, len(board.owner)))


def _capital(rules: Rules, node: Node, default: str, board: Board, names: list[str],
             seat: int) -> str:
    """A city in play, held by its empire unless `{city, held_by}` names who took it."""
    where = node.opt("capital")
    held_by = None
    if where is not None and isinstance(where.value, dict):
        held_by = where.only_keys("city", "held_by").child("held_by")
        where = where.child("city")
    city = default if where is None else where.text()
    at = where if where is not None else node
    index = _city_index(rules, at, city, board.owner)
    holder = names[board.owner[index]] if board.owner[index] >= 0 else "neutral"
    if held_by is None and holder != names[seat]:
        raise at.error(f"the capital {city} is held by {holder}; a lost capital is written "
                       f"{{city: {city}, held_by: {holder}}}")
    if held_by is not None and held_by.choice(("neutral", *names)) != holder:
        raise held_by.error(f"{city} is held by {holder}")
    if held_by is not None and holder == names[seat]:
        raise held_by.error(f"{names[seat]} holds {city} itself (write `capital: {city}`)")
    return city


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


def _city_index(rules: Rules, node: Node, city: str, owner: Sequence[int]) -> int:
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


__all__ = ["EVENT", "EVERYONE", "ContentError", "LoadedPosition", "build_position",
           "load_position", "round_stack", "seat_key", "vp_range"]
