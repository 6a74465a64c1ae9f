"""What every seat sees (nothing is hidden): each sheet and peg board with its live score,
the dice with their set-aside marks, the pending choice, the colony board and the solitaire
header. Plain data, shaped for the client's table."""

from __future__ import annotations

from typing import Any, TypedDict

from game.core.ruleset import ViewRequest
from game.rulesets.roll_through_the_ages import sheet
from game.rulesets.roll_through_the_ages.battles import phantom_strength
from game.rulesets.roll_through_the_ages.colonies import in_play, pegs_of
from game.rulesets.roll_through_the_ages.content import RttaContent
from game.rulesets.roll_through_the_ages.decisions import PROMPTS, actor, legal
from game.rulesets.roll_through_the_ages.rolling import FATE_DIE, face, fate
from game.rulesets.roll_through_the_ages.scoring import score, target
from game.rulesets.roll_through_the_ages.state import PHANTOM, Player, RttaState, Turn
from game.rulesets.roll_through_the_ages.text import player_name


class DieView(TypedDict):
    """One die as it shows."""

    die: int
    kind: str
    face: str
    name: str
    locked: bool
    rolling: bool


class PendingView(TypedDict):
    """Who chooses what now (None outside action phases)."""

    seat: int
    phase: str
    prompt: str
    choices: int


class SolitaireView(TypedDict):
    """The solitaire header."""

    round: int
    rounds: int
    target: int
    phantom_strength: int


class RttaView(TypedDict):
    """What a seat (or a spectator) sees."""

    ruleset: str
    seat: int | None
    round: int
    turn: int
    phase: str
    length: str
    mediterranean: bool
    dice: list[DieView]
    fate: str
    current: dict[str, Any]
    pending: PendingView | None
    players: list[dict[str, Any]]
    colonies: list[dict[str, Any]]
    developments: list[dict[str, Any]]
    monuments: list[dict[str, Any]]
    solitaire: SolitaireView | None
    scores: list[int]


def build_view(content: RttaContent, state: RttaState, request: ViewRequest) -> RttaView:
    """The whole public state as plain data."""
    turn = state.current
    return {
        "ruleset": "roll_through_the_ages", "seat": request.seat, "round": state.round,
        "turn": state.turn, "phase": state.phase, "length": state.length,
        "mediterranean": state.mediterranean, "dice": _dice(content, state),
        "fate": fate(content, turn) if turn.dice else "",
        "current": _current(turn),
        "pending": _pending(content, state),
        "players": [_player(content, state, seat) for seat in range(state.seats)],
        "colonies": _colonies(content, state) if state.mediterranean else [],
        "developments": [{"id": d.id, "name": d.name, "cost": d.cost, "vp": d.vp,
                          "effect": d.effect, "grand": d.grand,
                          "struck": state.mediterranean and d.struck_in_mediterranean}
                         for d in content.developments],
        "monuments": _monuments(content, state),
        "solitaire": _solitaire(content, state),
        "scores": [score(content, state, seat).total for seat in range(state.seats)],
    }


def _current(turn: Turn) -> dict[str, Any]:
    return {"rolls": turn.rolls, "population": turn.population,
            "innovations": turn.innovations, "food_dice": turn.food_dice, "led": turn.led,
            "omens_used": turn.omens_used, "demand": turn.demand,
            "battles": [[b.seat, b.kind, b.enemy] for b in turn.battles],
            "targets": list(turn.targets), "completed": list(turn.completed)}


def _monuments(content: RttaContent, state: RttaState) -> list[dict[str, Any]]:
    """Each monument with its first builder (-1 while nobody has completed it)."""
    return [{"id": m.id, "name": m.name, "boxes": m.boxes, "first_vp": m.first_vp,
             "later_vp": m.later_vp, "immunity": m.immunity,
             "first_builder": next((seat for seat, p in enumerate(state.players)
                                    if p.first[i]), -1)}
            for i, m in enumerate(content.monuments)]


def _dice(content: RttaContent, state: RttaState) -> list[DieView]:
    turn = state.current
    out: list[DieView] = []
    for die, index in enumerate(turn.dice):
        shown = face(content, die, index)
        out.append({"die": die, "kind": "fate" if die == FATE_DIE else "empire",
                    "face": shown.id, "name": shown.name,
                    "locked": bool(turn.locked) and turn.locked[die],
                    "rolling": die in turn.rerolling})
    return out


def _pending(content: RttaContent, state: RttaState) -> PendingView | None:
    if state.phase not in PROMPTS:
        return None
    seat = actor(state)
    return {"seat": seat, "phase": state.phase, "prompt": PROMPTS[state.phase],
            "choices": len(legal(content, state, seat))}


def _player(content: RttaContent, state: RttaState, seat: int) -> dict[str, Any]:
    player = state.player(seat)
    points = score(content, state, seat)
    return {
        "name": player_name(seat),
        "food": player.food, "goods": player.goods, "armies": player.armies,
        "ships": player.ships, "wealth": player.wealth, "provinces": player.provinces,
        "province_boxes": player.province_boxes, "ports": player.ports,
        **_ports(content, player),
        "monuments": [{"id": m.id, "name": m.name, "boxes": m.boxes,
                       "filled": player.monuments[i], "built": sheet.built(content, player, i),
                       "first": player.first[i], "first_vp": m.first_vp,
                       "later_vp": m.later_vp} for i, m in enumerate(content.monuments)],
        "developments": list(player.developments),
        "costs": {d.id: sheet.development_cost(content, player, d.id)
                  for d in content.developments},
        "tribute": player.tribute, "skulls": player.skulls, "conquests": player.conquests,
        "empire_dice": sheet.empire_dice(content, player),
        "strength": sheet.strength(player),
        "colony_pegs": pegs_of(state.board, seat),
        "pegged_positions": sheet.pegged_positions(player),
        "score": {"monuments": points.monuments, "developments": points.developments,
                  "bonuses": dict(points.bonuses), "wealth": points.wealth,
                  "tribute": points.tribute, "colonies": points.colonies,
                  "skulls": -points.skulls, "total": points.total},
    }


def _ports(content: RttaContent, player: Player) -> dict[str, Any]:
    """What is filled on the next port, and per sheet port (later ones may be filled ahead)."""
    boxes = sheet.port_boxes(content, player)
    population, goods = boxes[player.ports] if player.ports < len(boxes) else (0, 0)
    return {"port_population": population, "port_goods": goods,
            "port_boxes": [list(filled) for filled in boxes]}


def _colonies(content: RttaContent, state: RttaState) -> list[dict[str, Any]]:
    board = state.board
    return [{"id": c.id, "name": c.name, "size": c.size, "rewards": list(c.rewards),
             "four_players_only": c.four_players_only, "in_play": in_play(content, state, i),
             "pegs": list(board.pegs[i]), "owner": board.owners[i],
             "phantom": board.owners[i] == PHANTOM}
            for i, c in enumerate(content.colonies)]


def _solitaire(content: RttaContent, state: RttaState) -> SolitaireView | None:
    goal = target(content, state)
    if goal is None:
        return None
    return {"round": state.round, "rounds": content.solitaire_rounds, "target": goal,
            "phantom_strength": phantom_strength(state)}
