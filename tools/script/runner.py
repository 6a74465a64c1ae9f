"""The script runner: a table set to a position, fed one step at a time."""

from __future__ import annotations

import os
from collections import deque
from dataclasses import dataclass
from typing import Any

from game.content import ContentError, Node, parse_yaml
from game.core.decision import Decision
from game.core.entries import ChanceEntry, CommitEntry, Entry
from game.core.errors import EngineError, IllegalEntry
from game.core.events import Event
from game.core.table import Table
from game.rulesets.mediterranean_empires.position.deal import arranged, commitments_of, teach
from game.rulesets.mediterranean_empires.position.load import LoadedPosition, build_position
from game.rulesets.mediterranean_empires.ruleset import MeRuleset
from net.files.storage import read_bytes
from tools.script.actions import is_legal, refusal, requested, resolve_action
from tools.script.expect import check_expect
from tools.script.output import brief, chance_text, result

STEP_KINDS = ("seat", "dice", "seed", "expect")
MECHANICAL = ("open", "handoff")
SEED_BYTES = 64


class ScriptError(ValueError):
    """A step could not be played; the message names the file, the step and why."""


class ExpectFailed(ScriptError):
    """An `expect:` step found a figure different from the one expected."""


@dataclass
class Logged:
    """One event of the run, with the step that caused it."""

    step: int
    event: Event


