"""Rule 4.2: a battle is one roll of both sides' dice; every 5 points of a side's total is a
hit on the other side, whose owner chooses the units lost.

A side rolls one die per legion (land, beige dice) or trireme (sea, blue dice). A Fortress
adds 5 to its side's total and cancels one hit against it. Battle heroes (rule 10): Caesar
+1 on each legion die while active, Pericles +2 on each legion die while not active, Ramses
II one more die, Nebuchadnezzar +5 in a province its owner controls. The legion bonuses and
the land heroes never apply at sea (their powers name legions and land battles).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core import chance
from game.core.actions import Action, act
from game.core.chance import ChanceRequest
from game.core.events import Event
from game.core.records import evolve
from game.rulesets.mare_nostrum import leadership, war
from game.rulesets.mare_nostrum.content_records import Die, MnContent
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.powers import has_power
from game.rulesets.mare_nostrum.state import NOBODY, Battle, MnState, put
from game.rulesets.mare_nostrum.text import Names, Sentence, counted, place_words, seat_name

CAESAR = "caesar"
PERICLES = "pericles"
RAMSES = "ramses"
NEBUCHADNEZZAR = "nebuchadnezzar"
LAND_POWERS = (CAESAR, PERICLES, RAMSES, NEBUCHADNEZZAR)
Powers = frozenset[str]

POINTS_PER_HIT = 5
"""Each full 5 of a side's total is one hit (rule 4.2)."""
FORTRESS_POINTS = 5
FORTRESS_SHIELD = 1
"""Hits a Fortress cancels (rule 4.2)."""
CAESAR_PER_DIE = 1
PERICLES_PER_DIE = 2
RAMSES_DICE = 1
NEBUCHADNEZZAR_POINTS = 5


@dataclass(frozen=True)
class Side:
    """One side of a battle: its dice-rolling units, its Fortress and its bonuses."""

    seat: int
    units: int
    """Legions (land) or triremes (sea): one die and one loss each."""
    fortress: bool = False
    per_die: int = 0
    """Added to each unit's die (Caesar, Pericles)."""
    extra_dice: int = 0
    """Dice rolled beyond one per unit (Ramses II)."""
    flat: int = 0
    """Added to the total (Nebuchadnezzar; the Fortress is counted apart)."""

    @property
    def dice(self) -> int:
        """How many dice this side rolls."""
        return self.units + self.extra_dice

    @property
    def losable(self) -> int:
        """How many hits can destroy something of this side."""
        return self.units + int(self.fortress)


def land_side(seat: int, legions: int, fortress: bool, powers: Powers, active: bool,
              controls: bool) -> Side:
    """A side of a land battle with its Fortress and its heroes' bonuses (rules 4.2, 10)."""
    per_die = (CAESAR_PER_DIE if CAESAR in powers and active else 0) + \
        (PERICLES_PER_DIE if PERICLES in powers and not active else 0)
    extra = RAMSES_DICE if RAMSES in powers else 0
    flat = NEBUCHADNEZZAR_POINTS if NEBUCHADNEZZAR in powers and controls else 0
    return Side(seat, legions, fortress, per_die, extra, flat)


def sea_side(seat: int, triremes: int) -> Side:
    """A side of a sea battle: one blue die per trireme, no bonus (rule 4.2)."""
    return Side(seat, triremes)


def total(side: Side, faces: tuple[int, ...]) -> int:
    """The side's total: its faces, the per-die bonus on its units' dice, its flat bonus and
    the Fortress's 5 (rule 4.2; the Ramses die takes no legion bonus, ruling MN-C1)."""
    assert len(faces) == side.dice
    fortress = FORTRESS_POINTS if side.fortress else 0
    return sum(faces) + side.per_die * side.units + side.flat + fortress


def hits(points: int) -> int:
    """Hits scored by a total: divided by 5, rounded down (rule 4.2)."""
    return points // POINTS_PER_HIT


def hits_taken(side: Side, scored: int) -> int:
    """Hits that destroy something of `side`: the Fortress cancels one first, and hits beyond
    its units are lost (rule 4.2, ruling MN-C2)."""
    shield = FORTRESS_SHIELD if side.fortress else 0
    return min(side.losable, max(0, scored - shield))


