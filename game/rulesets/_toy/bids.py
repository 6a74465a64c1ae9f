"""Tribute's sealed bids (scenario "sealed"): the core's sealed choices in a small wager.

At the start of every round each seat seals a bid of 0 to BID_LIMIT points, never more than
it holds. Once all are revealed, the one highest bid (a tie for it: no one) wins every other
bid, which their bidders lose.
"""

from __future__ import annotations

from game.core.sealed import Choice, Pick, SealedRound, open_round

BID_LIMIT = 2
SCENARIO = "sealed"


def round_name(round_: int) -> str:
    """The sealed round of the bids of game round `round_`."""
    return f"bid:{round_}"


def open_bids(round_: int, seats: int) -> SealedRound:
    """Every seat bids, in seat order."""
    return open_round(round_name(round_), tuple(range(seats)))


def most(score: int) -> int:
    """The highest bid a seat holding `score` points may seal."""
    return max(0, min(BID_LIMIT, score))


def check(score: int, choice: Choice) -> str | None:
    """None when `choice` is a bid a seat holding `score` points may seal, else why not."""
    numbers = [str(n) for n in range(BID_LIMIT + 1)]
    if len(choice) != 1 or choice[0] not in numbers:
        return f"a bid is one of {', '.join(numbers)}, not {list(choice)}"
    bid = int(choice[0])
    if bid > most(score):
        return f"a bid of {bid} is more than {most(score)} (at most {BID_LIMIT}, at most the " \
               f"points held)"
    return None


def sample(score: int, pick: Pick) -> Choice:
    """Any valid bid, chosen by `pick`."""
    return (str(pick(most(score) + 1)),)


def winnings(bids: dict[int, int]) -> dict[int, int]:
    """seat → points gained (or lost, negative) once every bid is known."""
    top = max(bids.values())
    leaders = [seat for seat, bid in bids.items() if bid == top]
    if len(leaders) != 1 or top == 0:
        return {seat: 0 for seat in bids}
    pot = sum(bid for seat, bid in bids.items() if seat != leaders[0])
    return {seat: pot if seat == leaders[0] else -bid for seat, bid in bids.items()}
