"""What the scenario form's intents do to the draft: steppers, the empires' rows, the tick
boxes and tags, and the pickers that offer a field's legal values (a capital, a key city, an
empire, a card). Each change goes through `edits`, one undo step; a refused one raises
`edits.Refused` with the reason."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sprites.editor import edits, facts
from sprites.editor.dialogs import Dialog, Option, Picker
from sprites.editor.document import Draft
from sprites.scenes.base import Intent
from sprites.theme import empire_name

Open = Callable[[Dialog], None]
COUNTS = {"hand_size": ("Hand size", facts.HAND_SIZES),
          "fortification_markers": ("Empire Foundation markers", facts.MARKERS),
          "scoring:final_turn_vp_multiplier": ("Last turn's VP multiplier", facts.MULTIPLIER)}
FORM_INTENTS = ("step", "pick_capital", "move_empire", "remove_empire", "pick_empire",
                "toggle_key", "pick_key", "toggle_province", "all_areas", "toggle_area",
                "toggle_card", "pick_card", "special_scoring")


def carry_out(draft: Draft, it: Intent, open_dialog: Open) -> None:
    """Do what a form intent says (a picker opens when a value must be chosen)."""
    name = it.name
    if name == "step":
        step(draft, str(it.arg("key")), int(it.arg("by")))
    elif name == "move_empire":
        edits.move_empire(draft, it.arg("index"), it.arg("step"))
    elif name == "remove_empire":
        edits.remove_empire(draft, it.arg("index"))
    elif name == "toggle_key":
        edits.toggle_key_city(draft, it.arg("city"))
    elif name == "toggle_province":
        edits.toggle_province(draft, it.arg("province"))
    elif name == "toggle_area":
        edits.toggle_area(draft, it.arg("area"))
    elif name == "all_areas":
        edits.set_areas(draft, [a.id for a in facts.areas(draft)], "Every barbarian area")
    elif name == "toggle_card":
        edits.toggle_removed_card(draft, it.arg("empire"), it.arg("card"))
    elif name == "special_scoring":
        edits.set_special_scoring(draft, bool(it.arg("on")))
    else:
        open_dialog(picker(draft, it))


def step(draft: Draft, key: str, by: int) -> None:
    """A stepper's click: one up or down, within the field's range."""
    setup = draft.setup
    if key == "turns":
        turns = setup.get("turns")
        low, high = facts.TURNS
        value: int | None = facts.standard_turns() + by if turns is None \
            else max(low, min(high, turns + by))
        edits.set_count(draft, "turns", value, "Number of turns")
    elif key.startswith("award:"):
        _, line, part = key.split(":")
        low, high = facts.VP_AWARD if part == "vp" else facts.CARDS_AWARD
        now = draft.get(("setup", "scoring", line, part), 0)
        edits.set_award(draft, line, part, max(low, min(high, _int(now) + by)))
    elif key.startswith("scoring:"):
        field = key.split(":")[1]
        low, high = (1, facts.game_turns(draft)) if field == "progress_from_turn" \
            else facts.MULTIPLIER
        now = _int(draft.get(("setup", "scoring", field), low))
        draft.set(("setup", "scoring", field), max(low, min(high, now + by)),
                  "Scoring: " + field.replace("_", " "))
    else:
        words, (low, high) = COUNTS.get(key, ("Automatic victory",
                                              (1, max(1, facts.total_cities(draft)))))
        now = _int(setup.get(key, low))
        edits.set_count(draft, key, max(low, min(high, now + by)), words)


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def picker(draft: Draft, it: Intent) -> Picker:
    """The list of legal values a picker intent asks for."""
    if it.name == "pick_capital":
        index = int(it.arg("index"))
        empire = empire_name(str(facts.empires(draft)[index].get("empire")))
        cities = [Option(c.name, ("capital", index, c.id), _province(draft, c.province))
                  for c in facts.capital_choices(draft, index)]
        return Picker(f"{empire}'s capital", cities, lambda _v: None,
                      "A city of a province in play, neither another capital nor a key city")
    if it.name == "pick_key":
        cities = [Option(c.name, ("key", c.id), _province(draft, c.province))
                  for c in facts.key_city_choices(draft)]
        return Picker("A key city", cities, lambda _v: None,
                      "Key cities start neutral, fortified: a city in play, not a capital")
    if it.name == "pick_empire":
        options = [Option(empire_name(e), ("empire", e), _home(draft, e),
                          "" if facts.first_capital(draft, e) else "No free city for a capital")
                   for e in facts.addable_empires(draft)]
        return Picker("An empire joins the turn order", options, lambda _v: None,
                      "It plays last; move it up the order afterwards", columns=1)
    empire = str(it.arg("empire"))
    removed = set(facts.removed_cards(draft, empire))
    cards = [Option(name, ("card", empire, card), f"{count} in the deck" if count > 1 else "",
                    "Already taken out" if card in removed else "")
             for card, name, count in facts.deck_cards(empire)]
    return Picker(f"A card out of the {empire_name(empire)} deck", cards, lambda _v: None,
                  "Taken out before play (every copy of it)", columns=3)


def chosen(draft: Draft, value: Any) -> None:
    """Carry out a picker's answer."""
    if not isinstance(value, tuple):
        return
    kind, *rest = value
    if kind == "capital":
        edits.set_capital(draft, rest[0], rest[1])
    elif kind == "key":
        edits.toggle_key_city(draft, rest[0])
    elif kind == "empire":
        edits.add_empire(draft, rest[0])
    elif kind == "card":
        edits.toggle_removed_card(draft, rest[0], rest[1])


def _province(draft: Draft, province: str) -> str:
    return facts.name_of(draft, province)


def _home(draft: Draft, empire: str) -> str:
    capital = facts.first_capital(draft, empire)
    return f"capital {facts.name_of(draft, capital)}" if capital else ""
