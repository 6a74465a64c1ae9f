"""The battle-related card effects (vocabulary.py), each implemented once, driven by card data.

Strength: cf_bonus, cf_bonus_vs, double_carried_naval_cf and dice CF (`side_cf`, per card
`cf_shares`); extra_dice and extra_dice_city_size (`side_dice`, per source `dice_terms`).
Battle Opening: flee_battle, battle_start_roll. Play rules: join_battle_late,
forbidden_against, incompatible_with (`playable`). Conditions are checked at
Battle Resolution (rule 9 clarifications), over the cards then on each side.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import NamedTuple

from game.core.records import memo
from game.rulesets.mediterranean_empires.cards.cards import card_in
from game.rulesets.mediterranean_empires.combat.records import ATTACKER, DEFENDER, Played
from game.rulesets.mediterranean_empires.content.decks import NO_CF, CombatFactor
from game.rulesets.mediterranean_empires.content.vocabulary import Effect
from game.rulesets.mediterranean_empires.expedition.forces import BARBARIANS, Force, ForceCard
from game.rulesets.mediterranean_empires.frames import Combat
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState

PLAY_TYPES = {"naval": ("L", "X"), "field": ("L", "X"), "assault": ("L", "A", "D", "X")}
"""Card types that may be played face up into each kind of combat (rules 5.4.5-5.4.7)."""


def other(side: int) -> int:
    """The opposing side."""
    return DEFENDER if side == ATTACKER else ATTACKER


def force_of(combat: Combat, side: int) -> Force:
    """One side's force."""
    return combat.attacker if side == ATTACKER else combat.defender


def combat_word(fight: str, side: int) -> str:
    """The vocabulary's name for this combat as seen from `side` (city_assault/city_defence)."""
    if fight == "assault":
        return "city_assault" if side == ATTACKER else "city_defence"
    return fight


def fits(effect: Effect, fight: str, side: int) -> bool:
    """Whether an effect's `combat` covers this combat for `side`."""
    wanted = effect.param("combat", "any")
    return wanted in ("any", combat_word(fight, side))


@cache  # content only (Rules hash by identity): asked for every card in many legal lists
def abilities(rules: Rules, card: str, use: str, window: str) -> tuple[Effect, ...]:
    """A card's abilities that act in `window` when played as `use`."""
    return tuple(e for e in rules.card(card).abilities
                 if e.window == window and e.use in (use, "any"))


@cache  # content only
def has_ability(rules: Rules, card: str, name: str, use: str = "any") -> bool:
    """Whether a card carries effect `name` (for `use`, or any use)."""
    return any(e.name == name and (use == "any" or e.use in (use, "any"))
               for e in rules.card(card).abilities)


# -- who fights, and what is on each side --------------------------------------------------

def fights(combat: Combat, side: int, card: ForceCard) -> bool:
    """Whether a force card takes part in this combat (Fleets sit out field battles, and
    assaults not made from the sea, rules 5.4.6/5.4.7)."""
    if card.use == "T":
        return True
    if card.use != "F":
        return False
    return combat.fight == "naval" or (combat.fight == "assault" and side == ATTACKER
                                       and combat.by_sea)


def fighting(combat: Combat, side: int) -> tuple[ForceCard, ...]:
    """The cards of a side that fight in this combat."""
    return tuple(c for c in force_of(combat, side).cards if fights(combat, side, c))


def played_on(combat: Combat, side: int) -> tuple[Played, ...]:
    """Cards played face up for a side."""
    return tuple(p for p in combat.played if p.side == side)


def army(state: MeState, combat: Combat, side: int) -> tuple[str, ...]:
    """Card ids on a side's army: fighting cards, Leaders with it and Leaders played for it.

    Every slot named is open and an open slot's card never changes, so the answer is a fact of
    the combat frame: it is worked out once per frame (card windows ask it for every card).
    """
    return memo(combat, ("army", side), lambda: _army(state, combat, side))


