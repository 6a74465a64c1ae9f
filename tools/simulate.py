"""`mare simulate`: one whole game between the named bots, its final scores and hash."""

from __future__ import annotations

from typing import Any

from game.ai.autoplay import bot_config, bot_table, derive
from game.ai.bots import make_bot
from game.core.entries import Entry
from game.core.events import Event
from game.core.log import dumps
from game.core.ruleset import GameConfig, Ruleset, ViewRequest, get_ruleset
from game.core.table import Controller, SeededChance, Table, play
from net.storage import write_atomic
from tools.demo import parse_seed


def seat_specs(ruleset: Ruleset, config: GameConfig, text: str | None) -> list[str]:
    """One controller spec per seat (default: all random bots); ValueError on a wrong count."""
    if text is None:
        return ["bot:random"] * len(config.seats)
    specs = [part.strip() for part in text.split(",") if part.strip()]
    if len(specs) != len(config.seats):
        name = next(i.name for i in ruleset.scenarios() if i.id == config.scenario)
        raise ValueError(f"scenario {name} has {len(config.seats)} seats "
                         f"({', '.join(config.seats)}); --seats names {len(specs)}")
    return specs


def controllers(specs: list[str], master: bytes) -> dict[int, Controller]:
    """The bots of a game, each seeded from the master seed."""
    return {seat: make_bot(spec, derive(master, f"bot:{seat}"))
            for seat, spec in enumerate(specs)}


def run_simulate(ruleset_id: str, scenario: str | None, seats: str | None,
                 seed_text: str | None, log_path: str | None, verbose: bool) -> int:
    """Play, print the result and `final-hash <hex>` last; returns the exit code."""
    ruleset = get_ruleset(ruleset_id)
    master = parse_seed(seed_text)
    config = bot_config(ruleset, master, None, scenario)
    specs = seat_specs(ruleset, config, seats)
    bots = controllers(specs, master)
    table = bot_table(ruleset, config, master)

    def show(entry: Entry, events: tuple[Event, ...]) -> None:
        for ev in events:
            print(ruleset.describe(ev))

    log = play(table, bots, SeededChance(derive(master, "chance")),
               on_events=show if verbose else None)
    if log_path:
        write_atomic(log_path, dumps(log))
        print(f"log saved to {log_path} ({len(log.records)} entries)")
    for line in result_lines(ruleset, table, specs):
        print(line)
    print(f"seed {master.hex()}")
    print(f"final-hash {log.final_hash}")
    return 0


def result_lines(ruleset: Ruleset, table: Table, specs: list[str]) -> list[str]:
    """Per seat: controller, score and cities (where the view has them); then the winners."""
    view = ruleset.view(table.state, ViewRequest(None))
    scores = ruleset.scores(table.state)
    seats: list[Any] = view.get("seats") or [{} for _ in scores]
    lines = []
    for name, spec, score, seat in zip(table.config.seats, specs, scores, seats, strict=True):
        cities = f", {seat['cities']} cities" if "cities" in seat else ""
        lines.append(f"{name} ({spec}): {score} VP{cities}")
    winners = view.get("winners")
    if not winners:
        best = max(scores)
        winners = [n for n, s in zip(table.config.seats, scores, strict=True) if s == best]
    lines.append(f"winners: {', '.join(str(w).capitalize() for w in winners)}")
    return lines
