"""Rule 6: the four victories at their checkpoints, shared wins, the Culture Leader's
tie-break."""

from __future__ import annotations

from game.rulesets.mare_nostrum import victory
from game.rulesets.mare_nostrum.flow import Flow
from tests.game.rulesets.mare_nostrum.helpers_mn import flow


def _five_tiles(f: Flow, seat: int) -> None:
    f.update(seat, tiles=(*f.player(seat).tiles, "circe", "perseus", "hercules", "ramses"))


def test_fifth_tile_wins_and_the_culture_leader_breaks_a_tie() -> None:
    f = flow()
    _five_tiles(f, 0)
    assert victory.fame_winners(f.state) == (0,)
    _five_tiles(f, f.state.titles[1])
    assert victory.fame_winners(f.state) == (f.state.titles[1],)


def test_fifth_tile_tie_without_the_culture_leader_is_shared() -> None:
    f = flow()
    _five_tiles(f, 0)
    _five_tiles(f, 1)
    assert victory.fame_winners(f.state) == (0, 1)


def test_four_great_cities_win_counting_occupied_ones() -> None:
    f = flow()
    rome = 0
    assert victory.great_cities(f.content, f.state, rome) == 1
    for province, site in (("judaea", "judaea.city1"), ("asia", "asia.city1"),
                           ("sicilia", "sicilia.city1")):
        f.update_area(province, controller=rome)
        f.place_building(site)
    assert victory.conquest_winners(f.content, f.state) == (rome,)
    f.update_area("asia", occupied=(("asia.city1", 1),))
    assert victory.conquest_winners(f.content, f.state) == ()
    assert victory.great_cities(f.content, f.state, 1) == 1 + 1


def test_three_titles_win() -> None:
    f = flow()
    assert victory.title_winner(f.state) == ()
    f.set(titles=(2, 2, 2))
    assert victory.title_winner(f.state) == (2,)


def test_win_ends_the_game() -> None:
    f = flow()
    victory.win(f, (3,), "pyramids")
    assert f.state.phase == "over" and f.state.winners == (3,)
    assert f.events[-1].kind == "victory"
