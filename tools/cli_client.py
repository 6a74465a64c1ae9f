"""The `mare play` subcommand: the pygame-ce client (title screen, settings, the map)."""

from __future__ import annotations

import argparse
import sys


def add_client_commands(commands: argparse._SubParsersAction) -> None:
    """Register play."""
    play = commands.add_parser(
        "play", help="open the game window: play hot-seat and against bots",
        description="Open the Mare Internum window on the title screen. New Game chooses a "
                    "scenario, who plays each empire (people at this screen or bots) and the "
                    "optional rules; games are saved as they go in the user config folder.")
    play.add_argument("--scenario", help="open this scenario's map at once: a book scenario's "
                                         "number or id, or one of yours (its id or folder)")
    play.add_argument("--size", metavar="WxH", type=_size,
                      help="window size such as 1920x1080 (default: the saved setting)")
    screen = play.add_mutually_exclusive_group()
    screen.add_argument("--fullscreen", dest="fullscreen", action="store_true", default=None,
                        help="full screen")
    screen.add_argument("--windowed", dest="fullscreen", action="store_false",
                        help="in a window")
    play.add_argument("--exit-after-title", action="store_true", help=argparse.SUPPRESS)
    play.set_defaults(run=_run_play)


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got {text!r}") from None
    if not (320 <= width <= 16384 and 240 <= height <= 16384):
        raise argparse.ArgumentTypeError(f"window size {text} is out of range")
    return width, height


def _run_play(args: argparse.Namespace) -> int:
    from sprites.app import NoDisplayError
    from sprites.main import play

    try:
        return play(args.scenario, args.size, args.fullscreen, args.exit_after_title)
    except NoDisplayError as exc:
        print(f"mare play: error: {exc}", file=sys.stderr)
        return 1
