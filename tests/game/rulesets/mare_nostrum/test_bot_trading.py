"""The greedy bot's trade (rule 2): it offers what it needs least, claims what completes
its sets, and leaves the race leader unclaimed from when claims help it alike."""

from __future__ import annotations

from game.core.actions import act
from game.core.records import evolve
from game.core.sealed import SealedRequest
from game.rulesets.mare_nostrum import trade
from game.rulesets.mare_nostrum.bots import races, trading
from game.rulesets.mare_nostrum.bots.economy import candidates
from game.rulesets.mare_nostrum.bots.seen import Seen
from game.rulesets.mare_nostrum.state import MnState
from tests.game.rulesets.mare_nostrum.helpers_trade_build import CONTENT, Bench

ROME, GREECE, BABYLON = 0, 1, 2


def _seen(state: MnState, *hand: str) -> Seen:
    players = list(state.players)
    players[ROME] = evolve(players[ROME], resources=tuple(sorted(hand)))
    return Seen(CONTENT, evolve(state, players=tuple(players)), ROME)


def test_it_offers_the_repeats_it_cannot_use() -> None:
    seen = _seen(Bench().state, "gems", "gems", "gems", "grain", "wine")
    assert trading.least_needed(seen, seen.hand, 2, candidates(seen)) == ("gems", "gems")


def test_it_claims_the_type_that_completes_a_set() -> None:
    seen = _seen(Bench().state, "gems", "grain")
    legal = (act("claim", giver=GREECE, resource="gems"),
             act("claim", giver=GREECE, resource="wine"))
    assert trading.claim_choice(seen, legal) == legal[1]


def test_between_equal_claims_it_spares_the_race_leader() -> None:
    seen = _seen(Bench().state, "gems", "grain")
    ahead = races.leader(seen)
    other = next(s for s in seen.others() if s != ahead)
    legal = (act("claim", giver=ahead, resource="wine"),
             act("claim", giver=other, resource="wine"))
    assert trading.claim_choice(seen, legal) == legal[1]


def test_the_leader_is_the_seat_furthest_in_the_races() -> None:
    state = Bench().state
    players = list(state.players)
    players[BABYLON] = evolve(players[BABYLON], tiles=("hammurabi", "circe", "hercules"))
    seen = Seen(CONTENT, evolve(state, players=tuple(players)), ROME)
    assert races.leader(seen) == BABYLON


def test_its_sealed_offer_passes_the_rule_sets_check() -> None:
    bench = Bench()
    bench.hand(ROME, "coin", "gems", "gems", "grain", "wine")
    bench.edit(phase="trade", trade=evolve(bench.state.trade, value=3))
    state = bench.state

    def check(choice: tuple[str, ...]) -> str | None:
        return trade.check_offer(CONTENT, state, ROME, choice)

    request = SealedRequest(ROME, "offer:1", lambda pick: (), check)
    offer = trading.sealed_offer(Seen(CONTENT, state, ROME), request)
    assert check(offer) is None and "gems" in offer
