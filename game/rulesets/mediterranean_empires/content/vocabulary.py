"""The card-effect vocabulary: every rule a card carries, declared as data and checked on load.

A card's `abilities` list holds effects from this vocabulary; nothing a card does may live only in
its `text`. One YAML ability is a mapping:

    {effect: cf_bonus, as: T, when: passive, combat: field, amount: 1, with_cards: [caetrati]}

- `effect` (required): a name from EFFECTS below.
- `as` (optional): the card type (T F L D A I X) the ability belongs to; the ability works only
  when the card is played as that type. Omitted: the one type of the card that fits the window,
  or `any` for play rules and casualty recovery (which follow the card whatever its use).
- `when` (optional): the window, one of the effect's allowed windows; omitted: the first of
  them that fits one of the card's types.
- every other key is a parameter of the effect, checked against its ParamSpec.

Windows (when an ability acts) and the card types each belongs to:
- passive: counts while the card is in a combat; conditions are checked at Battle Resolution
  (rulebook clarifications). T F L.
- battle_opening: resolved at the Battle Opening step, before the dice (rule 5.4.5/5.4.6). T F L.
- battle_play: the card is played into a combat during the card-play step (leaders, city
  defence/assault cards, combat special events). L D A X.
- casualty_recovery: at the end of a combat in which the card was discarded (rule 5.4.5). any.
- imperium: played as the Imperium action (rule 5.3). I.
- land_expedition_declared: another player's Military Expedition (ME) using a land or mixed route
  has traced its route, before interception (rule 5.4.4). X.
- naval_expedition_declared: the same for a naval or mixed route, a naval interception or a
  pirate fleet. X.
- barbarian_attack: a barbarian area attacks one of your cities (rule 7). X.
- after_conquest: you have just conquered a city (rule 6); "the city" means that one. X.
- card_played: another player has just played one of the cards named in the effect. X.
- play_rule: not an action but a limit or permission on how the card may be played. any.
- outcome: only inside `roll_table` rows and `choose_one` options (applied at once).

Common words: `combat` is field, naval, city_assault, city_defence or any; `side` is own (the
side of the player who plays the card), enemy, or any (the player picks either side when playing).
Tags (TAGS) are words a card declares so effects can refer to groups (`against_tag: elephant`).
The rules engine implements each effect once; cards only parameterise them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

CARD_TYPES = ("T", "F", "L", "D", "A", "I", "X")
EMPIRES = ("greece", "macedonia", "carthage", "rome", "iberia", "gaul", "persia", "egypt")
PROVINCES = ("britannia", "gallia", "germania", "liguria", "hispania", "mauretania", "africa",
             "libye", "aigyptos", "asia", "mikra_asia", "helade", "skuthia", "pannonia",
             "illyricum", "italia", "corsica_sardinia_sicilia")
COMBATS = ("field", "naval", "city_assault", "city_defence", "any")
SIDES = ("own", "enemy", "any")
TAGS = ("allied", "archer", "athenian", "barbarian", "cavalry", "chariot", "consul", "elephant",
        "greek", "guard", "heavy_infantry", "legion", "light_infantry", "marine", "mercenary",
        "militia", "phalanx", "pirate", "ship", "spartan")
WINDOW_USES: dict[str, tuple[str, ...]] = {
    "passive": ("T", "F", "L"), "battle_opening": ("T", "F", "L"),
    "battle_play": ("L", "D", "A", "X"), "imperium": ("I",), "land_expedition_declared": ("X",),
    "naval_expedition_declared": ("X",), "barbarian_attack": ("X",), "after_conquest": ("X",),
    "card_played": ("X",), "casualty_recovery": ("any",), "play_rule": ("any",),
    "outcome": ("any",),
}
META_KEYS = ("effect", "as", "when")
PARAM_KINDS = ("int", "word", "words", "bool", "dice", "card", "cards", "card_type", "card_types",
               "tag", "empire", "provinces", "effects", "table")

ParamValue = Any  # int | str | bool | tuple[str, ...] | tuple[Effect, ...] | tuple[TableRow, ...]


@dataclass(frozen=True)
class ParamSpec:
    """One typed parameter: kind, bounds or allowed words, and whether it must be given."""

    name: str
    kind: str
    doc: str
    required: bool = True
    low: int | None = None
    high: int | None = None
    words: tuple[str, ...] = ()
    default: ParamValue = None


@dataclass(frozen=True)
class EffectSpec:
    """One effect: name, contract, the windows it may act in (first is the default), parameters."""

    name: str
    doc: str
    windows: tuple[str, ...]
    params: tuple[ParamSpec, ...] = ()


@dataclass(frozen=True)
class Effect:
    """A checked ability: effect name, the card type it belongs to, window, sorted parameters."""

    name: str
    use: str
    window: str
    params: tuple[tuple[str, ParamValue], ...]

    def param(self, key: str, default: ParamValue = None) -> ParamValue:
        """The value of one parameter, or `default` when it was not given."""
        for name, value in self.params:
            if name == key:
                return value
        return default


@dataclass(frozen=True)
class TableRow:
    """One row of a roll table: totals low..high (None = open-ended) give `outcome`."""

    low: int | None
    high: int | None
    outcome: Effect


def _p(name: str, kind: str, doc: str, **extra: Any) -> ParamSpec:
    return ParamSpec(name, kind, doc, **extra)


def _combat(*words: str, required: bool = True) -> ParamSpec:
    return _p("combat", "word", "which combat it applies in", words=words or COMBATS,
              required=required, default=None if required else "any")


_AMOUNT = _p("amount", "int", "CF added (negative subtracts)", low=-9, high=9)
_MIN_ROLL = _p("min_roll", "int", "a 1d6 roll of at least this succeeds", low=1, high=12)
_OPT_ROLL = _p("min_roll", "int", "if given, 1d6 must reach this (plus city size if "
               "plus_city_size) or nothing happens", low=1, high=12, required=False)
_PLUS_SIZE = _p("plus_city_size", "bool", "add the city's size to the number", required=False,
                default=False)
_CONNECTED = _p("connected", "bool", "the target must be linked by a land or coastal route to "
                "a city you own", required=False, default=True)
_MAX_SIZE = _p("max_size", "int", "largest city size allowed", low=1, high=3, required=False,
               default=3)
_COUNT = _p("count", "int", "how many", low=1, high=6, required=False, default=1)
_SIDE = _p("side", "word", "which side gains it", words=SIDES)

EFFECTS: dict[str, EffectSpec] = {spec.name: spec for spec in (
    # --- combat strength -------------------------------------------------------------------
    EffectSpec("cf_bonus", "This card's CF in `combat` rises by `amount` while its own side "
               "also holds every card in `with_cards` and/or another card tagged `with_tag`, "
               "and (if `role` is given) fights in that role.", ("passive",), (
                   _combat("field", "naval", "city_assault", "any"), _AMOUNT,
                   _p("with_cards", "cards", "other own cards that must all be present",
                      required=False),
                   _p("with_tag", "tag", "another own card with this tag must be present",
                      required=False),
                   _p("role", "word", "only when attacking or only when defending",
                      words=("attacker", "defender"), required=False))),
    EffectSpec("cf_bonus_vs", "This card's CF in `combat` rises by `amount` when the enemy side "
               "holds a card tagged `against_tag`, belongs to `against_empire`, or is a "
               "barbarian area (`against_barbarians`); exactly one condition.", ("passive",), (
                   _combat("field", "naval", "city_assault", "any"), _AMOUNT,
                   _p("against_tag", "tag", "enemy card tag", required=False),
                   _p("against_empire", "empire", "enemy empire", required=False),
                   _p("against_barbarians", "bool", "the enemy is a barbarian area",
                      required=False))),
    EffectSpec("double_carried_naval_cf", "Troop cards carried by this Fleet count twice their "
               "naval CF in a naval battle.", ("passive",)),
    EffectSpec("ignore_shipwreck", "An ME that includes this card makes no strait shipwreck "
               "rolls (rule 5.4.3).", ("passive",)),
    EffectSpec("extra_dice", "Add `dice` d6 (negative removes) to the combat roll of `side` in "
               "`combat`, only against `against_empire` or barbarians if given.",
               ("battle_play", "passive", "outcome"), (
                   _p("dice", "int", "dice added", low=-3, high=6), _SIDE, _combat(),
                   _p("against_empire", "empire", "only when the other side is this empire",
                      required=False),
                   _p("against_barbarians", "bool", "only when the other side is a barbarian "
                      "area", required=False))),
    EffectSpec("extra_dice_city_size", "The defending city of `side` rolls extra dice up to its "
               "size.", ("battle_play", "outcome"), (_SIDE,)),
    # --- battle opening ---------------------------------------------------------------------
    EffectSpec("battle_start_roll", "At Battle Opening of a `combat` battle roll 1d6; on "
               "`min_roll` or more apply `result` to a random enemy card (tagged `target_tag` "
               "if given); a lost Fleet takes its cargo.", ("battle_opening",), (
                   _combat("field", "naval", "any"), _MIN_ROLL,
                   _p("result", "word", "what the roll does", words=(
                       "discard_random_enemy_ship", "discard_random_enemy_troop",
                       "discard_random_enemy_card")),
                   _p("target_tag", "tag", "only enemy cards with this tag", required=False))),
    EffectSpec("flee_battle", "At Battle Opening the owner may withdraw this card to hand before "
               "any discard (rulebook clarifications); on `min_roll` or more if given.",
               ("battle_opening",), (_combat("field", "naval", "any"),
                                     _p("min_roll", "int", "1d6 needed", low=1, high=6,
                                        required=False))),
    # --- casualty recovery and play rules --------------------------------------------------
    EffectSpec("recover_on_discard", "Whenever this card is discarded in a combat, roll 1d6 at "
               "the end: on `min_roll` or more it returns to hand (beside the normal recovery "
               "roll).", ("casualty_recovery",), (_MIN_ROLL,)),
    EffectSpec("join_battle_late", "This Troop may be added to an own side during the card-play "
               "step of a `combat` battle if one of `requires` is present there.",
               ("play_rule",), (_combat("field", "naval", "any"),
                                _p("requires", "cards", "cards one of which must be present"))),
    EffectSpec("forbidden_against", "The card may not be played in an action or combat against "
               "`empire`.", ("play_rule",), (_p("empire", "empire", "the protected empire"),)),
    EffectSpec("target_provinces_only", "An ME carried by this Fleet may only target cities "
               "in `provinces`.", ("play_rule",), (_p("provinces", "provinces", "allowed"),)),
    EffectSpec("incompatible_with", "The card may not be on the same side as a card tagged "
               "`tag`.", ("play_rule",), (_p("tag", "tag", "the rival tag"),)),
    # --- rolls and choices -----------------------------------------------------------------
    EffectSpec("roll_table", "Roll `dice` (modified -1 in Fine Weather and +1 in Foul Weather "
               "when `weather_modified`, rule 4.1) and apply the outcome of the row holding the "
               "total; played into a combat, only into a `combat` one.",
               ("battle_play", "land_expedition_declared", "naval_expedition_declared",
                "barbarian_attack", "imperium", "after_conquest"), (
                   _p("dice", "dice", "the dice rolled, e.g. 1d6", required=False,
                      default=(1, 6)),
                   _p("weather_modified", "bool", "apply the weather modifiers", required=False,
                      default=False),
                   _combat(required=False),
                   _p("rows", "table", "rows {min, max, then: ability}; first min and last max "
                      "may be omitted (open-ended)"))),
    EffectSpec("choose_one", "The player applies exactly one of `options`.",
               ("imperium", "battle_play", "after_conquest", "outcome"),
               (_p("options", "effects", "the abilities to choose from (window outcome)"),)),
    EffectSpec("nothing", "No effect.", ("outcome",)),
    # --- effects on an expedition or a barbarian force -------------------------------------
    EffectSpec("cancel_expedition", "The targeted ME ends; its cards go back to their owners' "
               "hands.", ("outcome",)),
    EffectSpec("discard_from_expedition", "Discard `count` random cards from the targeted ME (a "
               "Fleet takes its cargo); it continues.", ("outcome",), (_COUNT,)),
    EffectSpec("discard_expedition", "Discard every card of the targeted ME; it ends.",
               ("outcome",)),
    EffectSpec("discard_random_enemy", "Discard `count` random enemy cards of kind `what` from "
               "the current combat (a Fleet takes its cargo).", ("outcome",), (
                   _COUNT, _p("what", "word", "which cards",
                              words=("troop", "ship", "card")))),
    EffectSpec("remove_barbarian_dice", "The attacking barbarian force rolls `dice` fewer dice.",
               ("outcome",), (_p("dice", "int", "dice removed", low=1, high=3),)),
    # --- imperium: cities, barbarians, cards, VP -------------------------------------------
    EffectSpec("take_city", "Take a city owned by `owner` without combat, treated as a conquest "
               "(rule 6); limits by size, province, port and connection; optional 1d6 roll.",
               ("imperium", "outcome"), (
                   _p("owner", "word", "whose city", words=("neutral", "enemy", "any")),
                   _MAX_SIZE, _CONNECTED,
                   _p("provinces", "provinces", "only cities of these provinces",
                      required=False),
                   _p("port", "bool", "only port cities", required=False, default=False),
                   _OPT_ROLL, _PLUS_SIZE,
                   _p("not_capital", "bool", "capitals are immune", required=False,
                      default=True))),
    EffectSpec("revolt_city", "A city of another player becomes neutral (rule 6: its markers "
               "turn neutral, the owner loses its VP); optional 1d6 roll.",
               ("imperium", "outcome"), (_MAX_SIZE, _CONNECTED, _OPT_ROLL, _PLUS_SIZE,
                                         _p("not_capital", "bool", "capitals are immune",
                                            required=False, default=True))),
    EffectSpec("steal_random_card", "Take `count` random cards from the hand of a player you "
               "choose.", ("imperium", "outcome"), (_COUNT,)),
    EffectSpec("add_fortification", "Place `count` of your fortification markers on one city "
               "you own.", ("imperium", "outcome"), (_COUNT,)),
    EffectSpec("barbarian_attack_city", "A non-subdued barbarian area of your choice attacks a "
               "connected city of your choice (rule 7), with `extra_dice` more dice.",
               ("imperium", "outcome"), (_p("extra_dice", "int", "dice added to the area",
                                            low=0, high=3, required=False, default=0),)),
    EffectSpec("subdue_barbarian", "Place a Subdued marker on a non-subdued barbarian area "
               "(connected to your cities if `connected`) and gain `vp`.",
               ("imperium", "outcome"), (_p("vp", "int", "VP gained", low=0, high=6),
                                         _p("connected", "bool", "must touch your cities",
                                            required=False, default=False))),
    EffectSpec("draw_cards", "Draw `count` cards from your deck, plus the city's size when "
               "`plus_city_size`.", ("imperium", "after_conquest", "outcome"), (
                   _p("count", "int", "cards drawn", low=0, high=6), _PLUS_SIZE)),
    EffectSpec("gain_vp", "Gain `amount` VP, plus the city's size when `plus_city_size`.",
               ("imperium", "after_conquest", "outcome"), (
                   _p("amount", "int", "VP gained", low=0, high=6), _PLUS_SIZE)),
    EffectSpec("recover_from_discard", "Return `count` cards of `types` from your discard pile "
               "to your hand.", ("imperium", "outcome"), (
                   _COUNT, _p("types", "card_types", "allowed card types"))),
    EffectSpec("truce", "No ME may be declared between you and `with` (one chosen player or all "
               "players) until `until`.", ("imperium",), (
                   _p("with", "word", "who is bound", words=("one_player", "all_players")),
                   _p("until", "word", "when it ends",
                      words=("end_of_round", "end_of_next_round", "end_of_turn")))),
    EffectSpec("cancel_card", "Cancel one of `cards` just played by another player; its effect "
               "ends and it is discarded.", ("card_played",),
               (_p("cards", "cards", "the cards this one can cancel"),)),
    EffectSpec("trigger_event", "Resolve the random event `event` now with you in control "
               "(rule 4.1).", ("imperium",), (
                   _p("event", "word", "the event", words=("pirates", "neutral_attack")),)),
    EffectSpec("move_capital", "Move your capital to another city you own of at least "
               "`min_size`.", ("imperium",), (_p("min_size", "int", "smallest size", low=1,
                                                 high=3, required=False, default=1),)),
    # --- added for the EAST decks (Greece, Macedonia, Persia, Egypt) -----------------------
    EffectSpec("escort_land_expedition", "This Fleet may join an ME on a land-only route "
               "(an exception to rule 5.4.1); there it fights in no field battle or city "
               "assault, set aside as in rule 5.4.6, but its other abilities apply.",
               ("play_rule",)),
    EffectSpec("subdue_barbarian_roll", "Place a Subdued marker on a non-subdued barbarian "
               "area (connected to your cities if `connected`) and roll on the Barbarian "
               "Subduing Table with `modifier` added, as if won in battle (rule 7).",
               ("imperium", "outcome"), (
                   _p("connected", "bool", "must touch your cities", required=False,
                      default=True),
                   _p("modifier", "int", "added to the subduing roll", low=-3, high=3,
                      required=False, default=0))),
    EffectSpec("count_as_pass", "After the card's other abilities, this action also counts "
               "as a pass for the all-passed +2 on the next Random Event roll (rules 4.1, "
               "5.1).", ("imperium",)),
)}


def effect_card_refs(effect: Effect) -> tuple[str, ...]:
    """Every card id an effect (and its nested outcomes) refers to."""
    refs: list[str] = []
    spec = EFFECTS[effect.name]
    for param in spec.params:
        value = effect.param(param.name)
        if value is None:
            continue
        if param.kind == "card":
            refs.append(value)
        elif param.kind == "cards":
            refs.extend(value)
        elif param.kind == "effects":
            for inner in value:
                refs.extend(effect_card_refs(inner))
        elif param.kind == "table":
            for row in value:
                refs.extend(effect_card_refs(row.outcome))
    return tuple(refs)

