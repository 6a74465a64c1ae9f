"""Why a Trade or Build action of the deciding seat is refused: one sentence and the rule it
rests on (the legal lists of `trade` and `build` stay the judge; these only explain)."""

from __future__ import annotations

from game.core.actions import Action
from game.rulesets.mare_nostrum import claims, payment, placement, recruit
from game.rulesets.mare_nostrum.content_records import MnContent
from game.rulesets.mare_nostrum.state import MnState

Objection = tuple[str, str]
"""(sentence, rule section)."""


def trade_objection(content: MnContent, state: MnState, seat: int,
                    action: Action) -> Objection:
    """Why a Trade phase action is refused."""
    trade = state.trade
    if action.verb == "marker":
        return ("That value is on no Exchange Marker still open: a played marker waits until "
                "all three are played or the Trade Leader changes.", "2.1")
    if action.verb == "claim":
        giver = action.arg("giver")
        if giver == seat:
            return "A player never claims from his own offer.", "2.2"
        if giver == claims.forbidden(trade.claims):
            return ("You two just claimed from each other: claim from another player.", "2.2")
        return "That resource is not among that player's offers now.", "2.2"
    return "Give one resource you hold to the player one short.", "2.2.1"


def build_objection(content: MnContent, state: MnState, seat: int,
                    action: Action) -> Objection:
    """Why a Build phase action is refused."""
    paying = state.build.payment
    if action.verb == "pay" and paying is not None:
        return (f"{action.arg('resource')} cannot complete a set of {paying.cost} with what "
                "is picked: coins only, or commodities of different types.", "3")
    if action.verb == "confirm" and paying is not None:
        return f"The picked resources do not yet form a set of {paying.cost}.", "3"
    if action.verb != "build":
        return "That is not among your choices now.", "3"
    return _build_objection(content, state, seat, action)


def _build_objection(content: MnContent, state: MnState, seat: int,
                     action: Action) -> Objection:
    item, place = str(action.arg("item")), str(action.arg("place"))
    if item == "tile":
        if place not in recruit.on_offer(content, state, seat):
            return "That hero or wonder is not face up on the display for you.", "3.1.3"
        cost = recruit.cost(content, state, seat, place)
        return f"It costs {cost}: you hold no set of {cost} resources.", "3.1.3"
    if (item, place) not in placement.all_places(content, state, seat):
        return _place_objection(item)
    cost = content.costs.of(item) if item in dict(content.costs.items) else 0
    powers = payment.powers_of(state, seat)
    if not payment.can_pay(state.player(seat).resources, cost, payment.SET, powers):
        return f"It costs {cost}: you hold no set of {cost} resources.", "3"
    return "That power was used this round, or is not yours.", "3.1.2"


def _place_objection(item: str) -> Objection:
    if item == "control":
        return ("Control goes only into a province nobody controls and no opponent's unit "
                "stands in, next to (or linked by your triremes to) one you held at the start "
                "of the round, while you have a Control Marker left.", "3.1.1")
    return ("Units and buildings go only into provinces you control with no opponent's unit "
            "in them (your capital always), buildings on an empty printed site, one fortress "
            "a province, triremes into seas next to such a province, while pieces last.",
            "3.1.2")