def _army(state: MeState, combat: Combat, side: int) -> tuple[str, ...]:
    force = force_of(combat, side)
    slots = [c.slot for c in fighting(combat, side)] + list(force.leaders)
    slots += [p.slot for p in played_on(combat, side) if p.use in ("L", "T")]
    return tuple(card_in(state, slot) for slot in slots)


def side_tags(rules: Rules, cards: tuple[str, ...]) -> set[str]:
    """Every tag of the given cards."""
    return {tag for card in cards for tag in rules.card(card).tags}


def enemy_is(rules: Rules, state: MeState, combat: Combat, side: int, effect: Effect) -> bool:
    """The against_empire / against_barbarians / against_tag condition of an effect."""
    enemy = force_of(combat, other(side)).seat
    empire = effect.param("against_empire")
    if empire is not None:
        return enemy >= 0 and state.seats[enemy].empire == empire
    if effect.param("against_barbarians"):
        return enemy == BARBARIANS
    tag = effect.param("against_tag")
    if tag is not None:
        return tag in side_tags(rules, army(state, combat, other(side)))
    return True


# -- combat factors ------------------------------------------------------------------------

def factor(rules: Rules, card: str, fight: str) -> CombatFactor:
    """A card's CF for the combat kind (field, naval, or city in an assault)."""
    factors = rules.card(card).cf
    if factors is None:
        return NO_CF
    return {"field": factors.field, "naval": factors.naval, "assault": factors.city}[fight]


def _doubled(rules: Rules, state: MeState, card: ForceCard) -> bool:
    if not card.carrier:
        return False
    fleet = card_in(state, card.carrier)
    return any(e.name == "double_carried_naval_cf" for e in abilities(rules, fleet, "F",
                                                                      "passive"))


def card_bonus(rules: Rules, state: MeState, combat: Combat, side: int, card: ForceCard) -> int:
    """cf_bonus and cf_bonus_vs of one fighting card."""
    card_id = card_in(state, card.slot)
    total = 0
    for effect in abilities(rules, card_id, card.use, "passive"):
        if not fits(effect, combat.fight, side):
            continue
        if _bonus_applies(rules, state, combat, side, card_id, effect):
            total += int(effect.param("amount"))
    return total


def _bonus_applies(rules: Rules, state: MeState, combat: Combat, side: int, card: str,
                   effect: Effect) -> bool:
    if effect.name == "cf_bonus":
        return _bonus_holds(rules, state, combat, side, card, effect)
    return effect.name == "cf_bonus_vs" and enemy_is(rules, state, combat, side, effect)


def _bonus_holds(rules: Rules, state: MeState, combat: Combat, side: int, card: str,
                 effect: Effect) -> bool:
    present = army(state, combat, side)
    needed = effect.param("with_cards") or ()
    if any(each not in present for each in needed):
        return False
    tag = effect.param("with_tag")
    itself = tag is not None and tag in rules.card(card).tags
    if tag is not None and sum(tag in rules.card(c).tags for c in present) < 1 + itself:
        return False
    role = effect.param("role")
    return role is None or role == ("attacker" if side == ATTACKER else "defender")


@dataclass(frozen=True)
class CardCf:
    """One fighting card's share of its side's CF: its fixed value (doubled when carried at sea
    by a double_carried_naval_cf Fleet), its CF dice, and what its bonuses add now."""

    slot: str
    card: str
    value: int
    dice: int
    bonus: int


def card_cf(rules: Rules, state: MeState, combat: Combat, side: int, card: ForceCard) -> CardCf:
    """One fighting card's CF in this combat (rule 5.4.5), cf_bonus / cf_bonus_vs included."""
    card_id = card_in(state, card.slot)
    cf = factor(rules, card_id, combat.fight)
    if cf.is_none:
        return CardCf(card.slot, card_id, 0, 0, 0)
    times = 2 if combat.fight == "naval" and _doubled(rules, state, card) else 1
    return CardCf(card.slot, card_id, (cf.value or 0) * times, cf.dice * times,
                  card_bonus(rules, state, combat, side, card))


def cf_shares(rules: Rules, state: MeState, combat: Combat, side: int) -> tuple[CardCf, ...]:
    """The CF share of each card a side fights with now."""
    return tuple(card_cf(rules, state, combat, side, card) for card in fighting(combat, side))


