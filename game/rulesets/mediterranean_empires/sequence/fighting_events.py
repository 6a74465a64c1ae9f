"""The Random Events that fight (rule 4.1): Neutral Attack and Pirates, and Cilician Pirates.

Chance picks the player in control (every seat alike) and rolls the event's table; that player
picks the attacking neutral city (Neutral Attack) and the city attacked. The attack itself runs
through the Combat API (`expedition.start_attack`); a fallen city turns neutral. With nothing
to attack the event has no effect. Cilician Pirates (trigger_event) runs Pirates with the
card's player in control, against another player's port.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from game.core import chance
from game.core.actions import Action, act
from game.core.chance import ChanceRequest, resolve
from game.core.decision import CHANCE, Decision
from game.core.entries import ActionEntry, ChanceEntry, Entry
from game.core.records import evolve
from game.rulesets.mediterranean_empires.barbarians.areas import areas_next_to
from game.rulesets.mediterranean_empires.cards.card_effects import EffectImpl, implement
from game.rulesets.mediterranean_empires.content.vocabulary import Effect
from game.rulesets.mediterranean_empires.expedition.expedition import start_attack
from game.rulesets.mediterranean_empires.expedition.forces import NEUTRAL_FORCE, PIRATES, Force
from game.rulesets.mediterranean_empires.expedition.routes import port_ids
from game.rulesets.mediterranean_empires.flow import Flow, Procedure, register
from game.rulesets.mediterranean_empires.frames import CardUse, Raid
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.sequence.random_events import EVENT_STARTERS
from game.rulesets.mediterranean_empires.state import NEUTRAL, MeState, board_memo

NOBODY = -9
"""`Raid.spare` when every player's cities may be attacked."""
SUBDUED = 1


# -- what may attack what ----------------------------------------------------------------------

def _player_city(state: MeState, rules: Rules, city: str, spare: int) -> bool:
    owner = state.board.owner[rules.city_index(city)]
    return owner >= 0 and owner != spare


def pirate_targets(rules: Rules, state: MeState, spare: int = NOBODY) -> tuple[str, ...]:
    """Player-held ports the pirates may strike."""
    owners, ids = state.board.owner, rules.city_ids
    return board_memo(state, (rules, "pirate_targets", spare), lambda: tuple(
        ids[index] for index in _ports(rules) if 0 <= owners[index] != spare))


@cache  # content only
def _ports(rules: Rules) -> tuple[int, ...]:
    """Indices of the port cities, in map order."""
    ports = port_ids(rules)
    return tuple(index for index, city in enumerate(rules.city_ids) if city in ports)


def _through_subdued(rules: Rules, state: MeState, source: str) -> set[str]:
    """Cities reached from `source` across one or more subdued barbarian areas."""
    graph = rules.content.map
    seen: set[str] = set()
    todo = list(areas_next_to(rules, source))
    reached: set[str] = set()
    while todo:
        area = todo.pop()
        if area in seen or state.board.subdued[rules.area_index(area)] != SUBDUED:
            continue
        seen.add(area)
        for nxt in graph.neighbours(area, "barbarian"):
            (reached.add if rules.is_city(nxt) else todo.append)(nxt)
    return reached


def neutral_targets(rules: Rules, state: MeState, source: str,
                    spare: int = NOBODY) -> tuple[str, ...]:
    """Player cities a neutral city may attack: by land, coastal route or subdued areas."""
    def cities() -> tuple[str, ...]:
        graph = rules.content.map
        near = {*graph.neighbours(source, "land"), *graph.neighbours(source, "coastal"),
                *_through_subdued(rules, state, source)}
        return tuple(sorted(c for c in near if _player_city(state, rules, c, spare)))
    return board_memo(state, (rules, "neutral_targets", source, spare), cities)


def neutral_sources(rules: Rules, state: MeState, spare: int = NOBODY) -> tuple[str, ...]:
    """Neutral cities with at least one city to attack."""
    return board_memo(state, (rules, "neutral_sources", spare), lambda: tuple(
        rules.city_ids[index] for index, owner in enumerate(state.board.owner)
        if owner == NEUTRAL and _attacks_any(rules, state, index, spare)))


def _attacks_any(rules: Rules, state: MeState, source: int, spare: int) -> bool:
    """Whether `neutral_targets` would find a city for the city at index `source` (its land
    and coastal neighbours first, the subdued areas' search only when they have none)."""
    owners = state.board.owner
    if any(0 <= owners[other] != spare for other in rules.city_links(source)):
        return True
    return any(_player_city(state, rules, c, spare)
               for c in _through_subdued(rules, state, rules.city_ids[source]))


def _targets(rules: Rules, state: MeState, frame: Raid) -> tuple[str, ...]:
    if frame.event == "pirates":
        return pirate_targets(rules, state, frame.spare)
    if not frame.source:
        return neutral_sources(rules, state, frame.spare)
    return neutral_targets(rules, state, frame.source, frame.spare)


