"""The procedure steps a game can wait in, as data (their handlers live beside their rules).

The state keeps a stack of frames; the top one names the pending decision. Each frame type has
a fixed `kind`, which also tells the decoder which record a stored frame is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.core.records import quick_init
from game.rulesets.mediterranean_empires.combat.records import NO_WINDOW, Casualty, Played, Window
from game.rulesets.mediterranean_empires.expedition.forces import Force


@quick_init
@dataclass(frozen=True)
class Foundation:
    """Empire Foundation (rule 3.1): `seat` places its next marker; `left` per seat."""

    seat: int
    left: tuple[int, ...]
    kind: Literal["foundation"] = "foundation"


@quick_init
@dataclass(frozen=True)
class DrawCards:
    """`seat` draws `count` cards from its own deck (chance picks the slots)."""

    seat: int
    count: int
    reason: str
    kind: Literal["draw"] = "draw"


@quick_init
@dataclass(frozen=True)
class RandomDiscard:
    """`seat` loses `count` random hand cards: chance picks, then the owner opens each."""

    seat: int
    count: int
    reason: str
    picked: str = ""
    kind: Literal["random_discard"] = "random_discard"


@quick_init
@dataclass(frozen=True)
class RoundStart:
    """The Random Event roll that opens a round (rule 4.1)."""

    kind: Literal["round_start"] = "round_start"


@quick_init
@dataclass(frozen=True)
class EventChoice:
    """A seat's choice in a Random Event (Prosperity, Shortage, Going Home) (rule 4.1)."""

    event: str
    seat: int
    kind: Literal["event_choice"] = "event_choice"


@quick_init
@dataclass(frozen=True)
class ActionPhase:
    """`seat` takes its action for the round (rule 5); seasons allow two of a kind."""

    seat: int
    imperium_left: int = 1
    expeditions_left: int = 1
    acted: bool = False
    kind: Literal["action_phase"] = "action_phase"


@quick_init
@dataclass(frozen=True)
class RoundEnd:
    """Closes a round once every action phase is done."""

    kind: Literal["round_end"] = "round_end"


@quick_init
@dataclass(frozen=True)
class TurnEnd:
    """End-of-turn scoring, reshuffles and refills (rule 4.2)."""

    kind: Literal["turn_end"] = "turn_end"


@quick_init
@dataclass(frozen=True)
class TurnStart:
    """Opens the next turn once refills are done."""

    kind: Literal["turn_start"] = "turn_start"


@quick_init
@dataclass(frozen=True)
class FirstPlayer:
    """Optional rule 8.1: the VP leader names who starts the rounds of this turn."""

    seat: int
    kind: Literal["first_player"] = "first_player"


@quick_init
@dataclass(frozen=True)
class DiscardDown:
    """`seat` holds more than `limit` cards after refilling and discards one (rule 4.2)."""

    seat: int
    limit: int
    kind: Literal["discard_down"] = "discard_down"


# -- Imperium and special-event cards, barbarians, fighting events (card_effects.py & co) ---

@quick_init
@dataclass(frozen=True)
class CardUse:
    """One card ability being applied for `seat` (not a frame: frames carry it).

    `path` finds the ability: its index in the card's abilities, then the option of a
    choose_one or the row of a roll_table, and so on. `city`/`area` are what it concerns (the
    city just conquered, the barbarian area chosen); `step` counts parts already done.
    """

    seat: int
    card: str
    path: tuple[int, ...]
    city: str = ""
    area: str = ""
    step: int = 0


@quick_init
@dataclass(frozen=True)
class EffectStart:
    """An ability waiting its turn to start (abilities of one card run in order)."""

    use: CardUse
    kind: Literal["effect_start"] = "effect_start"


@quick_init
@dataclass(frozen=True)
class EffectTarget:
    """The card's player picks what an ability acts on (a city, area, player or card)."""

    use: CardUse
    kind: Literal["effect_target"] = "effect_target"


@quick_init
@dataclass(frozen=True)
class EffectRoll:
    """The die roll of an ability (a roll_table, or the success roll on `target`)."""

    use: CardUse
    target: str = ""
    kind: Literal["effect_roll"] = "effect_roll"


@quick_init
@dataclass(frozen=True)
class Steal:
    """`thief` takes `left` more random cards from `victim`: chance picks, the victim hands off."""

    thief: int
    victim: int
    left: int
    picked: str = ""
    kind: Literal["steal"] = "steal"


@quick_init
@dataclass(frozen=True)
class AfterConquest:
    """`seat` has just conquered `city` and may play after-conquest cards (Sack & Plunder)."""

    seat: int
    city: str
    kind: Literal["after_conquest"] = "after_conquest"


@quick_init
@dataclass(frozen=True)
class ImperiumPlay:
    """An Imperium card just played (rule 5.3); `asking` may still cancel it, in turn order."""

    seat: int
    slot: str
    card: str
    asking: tuple[int, ...]
    kind: Literal["imperium_play"] = "imperium_play"


