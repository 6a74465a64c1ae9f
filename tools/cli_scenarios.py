"""The `mare` subcommand that starts a scenario of the player's own: new-scenario."""

from __future__ import annotations

import argparse


def add_scenario_commands(commands: argparse._SubParsersAction) -> None:
    """Register new-scenario."""
    new = commands.add_parser(
        "new-scenario", help="copy a scenario into your scenarios folder to make it your own",
        description="Copy a book scenario (its number or id) or one of yours (its id or "
                    "folder) into your scenarios folder as NAME, the start of a new scenario: "
                    "'mare simulate --scenario NAME' plays it at once, 'mare edit NAME' changes "
                    "it. A map variant of yours is copied with it.")
    new.add_argument("--from", dest="source", metavar="ID", required=True,
                     help="the scenario to start from, e.g. 3 or second_punic_war")
    new.add_argument("name", metavar="NAME",
                     help="the new scenario's id and folder name: lowercase letters, digits and "
                          "underscores, starting with a letter (not a book scenario's id)")
    new.add_argument("--title", type=_title,
                     help="the name menus show (default: the one it is copied from)")
    new.set_defaults(run=_run_new_scenario)


def _title(text: str) -> str:
    words = " ".join(text.split())
    if not words:
        raise argparse.ArgumentTypeError("the title is empty")
    if len(words) > 60:
        raise argparse.ArgumentTypeError("the title is longer than 60 characters (the "
                                         "editor's limit)")
    return words


def _run_new_scenario(args: argparse.Namespace) -> int:
    from tools.new_scenario import run_new_scenario

    return run_new_scenario(args.source, args.name, args.title)