def faces_of(die: Die, values: tuple[int, ...]) -> tuple[int, ...]:
    """The faces shown by chance values 1..6 (value k shows the die's k-th face)."""
    return tuple(die.faces[value - 1] for value in values)


def roll_request(die: Die, first: Side, second: Side) -> ChanceRequest:
    """Both sides' dice in one chance decision, the attacker's first (rule 4.2: one roll)."""
    sides = len(die.faces)
    return ChanceRequest((chance.dice("attacker", first.dice, sides),
                          chance.dice("defender", second.dice, sides)), "battle")


def loss_choices(side: Side, taken: int) -> tuple[bool, ...]:
    """Whether the Fortress is among the losses: the owner's possible answers (rule 4.2)."""
    if not side.fortress or taken == 0:
        return (False,)
    return (True,) if taken >= side.losable else (False, True)


def sides(content: MnContent, state: MnState, battle: Battle) -> tuple[Side, Side]:
    """The attacker's and the defender's sides as the battle's place holds them now."""
    if battle.sea:
        fleets = state.waters(battle.place).triremes
        return (sea_side(battle.attacker, fleets[battle.attacker]),
                sea_side(battle.defender, fleets[battle.defender]))
    return (_land(state, battle.place, battle.attacker),
            _land(state, battle.place, battle.defender))


def _land(state: MnState, province: str, seat: int) -> Side:
    area = state.area(province)
    powers = frozenset(p for p in LAND_POWERS if has_power(state, seat, p))
    return land_side(seat, area.legions[seat], area.fortress == seat, powers,
                     state.move.active == seat, area.controller == seat)


def die_of(content: MnContent, battle: Battle) -> Die:
    """Blue dice at sea, beige dice on land (rule 4.2)."""
    return content.sea_die if battle.sea else content.land_die


def start(flow: Flow, place: str, sea: bool, defender: int) -> None:
    """The Active Player opens a battle here against one opponent (one per place and turn,
    rule 9); chance rolls next."""
    move = flow.state.move
    flow.sub("move", battle=Battle(place, sea, move.active, defender),
             fought=(*move.fought, place))
    flow.emit("battle_started", place=place, sea=sea, seat=move.active, against=defender)


def request(content: MnContent, state: MnState) -> ChanceRequest:
    """The pending battle's roll."""
    battle = state.move.battle
    assert battle is not None
    return roll_request(die_of(content, battle), *sides(content, state, battle))


def rolled(flow: Flow, values: tuple[tuple[int, ...], ...]) -> None:
    """Both sides' faces, totals and hits; losses without a choice are taken at once."""
    battle = flow.state.move.battle
    assert battle is not None
    pair = sides(flow.content, flow.state, battle)
    die = die_of(flow.content, battle)
    rolls = (faces_of(die, values[0]), faces_of(die, values[1]))
    totals = (total(pair[0], rolls[0]), total(pair[1], rolls[1]))
    taken = (hits_taken(pair[0], hits(totals[1])), hits_taken(pair[1], hits(totals[0])))
    flow.sub("move", battle=evolve(battle, rolls=rolls, totals=totals, hits=taken))
    flow.emit("battle", place=battle.place, sea=battle.sea, seat=battle.attacker,
              against=battle.defender, rolls=list(map(list, rolls)), totals=list(totals),
              hits=[hits(totals[0]), hits(totals[1])], taken=list(taken),
              bonuses=[bonus_lines(pair[0], battle.attacker == flow.state.move.active),
                       bonus_lines(pair[1], False)])
    for index in (0, 1):
        choices = loss_choices(pair[index], taken[index])
        if len(choices) == 1:
            _lose(flow, index, choices[0])
    _finish_if_done(flow)


def bonus_lines(side: Side, active: bool) -> list[list[object]]:
    """What a side adds to its dice, for the battle dialog: [why, points] pairs."""
    lines: list[list[object]] = []
    if side.per_die:
        lines.append(["Caesar" if active else "Pericles", side.per_die * side.units])
    if side.extra_dice:
        lines.append(["Ramses II: dice", side.extra_dice])
    if side.flat:
        lines.append(["Nebuchadnezzar", side.flat])
    if side.fortress:
        lines.append(["fortress", FORTRESS_POINTS])
    return lines


