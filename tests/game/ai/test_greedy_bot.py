"""The greedy bot: legal choices only, its heuristics, determinism, and it beats random play."""

from __future__ import annotations

from pathlib import Path

from game.ai.bots import make_bot
from game.core.actions import Action, act
from game.core.entries import ChanceEntry
from game.core.table import SeededChance, Table, play
from game.rulesets.mediterranean_empires.bots.greedy import GreedyBot
from game.rulesets.mediterranean_empires.position.load import load_position
from game.rulesets.mediterranean_empires.ruleset import MeRuleset
from game.session import bot_session, derive, master_config

RULESET = MeRuleset()
RULES = RULESET.rules
POSITION = (Path(__file__).parents[1] / "rulesets/mediterranean_empires/positions"
            / "sb_round5.yaml").read_text()


def _position_table(text: str) -> Table:
    loaded = load_position(RULES, text)
    table = Table(RULESET, loaded.config, loaded.secrets)
    table.state = loaded.state
    return table


def _choose(table: Table, seed: bytes = b"greedy-test") -> Action:
    seat = table.decision().actor
    return GreedyBot(seed).choose(table.view(seat), table.legal(seat))


def test_foundation_markers_go_to_new_cities() -> None:
    table = bot_session(RULESET, master_config(RULESET, b"g1", "3"), b"g1").table
    while table.decision().kind == "commit":
        table.submit(table.mechanical_entry(table.decision()))
    choice = _choose(table)
    city = RULES.city_index(str(choice.arg("city")))
    assert choice.verb == "place" and table.state.board.owner[city] == -1


def test_prosperity_takes_the_victory_points() -> None:
    table = _position_table(POSITION.replace("round: 5", "round: 1"))
    table.submit(ChanceEntry(values=(1, 1)))  # 2: Prosperity
    assert table.state.event == "prosperity"
    option = _choose(table).arg("option")
    assert isinstance(option, int)
    effect = RULES.content.tables.random_event.event("prosperity").effect
    assert effect.choice[option].vp == 2


def test_a_weak_hand_passes_rather_than_wasting_cards() -> None:
    table = _position_table(POSITION)
    table.submit(ChanceEntry(values=(2, 3)))  # 9: Diplomacy Season, no ME this round
    assert _choose(table).verb in ("pass", "imperium")


def test_unknown_verbs_score_zero() -> None:
    table = _position_table(POSITION)
    table.submit(ChanceEntry(values=(2, 3)))
    view = table.view(0)
    bot = GreedyBot(b"x")
    assert bot.choose(view, (act("ponder"),)) == act("ponder")


def _vp_by_bot(games: int, scenario: str) -> dict[str, int]:
    totals = {"greedy": 0, "random": 0}
    for game in range(games):
        master = b"versus-%d" % game
        config = master_config(RULESET, master, scenario)
        kinds = ["greedy" if (s + game) % 2 == 0 else "random" for s in range(2)]
        table = bot_session(RULESET, config, master, hash_every=0).table
        bots = {s: make_bot(kinds[s], derive(master, f"bot:{s}")) for s in range(2)}
        play(table, bots, SeededChance(derive(master, "chance")))
        for seat, kind in enumerate(kinds):
            totals[kind] += table.state.seats[seat].vp
    return totals


def test_greedy_beats_random_and_replays_the_same() -> None:
    totals = _vp_by_bot(2, "1")
    assert totals["greedy"] > totals["random"]
    assert _vp_by_bot(2, "1") == totals
