"""The `mare` subcommands that play scripted or bot games: script, simulate, fuzz."""

from __future__ import annotations

import argparse

from tools.cli_args import count, file_path, seed

SEED_HELP = ("master seed: hex digits, or any text (hashed); the same seed plays the same game "
             "(default: fresh from the OS)")


def add_play_commands(commands: argparse._SubParsersAction) -> None:
    """Register script, simulate and fuzz."""
    _script_parser(commands)
    _simulate_parser(commands)
    _fuzz_parser(commands)


def _script_parser(commands: argparse._SubParsersAction) -> None:
    script = commands.add_parser(
        "script", help="play scripted steps from a position, print the state as JSON",
        description="Load FILE (a position and steps, see docs/positions.md), play the steps "
                    "and print the resulting view, pending decision and events as JSON.")
    script.add_argument("file", metavar="FILE", help="a script YAML file")
    script.add_argument("--seat", metavar="EMPIRE", help="print this empire's view instead of "
                                                         "the spectator's")
    script.add_argument("--legal", action="store_true",
                        help="also list the legal actions of whoever acts next")
    script.set_defaults(run=_run_script)


def _simulate_parser(commands: argparse._SubParsersAction) -> None:
    simulate = commands.add_parser(
        "simulate", help="play a whole game between bots and print the final scores",
        description="Play one game with the given bots; print VP and cities per empire, the "
                    "winners, then 'final-hash <hex>' (verify a saved log with 'mare replay').")
    simulate.add_argument("--ruleset", default="mediterranean-empires",
                          help="rule set id (default: mediterranean-empires)")
    simulate.add_argument("--scenario", help="scenario number or id, or a user scenario's "
                                             "folder or id (default: the first)")
    simulate.add_argument("--seats", metavar="BOTS",
                          help="one controller per seat in turn order, comma separated: "
                               "bot:random or bot:greedy (default: all bot:random)")
    simulate.add_argument("--seed", type=seed, help=SEED_HELP)
    simulate.add_argument("--log", metavar="FILE", type=file_path,
                          help="save the game log to FILE")
    simulate.add_argument("--verbose", action="store_true", help="print every event")
    simulate.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                          help="a game option, repeatable (e.g. mediterranean=true, "
                               "length=full for Roll Through the Ages)")
    simulate.set_defaults(run=_run_simulate)


def _fuzz_parser(commands: argparse._SubParsersAction) -> None:
    fuzz = commands.add_parser(
        "fuzz", help="run the conformance checks over many random games",
        description="Play N checked games across every scenario (no exception, dead end or "
                    "view leak; states round-trip; logs replay); each failure prints the seed "
                    "and command that reproduce it.")
    fuzz.add_argument("--ruleset", default="mediterranean-empires",
                      help="rule set id (default: mediterranean-empires)")
    fuzz.add_argument("--games", type=count(1, 1_000_000), default=26,
                      help="games to play (default: 26)")
    fuzz.add_argument("--seed", type=seed, help="base seed: hex digits or any text (default: "
                                                "fresh from the OS)")
    fuzz.add_argument("--scenario", help="only this scenario (number or id)")
    fuzz.add_argument("--seats", type=count(1, 8),
                      help="only this seat count (open-count scenarios)")
    fuzz.add_argument("--bots", default="random", choices=("random", "greedy", "mixed"),
                      help="who plays (default: random; mixed: greedy and random alternate)")
    fuzz.add_argument("--game-seed", metavar="HEX", type=seed,
                      help="replay exactly one game from a failure report's seed")
    fuzz.add_argument("--workers", type=count(1, 256), default=1,
                      help="games checked at once, one process and core each (default: 1)")
    fuzz.set_defaults(run=_run_fuzz)


def _run_script(args: argparse.Namespace) -> int:
    from tools.script import run_script

    return run_script(args.file, args.seat, args.legal)


def _run_simulate(args: argparse.Namespace) -> int:
    from tools.simulate import run_simulate

    return run_simulate(args.ruleset, args.scenario, args.seats, args.seed, args.log,
                        args.verbose, args.option)


def _run_fuzz(args: argparse.Namespace) -> int:
    from tools.fuzz import run_fuzz

    return run_fuzz(args.ruleset, args.games, args.seed, args.scenario, args.bots,
                    args.game_seed, args.seats, args.workers)
