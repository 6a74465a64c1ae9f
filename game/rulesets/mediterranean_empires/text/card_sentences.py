"""Plain sentences for the events of Imperium and special-event cards, barbarians and raids."""

from __future__ import annotations

from game.core.events import Event
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.text.describe import card_name, empire, place, sentence

_UNTIL = {"end_of_turn": "the end of the turn", "end_of_round": "the end of the round",
          "end_of_next_round": "the end of the next round"}


def _target(rules: Rules, target: str) -> str:
    if rules.is_city(target) or target in rules.area_ids:
        return place(rules, target)
    return target.capitalize()


def _event_name(rules: Rules, event: str) -> str:
    return rules.content.tables.random_event.event(event).name


@sentence("imperium_played")
def _imperium(rules: Rules, ev: Event) -> str:
    return f"{empire(rules, ev)} plays {card_name(rules, ev.get('card'))} as Imperium."


@sentence("card_played")
def _played(rules: Rules, ev: Event) -> str:
    return f"{empire(rules, ev)} plays {card_name(rules, ev.get('card'))}."


@sentence("card_cancelled")
def _cancelled(rules: Rules, ev: Event) -> str:
    return (f"{empire(rules, ev)}'s {card_name(rules, ev.get('card'))} cancels "
            f"{ev.get('owner_empire')}'s {card_name(rules, ev.get('cancelled'))}.")


@sentence("card_target")
def _card_target(rules: Rules, ev: Event) -> str:
    return (f"{empire(rules, ev)} uses {card_name(rules, ev.get('card'))} on "
            f"{_target(rules, ev.get('target'))}.")


@sentence("card_roll")
def _card_roll(rules: Rules, ev: Event) -> str:
    dice = "+".join(map(str, ev.get("dice")))
    name = card_name(rules, ev.get("card"))
    if ev.get("need") is not None:
        result = "success" if ev.get("success") else "it fails"
        return f"{empire(rules, ev)} rolls {dice} for {name} (needs {ev.get('need')}): {result}."
    mod = ev.get("modifier")
    shown = f"{dice}{mod:+d} = {ev.get('total')}" if mod else dice
    return f"{empire(rules, ev)} rolls {shown} for {name}: " \
           f"{str(ev.get('outcome')).replace('_', ' ')}."


@sentence("option_chosen")
def _option(rules: Rules, ev: Event) -> str:
    return f"{empire(rules, ev)} chooses {str(ev.get('effect')).replace('_', ' ')} " \
           f"({card_name(rules, ev.get('card'))})."


@sentence("effect_fizzled")
def _fizzled(rules: Rules, ev: Event) -> str:
    return f"{card_name(rules, ev.get('card'))} finds nothing to act on."


@sentence("no_effect")
def _no_effect(rules: Rules, ev: Event) -> str:
    return f"{card_name(rules, ev.get('card'))} has no effect."


@sentence("counted_as_pass")
def _as_pass(rules: Rules, ev: Event) -> str:
    return f"{empire(rules, ev)}'s action also counts as a pass."


@sentence("recovered_card")
def _recovered(rules: Rules, ev: Event) -> str:
    return f"{empire(rules, ev)} takes {card_name(rules, ev.get('card'))} back from its " \
           f"discard pile."


@sentence("fortified")
def _fortified(rules: Rules, ev: Event) -> str:
    return f"{empire(rules, ev)} fortifies {place(rules, ev.get('city'))} " \
           f"(now {ev.get('total')} markers)."


@sentence("capital_moved")
def _capital(rules: Rules, ev: Event) -> str:
    return f"{empire(rules, ev)} moves its capital from {place(rules, ev.get('old'))} to " \
           f"{place(rules, ev.get('new'))}."


@sentence("card_stolen")
def _stolen(rules: Rules, ev: Event) -> str:
    return f"{empire(rules, ev)} takes a random card from {ev.get('victim_empire')}'s hand."


@sentence("truce_made")
def _truce(rules: Rules, ev: Event) -> str:
    return (f"{empire(rules, ev)} plays {card_name(rules, ev.get('card'))}: no expedition "
            f"between it and {ev.get('other_empire')} until {_UNTIL[ev.get('until')]}.")


@sentence("truce_ended")
def _truce_ended(rules: Rules, ev: Event) -> str:
    return f"{empire(rules, ev)}'s {card_name(rules, ev.get('card'))} lapses."


@sentence("subdued")
def _subdued(rules: Rules, ev: Event) -> str:
    return f"{empire(rules, ev)} subdues the {place(rules, ev.get('area'))} " \
           f"({ev.get('reason')})."


@sentence("unsubdued")
def _unsubdued(rules: Rules, ev: Event) -> str:
    return f"The {place(rules, ev.get('area'))} throw off their Subdued marker " \
           f"({ev.get('reason')})."


@sentence("subduing_roll")
def _subduing(rules: Rules, ev: Event) -> str:
    dice = "+".join(map(str, ev.get("dice")))
    mod = ev.get("modifier")
    result = next(r.name for r in rules.content.tables.subduing.results
                  if r.id == ev.get("result"))
    return f"{empire(rules, ev)} rolls {dice}{f'{mod:+d}' if mod else ''} = {ev.get('total')} " \
           f"on the Subduing table: {result}."


@sentence("barbarian_attack")
def _barbarian_attack(rules: Rules, ev: Event) -> str:
    return f"The {place(rules, ev.get('area'))} attack {place(rules, ev.get('city'))} with " \
           f"{ev.get('dice')} dice, set on by {empire(rules, ev)}."


@sentence("barbarian_dice_lost")
def _dice_lost(rules: Rules, ev: Event) -> str:
    lost = ev.get("lost")
    return f"The {place(rules, ev.get('area'))} lose {lost} {'die' if lost == 1 else 'dice'} " \
           f"({ev.get('dice')} left)."


@sentence("barbarian_attack_over")
def _attack_over(rules: Rules, ev: Event) -> str:
    city = place(rules, ev.get("city"))
    if ev.get("spent"):
        return f"The {place(rules, ev.get('area'))} attack on {city} melts away."
    return f"{city} {'falls to' if ev.get('fell') else 'holds against'} the " \
           f"{place(rules, ev.get('area'))}."


@sentence("event_no_effect")
def _no_target(rules: Rules, ev: Event) -> str:
    return f"{_event_name(rules, ev.get('event'))}: nothing can be attacked, no effect."


@sentence("raid_roll")
def _raid_roll(rules: Rules, ev: Event) -> str:
    return f"{empire(rules, ev)} steers the {_event_name(rules, ev.get('event'))} and rolls " \
           f"{ev.get('roll')}."


@sentence("raid_target")
def _raid_target(rules: Rules, ev: Event) -> str:
    source = ev.get("source")
    by = f"{place(rules, source)} attacks " if source else "the pirates attack "
    return f"{empire(rules, ev)} decides: {by}{place(rules, ev.get('city'))}."


@sentence("raid_over")
def _raid_over(rules: Rules, ev: Event) -> str:
    city = place(rules, ev.get("city"))
    return f"{city} {'falls and turns neutral' if ev.get('fell') else 'holds'} " \
           f"({_event_name(rules, ev.get('event'))})."
