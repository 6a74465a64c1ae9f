"""`mare replay`: re-run a saved log from set-up and verify every recorded hash."""

from __future__ import annotations

from game.core.encoding import state_hash
from game.core.entries import Entry
from game.core.events import Event
from game.core.log import loads
from game.core.table import replay
from game.rulesets import get_ruleset
from net.files.storage import read_bytes


def run_replay(path: str, verbose: bool) -> int:
    """Verify a log file; prints 'final-hash <hex>' (exit 0) or one error line (exit 1)."""
    log = loads(read_bytes(path), source=path)
    ruleset = get_ruleset(log.header.ruleset)

    def show(entry: Entry, events: tuple[Event, ...]) -> None:
        for ev in events:
            print(ruleset.describe(ev))

    state, _ = replay(ruleset, log, on_events=show if verbose else None)
    status = "finished" if log.finished else "in progress"
    print(f"{path}: {len(log.records)} entries verified ({status})")
    print(f"final-hash {state_hash(state)}")
    return 0
