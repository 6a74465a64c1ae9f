"""Step 5, buy one development: pay at least its cost in goods (1 each), this turn's
innovations (3 each, 5 with Metallurgy) and wealth (5 each); no change is given. The legal
payments are the minimal ones: no good, innovation or wealth could be left out and still
cover the cost (ruling 13). Unspent innovations are lost at the end of the turn."""

from __future__ import annotations

from game.core.actions import Action, act
from game.rulesets.roll_through_the_ages import sheet
from game.rulesets.roll_through_the_ages.content import Development, RttaContent
from game.rulesets.roll_through_the_ages.flow import Flow, int_arg
from game.rulesets.roll_through_the_ages.state import Player, RttaState

Payment = tuple[int, int, int]
"""(goods, innovations, wealth)."""


def on_offer(content: RttaContent, state: RttaState, player: Player) -> tuple[Development, ...]:
    """Developments the player may still buy (Shipbuilding is struck with the Mediterranean)."""
    return tuple(d for d in content.developments if not sheet.owns(player, d.id)
                 and not (state.mediterranean and d.struck_in_mediterranean))


def payments(content: RttaContent, player: Player, innovations: int,
             cost: int) -> tuple[Payment, ...]:
    """Every minimal payment of `cost` the player can make."""
    worth, wealth_worth = sheet.innovation_value(content, player), content.values.wealth
    found = []
    for used in range(innovations + 1):
        for stored in range(player.wealth + 1):
            covered = used * worth + stored * wealth_worth
            goods = -(-max(0, cost - covered) // content.values.good)
            if goods > player.goods:
                continue
            if goods or _minimal(covered, used, worth, stored, wealth_worth, cost):
                found.append((goods, used, stored))
    return tuple(found)


def _minimal(covered: int, used: int, worth: int, stored: int, wealth_worth: int,
             cost: int) -> bool:
    """Paid by innovations and wealth alone: dropping any one of them falls short."""
    return (not used or covered - worth < cost) and (not stored or covered - wealth_worth < cost)


def develop_choices(content: RttaContent, state: RttaState) -> tuple[Action, ...]:
    """Every development with every minimal payment, and "skip"."""
    player, innovations = state.player(state.turn), state.current.innovations
    choices = [act("skip")]
    for development in on_offer(content, state, player):
        cost = sheet.development_cost(content, player, development.id)
        choices += [act("buy", development=development.id, goods=g, innovations=i, wealth=w)
                    for g, i, w in payments(content, player, innovations, cost)]
    return tuple(choices)


def develop_start(flow: Flow) -> None:
    """Step 5 asks only when some development is affordable."""
    if len(develop_choices(flow.content, flow.state)) > 1:
        return flow.go("develop")
    flow.go("store_start")


def develop(flow: Flow, action: Action) -> None:
    """Buy the development with the chosen payment, or buy none."""
    if action.verb == "buy":
        player = flow.player()
        development = str(action.arg("development"))
        goods, wealth = int_arg(action, "goods"), int_arg(action, "wealth")
        flow.update(flow.active, goods=player.goods - goods, wealth=player.wealth - wealth,
                    developments=(*player.developments, development))
        flow.turn(innovations=flow.state.current.innovations - int_arg(action, "innovations"))
        flow.emit("bought", seat=flow.active, development=development, goods=goods,
                  innovations=int_arg(action, "innovations"), wealth=wealth)
    flow.go("store_start")