@quick_init
@dataclass(frozen=True)
class BarbarianAttack:
    """Area `area` attacks `city` (rule 7) with `dice`; set on by `seat` (-1: nobody).

    stage "window": the city's owner may play barbarian-attack cards (Ambush); "fight": the
    attack runs; "done": its outcome is reported.
    """

    seat: int
    area: str
    city: str
    dice: int
    stage: str = "window"
    kind: Literal["barbarian_attack"] = "barbarian_attack"


@quick_init
@dataclass(frozen=True)
class SubduingRoll:
    """The Barbarian Subduing roll of `seat` for `area` (rule 7)."""

    seat: int
    area: str
    leader: bool = False
    modifier: int = 0
    kind: Literal["subduing_roll"] = "subduing_roll"


@quick_init
@dataclass(frozen=True)
class SubduingOutcome:
    """`seat` takes one outcome of the Subduing result `result` for `area` (rule 7)."""

    seat: int
    area: str
    result: str
    kind: Literal["subduing_outcome"] = "subduing_outcome"


@quick_init
@dataclass(frozen=True)
class MoveSubdued:
    """`seat` withdraws ("remove") or may place ("add") a Subdued marker next to `area`."""

    seat: int
    area: str
    mode: str
    kind: Literal["move_subdued"] = "move_subdued"


@quick_init
@dataclass(frozen=True)
class Raid:
    """A Neutral Attack or Pirates event (rule 4.1), or Cilician Pirates; steps fill in order.

    `chooser` -1 until chance picks the player in control; `roll` 0 until the table's d6;
    `source` the attacking neutral city; `target` the city attacked; `spare` a seat whose
    cities may not be chosen (the card player); `started` once the attack runs.
    """

    event: str
    chooser: int = -1
    roll: int = 0
    source: str = ""
    target: str = ""
    spare: int = -9
    started: bool = False
    kind: Literal["raid"] = "raid"


# -- Military Expeditions and combat (expedition.py, shipwreck.py, reactions.py, battle.py) --

@quick_init
@dataclass(frozen=True)
class Expedition:
    """A Military Expedition (rule 5.4) from declaration to its end.

    `role`: "attack" (a player's ME), "raid" (a non-player force's attack), "land"/"naval" (an
    interceptor's ME, fighting `enemy`). `path`/`sea` are the route (routes.Route); `defender`
    the seat that may intercept; `done` the interception kinds already fought; `granted` /
    `refused` the owners asked for free passage (optional rule 8.2).
    """

    seat: int
    role: str
    step: str
    force: Force
    target: str = ""
    path: tuple[str, ...] = ()
    sea: int = -1
    direct: bool = False
    enemy: Force | None = None
    enemy_sea: bool = False
    defender: int = -9
    done: tuple[str, ...] = ()
    controller: int = -1
    reason: str = ""
    granted: tuple[int, ...] = ()
    refused: int = -9
    kind: Literal["expedition"] = "expedition"


@quick_init
@dataclass(frozen=True)
class Shipwreck:
    """Strait shipwreck rolls of an ME (rule 5.4.3): `rolls` crossings, `ones` to check."""

    force: Force
    rolls: int
    step: str = "claim"
    ones: int = 0
    losses: int = 0
    picked: str = ""
    kind: Literal["shipwreck"] = "shipwreck"


@quick_init
@dataclass(frozen=True)
class Declared:
    """The card window when an ME sets out (land/naval_expedition_declared X cards)."""

    force: Force
    land: bool
    naval: bool
    window: Window
    rolling: str = ""
    via: str = ""
    losses: int = 0
    picked: str = ""
    ended: str = ""
    kind: Literal["declared"] = "declared"


@quick_init
@dataclass(frozen=True)
class Combat:
    """A naval or field battle or a city assault (rules 5.4.5-5.4.7) between two forces.

    `fight` is naval, field or assault; `lead` the seat first in card windows; `fleets` which
    sides may use Fleet cards; `losses` pending random losses (side hit, what, tag).
    """

    fight: str
    where: str
    attacker: Force
    defender: Force
    lead: int = -1
    fleets: tuple[bool, bool] = (False, False)
    by_sea: bool = False
    step: str = "reveal"
    played: tuple[Played, ...] = ()
    window: Window = NO_WINDOW
    extra: tuple[int, int] = (0, 0)
    deployed: tuple[int, int] = (0, 0)
    tables: int = 0
    losses: tuple[tuple[int, str, str], ...] = ()
    picked: str = ""
    asked: tuple[str, ...] = ()
    winner: int = -1
    casualties: tuple[Casualty, ...] = ()
    kind: Literal["combat"] = "combat"


Frame = (FirstPlayer | Foundation | DrawCards | RandomDiscard | RoundStart | EventChoice
         | ActionPhase | RoundEnd | TurnEnd | TurnStart | DiscardDown
         | EffectStart | EffectTarget | EffectRoll | Steal | AfterConquest | ImperiumPlay
         | BarbarianAttack | SubduingRoll | SubduingOutcome | MoveSubdued | Raid
         | Expedition | Shipwreck | Declared | Combat)
