"""`mare bench ai`: how strong the search bot's levels are, in whole games between bots.

Each line puts one bot of a level in one seat and another kind of bot in every other seat,
the level's seat rotating through the table game by game, and counts the games it wins (a
shared win counts its share). Games run in parallel processes, one core each. The share's 95 %
confidence interval is Wilson's. Decision times are wall-clock seconds of the bot's own
`choose`, over the decisions that offered it a choice.
"""

from __future__ import annotations

import math
import os
import statistics
import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from game.core.actions import Action
from game.rulesets import get_ruleset
from game.session import bot_session, master_config, scenario_info
from tools.bench import machine

RULESET = "mediterranean_empires"
WORKERS = 2
"""Games at once (this is a 2-core machine: one core per game)."""
EIGHT_PLAYERS = "13"


@dataclass(frozen=True)
class Match:
    """One line of the report: `hero` in one rotating seat, `others` in the rest."""

    hero: str
    others: str
    scenario: str
    games: int

    @property
    def label(self) -> str:
        """'hard vs greedy'."""
        return f"{_level(self.hero)} vs {_level(self.others)}"


@dataclass(frozen=True)
class GameResult:
    """The hero's share of one game's win and the decision times of every search seat."""

    share: float
    seats: int
    times: dict[str, list[float]]


def _level(spec: str) -> str:
    return spec.removeprefix("bot:").removeprefix("search:")


def matches(games: int, scenario: str) -> list[Match]:
    """The report's lines: hard against greedy (here and with eight players), then the levels
    against each other."""
    out = [Match("bot:search:hard", "bot:greedy", scenario, games)]
    if scenario_number(scenario) != EIGHT_PLAYERS:
        out.append(Match("bot:search:hard", "bot:greedy", EIGHT_PLAYERS, games))
    out += [Match("bot:search:normal", "bot:search:easy", scenario, games),
            Match("bot:search:hard", "bot:search:normal", scenario, games)]
    return out


def selected(lines: list[Match], only: str | None) -> list[Match]:
    """The lines whose name ('hard vs greedy, scenario 3') contains `only` (all without it)."""
    if not only:
        return lines
    chosen = [m for m in lines if only in f"{m.label}, scenario {scenario_number(m.scenario)}"]
    if not chosen:
        raise ValueError(f"no line of the report matches {only!r}")
    return chosen


def scenario_number(scenario: str) -> str:
    """A scenario's number as a string ('3'), from its id, name or number."""
    ruleset = get_ruleset(RULESET)
    info = scenario_info(ruleset, scenario)
    return str([s.id for s in ruleset.scenarios()].index(info.id) + 1)


def play_game(match: Match, index: int) -> GameResult:
    """One game of a match, the hero in seat `index` modulo the seats."""
    ruleset = get_ruleset(RULESET)
    master = f"bench-ai:{match.label}:{match.scenario}:{index}".encode()
    config = master_config(ruleset, master, match.scenario)
    seats = len(config.seats)
    hero = index % seats
    players = tuple(match.hero if s == hero else match.others for s in range(seats))
    session = bot_session(ruleset, config, master, players, hash_every=0)
    times: dict[str, list[float]] = {}
    for seat, bot in session.bots.items():
        if players[seat].startswith("bot:search"):
            _time(bot, times.setdefault(_level(players[seat]), []))
    session.run()
    winners = session.outcome().winners
    share = 1 / len(winners) if hero in winners else 0.0
    return GameResult(share, seats, times)


def _time(bot: Any, into: list[float]) -> None:
    """Record how long each of the bot's decisions with a choice takes."""
    choose = bot.choose

    def timed(view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
        start = time.perf_counter()
        action: Action = choose(view, legal)
        if len(legal) > 1:
            into.append(time.perf_counter() - start)
        return action

    bot.choose = timed


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a proportion (95 % by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def share_line(match: Match, results: list[GameResult]) -> str:
    """'hard vs greedy, scenario 3: win share 71% (fair 33%), 95% CI 58-81%, 60 games'."""
    wins = sum(r.share for r in results)
    low, high = wilson(wins, len(results))
    fair = 1 / results[0].seats if results else 0.0
    return (f"{match.label}, scenario {scenario_number(match.scenario)}: win share "
            f"{wins / max(1, len(results)):.0%} (fair {fair:.0%}), 95% CI "
            f"{low * 100:.0f}-{high * 100:.0f}%, {len(results)} games")


def time_line(level: str, times: list[float]) -> str:
    """'hard decision time: median 0.82 s, p95 2.10 s'."""
    if not times:
        return f"{level} decision time: no decisions"
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return (f"{level} decision time: median {statistics.median(ordered):.2f} s, "
            f"p95 {p95:.2f} s")


def run_ai_bench(games: int, scenario: str | None = None, only: str | None = None,
                 workers: int = WORKERS) -> int:
    """Play every line's games (or those `only` names) in parallel processes and print the
    report."""
    lines_to_play = selected(matches(games, scenario or "3"), only)
    print(f"machine: {machine()}")
    print(f"games in parallel: {workers} processes, one core each")
    times: dict[str, list[float]] = {}
    lines = []
    with ProcessPoolExecutor(max_workers=min(workers, os.cpu_count() or 1)) as pool:
        for match in lines_to_play:
            started = time.perf_counter()
            results = list(pool.map(play_game, [match] * games, range(games)))
            for result in results:
                for level, spent in result.times.items():
                    times.setdefault(level, []).extend(spent)
            lines.append(share_line(match, results))
            print(f"  {lines[-1]} ({time.perf_counter() - started:.0f} s)", flush=True)
    for line in lines + [time_line(level, times[level]) for level in
                         ("hard", "normal", "easy") if level in times]:
        print(line)
    return 0
