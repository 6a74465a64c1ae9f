"""Plain sentences for the events of Military Expeditions and combat."""

from __future__ import annotations

from game.core.events import Event
from game.rulesets.mediterranean_empires.combat.records import FIGHT_NAMES
from game.rulesets.mediterranean_empires.expedition.forces import BARBARIANS, NEUTRAL_FORCE, PIRATES
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.text.describe import (
    card_name,
    counted,
    empire,
    place,
    sentence,
)

FORCE_NAMES = {PIRATES: "The pirates", NEUTRAL_FORCE: "The neutral city's men",
               BARBARIANS: "The barbarians"}


def _who(ev: Event, key: str = "seat") -> str:
    value = ev.get(key)
    if isinstance(value, int) and value in FORCE_NAMES:
        return FORCE_NAMES[value]
    return str(ev.get("empire") or ev.get(f"{key}_name") or f"Seat {value}")


def _within(who: str) -> str:
    """A force's name inside a sentence ("the pirates")."""
    return who.replace("The ", "the ", 1) if who.startswith("The ") else who


def _dice(values: tuple[int, ...]) -> str:
    return ", ".join(map(str, values)) if values else "no dice"


@sentence("expedition_declared")
def _declared(rules: Rules, ev: Event) -> str:
    way = "naval" if ev.get("naval") and not ev.get("land") else \
        "mixed land/naval" if ev.get("naval") else "land"
    what = "intercepts with" if ev.get("role") in ("land", "naval") else "sends"
    crossings = counted(ev.get("crossings"), "strait crossing")
    return (f"{empire(rules, ev)} {what} a {way} expedition of "
            f"{counted(ev.get('cards'), 'face-down card')} towards "
            f"{place(rules, ev.get('target'))} ({crossings}).")


@sentence("expedition_withdrawn")
def _withdrawn(rules: Rules, ev: Event) -> str:
    return f"{empire(rules, ev)} calls off the expedition before it sets out."


@sentence("attack_launched")
def _launched(rules: Rules, ev: Event) -> str:
    how = "from the sea" if ev.get("by_sea") else \
        f"from {place(rules, ev.get('origin'))}" if ev.get("origin") else ""
    return f"{_who(ev, 'force')} attack {place(rules, ev.get('target'))} {how}.".replace(" .",
                                                                                         ".")


@sentence("no_shipwreck_rolls")
def _no_rolls(rules: Rules, ev: Event) -> str:
    return f"{_who(ev)}'s expedition crosses {counted(ev.get('crossings'), 'strait')} without " \
        "rolling."


@sentence("shipwreck_avoided")
def _avoided(rules: Rules, ev: Event) -> str:
    return f"{_who(ev)} shows {card_name(rules, ev.get('card'))}: no shipwreck rolls."


@sentence("shipwreck_rolls")
def _wreck_rolls(rules: Rules, ev: Event) -> str:
    return f"{_who(ev)} rolls for the strait crossings: {_dice(ev.get('dice'))} " \
           f"({ev.get('danger')} in danger)."


@sentence("shipwreck_checks")
def _wreck_checks(rules: Rules, ev: Event) -> str:
    result = "the whole expedition is lost" if ev.get("sunk") else \
        f"{counted(ev.get('lost'), 'card')} lost" if ev.get("lost") else "no loss"
    return f"Shipwreck roll {_dice(ev.get('dice'))}: {result}."


@sentence("expedition_wrecked")
def _wrecked(rules: Rules, ev: Event) -> str:
    return f"{_who(ev)}'s expedition is lost at sea."


@sentence("card_lost")
def _lost(rules: Rules, ev: Event) -> str:
    cargo = f" with {counted(ev.get('cargo'), 'troop')} aboard" if ev.get("cargo") else ""
    return f"{_who(ev)} loses {card_name(rules, ev.get('card'))}{cargo} to the discard pile " \
           f"({ev.get('reason')})."


@sentence("combat_card_roll")
def _card_roll(rules: Rules, ev: Event) -> str:
    outcome = str(ev.get("outcome")).replace("_", " ")
    change = int(ev.get("total")) - sum(ev.get("dice"))  # the weather's, if any (rule 4.1)
    weather = f", {change:+d} for the weather" if change else ""
    return f"{card_name(rules, ev.get('card'))} roll: {_dice(ev.get('dice'))}{weather} " \
           f"(total {ev.get('total')}): {outcome}."


@sentence("expedition_cancelled")
def _cancelled(rules: Rules, ev: Event) -> str:
    if ev.get("seat") in FORCE_NAMES:
        return f"{_who(ev)} call off their attack."
    return f"{_who(ev)}'s expedition is called off; its cards go back to hand."


@sentence("force_voided")
def _voided(rules: Rules, ev: Event) -> str:
    way = "naval" if ev.get("naval") else "land"
    what = "interception" if ev.get("role") in ("land", "naval") else "expedition"
    return f"{_who(ev)}'s {way} {what} is void: {ev.get('reason')}; its cards are discarded."


