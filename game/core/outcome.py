"""How a game ended: winners, a ranking with its tie-break keys, the reason, a solitaire target."""

from __future__ import annotations

from dataclasses import dataclass

LAST_TURN = "last turn"
AUTOMATIC_VICTORY = "automatic victory"
ABANDONED = "abandoned"
IN_PROGRESS = "in progress"


@dataclass(frozen=True)
class Standing:
    """One seat's place; `keys` are the tie-break figures in the order they are compared."""

    seat: int
    place: int
    keys: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Outcome:
    """The result of a game as the rule set reads it (provisional while the game runs)."""

    winners: tuple[int, ...]
    ranking: tuple[Standing, ...]
    reason: str
    target: int | None = None

    @property
    def over(self) -> bool:
        """Whether the game has ended (by its rules or abandoned)."""
        return self.reason != IN_PROGRESS

    def abandoned(self) -> Outcome:
        """The same standings, marked as a game abandoned before its end."""
        return Outcome(self.winners, self.ranking, ABANDONED, self.target)


def rank(keys: dict[int, tuple[tuple[str, int], ...]]) -> tuple[Standing, ...]:
    """Standings by descending keys; seats with equal keys share a place (seat order next)."""
    order = sorted(keys, key=lambda seat: (tuple(-v for _, v in keys[seat]), seat))
    standings: list[Standing] = []
    for position, seat in enumerate(order, start=1):
        tied = standings and keys[standings[-1].seat] == keys[seat]
        place = standings[-1].place if tied else position
        standings.append(Standing(seat, place, keys[seat]))
    return tuple(standings)
