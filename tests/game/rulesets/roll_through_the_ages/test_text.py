"""The sentences people read: players named "Player 1".."Player 4" (never by seat number),
in prompts, refusals and every event sentence."""

from __future__ import annotations

from game.core.actions import act
from game.core.entries import ActionEntry
from game.core.events import Event
from game.rulesets.roll_through_the_ages.state import Board, put
from game.session import bot_session, master_config
from tests.game.rulesets.roll_through_the_ages.helpers_rtta import CONTENT, RULESET, Game

SKULL = "good_pop_skull"


def _sentences(game: Game) -> list[str]:
    return [RULESET.describe(ev) for ev in game.events]


def test_whole_games_never_say_seat_and_name_players_from_one() -> None:
    events: list[Event] = []
    prompts: list[str] = []
    for seats, med in ((1, True), (3, True), (4, False)):
        config = master_config(RULESET, b"names-%d" % seats, None, seats,
                               {"mediterranean": med})
        session = bot_session(RULESET, config, b"names-%d" % seats)
        session.run(on_events=lambda _, found: events.extend(found))
    game = Game(seats=2)
    prompts.append(RULESET.decision(game.state).prompt)
    game.roll("abundance", "food3", "food3")
    prompts.append(RULESET.decision(game.state).prompt)
    said = [RULESET.describe(ev) for ev in events] + prompts
    assert not [s for s in said if "seat" in s.lower()]
    assert any(s.startswith("Player 4 ") for s in said)
    assert prompts[1] == "Player 1: choose dice to reroll, or stop"


def test_refusals_name_the_players() -> None:
    game = Game(seats=2)
    game.roll("abundance", "food3", "food3")
    reason, _ = RULESET.why_illegal(game.state, ActionEntry(1, act("stop")))
    assert reason == "Player 1 must choose dice to reroll, or stop now, not Player 2."
    reason, _ = RULESET.why_illegal(game.state, ActionEntry(0, act("conquer")))
    assert reason.startswith("'conquer' is not among Player 1's choices now")


def test_tribute_sentences_name_both_players() -> None:
    game = Game(seats=3)
    game.edit(0, armies=5)
    game.edit(2, goods=0)
    game.roll("tribute", "food3", "food3")
    game.act(0, "stop")
    game.act(1, "pay_good")
    said = _sentences(game)
    assert "Player 2 gives Player 1 a good instead of tribute." in said
    assert "Player 1 demands tribute of Player 3 (5 against 1): 4 tribute." in said


def test_pestilence_names_who_rolled_it_and_who_suffers() -> None:
    game = Game(seats=2)
    game.edit(0, provinces=3)
    game.roll("abundance", SKULL, SKULL, SKULL)
    game.act(0, "stop")
    assert "Player 1's Pestilence strikes Player 2 (3 skulls)." in _sentences(game)


def test_a_battle_without_an_army_loses_none_and_an_empty_navy_is_not_used() -> None:
    game = Game(seats=2, mediterranean=True)
    game.edit(0, armies=0, ships=0, developments=("navy",))
    game.roll("abundance", SKULL, SKULL)
    game.act(0, "stop")
    battle = game.found("battle")[0]
    assert battle.get("navy") is False
    assert "Player 1 fights Barbarians at 0 against 4 and takes 4 skulls." in _sentences(game)


def test_the_first_roll_and_a_reroll_read_as_such() -> None:
    game = Game(seats=2)
    game.roll("drought", "food3", "pop3")
    game.act(0, "reroll", dice=(0, 2))
    game.roll("abundance", "food3")
    said = _sentences(game)
    assert "Player 1 rolls: the Fate die shows Drought; Empire dice: 3 food · 3 population." \
        in said
    assert "Player 1 rerolls: the Fate die shows Abundance; Empire die 2: 3 food." in said


def test_a_completion_says_whose_pegs_went_home() -> None:
    game = Game(seats=3, mediterranean=True)
    game.edit(0, ships=1, provinces=3, food=5)
    board = game.state.board
    index = [c.id for c in CONTENT.colonies].index("antioch")
    game.set(board=Board(put(board.pegs, index, (1, 1, 2)), board.owners))
    game.roll("abundance", "pop3", "pop3", "pop3")
    game.pass_until("colonies")
    game.act(0, "found", colony="antioch")
    assert "Player 1 completes the colony of Antioch, sending home 2 pegs of Player 2 and " \
        "1 peg of Player 3." in _sentences(game)


def test_feeding_reads_plainly_with_and_without_famine() -> None:
    game = Game(seats=2, choices=("province", "port"))
    game.edit(0, food=0)
    game.roll("abundance", "food2_or_pop2", "pop3")
    game.act(0, "stop")
    game.act(0, "choose", food=0, population=1)
    assert "Player 1 can feed none of 2 provinces: Famine, 2 skulls." in _sentences(game)
    fed = Game(seats=2)
    fed.roll("abundance", "food3", "food3")
    fed.act(0, "stop")
    assert "Player 1 feeds 1 province (1 food)." in _sentences(fed)


def test_collecting_names_only_what_the_dice_brought() -> None:
    def said(**facts: int) -> str:
        full = {"goods": 0, "food": 0, "population": 0, "innovations": 0, "lost": 0} | facts
        return RULESET.describe(Event("collected", tuple(sorted({"seat": 0, **full}.items()))))
    assert said(goods=1, population=3) == "Player 1 collects 1 good and 3 population."
    assert said(food=2, innovations=1) == "Player 1 collects 2 food and 1 innovation."
    assert said() == "Player 1 collects nothing."
    assert said(goods=0, lost=2) == "Player 1 collects 0 goods (2 lost over the track)."
