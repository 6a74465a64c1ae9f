"""The outcome: winners first with the victory as the reason, then the nearest."""

from __future__ import annotations

from game.core.outcome import IN_PROGRESS
from game.rulesets.mare_nostrum import scoring, victory
from tests.game.rulesets.mare_nostrum.helpers_mn import flow


def test_in_progress_has_no_winners_but_ranks_by_the_keys() -> None:
    f = flow()
    result = scoring.outcome(f.content, f.state)
    assert result.reason == IN_PROGRESS and result.winners == ()
    assert [key for key, _ in result.ranking[0].keys] == [
        "won", "titles", "heroes_wonders", "capitals_legendary", "tracks"]


def test_a_victory_puts_its_winner_first_and_names_it() -> None:
    f = flow()
    victory.win(f, (4,), "cities")
    result = scoring.outcome(f.content, f.state)
    assert result.winners == (4,) and result.ranking[0].seat == 4
    assert result.reason == victory.REASONS["cities"]
    assert scoring.scores(f.state) == tuple(sum(p.tracks) for p in f.state.players)
