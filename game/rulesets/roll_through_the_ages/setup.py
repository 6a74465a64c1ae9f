"""Set-up (Setup 1-6; Mediterranean Setup 1-4): pegs at food 3, army 1, goods 1; then each
player, from the start player (seat 0) up the seats, builds a free second port or province
(ruling 26)."""

from __future__ import annotations

from game.core.actions import Action, act
from game.core.errors import IllegalEntry
from game.core.ruleset import GameConfig
from game.core.slots import new_hidden
from game.rulesets.roll_through_the_ages.building import complete_port, complete_province
from game.rulesets.roll_through_the_ages.content import RttaContent
from game.rulesets.roll_through_the_ages.flow import Flow
from game.rulesets.roll_through_the_ages.state import NOBODY, Board, Player, RttaState, Turn

LENGTHS = ("short", "full")
SETUP_CHOICES = (act("setup", choice="port"), act("setup", choice="province"))


def initial_state(content: RttaContent, config: GameConfig) -> RttaState:
    """Every sheet at its start values, the colony board empty; seat 0 chooses first."""
    seats = len(config.seats)
    if not 1 <= seats <= 4:
        raise IllegalEntry(f"Roll Through the Ages is for 1-4 players, not {seats}")
    length = config.option("length", "short")
    mediterranean = config.option("mediterranean", False)
    if length not in LENGTHS or not isinstance(mediterranean, bool):
        raise IllegalEntry(f"game length is short or full and the Mediterranean on or off; "
                           f"got {length!r} and {mediterranean!r}")
    start = content.start
    player = Player(food=start.food, goods=start.goods, armies=start.armies,
                    conquests=start.conquest_boxes,
                    monuments=(0,) * len(content.monuments),
                    first=(False,) * len(content.monuments))
    board = Board(((),) * len(content.colonies), (NOBODY,) * len(content.colonies))
    return RttaState(length, mediterranean, 1, 0, "setup", (player,) * seats, Turn(), board,
                     new_hidden(config.game_id, ()))


def setup_choice(flow: Flow, action: Action) -> None:
    """The free second port (box and urns filled) or province (boxes filled: armies 3,
    1 tribute); the next seat chooses, and after the last the start player rolls."""
    seat = flow.active
    if action.arg("choice") == "port":
        complete_port(flow, seat)
    else:
        complete_province(flow, seat)
    if seat + 1 < flow.state.seats:
        flow.set(turn=seat + 1)
        return
    flow.set(turn=0)
    flow.go("begin_turn")
