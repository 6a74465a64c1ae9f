"""The `mare` command (also `python -m tools`): demo, replay, validate, bench, and more."""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Callable, Sequence

from game.content.errors import ContentError
from game.core.errors import EngineError
from net.files.storage import StorageError
from net.files.user_scenarios import user_scenarios_folder
from net.lan.errors import LanError
from tools.cli_args import UsageError, count, file_path, seed
from tools.cli_client import add_client_commands
from tools.cli_play import add_play_commands
from tools.cli_scenarios import add_scenario_commands
from tools.lan import add_lan_commands

USER_ERRORS = (EngineError, ContentError, StorageError, KeyError, ValueError, LanError)
YOUNG_OBJECTS_PER_COLLECTION = 20_000
"""The cyclic collector's first threshold (Python's default is 700): play makes many
short-lived records but few cycles, and at 700 a scenario-13 bot game spent ~6% of its time
in collections; at 20,000, ~1% (`docs/performance.md`)."""
SEED_HELP = ("master seed: hex digits, or any text (hashed); the same seed plays the same game "
             "(default: fresh from the OS)")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="mare", description="Mare Internum: ancient-Mediterranean strategy board games.",
        epilog=f"Your own scenarios live in\n  {user_scenarios_folder()}\none folder each: "
               "validate, simulate, demo, play and content-stats take one by its folder or\n"
               "by its id; 'mare new-scenario --from 3 my_war' starts one from a book scenario.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    _demo_parser(commands)
    _replay_parser(commands)
    _validate_parser(commands)
    _bench_parser(commands)
    _balance_parser(commands)
    _stats_parser(commands)
    add_play_commands(commands)
    add_client_commands(commands)
    _edit_parser(commands)
    add_scenario_commands(commands)
    add_lan_commands(commands)
    return parser


def _demo_parser(commands: argparse._SubParsersAction) -> None:
    demo = commands.add_parser("demo", help="play a whole bot game and print its log",
                               description="Play a whole game between random bots, print one "
                                           "sentence per event, then 'final-hash <hex>'.")
    demo.add_argument("--ruleset", default="mediterranean-empires",
                      help="rule set id (default: mediterranean-empires; 'toy' is the test game)")
    demo.add_argument("--scenario", help="scenario id or number, or a user scenario's folder "
                                         "or id (default: 3 for Mediterranean Empires, else "
                                         "the first)")
    demo.add_argument("--seats", type=count(1, 8),
                      help="number of seats where the scenario leaves it open")
    demo.add_argument("--seed", type=seed, help=SEED_HELP)
    demo.add_argument("--log", metavar="FILE", type=file_path, help="save the game log to FILE")
    demo.add_argument("--quiet", action="store_true", help="print only the final lines")
    demo.set_defaults(run=_run_demo)


def _replay_parser(commands: argparse._SubParsersAction) -> None:
    replay = commands.add_parser("replay", help="re-run a saved game log and verify it",
                                 description="Re-run a game log from set-up, check every "
                                             "recorded state hash, print 'final-hash <hex>'.")
    replay.add_argument("log", metavar="LOG", nargs="?",
                        help="a log written by 'mare demo --log' or a saved game")
    replay.add_argument("--ledger", metavar="FILE", type=file_path,
                        help="check a LAN game's ledger instead: signatures, chain, dice, "
                             "hashes and the end-of-game audit")
    replay.add_argument("--verbose", action="store_true", help="print every event")
    replay.add_argument("--scenario", metavar="PATH",
                        help="the folder of the user scenario the game was played on (default: "
                             "the one of its id in your scenarios folder)")
    replay.set_defaults(run=_run_replay)


def _validate_parser(commands: argparse._SubParsersAction) -> None:
    validate = commands.add_parser("validate", help="check content files",
                                   description="Validate a rule set's content folder (default: "
                                               "every bundled rule set).")
    validate.add_argument("path", nargs="?", metavar="PATH",
                          help="a content folder such as scenarios/mediterranean_empires, a "
                               "user scenario's folder or its scenario.yaml, or your scenarios "
                               "folder (every problem of each is listed)")
    validate.add_argument("--ruleset", help="the rule set PATH holds (default: its folder name)")
    validate.set_defaults(run=_run_validate)


def _bench_parser(commands: argparse._SubParsersAction) -> None:
    bench = commands.add_parser("bench", help="measure performance",
                                description="Benchmarks; figures go into docs/performance.md.")
    bench.add_argument("target", choices=("engine", "client", "lan", "ai"),
                       help="what to measure (ai: the search bot's strength, docs/ai.md)")
    bench.add_argument("--ruleset", default="toy", help="rule set id (default: toy)")
    bench.add_argument("--games", type=count(1, 100_000),
                       help="games to play (default: 200; ai: 60 per line)")
    bench.add_argument("--scenario", help="scenario id or number (default: the rule set's "
                                          "benchmark scenario)")
    bench.add_argument("--only", metavar="LINE",
                       help="ai: play only the lines whose name contains LINE "
                            "('hard vs greedy', 'scenario 13')")
    bench.add_argument("--profile", action="store_true",
                       help="also print a cProfile summary of where the time goes")
    bench.set_defaults(run=_run_bench)


