"""Rules 3.2, 4.3.4 and 5: tracks follow the board; titles, ties and the '+' side."""

from __future__ import annotations

from game.core.records import evolve
from game.rulesets.mare_nostrum.leadership import (
    adjust,
    awards_pending,
    claim_titles,
    level,
    track_values,
)
from game.rulesets.mare_nostrum.state import MnState
from tests.game.rulesets.mare_nostrum.helpers_mn import flow


def _with_tracks(state: MnState, tracks: list[tuple[int, int, int]]) -> MnState:
    players = tuple(evolve(p, tracks=t) for p, t in zip(state.players, tracks, strict=True))
    return evolve(state, players=players)


def test_tile_bonuses_count_but_a_copied_power_does_not() -> None:
    f = flow()
    before = track_values(f.content, f.state, 0)
    f.update(0, tiles=("caesar", "hercules"), copied="circe")
    assert track_values(f.content, f.state, 0) == tuple(v + 2 for v in before)


def test_adjust_moves_markers_and_says_so() -> None:
    f = flow()
    f.update(1, tiles=("pericles", "antigone"))
    adjust(f, (1,))
    assert f.player(1).tracks == (6, 6, 3)
    assert [ev.kind for ev in f.events] == ["tracks"]


def test_clear_leader_takes_the_title() -> None:
    f = flow()
    f.set(**_fields(_with_tracks(f.state, [(9, 1, 1), (4, 9, 1), (1, 1, 9), (1, 1, 1),
                                           (1, 1, 1)])))
    claim_titles(f)
    assert f.state.titles == (0, 1, 2)


def test_tie_with_the_holder_stays_with_him() -> None:
    f = flow()
    carthage = f.state.seat_of("carthage")
    claim_titles(f)
    assert f.state.titles[0] == carthage


def test_tie_without_the_holder_waits_for_his_award() -> None:
    f = flow()
    f.set(**_fields(_with_tracks(f.state, [(8, 1, 3), (8, 4, 3), (1, 3, 2), (1, 4, 2),
                                           (7, 1, 2)])))
    assert awards_pending(f.state) == (0,)
    claim_titles(f)
    assert f.state.titles[0] == f.state.seat_of("carthage")


def test_plus_side_beyond_fifteen() -> None:
    assert level(15) == (False, 15)
    assert level(16) == (True, 1)


def _fields(state: MnState) -> dict[str, object]:
    return {"players": state.players}