def side_cf(rules: Rules, state: MeState, combat: Combat, side: int) -> tuple[int, int]:
    """(fixed CF, CF dice) of a whole side now, a non-card force's own CF included: the one
    count Battle Resolution rolls with and the view shows."""
    force = force_of(combat, side)
    shares = cf_shares(rules, state, combat, side)
    fixed = force.naval_cf if combat.fight == "naval" else force.cf
    return fixed + sum(s.value + s.bonus for s in shares), sum(s.dice for s in shares)


# -- dice ----------------------------------------------------------------------------------

def _dice_sources(rules: Rules, state: MeState, combat: Combat
                  ) -> Iterator[tuple[int, str, Effect]]:
    """(side the card is with, card id, ability) of every dice-giving ability in play."""
    for side in (ATTACKER, DEFENDER):
        force = force_of(combat, side)
        for slot in force.leaders:
            for effect in abilities(rules, card_in(state, slot), "L", "battle_play"):
                yield side, card_in(state, slot), effect
        for card in fighting(combat, side):
            for effect in abilities(rules, card_in(state, card.slot), card.use, "passive"):
                yield side, card_in(state, card.slot), effect
    for played in combat.played:
        for effect in abilities(rules, card_in(state, played.slot), played.use, "battle_play"):
            yield played.side, card_in(state, played.slot), effect


def effect_side(effect: Effect, side: int) -> int:
    """The side an extra_dice effect helps, from the side its card is with."""
    return other(side) if effect.param("side") == "enemy" else side


def dice_from(rules: Rules, state: MeState, combat: Combat, effect: Effect,
              side: int) -> tuple[int, int]:
    """(side helped, dice) an extra_dice / extra_dice_city_size effect gives here (0: none)."""
    helped = effect_side(effect, side)
    if effect.name == "extra_dice":
        applies = fits(effect, combat.fight, helped) and enemy_is(rules, state, combat, helped,
                                                                  effect)
        return helped, int(effect.param("dice")) if applies else 0
    if effect.name == "extra_dice_city_size" and combat.fight == "assault":
        return DEFENDER, city_size(rules, combat.where) if helped == DEFENDER else 0
    return helped, 0


def city_size(rules: Rules, where: str) -> int:
    """A city's size (0 for a barbarian area)."""
    return rules.content.map.city(where).size if rules.is_city(where) else 0


def dice_terms(rules: Rules, state: MeState, combat: Combat,
               side: int) -> tuple[tuple[str, int], ...]:
    """Where a side's dice come from now (rules 5.4.5-5.4.7, 7): "base" (the 1d6 of a civilized
    force), "force" (a city's or barbarian area's own dice), "tables" (roll-table results),
    then the id of each card whose ability gives (or takes) dice here; empty terms left out."""
    force = force_of(combat, side)
    terms = [("base", 1 if force.base_die else 0), ("force", force.dice),
             ("tables", combat.extra[side])]
    for with_side, card, effect in _dice_sources(rules, state, combat):
        helped, dice = dice_from(rules, state, combat, effect, with_side)
        if helped == side:
            terms.append((card, dice))
    return tuple(term for term in terms if term[1])


def side_dice(rules: Rules, state: MeState, combat: Combat, side: int) -> int:
    """Dice a side rolls now: its dice terms, never below 0 (the one count Battle Resolution
    rolls and the view shows)."""
    return max(0, sum(dice for _, dice in dice_terms(rules, state, combat, side)))


# -- playing cards into a combat -----------------------------------------------------------

def involved_side(combat: Combat, seat: int) -> int | None:
    """The side a seat fights on, if any."""
    if seat >= 0 and combat.attacker.seat == seat:
        return ATTACKER
    if seat >= 0 and combat.defender.seat == seat:
        return DEFENDER
    return None


class PlaySide(NamedTuple):
    """What decides which cards may be played for one side of a combat (a named tuple: it
    keys the option caches, and a tuple hashes in C)."""

    enemy_empire: str | None
    """The empire the side fights (forbidden_against), None when the enemy is no player."""
    army: tuple[str, ...]
    present: tuple[str, ...]
    """The army and every card played for the side (incompatible_with)."""


