"""Mediterranean 3b, found colonies: one population per peg in an empty hole, at most 15
pegs on the board; completing a colony places its last peg and spends a ship, displacing
other players' pegs at 2 population each; a player may take back pegs from unfinished
colonies. Rewards come at the end of the step. Rulings 18-21."""

from __future__ import annotations

from game.core.actions import Action, act
from game.rulesets.roll_through_the_ages import sheet
from game.rulesets.roll_through_the_ages.content import RttaContent
from game.rulesets.roll_through_the_ages.flow import Flow
from game.rulesets.roll_through_the_ages.state import NOBODY, Board, RttaState, put

DISPLACE_POPULATION = 2
"""Population spent per peg of another player displaced when completing a colony."""


def in_play(content: RttaContent, state: RttaState, index: int) -> bool:
    """Whether a colony is used at this table (the 4-marked ones only with 4 players)."""
    return state.seats == 4 or not content.colonies[index].four_players_only


def open_colony(content: RttaContent, state: RttaState, index: int) -> bool:
    """Whether a colony is in play and not yet completed."""
    return in_play(content, state, index) and state.board.owners[index] == NOBODY


def pegs_of(board: Board, seat: int) -> int:
    """Colony pegs a player has on the board (completed colonies included)."""
    return sum(pegs.count(seat) for pegs in board.pegs)


def completion_cost(content: RttaContent, board: Board, index: int, seat: int) -> int:
    """Population to complete a colony: its empty holes, and 2 per other player's peg."""
    pegs = board.pegs[index]
    foreign = sum(1 for p in pegs if p != seat)
    return content.colonies[index].size - len(pegs) + DISPLACE_POPULATION * foreign


def colony_choices(content: RttaContent, state: RttaState) -> tuple[Action, ...]:
    """Pegs to place, colonies to complete, own pegs to take back, and "done"."""
    free_pegs = content.start.colony_pegs - pegs_of(state.board, state.turn)
    choices: list[Action] = []
    for index in range(len(content.colonies)):
        if open_colony(content, state, index):
            choices += _colony_choices(content, state, index, free_pegs)
    return (*choices, act("done"))


def _colony_choices(content: RttaContent, state: RttaState, index: int,
                    free_pegs: int) -> list[Action]:
    seat, left = state.turn, state.current.population
    colony, pegs = content.colonies[index], state.board.pegs[index]
    empty = colony.size - len(pegs)
    foreign = sum(1 for p in pegs if p != seat)
    choices = []
    if left and free_pegs and empty and (empty > 1 or foreign):
        choices.append(act("peg", colony=colony.id))
    if state.player(seat).ships and empty + foreign <= free_pegs and \
            completion_cost(content, state.board, index, seat) <= left:
        choices.append(act("found", colony=colony.id))
    if seat in pegs:
        choices.append(act("unpeg", colony=colony.id))
    return choices


def colonies_start(flow: Flow) -> None:
    """Step 3b runs with the Mediterranean when population is left to place and there is
    something to do with it (taking pegs back alone gains nothing: ruling 19)."""
    state = flow.state
    if state.mediterranean and state.current.population and \
            len(colony_choices(flow.content, state)) > 1:
        return flow.go("colonies")
    flow.go("build_start")


def colony_action(flow: Flow, action: Action) -> None:
    """Place, take back or complete; "done" collects the rewards and moves on to step 4."""
    if action.verb == "done":
        _rewards(flow)
        return flow.go("build_start")
    index = _index(flow.content, str(action.arg("colony")))
    _ACTIONS[action.verb](flow, index)


def _index(content: RttaContent, colony_id: str) -> int:
    return next(i for i, c in enumerate(content.colonies) if c.id == colony_id)


def _set_pegs(flow: Flow, index: int, pegs: tuple[int, ...]) -> None:
    board = flow.state.board
    flow.set(board=Board(put(board.pegs, index, tuple(sorted(pegs))), board.owners))


def _peg(flow: Flow, index: int) -> None:
    flow.turn(population=flow.state.current.population - 1)
    _set_pegs(flow, index, (*flow.state.board.pegs[index], flow.active))
    flow.emit("colony_peg", seat=flow.active, colony=flow.content.colonies[index].id)


def _unpeg(flow: Flow, index: int) -> None:
    pegs = list(flow.state.board.pegs[index])
    pegs.remove(flow.active)
    _set_pegs(flow, index, tuple(pegs))
    flow.emit("colony_unpeg", seat=flow.active, colony=flow.content.colonies[index].id)


def _found(flow: Flow, index: int) -> None:
    cost = completion_cost(flow.content, flow.state.board, index, flow.active)
    flow.turn(population=flow.state.current.population - cost,
              completed=(*flow.state.current.completed, flow.content.colonies[index].id))
    flow.update(flow.active, ships=flow.player().ships - 1)
    displaced = complete_colony(flow, index, flow.active)
    flow.emit("colony_founded", seat=flow.active, colony=flow.content.colonies[index].id,
              displaced=displaced)


def complete_colony(flow: Flow, index: int, owner: int) -> tuple[int, ...]:
    """Fill a colony with the owner's pegs (others' pegs go home); the displaced seats."""
    board = flow.state.board
    displaced = tuple(p for p in board.pegs[index] if p != owner)
    size = flow.content.colonies[index].size
    flow.set(board=Board(put(board.pegs, index, (owner,) * size),
                         put(board.owners, index, owner)))
    return displaced


def _rewards(flow: Flow) -> None:
    """Goods, armies, ships and food (doubled with Aqueducts) of the colonies completed this
    turn; an innovation joins this turn's innovations (spent in step 5 or lost)."""
    for colony_id in flow.state.current.completed:
        for reward in flow.content.colony(colony_id).rewards:
            _REWARDS.get(reward, lambda f: None)(flow)
    if flow.state.current.completed:
        flow.emit("colony_rewards", seat=flow.active, colonies=flow.state.current.completed)


def _food(flow: Flow) -> None:
    player = flow.player()
    amount = 2 if sheet.owns(player, "aqueducts") else 1
    flow.update(flow.active, food=sheet.add_food(flow.content, player, amount))


_ACTIONS = {"peg": _peg, "unpeg": _unpeg, "found": _found}
_REWARDS = {
    "good": lambda flow: flow.update(flow.active, goods=sheet.add_goods(
        flow.content, flow.player(), 1)),
    "army": lambda flow: flow.update(flow.active, armies=sheet.add_armies(
        flow.content, flow.player(), 1)),
    "ship": lambda flow: flow.update(flow.active, ships=sheet.add_ships(
        flow.content, flow.player(), 1)),
    "food": _food,
    "innovation": lambda flow: flow.turn(innovations=flow.state.current.innovations + 1),
}
