"""What the side panel's tooltips say: each heading, each empire's figures and name, the turn,
the Random Event, the Enraged track, the VP track and the chronicle, with rule numbers; and
the empire's line they read (`SeatLine`, which the panel draws)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from sprites.theme import empire_name

ENDS = "Shuffled back into the deck at the end of the turn (rule 4.2)."


@dataclass(frozen=True)
class SeatLine:
    """One empire as the HUD shows it."""

    empire: str
    vp: int
    cities: int
    hand: int
    deck: int
    discard: int
    player: str
    you: bool = False
    acting: bool = False
    limit: int = 0
    """The hand size the turn's end refills to (rule 4.2)."""
    thinking: bool = False
    """Its bot is working out a decision."""


class PanelFacts(Protocol):
    """What a tooltip reads of the whole panel (hud.HudModel)."""

    turn: int
    last_turn: int
    event: str
    event_summary: str
    enraged: int
    enraged_max: int
    hand_size: int
    victory_cities: int


@dataclass(frozen=True)
class Tip:
    """A hover zone of the panel (its own coordinates) and its tooltip."""

    rect: pygame.Rect
    title: str
    lines: tuple[str, ...]


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s" if thing != "city" else f"{n} cities"


def _wins(model: PanelFacts) -> list[str]:
    if not model.victory_cities:
        return []
    return [f"Holding {model.victory_cities} cities at any moment wins at once (rule 4.4)."]


def column_tip(column: str, rect: pygame.Rect, model: PanelFacts) -> Tip:
    """The tooltip of a column heading: VP, Cities, Hand or Pile."""
    words = {
        "VP": ("Victory points", (
            "A naval or field battle won +2, lost −2 (rule 4.3); a city gained or lost moves "
            "them by its size (rule 6); more at each turn's end (rule 4.2).",
            "Never below 1. The most after the last turn wins (rule 4.4).")),
        "Cities": ("Cities held", (*_wins(model),
                                   "At each turn's end the largest empire scores VP and extra "
                                   "cards (rule 4.2).")),
        "Hand": ("Cards in hand", (
            "Hidden from the others.",
            f"At the end of the turn every hand is refilled to the scenario's {model.hand_size} "
            "cards, give or take that turn's awards, and cut down to it if above (rule 4.2).")),
        "Pile": ("Discard pile", ("Cards played or lost, open to everyone: click an empire's "
                                  "line to see them.", ENDS)),
    }
    title, lines = words[column]
    return Tip(rect, title, lines)


def figure_tip(column: str, seat: SeatLine, rect: pygame.Rect, model: PanelFacts) -> Tip:
    """The tooltip of one figure of an empire's line (or of its name: column "name")."""
    name = empire_name(seat.empire)
    if column == "name":
        return Tip(rect, name, tuple(_who(seat)))
    if column == "VP":
        flipped = ["Past 39: its marker shows the +40 side."] if seat.vp >= 40 else []
        return Tip(rect, f"{name}: {seat.vp} VP", (*flipped, *column_tip("VP", rect,
                                                                         model).lines))
    if column == "Cities":
        left = model.victory_cities - seat.cities
        more = [f"{_count(left, 'city')} short of winning at once (rule 4.4)."] \
            if model.victory_cities and left > 0 else []
        return Tip(rect, f"{name}: {_count(seat.cities, 'city')}", (
            *more, "A city taken or lost counts its size in VP (rule 6)."))
    if column == "Hand":
        return Tip(rect, f"{name}: {_count(seat.hand, 'card')} in hand", (
            f"Refilled to {seat.limit} at the end of the turn (rule 4.2).",
            f"{_count(seat.deck, 'card')} left to draw."))
    return Tip(rect, f"{name}: {_count(seat.discard, 'card')} in the discard pile",
               ("Click the row to see them.", ENDS))


def _who(seat: SeatLine) -> list[str]:
    if seat.you:
        who = "Played at this screen: you."
    elif seat.player.startswith("bot"):
        who = f"Played by the computer ({seat.player.removeprefix('bot:')} bot)."
    else:
        who = "Played by a person." if seat.player == "human" else f"Played by {seat.player}."
    waits = ["The gold frame: the table waits for its decision."] if seat.acting else []
    return [who, *waits, "Click the line to see its discard pile."]


def part_tip(part: str, rect: pygame.Rect, model: PanelFacts) -> Tip:
    """The tooltip of a part of the panel: turn, event, enraged, track or chronicle."""
    if part == "turn":
        if not model.turn:
            return Tip(rect, "Set-up", (
                "In turn order each empire places a fortification marker on a city it holds, "
                "or on an empty one linked to its cities, until all are placed (rule 3.1).",))
        return Tip(rect, f"Turn {model.turn} of {model.last_turn}", (
            "Each round opens with a Random Event; then every empire takes one action, in "
            "turn order (rule 4).",
            "The turn ends when the End Turn event comes up (rule 4.1).", *_wins(model)))
    if part == "event":
        summary = (model.event_summary,) if model.event_summary else ()
        return Tip(rect, model.event or "Random Event", (
            *summary, "Drawn at the start of each round: 2d6, +1 for each round already "
            "played this turn, +2 after a round everyone passed (rule 4.1)."))
    if part == "enraged":
        return Tip(rect, f"Enraged barbarians: {model.enraged} of {model.enraged_max}", (
            "Each level gives every barbarian area one more die, attacking or defending, and "
            "takes 1 off Subduing rolls (rules 4.1, 7).", "Back to 0 at the end of the turn."))
    if part == "track":
        return Tip(rect, "Victory point track", (
            "Each empire's marker on its score, five cells to a shade.",
            "Past 39 a marker turns to its +40 side (gold ring) and counts on from 0 "
            "(rule 4.4)."))
    return Tip(rect, "Chronicle", ("Everything that happened, newest at the bottom.",
                                   "The mouse wheel over it scrolls back."))