def play_options(rules: Rules, state: MeState, combat: Combat, seat: int,
                 card: str) -> tuple[tuple[str, int], ...]:
    """(type, side helped) pairs `seat` may play `card` as in this combat.

    A fact of the combat's sides and the card: card windows ask it for every card a seat may
    hold, at every step, so the answer is kept per (sides, card) in `_options`.
    """
    return hand_play_options(rules, state, combat, seat)(card)


def hand_play_options(rules: Rules, state: MeState, combat: Combat, seat: int
                      ) -> Callable[[str], tuple[tuple[str, int], ...]]:
    """`play_options` for the cards of one seat's hand: the sides are hashed once, not once
    per card."""
    fight, mine, sides = combat.fight, involved_side(combat, seat), play_sides(state, combat)
    table = _option_table(rules, fight, mine, sides)

    def options(card: str) -> tuple[tuple[str, int], ...]:
        found = table.get(card)
        if found is None:
            found = table[card] = _options(rules, fight, mine, sides, card)
        return found
    return options


@lru_cache(maxsize=1024)
def _option_table(rules: Rules, fight: str, mine: int | None, sides: tuple[PlaySide, PlaySide]
                  ) -> dict[str, tuple[tuple[str, int], ...]]:
    """card → its play options for these sides, filled in as cards are asked."""
    return {}


def may_play_any(rules: Rules, state: MeState, combat: Combat, seat: int,
                 cards: frozenset[str], kinds: frozenset[str]) -> bool:
    """Whether `seat` may play one of `cards` (those in `kinds`) in this combat: windows ask
    it at every step for the cards a hand may hold, so verdicts are kept per sides."""
    wanted = cards & kinds
    if not wanted:
        return False
    fight, mine, sides = combat.fight, involved_side(combat, seat), play_sides(state, combat)
    judged = _judged(rules, fight, mine, sides)
    return any(judged[card] if card in judged else judged.setdefault(
        card, bool(_options(rules, fight, mine, sides, card))) for card in wanted)


PLAY_FACTS = ("play_sides", ("army", ATTACKER), ("army", DEFENDER))
"""Memo keys on a `Combat` frame that depend only on its forces, fight and played cards."""


def play_sides(state: MeState, combat: Combat) -> tuple[PlaySide, PlaySide]:
    """The facts of both sides that decide what may be played (kept on the combat)."""
    return memo(combat, "play_sides", lambda: (_play_side(state, combat, ATTACKER),
                                               _play_side(state, combat, DEFENDER)))


@lru_cache(maxsize=1024)
def _judged(rules: Rules, fight: str, mine: int | None,
            sides: tuple[PlaySide, PlaySide]) -> dict[str, bool]:
    """card → whether it has a play option, filled in as cards are asked (one hash of the
    sides per window step instead of one per card)."""
    return {}


def _play_side(state: MeState, combat: Combat, side: int) -> PlaySide:
    enemy = force_of(combat, other(side)).seat
    present = army(state, combat, side) + tuple(card_in(state, p.slot)
                                                for p in played_on(combat, side))
    return PlaySide(state.seats[enemy].empire if enemy >= 0 else None,
                    army(state, combat, side), present)


@lru_cache(maxsize=8192)
def _options(rules: Rules, fight: str, mine: int | None, sides: tuple[PlaySide, PlaySide],
             card: str) -> tuple[tuple[str, int], ...]:
    return tuple((use, side) for use, side in _open_options(rules, fight, mine, card)
                 if _side_allows(rules, fight, sides[side], card, use, side))


@cache  # content, fight and the seat's side only: the part of a verdict no play changes
def _open_options(rules: Rules, fight: str, mine: int | None,
                  card: str) -> tuple[tuple[str, int], ...]:
    """(type, side) pairs the card's types and battle abilities allow, before the sides'
    armies, played cards and enemy are looked at."""
    return tuple((use, side) for use in PLAY_TYPES[fight] + ("T",)
                 if rules.card(card).has_type(use) for side in (ATTACKER, DEFENDER)
                 if (mine == side if use in ("L", "T") else any(
                     _effect_playable(effect, fight, mine, side)
                     for effect in abilities(rules, card, use, "battle_play"))))