def read_text(path: str) -> str:
    """A file's text; a folder, a missing file or bytes that are not UTF-8: one line naming it."""
    data = read_bytes(path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScriptError(f"{path}: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset "
                          f"{exc.start})") from None


class ScriptRunner:
    """A table set to a position, fed one step at a time."""

    def __init__(self, loaded: LoadedPosition, steps: list[Node], path: str = "script") -> None:
        self.ruleset = MeRuleset()
        self.table = Table(self.ruleset, loaded.config, loaded.secrets, hash_every=0)
        self.table.state = loaded.state
        self.steps = steps
        self.path = path
        self.dice: deque[int] = deque()
        self.log: list[Logged] = []
        self.step = 0

    @classmethod
    def from_file(cls, path: str) -> ScriptRunner:
        """Read a script file and its position."""
        root = parse_yaml(read_text(path), path).only_keys("position", "steps")
        steps = root.opt("steps")
        return cls(_position(root.child("position"), path),
                   list(steps.elements()) if steps is not None else [], path)

    @property
    def names(self) -> list[str]:
        """The empires, in seat order."""
        return [seat.empire for seat in self.table.state.seats]

    def run(self) -> None:
        """Play every step, then answer the mechanical decisions left."""
        self.advance()
        for number, node in enumerate(self.steps, 1):
            self.step = number
            try:
                self.play(node)
            except ExpectFailed:
                raise
            except (EngineError, ValueError, KeyError) as exc:
                raise ScriptError(f"{self.path}: step {number} ({brief(node.value)}): "
                                  f"{_reason(exc, node.path)}") from None
        if self.dice:
            raise ScriptError(f"{self.path}: {len(self.dice)} dice value(s) were never used "
                              f"(next decision: {self.table.decision().prompt})")

    def play(self, node: Node) -> None:
        """One step."""
        kinds = [key for key in STEP_KINDS if node.has(key)]
        if len(kinds) != 1:
            raise node.error("a step has exactly one of: seat (an action), dice, seed, expect")
        if kinds[0] == "dice":
            self.dice.extend(item.integer() for item in node.only_keys("dice").child("dice")
                             .elements())
        elif kinds[0] == "seed":
            self.chance(ChanceEntry(seed=_seed(node.only_keys("seed").child("seed"))))
        elif kinds[0] == "expect":
            self.expect(node.only_keys("expect").child("expect"))
        else:
            self.act(node)
        self.advance()

    def act(self, node: Node) -> None:
        """An action step: resolve it against the seat's legal actions and submit it."""
        seat = self.names.index(node.child("seat").choice(tuple(self.names)))
        decision = self.table.decision()
        if decision.kind != "action" or decision.actor != seat:
            raise ScriptError(f"{self.name(seat)} cannot act now: {self.waiting()}")
        action = resolve_action(self.table, seat, requested(node, self.names))
        if not is_legal(self.table, seat, action):
            raise ScriptError(refusal(self.table, seat, action))
        for slot in self.ruleset.openings_needed(self.table.state, action):
            if not self.table.secrets[seat].knows(slot):
                raise ScriptError(f"{self.name(seat)} does not know the card in slot {slot}")
        try:
            self.submit(self.table.action_entry(seat, action))
        except IllegalEntry as exc:
            raise ScriptError(refusal(self.table, seat, action, str(exc))) from None

    def expect(self, node: Node) -> None:
        """Compare named figures of the view now with the ones the step expects."""
        differences = check_expect(self.table, node)
        if differences:
            raise ExpectFailed(f"{self.path}: expect failed at step {self.step}: "
                               f"{'; '.join(differences)}")

    def chance(self, entry: ChanceEntry) -> None:
        """Answer the pending chance decision."""
        if not self.table.decision().is_chance:
            raise ScriptError(f"chance is not to act now: {self.waiting()}")
        self.submit(entry)

    def advance(self) -> None:
        """Answer mechanical decisions, and chance ones while scripted dice last."""
        while True:
            decision = self.table.decision()
            if decision.kind == "commit":
                self.commit(decision)
            elif decision.kind in MECHANICAL:
                self.submit(self.table.mechanical_entry(decision))
            elif decision.is_chance and decision.chance is not None and self.dice:
                self.chance(ChanceEntry(values=self.take_dice(decision)))
            else:
                return

    def take_dice(self, decision: Decision) -> tuple[int, ...]:
        """The scripted values a chance decision needs, from the front of the queue."""
        assert decision.chance is not None
        count = decision.chance.value_count()
        if count > len(self.dice):
            raise ScriptError(f"{decision.prompt} needs {chance_text(decision.chance)}; only "
                              f"{len(self.dice)} are left")
        return tuple(self.dice.popleft() for _ in range(count))

    def commit(self, decision: Decision) -> None:
        """A reshuffle, committed canonically: its slots hold the cards in card-id order."""
        game_id = self.table.state.hidden.game_id
        openings = arranged(game_id, decision.deck, decision.epoch, sorted(decision.cards))
        self.submit(CommitEntry(decision.actor, decision.deck, decision.epoch,
                                commitments_of(game_id, decision.actor, openings)))
        teach(self.table.secrets[decision.actor], self.table.state.hidden, openings)

    def submit(self, entry: Entry) -> None:
        """Apply an entry and keep its events."""
        self.log += [Logged(self.step, ev) for ev in self.table.submit(entry)]

    def name(self, seat: int) -> str:
        """The empire of a seat, capitalized as sentences write it (or chance)."""
        return self.names[seat].capitalize() if seat >= 0 else "chance"

    def waiting(self) -> str:
        """Who must act now, for error messages."""
        decision = self.table.decision()
        if decision.is_over:
            return "the game is over"
        if decision.is_chance and decision.chance is not None:
            return f"chance must ({decision.prompt}: {chance_text(decision.chance)})"
        return f"{self.name(decision.actor)} must ({decision.kind}: {decision.prompt})"

    def result(self, seat_name: str | None, show_legal: bool) -> dict[str, Any]:
        """The JSON result: the view, the pending decision, the events, maybe legal actions."""
        seat = None
        if seat_name is not None:
            if seat_name.lower() not in self.names:
                raise ScriptError(f"--seat {seat_name}: not an empire here "
                                  f"({', '.join(self.names)})")
            seat = self.names.index(seat_name.lower())
        return result(self.table, seat, [(item.step, item.event) for item in self.log],
                      show_legal)


def _position(node: Node, script_path: str) -> LoadedPosition:
    rules = MeRuleset().rules
    if isinstance(node.value, dict):
        return build_position(rules, node)
    path = os.path.join(os.path.dirname(script_path), node.text())
    return build_position(rules, parse_yaml(read_text(path), path))


def _seed(node: Node) -> bytes:
    try:
        seed = bytes.fromhex(node.text())
    except ValueError:
        raise node.error("expected hexadecimal text") from None
    if not 0 < len(seed) <= SEED_BYTES:
        raise node.error(f"expected 1 to {SEED_BYTES} bytes (2 to {2 * SEED_BYTES} hex digits)")
    return seed


def _reason(exc: BaseException, step_path: str) -> str:
    """Why a step failed; a content error keeps its key path below the step's own."""
    if isinstance(exc, ContentError):
        inner = exc.path.removeprefix(step_path).lstrip(".")
        return f"{inner}: {exc.message}" if inner and exc.path != "(top)" else exc.message
    if isinstance(exc, KeyError) and exc.args:
        return f"unknown {exc.args[0]}"
    return str(exc)
