"""`mare balance`'s records and report: per seat its win share against the fair share and the
mean of each figure the rule set's outcome gives, then how long the games lasted and how they
ended, as plain text or as Markdown (`docs/balance.md`)."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tools.bench_ai import wilson

FAVOURED = "favoured"
HANDICAPPED = "handicapped"
COLUMNS = ("empire", "win share", "95% CI", "fair", "mark")
"""The columns every report has; one column per figure follows them."""
LABELS = {"vp": "mean VP", "founded": "founding cities"}
"""Column names of figures that read better than 'mean <figure>'."""


@dataclass(frozen=True)
class Plan:
    """The games to play on one scenario: who sits at each seat, how many games."""

    ruleset: str
    source: str
    """The scenario as the command named it (a number, an id, a user scenario)."""
    scenario: str
    """Its id (the seeds are made from it)."""
    name: str
    empires: tuple[str, ...]
    bots: tuple[str, ...]
    games: int

    def seed(self, index: int) -> bytes:
        """The master seed of game `index`."""
        return f"balance:{self.scenario}:{index}".encode()


@dataclass(frozen=True)
class GameResult:
    """One finished game, per seat in turn order where a figure is per seat."""

    winners: tuple[int, ...]
    figures: tuple[tuple[str, tuple[int, ...]], ...]
    """Per figure (the outcome's tie-break keys, then any the rule set's events add) its value
    at each seat."""
    turns: int | None
    """Turns or rounds played, where the rule set's state counts them."""
    entries: int
    reason: str
    unit: str = "turns"
    """What `turns` counts: 'turns' or 'rounds'."""


@dataclass(frozen=True)
class Run:
    """A scenario's games once played: the plan, the results, the wall time they took."""

    plan: Plan
    results: tuple[GameResult, ...]
    seconds: float
    workers: int


@dataclass(frozen=True)
class EmpireRow:
    """One empire's figures over a scenario's games."""

    empire: str
    share: float
    low: float
    high: float
    fair: float
    means: tuple[float, ...]
    """The mean of each figure, in the report's figure order."""

    @property
    def mark(self) -> str:
        """'favoured' or 'handicapped' when the fair share lies outside the interval."""
        if self.fair < self.low:
            return FAVOURED
        return HANDICAPPED if self.fair > self.high else ""

    def cells(self) -> tuple[str, ...]:
        """The row's figures as printed, in `columns` order."""
        return (self.empire, f"{self.share:.0%}", f"{self.low * 100:.0f}-{self.high * 100:.0f}%",
                _fair(self.fair), self.mark or "-", *(f"{mean:.1f}" for mean in self.means))


def _fair(share: float) -> str:
    """'33.3%', '12.5%', '50%': the fair share to a tenth of a point."""
    return f"{share * 100:.1f}".removesuffix(".0") + "%"


def win_shares(results: Sequence[GameResult], seats: int) -> list[float]:
    """Per seat, the games it won, a shared win counting its share."""
    wins = [0.0] * seats
    for result in results:
        for seat in result.winners:
            wins[seat] += 1 / len(result.winners)
    return wins


def figure_names(results: Sequence[GameResult]) -> tuple[str, ...]:
    """The figures every game reports, in the first game's order."""
    names = [name for name, _ in results[0].figures]
    return tuple(n for n in names if all(n in dict(r.figures) for r in results))


def columns(results: Sequence[GameResult]) -> tuple[str, ...]:
    """The report's column names: the fixed ones, then one per figure."""
    return COLUMNS + tuple(LABELS.get(n, f"mean {n.replace('_', ' ')}")
                           for n in figure_names(results))


def empire_rows(run: Run) -> list[EmpireRow]:
    """One row per empire in turn order."""
    results, empires = run.results, run.plan.empires
    games, names = len(results), figure_names(results)
    wins = win_shares(results, len(empires))
    rows = []
    for seat, empire in enumerate(empires):
        low, high = wilson(wins[seat], games)
        means = tuple(_mean(dict(r.figures)[name][seat] for r in results) for name in names)
        rows.append(EmpireRow(empire, wins[seat] / games, low, high, 1 / len(empires), means))
    return rows


def _mean(values: Iterable[float]) -> float:
    return statistics.fmean(values)


def length_line(results: Sequence[GameResult]) -> str:
    """'length: 7.5 turns (6-8), 2,345 log entries (1,900-2,800)' (no turns where the rule
    set's state does not count them)."""
    turns = [r.turns for r in results if r.turns is not None]
    entries = [r.entries for r in results]
    unit = results[0].unit
    counted = (f"{statistics.fmean(turns):.1f} {unit} ({min(turns)}-{max(turns)}), "
               if len(turns) == len(results) else "")
    return (f"length: {counted}{statistics.fmean(entries):,.0f} log entries "
            f"({min(entries):,}-{max(entries):,})")


def endings_line(results: Sequence[GameResult]) -> str:
    """'endings: last turn 38, automatic victory 2' (most frequent first)."""
    counts = Counter(r.reason for r in results)
    return "endings: " + ", ".join(f"{reason} {n}" for reason, n in counts.most_common())


def bots_text(run: Run) -> str:
    """'bot:greedy at every seat', or each empire's bot."""
    bots = run.plan.bots
    if len(set(bots)) == 1:
        return f"{bots[0]} at every seat"
    return ", ".join(f"{empire} {bot}" for empire, bot in zip(run.plan.empires, bots,
                                                               strict=True))


def games_text(run: Run) -> str:
    """'40 games in 2 processes, wall time 12.3 s'."""
    games = len(run.results)
    return (f"{games} game{'s' if games > 1 else ''} in {run.workers} "
            f"process{'es' if run.workers > 1 else ''}, wall time {run.seconds:.1f} s")


def text_block(run: Run, machine: str) -> list[str]:
    """A scenario's report as aligned plain text."""
    plan = run.plan
    rows = [columns(run.results)] + [row.cells() for row in empire_rows(run)]
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    table = ["  " + "  ".join(cell.ljust(w) if k in (0, 4) else cell.rjust(w)
                              for k, (cell, w) in enumerate(zip(row, widths, strict=True)))
             for row in rows]
    return [f"scenario {plan.name}: {len(plan.empires)} seats ({', '.join(plan.empires)})",
            f"bots: {bots_text(run)}", games_text(run), f"machine: {machine}", *table,
            length_line(run.results), endings_line(run.results), ""]


def markdown_block(run: Run, machine: str) -> list[str]:
    """A scenario's report as a Markdown heading, table and two closing lines."""
    plan = run.plan
    names = columns(run.results)
    header = "| " + " | ".join(c[0].upper() + c[1:] for c in names) + " |"
    rule = "|" + "|".join(("---" if k in (0, 4) else "--:") for k in range(len(names))) + "|"
    rows = ["| " + " | ".join(row.cells()) + " |" for row in empire_rows(run)]
    return [f"### {plan.name}", "",
            f"{len(plan.empires)} seats; bots: {bots_text(run)}; {games_text(run)}; "
            f"machine: {machine}.", "", header, rule, *rows, "",
            f"{_capital(length_line(run.results))}. {_capital(endings_line(run.results))}.", ""]


def _capital(line: str) -> str:
    return line[0].upper() + line[1:]