def _side_allows(rules: Rules, fight: str, facts: PlaySide, card: str, use: str,
                 side: int) -> bool:
    """Whether a side's army, played cards and enemy let the card help it as `use`."""
    if use == "T" and not _joins_late(rules, fight, side, facts.army, card):
        return False
    if facts.enemy_empire is not None and forbidden(rules, card, facts.enemy_empire):
        return False
    return compatible(rules, card, facts.present)


def _effect_playable(effect: Effect, fight: str, mine: int | None, side: int) -> bool:
    who = effect.param("side", "own")
    if who == "own" and mine != side:
        return False
    if who == "enemy" and (mine is None or mine == side):
        return False
    helped = other(side) if who == "enemy" else side
    if effect.name == "extra_dice_city_size":
        return fight == "assault" and helped == DEFENDER
    return fits(effect, fight, helped)


@cache  # content only
def late_kind(rules: Rules, card: str) -> bool:
    """Whether a card may ever join a battle late (join_battle_late)."""
    return any(e.name == "join_battle_late" for e in rules.card(card).abilities)


def late_joiner(rules: Rules, state: MeState, combat: Combat, side: int, card: str) -> bool:
    """join_battle_late: a Troop that may join a battle already begun (Consular Cavalry)."""
    return _joins_late(rules, combat.fight, side, army(state, combat, side), card)


def _joins_late(rules: Rules, fight: str, side: int, present: tuple[str, ...],
                card: str) -> bool:
    for effect in abilities(rules, card, "T", "play_rule"):
        if effect.name == "join_battle_late" and fits(effect, fight, side):
            return any(needed in present for needed in effect.param("requires"))
    return False


@cache  # content only
def forbidden(rules: Rules, card: str, empire: str) -> bool:
    """forbidden_against: the card may not be used against `empire`."""
    return any(e.name == "forbidden_against" and e.param("empire") == empire
               for e in rules.card(card).abilities)


@lru_cache(maxsize=4096)  # content only, asked per card in every combat card window
def compatible(rules: Rules, card: str, present: tuple[str, ...]) -> bool:
    """incompatible_with, both ways: no rival tag on the same side."""
    tags = side_tags(rules, present)
    mine = set(rules.card(card).tags)
    for effect in rules.card(card).abilities:
        if effect.name == "incompatible_with" and effect.param("tag") in tags:
            return False
    for other_card in present:
        for effect in rules.card(other_card).abilities:
            if effect.name == "incompatible_with" and effect.param("tag") in mine:
                return False
    return True


# -- Battle Opening ------------------------------------------------------------------------

def opening_effects(rules: Rules, state: MeState, combat: Combat, name: str
                    ) -> tuple[tuple[int, ForceCard, Effect], ...]:
    """(side, card, effect) of every fighting card's Battle Opening ability called `name`."""
    found = []
    for side in (ATTACKER, DEFENDER):
        for card in fighting(combat, side):
            for effect in abilities(rules, card_in(state, card.slot), card.use,
                                    "battle_opening"):
                if effect.name == name and fits(effect, combat.fight, side):
                    found.append((side, card, effect))
    return tuple(found)


RESULT_TARGETS = {"discard_random_enemy_ship": "ship", "discard_random_enemy_troop": "troop",
                  "discard_random_enemy_card": "card"}


def targets(rules: Rules, state: MeState, combat: Combat, side: int, what: str,
            tag: str = "") -> tuple[str, ...]:
    """Slots of `side`'s fighting cards a random loss of kind `what` may hit."""
    wanted = {"ship": ("F",), "troop": ("T",)}.get(what, ("T", "F"))
    return tuple(c.slot for c in fighting(combat, side) if c.use in wanted
                 and (not tag or tag in rules.card(card_in(state, c.slot)).tags))
