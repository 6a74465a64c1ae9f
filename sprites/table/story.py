"""Turns the events of one entry into timeline steps: rolls become dice (with the logged
values), played and discarded cards fly to their pile, an expedition marches along its route,
then the new position is shown: conquered cities flip and VP changes rise beside the HUD.
A card the person at the screen lost without choosing it (taken by another player, discarded at
random) flies from their hand named to them alone ("You lose Magon"): a stolen card's event
names only its slot, and their own table knows the card (`private_slots`, `known`).
Sounds are cued as the story reaches them: dice, a card's flick or discard, a battle's clash,
the horn at the end of a turn."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.core.events import Event
from game.rulesets.mediterranean_empires.cards.cards import RANDOM_DISCARD
from sprites import content, sound, theme
from sprites.map.model import MapModel
from sprites.map.picture import BoardPicture
from sprites.table.anims import Banner, CardFlight, Dice, Flip, March, VpChange
from sprites.table.cards import card_face, deck_of
from sprites.table.timeline import Call, Step

CAPTIONS = {
    "random_event": "Random Event", "battle_total": "Battle", "shipwreck_rolls": "Shipwreck",
    "shipwreck_checks": "Shipwreck check", "subduing_roll": "Subduing roll",
    "card_roll": "Card roll", "raid_roll": "Raid roll", "casualty_roll": "Casualty roll",
    "opening_roll": "Battle Opening", "combat_card_roll": "Card roll",
    "recovery_rolls": "Casualty recovery", "barbarian_attack": "Barbarian attack",
}
CARD_MOVES = ("card_played", "discarded", "discard_and_draw", "card_lost", "fled")
MARCHES = ("expedition_declared", "attack_launched")
SOUNDS = {"card_played": "card", "imperium_played": "card", "drew": "card",
          "discarded": "discard", "discard_and_draw": "discard", "card_lost": "discard",
          "fled": "discard", "combat_started": "battle", "turn_ended": "turn_end",
          "game_over": "turn_end"}
"""The sound (sprites/sound.py) an event cues; rolls with dice cue "dice"."""


@dataclass
class Where:
    """Screen places the story needs: the map's middle, the top banner line, each seat's row
    in the HUD, the hand, and a card width for flights."""

    middle: tuple[int, int]
    top: tuple[int, int]
    seat_rows: Mapping[int, tuple[int, int]]
    hand: tuple[int, int]
    card_width: int


class Cue(Step):
    """A sound started when the queue reaches it (it takes no time)."""

    duration = 0.0

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def start(self) -> None:
        """Play it."""
        sound.play(self.name)


def sound_of(ev: Event) -> str | None:
    """The sound an event cues, if any."""
    if ev.kind in CAPTIONS:
        return "dice" if dice_of(ev) else None
    return SOUNDS.get(ev.kind)


def dice_of(ev: Event) -> tuple[int, ...]:
    """The dice an event reports (dice, roll or rolls facts), flattened."""
    found: list[int] = []
    for name in ("dice", "roll", "rolls", "card_rolls"):
        value = ev.get(name)
        if isinstance(value, bool):
            continue
        if isinstance(value, int) and value > 0:
            found.append(value)
        elif isinstance(value, tuple | list):
            found.extend(v for v in _flat(value) if isinstance(v, int) and not isinstance(v, bool))
    return tuple(found)


def _flat(values: Any) -> list[Any]:
    out: list[Any] = []
    for v in values:
        out.extend(_flat(v) if isinstance(v, tuple | list) else [v])
    return out


def steps_for(events: tuple[Event, ...], describe: Callable[[Event], str],
              before: BoardPicture, after: BoardPicture, vp_before: tuple[int, ...],
              vp_after: tuple[int, ...], after_view: Mapping[str, Any], model: MapModel,
              where: Where, me: int | None, show: Callable[[BoardPicture], None],
              colour_blind: bool, known: Mapping[str, str] | None = None) -> list[Step]:
    """The steps that tell one entry; `show(picture)` is called when the map should change;
    `known` names the `private_slots` of these events for `me`, the person at the screen."""
    empires = [s["empire"] for s in after_view["seats"]]
    steps: list[Step] = []
    for ev in events:
        cue = sound_of(ev)
        if cue is not None and not (steps and isinstance(steps[-1], Cue)):
            steps.append(Cue(cue))  # one sound per moment: the first of a run of cues
        step = _taken_from(ev, empires, where, me, known or {}, colour_blind) \
            or _step(ev, describe, empires, after_view, model, where, me, colour_blind)
        if step is not None:
            steps.append(step)
    flips = [c for c, state in after.cities.items() if before.city(c).owner != state.owner
             and before.city(c).owner is not None]
    if flips:
        blank = dict(after.cities)
        from sprites.map.picture import CityState

        for city in flips:
            blank[city] = CityState(None)
        hidden = BoardPicture(after.title, after.empires, after.provinces_in_play, blank,
                              after.areas)
        steps.append(Call(lambda: show(hidden)))
        for city in flips:
            spot = model.city(city)
            steps.append(Flip(city, spot.size, spot.port, before.city(city), after.city(city),
                              colour_blind))
    steps.append(Call(lambda: show(after)))
    for seat, (old, new) in enumerate(zip(vp_before, vp_after, strict=False)):
        if new != old and seat in where.seat_rows:
            colour = theme.empire_colour(empires[seat], colour_blind)
            steps.append(VpChange(seat, new - old, colour))
    return steps


def private_slots(events: tuple[Event, ...], me: int | None) -> tuple[str, ...]:
    """The slots of cards taken from `me`'s hand in these events, which only `me`'s own table
    can name (the caller looks them up in what that seat knows)."""
    return tuple(str(ev.get("slot")) for ev in events
                 if me is not None and ev.kind == "card_stolen" and ev.get("victim") == me)


def _taken_from(ev: Event, empires: list[str], where: Where, me: int | None,
                known: Mapping[str, str], colour_blind: bool) -> Step | None:
    """A card `me` lost without choosing it, shown to `me` alone: it flies from the hand to
    the taker's (or the pile's) row under its name; None for anyone else (a stolen card's
    event then tells nobody anything)."""
    slot, to = str(ev.get("slot")), ev.get("seat")
    if me is None or not isinstance(to, int) or to not in where.seat_rows:
        return None
    if ev.kind == "card_stolen" and ev.get("victim") == me:
        card, words = known.get(slot), f"{theme.empire_name(empires[to])} takes {{}} from you"
    elif ev.kind == "discarded" and ev.get("reason") == RANDOM_DISCARD \
            and ev.get("holder") == me:
        card, words = ev.get("card"), "You lose {}"
    else:
        return None
    if not isinstance(card, str):
        return None
    face = card_face(card, deck_of(slot), where.card_width, colour_blind)
    name = content.content().decks.card(card).name
    return CardFlight(face, where.hand, where.middle, where.seat_rows[to],
                      caption=words.format(name))


def _step(ev: Event, describe: Callable[[Event], str], empires: list[str],
          view: Mapping[str, Any], model: MapModel, where: Where, me: int | None,
          colour_blind: bool) -> Step | None:
    kind = ev.kind
    if kind in CAPTIONS:
        dice = dice_of(ev)
        if not dice:
            return None
        caption = CAPTIONS[kind]
        seat = ev.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(empires):
            caption = f"{caption} — {theme.empire_name(empires[seat])}"
        return Dice(caption, dice, _short(describe(ev)), where.middle)
    if kind in CARD_MOVES and isinstance(ev.get("card"), str):
        seat = ev.get("seat")
        if not isinstance(seat, int) or seat not in where.seat_rows:
            return None
        face = card_face(ev.get("card"), empires[seat], where.card_width, colour_blind)
        holder = ev.get("holder", seat)
        start = where.hand if holder == me else where.seat_rows.get(holder, where.seat_rows[seat])
        return CardFlight(face, start, where.middle, where.seat_rows[seat])
    if kind in MARCHES:
        return _march(ev, empires, view, model, colour_blind)
    if kind == "turn_started":
        return Banner(f"Turn {ev.get('turn')}", where.top, _short(describe(ev)))
    if kind == "game_over":
        return Banner("The game is over", where.top, _short(describe(ev)))
    return None


def _march(ev: Event, empires: list[str], view: Mapping[str, Any], model: MapModel,
           colour_blind: bool) -> Step | None:
    seat = ev.get("seat", ev.get("force"))
    target = ev.get("target")
    frame = next((f for f in reversed(view.get("stack", ())) if f.get("kind") == "expedition"
                  and f.get("target") == target), None)
    path = list(frame.get("path", ())) if frame else []
    origin = ev.get("origin")
    if not path and isinstance(origin, str) and origin:
        path = [origin]
    if not path or path[-1] != target:
        path.append(target)
    points = []
    for node in path:
        try:
            points.append(model.position(node))
        except KeyError:
            continue
    if len(points) < 2:
        return None
    colour = (theme.empire_colour(empires[seat], colour_blind)
              if isinstance(seat, int) and 0 <= seat < len(empires) else theme.INK_SOFT)
    return March(tuple(points), colour)


def _short(sentence: str, limit: int = 90) -> str:
    return sentence if len(sentence) <= limit else sentence[:limit - 1].rstrip() + "…"


PLACES = {"combat_started": "where", "city_changed": "city", "subdued": "area",
          "raid_target": "city", "expedition_declared": "target", "attack_launched": "target"}
"""The fact naming where an event happens (the map points at such places out of sight)."""


def places_of(events: tuple[Event, ...]) -> list[str]:
    """The places these events happen at, each once, in order."""
    found = [ev.get(PLACES[ev.kind]) for ev in events if ev.kind in PLACES]
    return list(dict.fromkeys(place for place in found if isinstance(place, str)))
