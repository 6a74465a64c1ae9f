"""The Random Event table (tables.yaml `random_event`): events, their effects, roll modifiers."""

from __future__ import annotations

from dataclasses import dataclass

from game.content import Node
from game.rulesets.mediterranean_empires.content.table_rows import (
    Outcome,
    check_cover,
    check_ids,
    in_range,
    parse_choice,
    row_bounds,
)

# Rulebook §4.1 lists the events in this order; the table must keep it, low totals first.
EVENT_IDS = (
    "prosperity", "fine_weather", "neutral_attack", "diplomacy_season", "enraged_barbarians",
    "campaign_season", "going_home", "foul_weather", "pirates", "shortage", "end_turn",
)
ATTACK_TABLES = ("pirate_attack", "neutral_attack")
CARD_TYPES = ("T", "F", "L", "D", "A", "I", "X")


@dataclass(frozen=True)
class EventEffect:
    """What a Random Event changes; defaults mean "no change"."""

    choice: tuple[Outcome, ...] = ()
    shipwreck_rolls: bool = True
    shipwreck_extra_dice: int = 0
    storm_at_sea_modifier: int = 0
    imperium_cards_per_action: int = 1
    expeditions_per_action: int = 1
    table: str | None = None
    retrieve_from_discard: int = 0
    retrieve_types: tuple[str, ...] = ()
    enraged_step: int = 0
    ends_turn: bool = False


@dataclass(frozen=True)
class RandomEvent:
    """One row of the Random Event table: totals low..high (None = open end) give the event."""

    id: str
    name: str
    low: int | None
    high: int | None
    summary: str
    effect: EventEffect

    def covers(self, total: int) -> bool:
        """Whether a modified total falls in this row."""
        return in_range(total, self.low, self.high)


@dataclass(frozen=True)
class RandomEventTable:
    """The Random Event table and its die-roll modifiers (rule 4.1, optional rule 8.4)."""

    dice: int
    per_finished_round: int
    all_passed_bonus: int
    short_play_from_round: int
    short_play_bonus: int
    events: tuple[RandomEvent, ...]

    def modifier(self, round_number: int, all_passed: bool, short_play: bool = False) -> int:
        """The modifier for the roll at the start of `round_number` (1-based)."""
        return sum(value for _, value in self.modifiers(round_number, all_passed, short_play))

    def modifiers(self, round_number: int, all_passed: bool, short_play: bool = False
                  ) -> tuple[tuple[str, int], ...]:
        """The parts of that modifier, (what, value), leaving out those worth nothing."""
        parts = (("finished rounds", self.per_finished_round * (round_number - 1)),
                 ("all passed", self.all_passed_bonus if all_passed else 0),
                 ("short play", self.short_play_bonus
                  if short_play and round_number >= self.short_play_from_round else 0))
        return tuple((what, value) for what, value in parts if value)

    def event_for(self, total: int) -> RandomEvent:
        """The event a modified total gives."""
        for event in self.events:
            if event.covers(total):
                return event
        raise ValueError(f"no Random Event for total {total}")

    def event(self, event_id: str) -> RandomEvent:
        """The event with this id."""
        for event in self.events:
            if event.id == event_id:
                return event
        raise KeyError(event_id)


def parse_random_event(node: Node) -> RandomEventTable:
    """The Random Event table from its node in tables.yaml."""
    node.only_keys("dice", "modifiers", "events")
    mods = node.child("modifiers").only_keys("per_finished_round", "all_passed_last_round",
                                             "short_play")
    short = mods.child("short_play").only_keys("from_round", "bonus")
    dice = node.get_int("dice", low=1, high=4)
    events_node = node.child("events")
    events = tuple(_event(e) for e in events_node.elements())
    check_ids(events_node, [e.id for e in events], EVENT_IDS)
    # All modifiers are non-negative, so totals run from the dice minimum upwards without end.
    check_cover(events_node, [(e.low, e.high) for e in events], dice, None)
    return RandomEventTable(
        dice=dice,
        per_finished_round=mods.get_int("per_finished_round", low=0),
        all_passed_bonus=mods.get_int("all_passed_last_round", low=0),
        short_play_from_round=short.get_int("from_round", low=1),
        short_play_bonus=short.get_int("bonus", low=0),
        events=events,
    )


def _event(node: Node) -> RandomEvent:
    node.only_keys("id", "name", "min", "max", "summary", "effect")
    low, high = row_bounds(node)
    return RandomEvent(node.get_text("id"), node.get_text("name"), low, high,
                       node.get_text("summary"), _effect(node.child("effect")))


def _effect(node: Node) -> EventEffect:
    node.only_keys("choice", "shipwreck_rolls", "shipwreck_extra_dice", "storm_at_sea_modifier",
                   "imperium_cards_per_action", "expeditions_per_action", "table",
                   "retrieve_from_discard", "retrieve_types", "enraged_step", "ends_turn")
    table = node.opt("table")
    types = node.opt("retrieve_types")
    return EventEffect(
        choice=parse_choice(node.opt("choice")),
        shipwreck_rolls=node.get_bool("shipwreck_rolls", True),
        shipwreck_extra_dice=node.get_int("shipwreck_extra_dice", default=0, low=0, high=3),
        storm_at_sea_modifier=node.get_int("storm_at_sea_modifier", default=0, low=-3, high=3),
        imperium_cards_per_action=node.get_int("imperium_cards_per_action", default=1, low=0,
                                               high=3),
        expeditions_per_action=node.get_int("expeditions_per_action", default=1, low=0, high=3),
        table=None if table is None else table.choice(ATTACK_TABLES),
        retrieve_from_discard=node.get_int("retrieve_from_discard", default=0, low=0, high=3),
        retrieve_types=() if types is None else tuple(
            t.choice(CARD_TYPES) for t in types.elements()),
        enraged_step=node.get_int("enraged_step", default=0, low=0, high=3),
        ends_turn=node.get_bool("ends_turn", False),
    )