def chooser(content: MnContent, state: MnState) -> int:
    """The seat that must choose whether its Fortress is among its losses, or NOBODY."""
    battle = state.move.battle
    if battle is None or not battle.rolls:
        return NOBODY
    index = next((i for i in (0, 1) if battle.hits[i]), None)
    return NOBODY if index is None else (battle.attacker, battle.defender)[index]


def loss_actions(content: MnContent, state: MnState) -> tuple[Action, ...]:
    """Keep the Fortress or give it up among the losses (rule 4.2: the owner chooses)."""
    return (act("lose", fortress=False), act("lose", fortress=True))


def lose(flow: Flow, action: Action) -> None:
    """The choosing seat takes its losses, with or without its Fortress."""
    battle = flow.state.move.battle
    assert battle is not None
    index = 0 if battle.hits[0] else 1
    _lose(flow, index, bool(action.arg("fortress")))
    _finish_if_done(flow)


def _lose(flow: Flow, index: int, fortress: bool) -> None:
    battle = flow.state.move.battle
    assert battle is not None
    seat, taken = (battle.attacker, battle.defender)[index], battle.hits[index]
    if battle.sea:
        fleet = flow.waters(battle.place).triremes
        flow.update_sea(battle.place, triremes=put(fleet, seat, fleet[seat] - taken))
    else:
        if fortress:
            flow.update_area(battle.place, fortress=NOBODY)
        legions = flow.area(battle.place).legions[seat] - taken + int(fortress)
        war.set_legions(flow, battle.place, seat, legions)
    flow.sub("move", battle=evolve(battle, hits=put(battle.hits, index, 0)))
    if taken:
        flow.emit("losses", place=battle.place, seat=seat, units=taken, fortress=fortress,
                  sea=battle.sea)


def _finish_if_done(flow: Flow) -> None:
    battle = flow.state.move.battle
    assert battle is not None
    if any(battle.hits):
        return
    flow.sub("move", battle=None)
    if not battle.sea:
        war.settle(flow, battle.place)
    leadership.adjust(flow, (battle.attacker, battle.defender))


def _battle(names: Names, ev: Event) -> str:
    """Both sides' dice, bonuses, totals and hits, e.g. "Rome rolls 5, 4 and 3 + 3 (Caesar) =
    15 (3 hits); Carthage rolls a 2 (0 hits)."."""
    rolls, totals, scored = ev.get("rolls"), ev.get("totals"), ev.get("hits")
    bonuses = ev.get("bonuses") or [[], []]
    sides = [f"{seat_name(ev.get(who))} rolls {_sum_words(rolls[k], bonuses[k], totals[k])} "
             f"({counted(scored[k], 'hit')})" for k, who in enumerate(("seat", "against"))]
    return f"{sides[0]}; {sides[1]}."


def _sum_words(dice: list[int], bonuses: list[list[object]], total: int) -> str:
    """The dice, what is added to them (extra dice are among the dice) and the total."""
    added = [f" + {points} ({why})" for why, points in bonuses if not str(why).endswith("dice")]
    if not dice:
        shown = "no dice"
    elif len(dice) == 1:
        shown = f"a {dice[0]}"
    else:
        shown = ", ".join(map(str, dice[:-1])) + f" and {dice[-1]}"
    return shown + "".join(added) + (f" = {total}" if added or len(dice) > 1 else "")


def _losses(names: Names, ev: Event) -> str:
    """"Rome loses 2 triremes.", "Carthage loses the fortress and 1 legion."."""
    units, fortress = ev.get("units"), bool(ev.get("fortress"))
    if ev.get("sea"):
        lost = counted(units, "trireme")
    else:
        legions = [counted(units - fortress, "legion")] if units - fortress else []
        lost = " and ".join((["the fortress"] if fortress else []) + legions)
    return f"{seat_name(ev.get('seat'))} loses {lost}."


SENTENCES: dict[str, Sentence] = {
    "battle_started": lambda names, ev: (f"{seat_name(ev.get('seat'))} attacks "
                                         f"{seat_name(ev.get('against'))} in "
                                         f"{place_words(names, ev.get('place'))}."),
    "battle": _battle,
    "losses": _losses,
}
"""Sentences of the battle events (text.describe)."""
