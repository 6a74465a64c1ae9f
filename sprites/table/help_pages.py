"""What the help overlay says: combat, expeditions and the HUD in our own words with rule
numbers, and the keys, read from the table's and the map's own key tables so they never
drift from what the keys do."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import pygame

from sprites import content
from sprites.map.pane import MapPane
from sprites.map.picture import BoardPicture
from sprites.scenes.base import Intent, intent
from sprites.table.scene import KEYS

Item = str | tuple[str, str]
"""A paragraph, or a term and what it means (drawn side by side)."""


@dataclass(frozen=True)
class Section:
    """A heading and what follows it."""

    heading: str
    items: tuple[Item, ...]


@dataclass(frozen=True)
class HelpPage:
    """One tab of the help."""

    title: str
    sections: tuple[Section, ...]


@dataclass(frozen=True)
class KeyRow:
    """Keys that do the same thing, and what that is."""

    keys: tuple[int, ...]
    words: str


COMBAT = HelpPage("Combat", (
    Section("Combat factors (rule 2)", (
        "Every Troop and Fleet card shows three combat factors (CF): Field for battles on "
        "land, Naval for battles at sea, City for assaulting a city. A factor is a number, "
        "dice to roll when the fight is decided (1d6), or a dash: nothing there. A dash under "
        "City keeps the card out of assaults.",
        "A Fleet's Naval factor is also how many Troop cards it carries by sea (rule 5.4.1).",
    )),
    Section("A side's strength (rules 5.4.5–5.4.7)", (
        "When a fight starts both sides turn their cards up and add the factor that fits it: "
        "Naval at sea, Field on land, City in an assault. Fleets sit out field battles; in an "
        "assault they count only against a port attacked from the sea. Some cards gain CF "
        "when named companions fight beside them.",
        "At sea, Troops count their Naval factor. If the Fleets cannot carry them all, Troops "
        "are discarded at random until they can.",
    )),
    Section("The roll (rules 5.4.5, 5.4.7)", (
        "Each empire rolls one base die plus a die for every Leader and every card that adds "
        "dice to its side; anyone may play such cards for either side before the roll. Its "
        "total is its CF plus everything it rolled. The higher total wins.",
        "A city has no CF: it rolls a die per point of size and per fortification marker, one "
        "more if it is a capital held by its own empire. Key cities add nothing.",
        "A barbarian area rolls its strength plus the Enraged level in dice, with no base die "
        "(rule 7).",
    )),
    Section("Ties", (
        "A tie goes to the defender: in battles, in assaults and against barbarian areas "
        "(rules 5.4.5, 5.4.7, 7).",
    )),
    Section("Casualties (rules 5.4.5–5.4.7)", (
        "An intercepting force is discarded after its battle, win or lose. A beaten attacker "
        "is discarded too; a winning one goes on to its target.",
        "When the attacker wins a battle, the defender rolls a die: at most the number of "
        "Troop and Fleet cards it deployed, and the attacker loses a random card (a Fleet "
        "takes its cargo down with it).",
        "Then every card lost in the battle gets a recovery roll: a 6 returns it to its "
        "owner's hand (a few cards come back on less).",
        "After an assault every card of the attack is discarded, won or lost, and none comes "
        "back unless its own text says so.",
    )),
    Section("Victory points (rules 4.3, 6, 7)", (
        "A naval or field battle won is worth +2 VP, one lost −2, for the two empires "
        "fighting it. A city taken gains its size in VP and costs its old holder as many. A "
        "barbarian area beaten scores by the Subduing roll instead; losing to one costs 2.",
    )),
))

EXPEDITIONS = HelpPage("Expeditions", (
    Section("Declaring (rule 5.4)", (
        "As its action an empire may send a military expedition (ME) against a neutral city, "
        "another empire's city or a barbarian area. It lays Troop and Fleet cards from its "
        "hand face down: the others see how many, not which.",
    )),
    Section("Routes (rule 5.4.1)", (
        ("Land", "From the capital through the empire's own cities and subdued barbarian "
                 "areas, along land and coastal routes, to the target. No Fleets."),
        ("Naval", "From the capital overland to one of its ports, then any distance by sea "
                  "to another port, which must be the target unless the empire holds it. "
                  "At least one Fleet, and no more Troops than the Fleets carry."),
        ("Mixed", "Land, one sea crossing, land again: an ME sails only once."),
        "An empire that has lost its capital may only march on it. On the map, land routes "
        "are solid, coastal routes dashed, routes into barbarian areas dotted.",
    )),
    Section("Shipwreck (rule 5.4.3)", (
        "Each coastal route crossed costs a die, rolled before any interception. Every 1 "
        "calls for two more dice: one 1 among them loses a random card of the ME, two 1s "
        "sink it all. Fine Weather skips these rolls; Foul Weather adds a die to both rolls "
        "(rule 4.1).",
    )),
    Section("Landing (rule 5.4.2)", (
        "An ME reaching a port by sea may assault it straight from the ships if its Fleets' "
        "City factors add up to the city's size; otherwise it lands beside the city, and the "
        "landing counts as land route, open to interception.",
    )),
    Section("Interception (rule 5.4.4)", (
        "A defending empire (not a neutral city or barbarian area) may answer with an ME of "
        "its own if it holds its capital and can trace a route. A land interception meets the "
        "attacker at a city or subdued area on its path: a field battle. A naval one sails "
        "from its ports against an ME with a sea leg: a naval battle. At most one of each, in "
        "the order the defender picks; interceptors roll for shipwreck too.",
    )),
    Section("Free passage (optional rule 8.2)", (
        "With this option a land route may cross other empires' cities. Each owner is asked "
        "in turn; after a refusal the mover takes its cards back or attacks that owner's city "
        "on the route. Interceptors may ask too.",
    )),
    Section("At the target (rules 5.4.7, 6, 7)", (
        "What is left assaults the city, or fights the barbarian area as a field battle. A "
        "city taken keeps its fortification markers in the winner's colour; a beaten area "
        "is subdued and the winner rolls on the Subduing table.",
    )),
))

HUD = HelpPage("The HUD", (
    Section("The top", (
        ("Turn, round", "A turn is a run of rounds and ends when the End Turn event comes "
                        "up. Each round opens with a Random Event, then every empire takes "
                        "one action in turn order (rules 4, 4.1)."),
        ("Random Event", "This round's event and what it does (rule 4.1)."),
        ("Enraged", "Each filled pip gives every barbarian area one more die and makes "
                    "Subduing rolls harder; it empties at the end of the turn (rules 4.1, 7)."),
    )),
    Section("The empires", (
        ("VP", "Victory points: the most after the last turn wins (rule 4.4)."),
        ("Cities", "Cities held. The scenario's number, held at any moment, wins at once "
                   "(rule 4.4)."),
        ("Hand", "Cards in hand; refilled to the scenario's hand size at the end of the turn "
                 "(rule 4.2)."),
        ("Pile", "The discard pile, open to all: click an empire's line to browse it."),
        "A gold frame marks the empire the table waits for; “you” marks the one played at "
        "this screen, “bot” the computer's.",
    )),
    Section("Below them", (
        ("VP track", "Forty cells, five to a shade, each marker on its empire's score. Past "
                     "39 a marker flips to its +40 side, a gold ring (rule 4.4)."),
        ("Chronicle", "Everything that happened, in plain sentences, newest at the bottom. "
                      "The wheel over it scrolls back."),
        "Hover any heading or figure of the panel for a reminder.",
    )),
))

KeyWords = dict[tuple[str, object], str]
"""(intent name, its argument) → what a key bound to it does."""
TABLE_WORDS: KeyWords = {
    ("key", "pass"): "Pass (or decline what is offered).",
    ("key", "confirm"): "Confirm (or say you are done); on the “pass the screen” cover, "
                        "show the table.",
    ("escape", None): "Cancel the step being built, close the chooser, else open the game "
                      "menu.",
    ("skip", None): "Skip the animation playing.",
    ("fast", None): "Fast-forward on or off.",
    ("undo", None): "Take back your own choices since the last roll, reveal or other "
                    "player's move.",
    ("help", None): "Open or close this help.",
}
"""What each of the table's key intents (scene.KEYS) does."""
MAP_WORDS: KeyWords = {("hold", None): "Pan the map (hold).", ("zoom", 1): "Zoom in.",
                       ("zoom", -1): "Zoom out.", ("fit", None): "Frame the scenario's provinces."}
