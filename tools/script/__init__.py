"""`mare script FILE`: play scripted steps from a position and print the public state as JSON.

FILE is YAML: `position:` (a path relative to FILE, or the position inline) and `steps:`, each
one of
  {seat: rome, do: discard, slot_card: consul}           an action: verb plus its arguments
  {seat: rome, do: first, args: {seat: carthage}}        arguments that clash with step keys
  {seat: rome, action: {verb: discard, args: {slot: rome:0:3}}}
  {dice: [4, 5, 3]}                                     values for the next chance decisions
  {seed: 00ff}                                          the next chance decision from a seed
  {expect: {rome.vp: 12, roma.owner: rome}}             figures of the view that must hold
An argument named `<name>_card` gives a card id (or `deck:card`) instead of a slot: it becomes the
argument `<name>`, resolved to a slot whose card the seat knows (a list gives several). An
argument `seat` may name an empire. Open, commit and handoff decisions are answered from the
seats' secrets as they come up (a reshuffle puts its cards in card-id order). Output schema,
expect paths and the action vocabulary: docs/positions.md.
"""

from __future__ import annotations

import json

from game.core.encoding import to_plain
from tools.script.runner import ExpectFailed, ScriptError, ScriptRunner


def run_script(path: str, seat: str | None, show_legal: bool) -> int:
    """Play the script and print the JSON result; returns the exit code."""
    runner = ScriptRunner.from_file(path)
    runner.run()
    print(json.dumps(runner.result(seat, show_legal), indent=1, sort_keys=True,
                     ensure_ascii=False, default=to_plain))
    return 0


__all__ = ["ExpectFailed", "ScriptError", "ScriptRunner", "run_script"]
