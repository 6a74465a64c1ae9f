"""`mare replay`: re-run a saved log from set-up, verify every recorded hash, and audit the game
when its seats file (every seat's secrets) is beside it."""

from __future__ import annotations

from pathlib import Path

from game.core.audit import audit_game
from game.core.encoding import state_hash
from game.core.entries import Entry
from game.core.events import Event
from game.core.log import GameLog, loads
from game.core.ruleset import Ruleset
from game.core.sealing import LocalSealer
from game.core.secrets import SeatSecrets
from game.core.table import check_dice, replay
from net.files.saves import SaveError, read_seats, seats_path_of
from net.files.storage import read_bytes
from net.files.user_scenarios import ruleset_for, ruleset_in, scenario_folder


def run_replay(path: str, verbose: bool, scenario: str | None = None) -> int:
    """Verify a log file; prints 'final-hash <hex>' last; exit 0, or 1 when the audit fails.
    A game of a user scenario is replayed on that scenario: the one of its id in the user's
    folder, or the folder `scenario` names."""
    log = loads(read_bytes(path), source=path)
    ruleset = replay_ruleset(log, scenario)

    def show(entry: Entry, events: tuple[Event, ...]) -> None:
        for ev in events:
            print(ruleset.describe(ev))

    state, _ = replay(ruleset, log, on_events=show if verbose else None)
    status = "finished" if log.finished else "in progress"
    print(f"{path}: {status}, {len(log.records)} entries, every state hash verified")
    verdict, fair = dice_verdict(log, Path(path))
    print(f"dice: {verdict}")
    audited = run_audit(ruleset, log, Path(path)) and fair
    print(f"final-hash {state_hash(state)}")
    return 0 if audited else 1


def replay_ruleset(log: GameLog, scenario: str | None) -> Ruleset:
    """The rule set the log's game was played with (a user scenario's from its folder)."""
    header = log.header
    if scenario is not None:
        return ruleset_in(scenario_folder(scenario))
    return ruleset_for(header.ruleset, header.scenario, header.content_hash)


def run_audit(ruleset: Ruleset, log: GameLog, log_path: Path) -> bool:
    """Print the audit's verdict (or why it was skipped); False when the audit refused."""
    seats_path = seats_path_of(log_path)
    if not seats_path.exists():
        print(f"audit: skipped (the secrets are not present: no {seats_path.name} beside the "
              f"log)")
        return True
    try:
        _, secrets, _ = read_seats(seats_path, log.header.ruleset, len(log.header.seats))
    except SaveError as exc:
        print(f"audit: not run: {exc}")
        return False
    seats = {seat: SeatSecrets(seat, key) for seat, key in enumerate(secrets.keys)}
    report = audit_game(ruleset, log, seats, sealer=LocalSealer())
    print(f"audit: {report.summary()}")
    return report.ok


def dice_verdict(log: GameLog, log_path: Path) -> tuple[str, bool]:
    """Whether every roll derives from the seed the header commits to (needs the seats file);
    (the verdict, False when a roll was not fair)."""
    seats_path = seats_path_of(log_path)
    if not seats_path.exists():
        return f"not verified (no {seats_path.name} with the dice seed beside the log)", True
    try:
        _, secrets, _ = read_seats(seats_path, log.header.ruleset, len(log.header.seats))
    except SaveError as exc:
        return f"not verified ({exc})", True
    problem = check_dice(log, secrets.chance)
    return ("every roll derives from the committed seed", True) if problem is None \
        else (problem, False)


def run_replay_ledger(path: str, verbose: bool) -> int:
    """Check a LAN ledger file; `final-hash <hex>` last, or one line naming the bad record."""
    from net.lan.verify import verify_ledger

    verdict = verify_ledger(Path(path))
    status = "finished" if verdict.finished else "in progress"
    print(f"{path}: {status}, {verdict.records} records: signatures, chain, dice and state "
          f"hashes verified")
    if verdict.audit is None:
        print("audit: not run (the machines' openings are not at the end of the ledger)")
    else:
        print(f"audit: {verdict.audit.summary()}")
    print(f"final-hash {verdict.final_hash}")
    return 0 if verdict.audit is None or verdict.audit.ok else 1
