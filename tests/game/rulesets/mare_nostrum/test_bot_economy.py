"""The greedy bot's Build phase: the exact plan over set partitions, the payment it makes
step by step, and the worth of a hand (rule 3)."""

from __future__ import annotations

from game.core.actions import act
from game.core.records import evolve
from game.rulesets.mare_nostrum import build
from game.rulesets.mare_nostrum.bots.economy import (
    Candidate,
    best_plan,
    build_choice,
    candidates,
    hand_value,
    pay_choice,
)
from game.rulesets.mare_nostrum.bots.seen import Seen
from game.rulesets.mare_nostrum.bots.worth import WIN
from game.rulesets.mare_nostrum.state import MnState
from tests.game.rulesets.mare_nostrum.helpers_trade_build import CONTENT, Bench

ROME = 0
TWELVE = ("ceramic", "gems", "gold", "grain", "metal", "oil", "papyrus", "sheep", "spices",
          "stone", "wine", "wood")


def _seen(state: MnState, *hand: str) -> Seen:
    players = list(state.players)
    players[ROME] = evolve(players[ROME], resources=tuple(sorted(hand)))
    return Seen(CONTENT, evolve(state, players=tuple(players)), ROME)


def test_the_plan_buys_the_best_items_the_hand_pays_at_once() -> None:
    cands = (Candidate("legion", "italia", 3, 5), Candidate("market", "m", 6, 15),
             Candidate("caravan", "c", 3, 10))
    plan = best_plan(("coin", "coin", "coin", "gems", "grain", "wine"), cands)
    assert [c.item for c in plan.items] == ["caravan", "legion"]
    assert plan.value == 15
    plan = best_plan(("ceramic", "gems", "gold", "grain", "oil", "wine"), cands)
    assert [c.item for c in plan.items] == ["market"]


def test_no_set_no_plan() -> None:
    plan = best_plan(("gems", "gems", "gems"), (Candidate("legion", "italia", 3, 5),))
    assert plan.items == () and plan.value == 0


def test_the_pyramids_win_so_twelve_types_buy_them() -> None:
    seen = _seen(Bench().state, *TWELVE)
    plan = best_plan(seen.hand, candidates(seen), seen.powers)
    assert plan.items[0].place == "pyramids" and plan.value >= WIN


def test_a_new_type_is_worth_more_than_a_repeat() -> None:
    seen = _seen(Bench().state, "gems", "grain")
    cands = candidates(seen)
    assert hand_value(seen, (*seen.hand, "wine"), cands) > \
        hand_value(seen, (*seen.hand, "gems"), cands)


def test_a_build_turn_pays_its_plan_set_by_set_then_is_done() -> None:
    bench = Bench()
    bench.hand(ROME, "coin", "coin", "coin", "gems", "grain", "wine")
    bench.edit(phase="build", step="turns")
    bench.run(build, lambda flow: build.begin_turn(flow, ROME))
    built = []
    for _ in range(20):
        legal = bench.legal(build, ROME)
        choice = (pay_choice if bench.state.build.payment else build_choice)(
            Seen(CONTENT, bench.state, ROME), legal)
        assert choice in legal
        if choice == act("done"):
            break
        if choice.verb == "build":
            built.append(choice.arg("item"))
        bench.act(build, ROME, choice.verb, **dict(choice.args))
    assert len(built) == 2 and bench.state.player(ROME).resources == ()
