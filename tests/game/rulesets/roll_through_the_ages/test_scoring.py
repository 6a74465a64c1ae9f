"""Game end (short, full, solitaire), scoring with every bonus, and the tie-break."""

from __future__ import annotations

from game.core.outcome import IN_PROGRESS, LAST_TURN
from game.rulesets.roll_through_the_ages.scoring import end_condition, score
from tests.game.rulesets.roll_through_the_ages.helpers_rtta import CONTENT, RULESET, Game

FIVE = ("leadership", "granaries", "dyemaking", "formations", "medicine")


def _quiet_turn(game: Game) -> None:
    game.roll("abundance", "food3", "food3")
    game.pass_until("roll")


def test_the_short_game_ends_after_the_round_of_a_fifth_development() -> None:
    game = Game(seats=2)
    game.edit(0, developments=FIVE)
    _quiet_turn(game)
    assert game.phase == "roll" and game.state.turn == 1
    _quiet_turn(game)
    assert game.phase == "over" and RULESET.outcome(game.state).reason == LAST_TURN


def test_end_conditions_short_and_full() -> None:
    short, full = Game(seats=2), Game(seats=2, length="full")
    for game, tribute, devs in ((short, 30, 5), (full, 50, 7)):
        game.edit(1, tribute=tribute - 1)
        assert end_condition(CONTENT, game.state) == ""
        game.edit(1, tribute=tribute)
        assert "tribute" in end_condition(CONTENT, game.state)
        game.edit(1, tribute=0, developments=tuple(d.id for d in CONTENT.developments[:devs]))
        assert "developments" in end_condition(CONTENT, game.state)
    built = tuple(m.boxes for m in CONTENT.monuments)
    short.edit(1, developments=(), monuments=(*built[:-1], 0))
    assert end_condition(CONTENT, short.state) == "the monuments are built"
    full.edit(1, developments=(), monuments=(*built[:-1], 0))
    assert end_condition(CONTENT, full.state) == ""
    full.edit(0, monuments=(0,) * 4 + built[-1:])
    assert end_condition(CONTENT, full.state) == "the monuments are built"


def test_solitaire_plays_exactly_eight_rounds_against_its_target() -> None:
    game = Game(seats=1)
    game.edit(0, developments=FIVE, tribute=40)
    for _ in range(CONTENT.solitaire_rounds - 1):
        _quiet_turn(game)
        assert game.phase == "roll"
    _quiet_turn(game)
    assert game.phase == "over"
    outcome = RULESET.outcome(game.state)
    assert outcome.target == CONTENT.solitaire_target and outcome.winners == (0,)
    assert Game(seats=1, mediterranean=True).view()["solitaire"]["target"] == \
        CONTENT.solitaire_target_mediterranean


def test_score_adds_monuments_developments_bonuses_wealth_tribute_less_skulls() -> None:
    game = Game(seats=2, choices=("province", "port"))
    obelisk = CONTENT.monuments[0]
    game.edit(0, developments=("citizenship", "empire", "commerce", "navy", "aqueducts"),
              monuments=(obelisk.boxes, 0, 0, 0, 0), first=(True,) + (False,) * 4,
              wealth=2, tribute=7, skulls=3, ships=2, food=7, armies=3)
    points = score(CONTENT, game.state, 0)
    assert points.monuments == obelisk.first_vp
    assert points.developments == sum(CONTENT.development(d).vp for d in
                                      game.player(0).developments)
    assert dict(points.bonuses) == {"citizenship": 3, "empire": 2 + 3, "commerce": 1 + 2,
                                    "navy": 2, "aqueducts": 2}
    assert (points.wealth, points.tribute, points.skulls) == (4, 7, 3)
    assert points.total == (obelisk.first_vp + points.developments + 3 + 5 + 3 + 2 + 2
                            + 4 + 7 - 3)


def test_ties_go_to_the_most_pegged_positions_then_are_shared() -> None:
    game = Game(seats=3)
    game.edit(0, tribute=5, goods=2)
    game.edit(1, tribute=5, goods=3)
    game.edit(2, tribute=5, goods=3)
    outcome = RULESET.outcome(game.state)
    assert outcome.reason == IN_PROGRESS and outcome.winners == ()
    standings = {s.seat: s.place for s in outcome.ranking}
    assert standings == {1: 1, 2: 1, 0: 3}
    assert dict(outcome.ranking[0].keys)["pegs"] == 3 + 3 + 1


def test_metallurgy_scores_mines_only_with_the_mediterranean() -> None:
    base = Game(seats=2)
    base.edit(0, developments=("metallurgy",))
    assert "metallurgy" not in dict(score(CONTENT, base.state, 0).bonuses)
    med = Game(seats=2, mediterranean=True)
    med.edit(0, developments=("metallurgy",))
    assert dict(score(CONTENT, med.state, 0).bonuses) == {"metallurgy": 0}