"""What each of the map's key intents (MapPane.intents) does."""
MOUSE = (("Wheel", "Zoom the map about the pointer; over the chronicle, scroll it."),
         ("Drag", "Pan the map."),
         ("Click", "Choose a ringed place, a card or a button; an empire's line opens its "
                   "discard pile."),
         ("Hover", "What a place, a card or a figure of the panel means."))
NAMES = {pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Keypad Enter", pygame.K_ESCAPE: "Esc",
         pygame.K_SPACE: "Space", pygame.K_TAB: "Tab", pygame.K_LEFT: "←",
         pygame.K_RIGHT: "→", pygame.K_UP: "↑", pygame.K_DOWN: "↓", pygame.K_HOME: "Home",
         pygame.K_MINUS: "−", pygame.K_KP_PLUS: "Keypad +", pygame.K_KP_MINUS: "Keypad −"}
HELP_KEYS = {pygame.K_LEFT: intent("turn", step=-1), pygame.K_RIGHT: intent("turn", step=1),
             pygame.K_ESCAPE: intent("close"), pygame.K_F1: intent("close"),
             pygame.K_QUESTION: intent("close")}
"""The help's own keys (the help scene reads them from here)."""
HELP_WORDS: KeyWords = {("turn", -1): "The page before.",
                        ("turn", 1): "The next page (or click a tab).",
                        ("close", None): "Close the help."}
