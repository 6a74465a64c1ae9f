"""The outcome (rule 6): the winners of the victory that ended the game, then everyone else
by how near they came — titles held, heroes and wonders, capital/legendary cities held,
then the three Leader tracks together. Scores are those track totals."""

from __future__ import annotations

from game.core.outcome import IN_PROGRESS, Outcome, Standing, rank
from game.rulesets.mare_nostrum.content_records import MnContent
from game.rulesets.mare_nostrum.state import MnState
from game.rulesets.mare_nostrum.victory import REASONS, great_cities

Keys = tuple[tuple[str, int], ...]
KEY_WORDS = {"won": "won", "titles": "titles", "heroes_wonders": "heroes & wonders",
             "capitals_legendary": "great cities", "tracks": "track total"}
"""Each standing figure in words, for every front end."""


def keys(content: MnContent, state: MnState, seat: int) -> Keys:
    """The standing figures of one seat, in the order compared."""
    player = state.player(seat)
    return (("won", int(seat in state.winners)),
            ("titles", sum(1 for holder in state.titles if holder == seat)),
            ("heroes_wonders", len(player.tiles)),
            ("capitals_legendary", great_cities(content, state, seat)),
            ("tracks", sum(player.tracks)))


def scores(state: MnState) -> tuple[int, ...]:
    """Each seat's three Leader tracks added together."""
    return tuple(sum(player.tracks) for player in state.players)


def outcome(content: MnContent, state: MnState) -> Outcome:
    """Winners first, then the others by their keys; the reason names the victory."""
    standings: tuple[Standing, ...] = rank(
        {seat: keys(content, state, seat) for seat in range(state.seats)})
    if state.phase != "over":
        return Outcome((), standings, IN_PROGRESS)
    return Outcome(state.winners, standings, REASONS[state.victory])
