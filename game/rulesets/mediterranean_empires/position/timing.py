"""A position's place in the game: turn, round, whose action phase, this round's event, truces.

Only what play can reach is accepted: the round's event must be one its roll can give, passes
are reset at the roll and counted only for the phases already over, and a truce lapses at the
end of the current turn or of the current or next round (rule 4.2 ends them all with the turn).
"""

from __future__ import annotations

import re

from game.content import ContentError, Node
from game.core.records import evolve
from game.rulesets.mediterranean_empires.content.events_table import RandomEvent
from game.rulesets.mediterranean_empires.frames import ActionPhase, Frame, RoundEnd, RoundStart
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState, Truce

EVENT = "event"
"""`to_act` value: the position waits for the round's Random Event roll."""
EVERYONE = -1
"""A truce's `other` when it binds its player with everyone (Pax)."""
DIE_SIDES = 6
UNTIL = re.compile(r"(?:round ([0-9]{1,4})\.([0-9]{1,4})|turn ([0-9]{1,4}))")


def timing(rules: Rules, root: Node, state: MeState, empires: list[Node]) -> MeState:
    """The state at the turn, round and step the position names."""
    names = [seat.empire for seat in state.seats]
    turn = root.get_int("turn", low=1, high=state.last_turn)
    to_act = root.child("to_act").choice((EVENT, "foundation", *names))
    mover = None if to_act == EVENT else names.index(to_act)
    first_node = root.opt("first")
    first = names.index(first_node.choice(tuple(names))) if first_node is not None else 0
    options = dict(state.options)
    state = evolve(state, turn=turn, first_seat=first,
                   enraged=root.get_int("enraged", 0, 0, rules.content.tables.enraged.max_level),
                   all_passed=root.get_bool("all_passed", False))
    round_number = _round(rules, root, state, mover is None, bool(options.get("short_play")))
    state = evolve(state, round=round_number - (mover is None),
                   event=_event(rules, root, state, round_number, mover))
    state = evolve(state, passes=_passes(root, state, mover))
    state = evolve(state, truces=_truces(rules, empires, state, mover is None))
    return evolve(state, stack=round_stack(rules, state, mover))


def round_stack(rules: Rules, state: MeState, mover: int | None) -> tuple[Frame, ...]:
    """The frames of a round from `mover`'s action phase on (None: from the event roll)."""
    if mover is None:
        return (RoundStart(),)
    effect = rules.content.tables.random_event.event(state.event).effect
    order = _order(state)
    phases = [ActionPhase(seat, effect.imperium_cards_per_action, effect.expeditions_per_action)
              for seat in order[order.index(mover):]]
    return (RoundEnd(), *reversed(phases))


def _order(state: MeState) -> list[int]:
    count = len(state.seats)
    return [(state.first_seat + i) % count for i in range(count)]


# -- round and event ---------------------------------------------------------------------------

def _round(rules: Rules, root: Node, state: MeState, at_roll: bool, short: bool) -> int:
    """The round; one whose roll (or, at a roll, the round before) could not end the turn."""
    node = root.child("round")
    number = node.integer(low=1)
    if at_roll and number == 1 and state.all_passed:
        raise root.child("all_passed").error("a turn's first roll has no previous round")
    played = number - 1 if at_roll else number
    if played >= 1 and not any(not e.effect.ends_turn for e in _rollable(rules, played, False,
                                                                          short)):
        raise node.error(f"round {played} of a turn always rolls End Turn, so no round "
                         f"{number} {'roll' if at_roll else 'action phase'} comes")
    return number


def _rollable(rules: Rules, round_number: int, all_passed: bool,
              short: bool) -> list[RandomEvent]:
    """The events the roll at the start of `round_number` can give."""
    table = rules.content.tables.random_event
    modifier = table.modifier(round_number, all_passed, short)
    low, high = table.dice + modifier, table.dice * DIE_SIDES + modifier
    return [e for e in table.events if (e.low is None or e.low <= high)
            and (e.high is None or e.high >= low)]


def _event(rules: Rules, root: Node, state: MeState, round_number: int,
           mover: int | None) -> str:
    table = rules.content.tables.random_event
    node = root.opt("event")
    if mover is None:
        if node is not None:
            raise node.error("at the Random Event roll the round has no event yet")
        return ""
    if node is None:
        raise ContentError(root.file, "event", "this round's Random Event is needed when an "
                           "empire acts")
    event = node.choice(tuple(e.id for e in table.events))
    if table.event(event).effect.ends_turn:
        raise node.error("End Turn leaves no action phase in the round")
    possible = _rollable(rules, round_number, state.all_passed,
                         bool(dict(state.options).get("short_play")))
    if event not in [e.id for e in possible]:
        playable = ", ".join(e.id for e in possible if not e.effect.ends_turn)
        raise node.error(f"the roll of round {round_number} cannot give {event} (it gives "
                         f"{playable} or End Turn)")
    return event


def _passes(root: Node, state: MeState, mover: int | None) -> int:
    """Passes so far this round: 0 at the roll, at most one per phase already over."""
    done = 0 if mover is None else _order(state).index(mover)
    node = root.opt("passes")
    passes = 0 if node is None else node.integer(low=0)
    if passes and mover is None:
        raise root.child("passes").error("passes count from 0 again at each Random Event roll")
    if passes > done:
        raise root.child("passes").error(f"only {done} action phase(s) of this round are over")
    return passes


# -- truces ------------------------------------------------------------------------------------

def _truces(rules: Rules, empires: list[Node], state: MeState, at_roll: bool
            ) -> tuple[Truce, ...]:
    names = [seat.empire for seat in state.seats]
    turn, round_number = state.turn, state.round + at_roll
    out = []
    for seat, node in enumerate(empires):
        listed = node.opt("truces")
        for item in listed.elements() if listed is not None else ():
            item.only_keys("with", "card", "until")
            other = item.child("with").choice(("everyone", *names))
            if other == names[seat]:
                raise item.child("with").error("a truce binds two different empires")
            until = _until(item, turn, round_number, at_roll)
            out.append(Truce(seat, EVERYONE if other == "everyone" else names.index(other),
                             _truce_card(rules, item.child("card")), until))
    return tuple(out)


def _truce_card(rules: Rules, node: Node) -> str:
    try:
        rules.card(node.text())
    except KeyError:
        raise node.error(f"no card {node.value!r}") from None
    return node.text()


def _until(item: Node, turn: int, round_number: int, at_roll: bool) -> str:
    """`round T.R` or `turn T` (default: the end of this turn), a moment still to come."""
    node = item.opt("until")
    if node is None:
        return f"turn {turn}"
    match = UNTIL.fullmatch(node.text())
    if match is None:
        raise node.error(f"{node.value!r} is not `round T.R` or `turn T` (numbers)")
    last = round_number + (0 if at_roll else 1)
    if int(match[1] or match[3]) != turn:
        raise node.error(f"the position is in turn {turn}, and every truce ends with its turn")
    if match[2] is None:
        return f"turn {turn}"
    lapse = int(match[2])
    if not round_number <= lapse <= last:
        raise node.error(f"round {turn}.{lapse} cannot be a truce's end here: truces in force "
                         f"now lapse at the end of round {round_number}"
                         f"{'' if at_roll else f' or {last}'} of turn {turn}")
    return f"round {turn}.{lapse}"