def _balance_parser(commands: argparse._SubParsersAction) -> None:
    balance = commands.add_parser(
        "balance", help="win shares per empire of a scenario, in bot games",
        description="Play bot games of a scenario in parallel processes and print each "
                    "empire's win share (95% CI) against its fair share, the mean of each "
                    "figure its outcome ranks by (VP and cities in Mediterranean Empires), game "
                    "length and endings (docs/balance.md).")
    balance.add_argument("--ruleset", default="mediterranean-empires",
                         help="the rule set (default: mediterranean-empires)")
    balance.add_argument("--scenario", required=True,
                         help="scenario number or id, a user scenario, or 'all' (1-13)")
    balance.add_argument("--games", type=count(1, 100_000),
                         help="games per scenario (default: 40)")
    balance.add_argument("--bots", required=True, metavar="KIND[,KIND...]",
                         help="one bot kind for every seat (bot:search:normal, bot:greedy, "
                              "bot:random) or one per seat in turn order")
    balance.add_argument("--workers", type=count(1, 256),
                         help="games at once, one core each (default: 2, at most the cores)")
    balance.add_argument("--markdown", action="store_true",
                         help="print Markdown tables for docs/balance.md")
    balance.set_defaults(run=_run_balance)


def _stats_parser(commands: argparse._SubParsersAction) -> None:
    stats = commands.add_parser("content-stats", help="figures derived from a rule set's content",
                                description="Cities, ports, routes, barbarian areas, decks, the "
                                            "End-Turn odds per round and each scenario's cities.")
    stats.add_argument("ruleset", metavar="RULESET", nargs="?", default="mediterranean-empires",
                       help="e.g. mediterranean-empires (the default)")
    stats.add_argument("--scenario", metavar="ID",
                       help="only this scenario, with the map it is played on: a book "
                            "scenario's number or id, or one of yours (its id or folder)")
    stats.add_argument("--json", action="store_true", help="print JSON")
    stats.set_defaults(run=_run_stats)


def _edit_parser(commands: argparse._SubParsersAction) -> None:
    edit = commands.add_parser(
        "edit", help="open the game window on the scenario editor",
        description="Open the scenario editor (Title → Editor): on its start page, or on "
                    "SCENARIO — one of yours (its id or folder), or a book scenario's number "
                    "or id, copied as the start of a new one of yours.")
    edit.add_argument("scenario", nargs="?", metavar="SCENARIO",
                      help="what to edit (default: the editor's start page)")
    edit.set_defaults(run=_run_edit)


def _run_edit(args: argparse.Namespace) -> int:
    from sprites.app import NoDisplayError
    from sprites.editor.launch import edit

    try:
        return edit(args.scenario)
    except NoDisplayError as exc:
        print(f"mare edit: error: {exc}", file=sys.stderr)
        return 1


def _run_balance(args: argparse.Namespace) -> int:
    from tools.balance import run_balance

    return run_balance(args.scenario, args.games, args.bots, args.workers, args.markdown,
                       args.ruleset)


def _run_stats(args: argparse.Namespace) -> int:
    from tools.content_stats import run_content_stats

    return run_content_stats(args.ruleset, args.json, args.scenario)


def _run_demo(args: argparse.Namespace) -> int:
    from tools.demo import run_demo

    return run_demo(args.ruleset, args.scenario, args.seats, args.seed, args.log, args.quiet)


def _run_replay(args: argparse.Namespace) -> int:
    from tools.replay import run_replay

    if (args.log is None) == (args.ledger is None):
        raise UsageError("give a LOG or --ledger FILE (one of them)")
    if args.ledger is not None:
        from tools.replay import run_replay_ledger

        return run_replay_ledger(args.ledger, args.verbose)
    return run_replay(args.log, args.verbose, args.scenario)


def _run_validate(args: argparse.Namespace) -> int:
    from tools.validate import run_validate

    return run_validate(args.path, args.ruleset)


def _run_bench(args: argparse.Namespace) -> int:
    if args.target == "lan":
        from tools.bench_lan import run_lan_bench

        return run_lan_bench()
    if args.target == "client":
        from tools.bench_client import run_client_bench

        return run_client_bench()
    if args.target == "ai":
        from tools.bench_ai import run_ai_bench

        return run_ai_bench(args.games or 60, args.scenario, args.only)
    from tools.bench import run_engine_bench

    return run_engine_bench(args.ruleset, args.games or 200, args.scenario, args.profile)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; user mistakes give one line on stderr and a non-zero exit."""
    args = build_parser().parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    from net.files.content_cache import install

    install()  # bundled content is read through the compiled cache (skips the YAML parse)
    gc.set_threshold(YOUNG_OBJECTS_PER_COLLECTION, *gc.get_threshold()[1:])
    try:
        return run(args)
    except UsageError as exc:
        print(f"mare {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except USER_ERRORS as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"mare {args.command}: error: {message}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