def start_raid(flow: Flow, event: str, chooser: int = -1, spare: int = NOBODY) -> None:
    """Begin a Neutral Attack or Pirates (no effect when nothing can be attacked)."""
    if not _targets(flow.rules, flow.state, Raid(event, spare=spare)):
        flow.emit("event_no_effect", event=event)
        return
    flow.push(Raid(event, chooser, spare=spare))


# -- the Raid frame ------------------------------------------------------------------------------

def _decide(rules: Rules, state: MeState, frame: Raid) -> Decision | None:
    if frame.chooser < 0:
        draws = (chance.pick("player in control", len(state.seats)), chance.dice("raid", 1))
        return Decision(CHANCE, "chance", f"pick who steers the {_name(rules, frame)} and roll",
                        chance=ChanceRequest(draws, "raid"))
    if frame.roll == 0:
        return Decision(CHANCE, "chance", f"roll for the {_name(rules, frame)}",
                        chance=ChanceRequest((chance.dice("raid", 1),), "raid"))
    if frame.target or frame.started or not _targets(rules, state, frame):
        return None
    what = "the neutral city that attacks" if frame.event == "neutral_attack" and \
        not frame.source else "the city attacked"
    return Decision(frame.chooser, "action", f"{state.seats[frame.chooser].empire}: "
                    f"{_name(rules, frame)} — pick {what}")


def _name(rules: Rules, frame: Raid) -> str:
    return rules.content.tables.random_event.event(frame.event).name


def _legal(rules: Rules, state: MeState, frame: Raid, seat: int,
           known: Mapping[str, str]) -> tuple[Action, ...]:
    if seat != frame.chooser or frame.roll == 0 or frame.target:
        return ()
    return tuple(act("target", id=c) for c in _targets(rules, state, frame))


def _handle(flow: Flow, frame: Raid, entry: Entry) -> None:
    if isinstance(entry, ChanceEntry):
        _rolled(flow, frame, entry)
        return
    assert isinstance(entry, ActionEntry)
    city = str(entry.action.arg("id"))
    if frame.event == "neutral_attack" and not frame.source:
        flow.replace_top(evolve(frame, source=city))
        return
    flow.replace_top(evolve(frame, target=city))
    flow.emit("raid_target", seat=frame.chooser, event=frame.event, source=frame.source,
              city=city)


def _rolled(flow: Flow, frame: Raid, entry: ChanceEntry) -> None:
    request = _decide(flow.rules, flow.state, frame)
    assert request is not None and request.chance is not None
    numbers = resolve(request.chance, entry.seed, entry.values)
    chooser = numbers[0][0] if frame.chooser < 0 else frame.chooser
    roll = numbers[-1][0]
    flow.replace_top(evolve(frame, chooser=chooser, roll=roll))
    flow.emit("raid_roll", seat=chooser, event=frame.event, roll=roll)


def _run(flow: Flow, frame: Raid) -> None:
    if frame.started or not frame.target:
        flow.pop()
        _report(flow, frame)
        return
    flow.replace_top(evolve(frame, started=True))
    flow.set(outcome=None)
    if frame.event == "pirates":
        row = flow.rules.content.tables.pirate_attack.row(frame.roll)
        force = Force(PIRATES, cf=row.city, naval_cf=row.naval)
        start_attack(flow, force, frame.target, by_sea=True, reason="pirates",
                     controller=frame.chooser)
    else:
        row_cf = flow.rules.content.tables.neutral_attack.row(frame.roll).cf
        start_attack(flow, Force(NEUTRAL_FORCE, cf=row_cf), frame.target,
                     origin=frame.source, reason="neutral attack", controller=frame.chooser)


def _report(flow: Flow, frame: Raid) -> None:
    if not frame.target:
        flow.emit("event_no_effect", event=frame.event)
        return
    outcome = flow.state.outcome
    flow.emit("raid_over", event=frame.event, city=frame.target,
              fell=outcome is not None and outcome.attacker_won)


register("raid", Procedure(_decide, _handle, _run, legal=_legal))
EVENT_STARTERS["pirates"] = lambda flow: start_raid(flow, "pirates")
EVENT_STARTERS["neutral_attack"] = lambda flow: start_raid(flow, "neutral_attack")


# -- Cilician Pirates (trigger_event) -------------------------------------------------------------

def _can_trigger(rules: Rules, state: MeState, use: CardUse, effect: Effect) -> bool:
    event = str(effect.param("event"))
    return bool(_targets(rules, state, Raid(event, spare=use.seat)))


def _trigger(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    start_raid(flow, str(effect.param("event")), chooser=use.seat, spare=use.seat)


implement("trigger_event", EffectImpl(_trigger, usable=_can_trigger))
