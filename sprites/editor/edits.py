"""Every change the scenario form makes, each one undoable step of the draft. The figures
that follow from others (players, the provinces' city counts, total cities) are written in
the same step, so the data never disagrees with itself; a change that would break a rule the
form guarantees (a capital outside the provinces in play) is refused with the reason."""

from __future__ import annotations

from typing import Any

from sprites.editor import facts
from sprites.editor.document import Draft
from sprites.theme import empire_name

MANY_AREAS = 13
"""From this many areas in play a list is written as `all_except` the others."""


class Refused(ValueError):
    """A change the form does not make, and why (one sentence for the player)."""


def set_text(draft: Draft, key: str, text: str) -> None:
    """The name or the description."""
    draft.set(("setup", key), text, f"Change the {key}")


def set_count(draft: Draft, key: str, value: int | None, label: str) -> None:
    """A number of the scenario (None: leave it to the rule book, for `turns`)."""
    with draft.change(label):
        if value is None:
            draft.delete(("setup", key))
        else:
            draft.set(("setup", key), value)
        if key == "turns":
            _clamp_progress(draft)


def _clamp_progress(draft: Draft) -> None:
    """Progress scored from a turn the game still has."""
    turn = draft.get(("setup", "scoring", "progress_from_turn"))
    if isinstance(turn, int) and turn > facts.game_turns(draft):
        draft.set(("setup", "scoring", "progress_from_turn"), facts.game_turns(draft))


# -- empires --------------------------------------------------------------------------------

def add_empire(draft: Draft, empire: str) -> None:
    """An empire joins the end of the turn order, its capital in its usual city if it can."""
    if empire not in facts.addable_empires(draft):
        raise Refused(f"{empire_name(empire)} is already in play.")
    capital = facts.first_capital(draft, empire)
    if capital is None:
        raise Refused("Every city in play is a capital or a key city: put another province "
                      "in play first.")
    rows = [*facts.empires(draft), {"empire": empire, "capital": capital}]
    with draft.change(f"Add {empire_name(empire)}"):
        draft.set(("setup", "empires"), rows)
        sync(draft)


def remove_empire(draft: Draft, index: int) -> None:
    """An empire leaves play (and its removed cards with it)."""
    rows = facts.empires(draft)
    if len(rows) <= 2:
        raise Refused("A scenario needs at least two empires.")
    empire = str(rows[index].get("empire"))
    with draft.change(f"Remove {empire_name(empire)}"):
        draft.set(("setup", "empires"), rows[:index] + rows[index + 1:])
        removed = draft.get(("setup", "removed_cards"))
        if isinstance(removed, dict) and empire in removed:
            draft.delete(("setup", "removed_cards", empire))
            if not draft.get(("setup", "removed_cards")):
                draft.delete(("setup", "removed_cards"))
        sync(draft)


def move_empire(draft: Draft, index: int, step: int) -> None:
    """An empire moves up (-1) or down (+1) the turn order."""
    rows = facts.empires(draft)
    other = index + step
    if not (0 <= index < len(rows) and 0 <= other < len(rows)):
        return
    rows[index], rows[other] = rows[other], rows[index]
    name = empire_name(str(rows[other].get("empire")))
    draft.set(("setup", "empires"), rows, f"Move {name} {'up' if step < 0 else 'down'}")


def set_capital(draft: Draft, index: int, city: str) -> None:
    """An empire's capital moves to another city it may stand in."""
    if city not in {c.id for c in facts.capital_choices(draft, index)}:
        raise Refused(f"{facts.name_of(draft, city)} cannot be a capital here.")
    row = facts.empires(draft)[index]
    empire = empire_name(str(row.get("empire")))
    draft.set(("setup", "empires", index), {**row, "capital": city},
              f"{empire}'s capital to {facts.name_of(draft, city)}")


# -- places ---------------------------------------------------------------------------------

def toggle_key_city(draft: Draft, city: str) -> None:
    """A city becomes a key city, or stops being one."""
    keys = facts.key_cities(draft)
    name = facts.name_of(draft, city)
    if city in keys:
        draft.set(("setup", "key_cities"), [k for k in keys if k != city],
                  f"{name} no longer a key city")
    elif city in {c.id for c in facts.key_city_choices(draft)}:
        draft.set(("setup", "key_cities"), [*keys, city], f"{name} a key city")
    elif city in facts.capitals(draft):
        raise Refused(f"{name} is a capital; key cities start neutral.")
    else:
        raise Refused(f"{name} is not in play: put its province in play first.")


