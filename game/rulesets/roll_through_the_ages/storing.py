"""Step 6, store goods as wealth: sets of 4 goods (3 with Coinage) become one wealth each,
as far as the wealth track goes."""

from __future__ import annotations

from game.core.actions import Action, act
from game.rulesets.roll_through_the_ages import sheet
from game.rulesets.roll_through_the_ages.content import RttaContent
from game.rulesets.roll_through_the_ages.flow import Flow, int_arg
from game.rulesets.roll_through_the_ages.state import RttaState


def most_sets(content: RttaContent, state: RttaState) -> int:
    """The most sets of goods the active player can store now."""
    player = state.player(state.turn)
    room = content.tracks.wealth - player.wealth
    return max(0, min(room, player.goods // sheet.goods_per_wealth(content, player)))


def store_choices(content: RttaContent, state: RttaState) -> tuple[Action, ...]:
    """Store 1, 2, … sets, or none."""
    sets = most_sets(content, state)
    return (act("skip"), *(act("store", sets=k) for k in range(1, sets + 1)))


def store_start(flow: Flow) -> None:
    """Step 6 asks only when a set can be stored."""
    flow.go("store" if most_sets(flow.content, flow.state) else "end_turn")


def store(flow: Flow, action: Action) -> None:
    """Turn the chosen number of sets into wealth."""
    if action.verb == "store":
        sets = int_arg(action, "sets")
        player = flow.player()
        goods = sets * sheet.goods_per_wealth(flow.content, player)
        flow.update(flow.active, goods=player.goods - goods, wealth=player.wealth + sets)
        flow.emit("stored", seat=flow.active, goods=goods, wealth=sets)
    flow.go("end_turn")