@sentence("expedition_destroyed")
def _destroyed(rules: Rules, ev: Event) -> str:
    return f"{_who(ev)}'s whole expedition is discarded."


@sentence("landing")
def _landing(rules: Rules, ev: Event) -> str:
    where = place(rules, ev.get("target"))
    if ev.get("forced"):
        return f"{_who(ev)} lands beside {where} (too weak to storm it from the sea)."
    return f"{_who(ev)} will land beside {where}."  # chosen before the crossing (rule 5.4.2)


@sentence("direct_assault")
def _direct(rules: Rules, ev: Event) -> str:
    fleets = ", ".join(card_name(rules, c) for c in ev.get("fleets"))
    return f"{_who(ev)} will storm {place(rules, ev.get('target'))} from the sea ({fleets})."


@sentence("interception")
def _interception(rules: Rules, ev: Event) -> str:
    where = "at sea" if ev.get("at") == "sea" else f"at {place(rules, ev.get('at'))}"
    return f"{_who(ev)} intercepts {where}."


@sentence("interception_declined")
def _declined(rules: Rules, ev: Event) -> str:
    return f"{_who(ev)} does not intercept."


@sentence("combat_started")
def _started(rules: Rules, ev: Event) -> str:
    kind = {"assault": "City assault", "naval": "Naval battle", "field": "Field battle"}
    return (f"{kind.get(ev.get('fight'), 'Combat')} at {place(rules, ev.get('where'))}: "
            f"{_within(_who(ev, 'attacker'))} against {_within(_who(ev, 'defender'))}.")


@sentence("deployed")
def _deployed(rules: Rules, ev: Event) -> str:
    return (f"Deployed: attacker {counted(ev.get('attacker_cards'), 'card')}, CF "
            f"{ev.get('attacker_cf')}; defender {counted(ev.get('defender_cards'), 'card')}, CF "
            f"{ev.get('defender_cf')}.")


@sentence("opening_roll")
def _opening(rules: Rules, ev: Event) -> str:
    result = "hits" if ev.get("hit") else "misses"
    return f"{card_name(rules, ev.get('card'))} rolls {ev.get('roll')} at Battle Opening: " \
           f"{result}."


@sentence("fled")
def _fled(rules: Rules, ev: Event) -> str:
    return f"{_who(ev)} pulls {card_name(rules, ev.get('card'))} out of the battle."


@sentence("battle_emptied")
def _emptied(rules: Rules, ev: Event) -> str:
    return "One side has no cards left: the battle ends without a roll."


@sentence("no_assault")
def _no_assault(rules: Rules, ev: Event) -> str:
    return f"{_who(ev)} has nothing to assault {place(rules, ev.get('where'))} with."


@sentence("battle_total")
def _total(rules: Rules, ev: Event) -> str:
    return f"{_who(ev)} ({ev.get('side')}): CF {ev.get('cf')} + dice {_dice(ev.get('dice'))}" \
           f" = {ev.get('total')}."


@sentence("combat_won")
def _won(rules: Rules, ev: Event) -> str:
    verb = "win" if ev.get("winner") in FORCE_NAMES else "wins"
    return f"{_who(ev, 'winner')} {verb} the {FIGHT_NAMES.get(ev.get('fight'), 'combat')} at " \
           f"{place(rules, ev.get('where'))}."


@sentence("casualty_roll")
def _casualty(rules: Rules, ev: Event) -> str:
    result = "the attacker loses a card" if ev.get("hit") else "no additional casualty"
    return f"{_who(ev)} rolls {ev.get('roll')} for additional casualties " \
           f"({ev.get('deployed')} deployed): {result}."


@sentence("recovery_rolls")
def _recovery(rules: Rules, ev: Event) -> str:
    own = f"; card rolls {_dice(ev.get('card_rolls'))}" if ev.get("card_rolls") else ""
    back = "returns" if ev.get("returned") == 1 else "return"
    return f"Casualty recovery: {_dice(ev.get('rolls'))}{own}; " \
           f"{counted(ev.get('returned'), 'card')} {back} to hand."


@sentence("recovered")
def _recovered(rules: Rules, ev: Event) -> str:
    return f"{card_name(rules, ev.get('card'))} returns to {_who(ev)}'s hand."


@sentence("expedition_over")
def _over(rules: Rules, ev: Event) -> str:
    result = "succeeds" if ev.get("won") else "fails"
    who = _who(ev)
    owner = f"{who}'" if who.endswith("s") else f"{who}'s"
    return f"{owner} expedition against {place(rules, ev.get('target'))} {result}."


@sentence("free_passage")
def _passage(rules: Rules, ev: Event) -> str:
    answer = "grants" if ev.get("granted") else "refuses"
    return f"{_who(ev)} {answer} free passage through its cities."


@sentence("passage_attack")
def _passage_attack(rules: Rules, ev: Event) -> str:
    return f"{_who(ev)} turns the expedition against {place(rules, ev.get('target'))}."