def toggle_province(draft: Draft, province: str) -> None:
    """A province comes into play, or leaves it with its key cities; a province holding a
    capital stays until the capital moves."""
    playing = facts.provinces_in_play(draft)
    name = facts.name_of(draft, province)
    if province not in playing:
        with draft.change(f"Put {name} in play"):
            _set_provinces(draft, [*playing, province])
        return
    held = [c for c in facts.in_play_cities(draft) if c.province == province]
    capital = next((c for c in held if c.id in facts.capitals(draft)), None)
    if capital is not None:
        raise Refused(f"{capital.name} in {name} is a capital: move it before taking "
                      f"{name} out of play.")
    with draft.change(f"Take {name} out of play"):
        gone = {c.id for c in held}
        keys = facts.key_cities(draft)
        if gone & set(keys):
            draft.set(("setup", "key_cities"), [k for k in keys if k not in gone])
        _set_provinces(draft, [p for p in playing if p != province])


def _set_provinces(draft: Draft, playing: list[str]) -> None:
    order = [p.id for p in facts.provinces(draft)]
    ranked = sorted(playing, key=lambda p: order.index(p) if p in order else len(order))
    draft.set(("setup", "provinces"), {p: {} for p in ranked})
    sync(draft)


def toggle_area(draft: Draft, area: str) -> None:
    """A barbarian area comes into play, or leaves it."""
    playing = facts.areas_in_play(draft)
    name = facts.name_of(draft, area)
    if area in playing:
        set_areas(draft, [a for a in playing if a != area], f"{name} out of play")
    else:
        set_areas(draft, [*playing, area], f"{name} in play")


def set_areas(draft: Draft, playing: list[str], label: str) -> None:
    """The barbarian areas in play, written as the bundled files do: `all`, the areas left
    out (`all_except`) when most are in, else the list, in the map's order."""
    every = [a.id for a in facts.areas(draft)]
    chosen = [a for a in every if a in playing] + [a for a in playing if a not in every]
    left_out = [a for a in every if a not in chosen]
    value: Any = chosen
    if not left_out:
        value = "all"
    elif len(chosen) >= MANY_AREAS:
        value = {"all_except": left_out}
    draft.set(("setup", "barbarian_areas"), value, label)


# -- cards and scoring ----------------------------------------------------------------------

def toggle_removed_card(draft: Draft, empire: str, card: str) -> None:
    """A card of an empire's deck is taken out of it before play, or put back."""
    removed = facts.removed_cards(draft, empire)
    if card not in {c[0] for c in facts.deck_cards(empire)}:
        raise Refused(f"{facts.card_name(card)} is not in the {empire_name(empire)} deck.")
    name, whose = facts.card_name(card), empire_name(empire)
    with draft.change(f"Put {name} back" if card in removed else f"Take {name} out"):
        cards = [c for c in removed if c != card] if card in removed else [*removed, card]
        if not isinstance(draft.get(("setup", "removed_cards")), dict):
            draft.set(("setup", "removed_cards"), {})
        if cards:
            draft.set(("setup", "removed_cards", empire), cards, f"{whose}: {name}")
        else:
            draft.delete(("setup", "removed_cards", empire))
        if not draft.get(("setup", "removed_cards")):
            draft.delete(("setup", "removed_cards"))


def set_special_scoring(draft: Draft, special: bool) -> None:
    """The scenario's own end-of-turn scoring (starting as the rule book's), or the rule
    book's."""
    if special:
        scoring = facts.standard_scoring()
        scoring["progress_from_turn"] = min(int(scoring.get("progress_from_turn", 1)),
                                            facts.game_turns(draft))
        draft.set(("setup", "scoring"), scoring, "Special scoring")
    else:
        draft.delete(("setup", "scoring"), "Standard scoring")


def set_award(draft: Draft, line: str, part: str, value: int) -> None:
    """One figure of a scoring line: its VP or its change of hand size."""
    award = draft.get(("setup", "scoring", line))
    award = award if isinstance(award, dict) else {"vp": 0, "cards": 0}
    draft.set(("setup", "scoring", line), {**award, part: value},
              f"Scoring: {line.replace('_', ' ')} {part}")


# -- figures that follow --------------------------------------------------------------------

def sync(draft: Draft) -> None:
    """Write what follows from the rest: the number of players, each province's cities by
    size (from the map) and the total (part of the step under way)."""
    with draft.change("Count the cities"):
        players = len(facts.empires(draft))
        if draft.get(("setup", "players")) != players:
            draft.set(("setup", "players"), players)
        counts = facts.counts_by_size(draft)
        playing = facts.provinces_in_play(draft)
        for province in playing:
            if province in counts:
                draft.set(("setup", "provinces", province), counts[province])
        total = facts.total_cities(draft)
        if draft.get(("setup", "total_cities")) != total:
            draft.set(("setup", "total_cities"), total)