ARROWS = (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN)


def key_name(key: int) -> str:
    """A key as the help writes it ("Enter", "F1", "←", "P", "Backspace")."""
    return NAMES.get(key) or pygame.key.name(key).title()


def _order(key: int) -> tuple[int, int]:
    """Arrows (left, up, right, down), letters and digits, named keys, signs, the keypad."""
    if key in ARROWS:
        return 0, ARROWS.index(key)
    name = key_name(key)
    if name.startswith("Keypad"):
        return 4, key
    if len(name) > 1:
        return 2, key
    return (1 if name.isalnum() else 3), key


def _rows(found: dict[tuple[str, object], list[int]], words: dict[tuple[str, object], str]
          ) -> list[KeyRow]:
    return [KeyRow(tuple(sorted(keys, key=_order)), words.get(meaning, str(meaning[0])))
            for meaning, keys in found.items()]


def _found(keys: dict[int, Intent], arg: str) -> dict[tuple[str, object], list[int]]:
    """Keys grouped by what they mean: the intent's name and its argument `arg`."""
    found: dict[tuple[str, object], list[int]] = {}
    for key, it in keys.items():
        found.setdefault((it.name, it.arg(arg)), []).append(key)
    return found


def table_key_rows() -> list[KeyRow]:
    """The table's keys, straight from scene.KEYS (keys meaning the same on one row)."""
    return _rows(_found(KEYS, "key"), TABLE_WORDS)


@cache
def map_key_rows() -> tuple[KeyRow, ...]:
    """The map's keys, found by asking the map pane what every key means."""
    pane = MapPane(content.map_model(), BoardPicture("", (), frozenset(), {}))
    codes = sorted({getattr(pygame, name) for name in dir(pygame) if name.startswith("K_")})
    meant = {key: it for key in codes
             for it in pane.intents(pygame.event.Event(pygame.KEYDOWN, key=key))}
    return tuple(_rows(_found(meant, "steps"), MAP_WORDS))


def keys_words(keys: tuple[int, ...]) -> str:
    """Keys as the help writes them: arrows and letters run together ("← ↑ → ↓ / A D S W"),
    the rest apart ("Enter / Keypad Enter")."""
    groups: list[list[str]] = []
    for k, key in enumerate(keys):
        joins = k and _order(key)[0] == _order(keys[k - 1])[0] < 2
        if joins:
            groups[-1].append(key_name(key))
        else:
            groups.append([key_name(key)])
    return " / ".join(" ".join(group) for group in groups)


def _key_items(rows: list[KeyRow] | tuple[KeyRow, ...]) -> tuple[Item, ...]:
    return tuple((keys_words(row.keys), row.words) for row in rows)


def keys_page() -> HelpPage:
    """The keys of the table and the map, and what the mouse does."""
    return HelpPage("Keys", (
        Section("At the table", _key_items(table_key_rows())),
        Section("On the map", _key_items(map_key_rows())),
        Section("The mouse", MOUSE),
        Section("In this help", _key_items(_rows(_found(HELP_KEYS, "step"), HELP_WORDS))),
    ))


def pages() -> list[HelpPage]:
    """Every page, in tab order."""
    return [COMBAT, EXPEDITIONS, HUD, keys_page()]
