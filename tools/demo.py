"""`mare demo`: a whole bot game printed as plain sentences, optionally saved."""

from __future__ import annotations

import os
from pathlib import Path

from game.core.entries import Entry
from game.core.events import Event
from game.core.log import GameLog, dumps
from game.rulesets import entry
from game.session import GameSession, bot_session, master_config, scenario_info, seat_title
from net.files.saves import players_seats_bytes, seats_path_of
from net.files.storage import write_atomic
from net.files.user_scenarios import resolve_scenario
from tools import cli_args


def parse_seed(text: str | None) -> bytes:
    """A master seed: hex as hex, other text hashed (`tools.cli_args`), fresh when None."""
    if text is None:
        return os.urandom(32)
    seed, how = cli_args.parse_seed(text)
    if how != "hex":
        print(f"seed {text!r} is not hexadecimal: using its SHA-256 ({seed.hex()})")
    return seed


def run_demo(ruleset_id: str, scenario: str | None, seats: int | None, seed_text: str | None,
             log_path: str | None, quiet: bool) -> int:
    """Play, print, save; returns the exit code."""
    ruleset, scenario = resolve_scenario(ruleset_id,
                                         scenario or entry(ruleset_id).default_scenario)
    cli_args.check_seats(scenario_info(ruleset, scenario), seats)
    master = parse_seed(seed_text)
    config = master_config(ruleset, master, scenario, seats)
    session = bot_session(ruleset, config, master)
    log = play_out(session, not quiet, log_path)
    names = ", ".join(f"{seat_title(n)} {s}" for n, s in zip(
        config.seats, ruleset.scores(session.table.state), strict=True))
    print(f"scores {names}")
    print(f"seed {master.hex()}")
    print(f"final-hash {log.final_hash}")
    return 0


def play_out(session: GameSession, verbose: bool, log_path: str | None) -> GameLog:
    """Run a game of bots to its end, printing every event's sentence when `verbose`, then
    save it to `log_path` if given (saying where); its log."""

    def show(_: Entry, events: tuple[Event, ...]) -> None:
        for ev in events:
            print(session.describe(ev))

    session.run(on_events=show if verbose else None)
    if log_path:
        print(save_game(log_path, session))
    return session.log()


def save_game(log_path: str, session: GameSession) -> str:
    """Write the log and, beside it, the seats file with every seat's secrets (so `mare
    replay` can audit the game); the line that says so."""
    log = session.log()
    write_atomic(log_path, dumps(log))
    seats = seats_path_of(Path(log_path))
    write_atomic(seats, players_seats_bytes(session.players, session.secrets))
    return f"log saved to {log_path} ({len(log.records)} entries; the secrets in {seats.name})"
