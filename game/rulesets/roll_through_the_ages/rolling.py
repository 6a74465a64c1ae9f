"""Step 1, the roll: the Fate die and the Empire dice, skulls set aside, two rerolls of any
other dice, then Leadership's one reroll, Omens, and the food-or-population choice.

Every roll is a chance decision (the roll of k dice = k values, 1-6 = the die's faces in
printed order); die 0 is the Fate die. Rulings 1-4 (docs/roll-through-the-ages-rulings.md).
"""

from __future__ import annotations

from game.core import chance
from game.core.actions import Action, act
from game.core.chance import ChanceRequest
from game.rulesets.roll_through_the_ages import sheet
from game.rulesets.roll_through_the_ages.content import Face, RttaContent
from game.rulesets.roll_through_the_ages.flow import Flow, int_arg
from game.rulesets.roll_through_the_ages.state import RttaState, Turn, put

ROLLS = 3
"""The first roll and two rerolls."""
FATE_DIE = 0


def face(content: RttaContent, die: int, index: int) -> Face:
    """The face a die shows (die 0 is the Fate die)."""
    return (content.fate_die if die == FATE_DIE else content.empire_die)[index]


def faces(content: RttaContent, turn: Turn) -> tuple[Face, ...]:
    """The faces showing on every die, the Fate die first."""
    return tuple(face(content, die, index) for die, index in enumerate(turn.dice))


def fate(content: RttaContent, turn: Turn) -> str:
    """What the Fate die calls for ("" for its plain face)."""
    return face(content, FATE_DIE, turn.dice[FATE_DIE]).fate


def begin_turn(flow: Flow) -> None:
    """A fresh turn: the active player rolls the Fate die and their Empire dice."""
    flow.set(current=Turn())
    flow.go("roll")


def roll_request(content: RttaContent, state: RttaState) -> ChanceRequest:
    """The dice chance must roll in the current rolling phase."""
    if state.phase == "roll":
        count = 1 + sheet.empire_dice(content, state.player(state.turn))
        return ChanceRequest((chance.dice("roll", count),), "roll")
    label = "leadership" if state.phase == "lead_roll" else "reroll"
    return ChanceRequest((chance.dice(label, len(state.current.rerolling)),), label)


def rolled(flow: Flow, values: tuple[int, ...]) -> None:
    """Chance's numbers land on the dice being rolled; skulls are set aside."""
    turn, phase = flow.state.current, flow.state.phase
    which = tuple(range(len(values))) if phase == "roll" else turn.rerolling
    dice = list(turn.dice) if phase != "roll" else [0] * len(values)
    for die, value in zip(which, values, strict=True):
        dice[die] = value - 1
    flow.turn(dice=tuple(dice), rerolling=())
    shown = faces(flow.content, flow.state.current)
    flow.emit("rolled", seat=flow.active, dice=which, faces=tuple(shown[d].id for d in which),
              roll=_ROLL_KINDS[phase])
    flow.turn(locked=tuple(f.skulls > 0 for f in shown))
    if phase == "lead_roll":
        return _after_leadership(flow)
    flow.turn(rolls=turn.rolls + 1)
    _after_roll(flow)


_ROLL_KINDS = {"roll": "roll", "reroll": "reroll", "lead_roll": "leadership"}
"""What a roll is, for its sentence: the first roll, a reroll, or Leadership's die."""


def _after_roll(flow: Flow) -> None:
    turn = flow.state.current
    if turn.rolls < ROLLS and not all(turn.locked):
        return flow.go("keep")
    _finish_rolling(flow)


def keep_choices(state: RttaState) -> tuple[Action, ...]:
    """Reroll any non-empty set of the dice not set aside, or stop rolling."""
    free = tuple(d for d, locked in enumerate(state.current.locked) if not locked)
    sets = (tuple(d for bit, d in enumerate(free) if mask >> bit & 1)
            for mask in range(1, 1 << len(free)))
    return (act("stop"), *(act("reroll", dice=chosen) for chosen in sets))


def keep(flow: Flow, action: Action) -> None:
    """Reroll the named dice, or stop and keep everything."""
    if action.verb == "stop":
        return _finish_rolling(flow)
    chosen = action.arg("dice")
    assert isinstance(chosen, tuple)
    flow.turn(rerolling=chosen)
    flow.go("reroll")


def _finish_rolling(flow: Flow) -> None:
    if sheet.owns(flow.player(), "leadership") and not flow.state.current.led:
        return flow.go("leadership")
    _after_leadership(flow)


def leadership_choices(state: RttaState) -> tuple[Action, ...]:
    """Leadership: reroll any one die, skulls and the Fate die included (ruling 2), or not."""
    return (act("skip"), *(act("lead", die=d) for d in range(len(state.current.dice))))


def leadership(flow: Flow, action: Action) -> None:
    """Reroll one die with Leadership, or pass it up."""
    flow.turn(led=True)
    if action.verb == "skip":
        return _after_leadership(flow)
    flow.turn(rerolling=(action.arg("die"),))
    flow.go("lead_roll")


def _after_leadership(flow: Flow) -> None:
    turn = flow.state.current
    if fate(flow.content, turn) == "omens" and not turn.omens_used:
        return flow.go("omens")
    _after_omens(flow)


def omens_choices(content: RttaContent, state: RttaState) -> tuple[Action, ...]:
    """Omens: set any one die, skulls and the Fate die included, to any other face of it."""
    choices = [act("skip")]
    for die, shown in enumerate(state.current.dice):
        own = content.fate_die if die == FATE_DIE else content.empire_die
        choices += [act("omen", die=die, face=f.id) for i, f in enumerate(own) if i != shown]
    return tuple(choices)


def omens(flow: Flow, action: Action) -> None:
    """Set a die to the chosen face (Omens is then used up, even if it changed the Fate die)."""
    flow.turn(omens_used=True)
    if action.verb == "omen":
        die = int_arg(action, "die")
        own = flow.content.fate_die if die == FATE_DIE else flow.content.empire_die
        index = next(i for i, f in enumerate(own) if f.id == action.arg("face"))
        flow.turn(dice=put(flow.state.current.dice, die, index))
        shown = faces(flow.content, flow.state.current)
        flow.turn(locked=tuple(f.skulls > 0 for f in shown))
        flow.emit("omens", seat=flow.active, die=die, face=own[index].id)
    _after_omens(flow)


def either_dice(content: RttaContent, turn: Turn) -> int:
    """Dice showing the food-or-population face."""
    return sum(1 for f in faces(content, turn) if f.food_or_population)


def _after_omens(flow: Flow) -> None:
    flow.go("choose" if either_dice(flow.content, flow.state.current) else "collect")


def choose_choices(content: RttaContent, state: RttaState) -> tuple[Action, ...]:
    """How many of the food-or-population dice give food (the rest give population)."""
    count = either_dice(content, state.current)
    return tuple(act("choose", food=k, population=count - k) for k in range(count + 1))


def choose(flow: Flow, action: Action) -> None:
    """Record the split of the food-or-population dice; collecting follows."""
    flow.turn(food_dice=int_arg(action, "food"))
    flow.go("collect")
