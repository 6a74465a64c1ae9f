"""`mare script FILE`: play scripted steps from a position and print the public state as JSON.

FILE is YAML: `position:` (a path relative to FILE, or the position inline) and `steps:`, each
one of
  {seat: rome, do: discard, slot_card: consul}           an action: verb plus its arguments
  {seat: rome, action: {verb: discard, args: {slot: rome:0:3}}}
  {dice: [4, 5, 3]}                                     values for the next chance decisions
  {seed: 00ff}                                          the next chance decision from a seed
An argument named `<name>_card` gives a card id (or `deck:card`) instead of a slot: it becomes the
argument `<name>`, resolved to a slot whose card the seat knows (a list gives several). Open,
commit and handoff decisions are answered from the seats' secrets as they come up. Output schema
and the action vocabulary: docs/positions.md.
"""

from __future__ import annotations

import json
import os
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from game.content import ContentError, Node, parse_yaml
from game.core.actions import Action, act, action_to_plain
from game.core.encoding import to_plain
from game.core.entries import ChanceEntry
from game.core.errors import EngineError
from game.core.events import Event
from game.core.table import Table
from game.rulesets.mediterranean_empires.position.load import LoadedPosition, build_position
from game.rulesets.mediterranean_empires.ruleset import MeRuleset
from net.files.storage import read_bytes

STEP_KINDS = ("seat", "dice", "seed")
MECHANICAL = ("open", "commit", "handoff")


class ScriptError(ValueError):
    """A step could not be played; the message names the step and why."""


@dataclass
class Logged:
    """One event of the run, with the step that caused it."""

    step: int
    event: Event


def run_script(path: str, seat: str | None, show_legal: bool) -> int:
    """Play the script and print the JSON result; returns the exit code."""
    runner = ScriptRunner.from_file(path)
    runner.run()
    print(json.dumps(runner.result(seat, show_legal), indent=1, sort_keys=True,
                     ensure_ascii=False, default=to_plain))
    return 0


class ScriptRunner:
    """A table set to a position, fed one step at a time."""

    def __init__(self, loaded: LoadedPosition, steps: list[Node]) -> None:
        self.ruleset = MeRuleset()
        self.table = Table(self.ruleset, loaded.config, loaded.secrets, hash_every=0)
        self.table.state = loaded.state
        self.steps = steps
        self.dice: deque[int] = deque()
        self.log: list[Logged] = []
        self.step = 0

    @classmethod
    def from_file(cls, path: str) -> ScriptRunner:
        """Read a script file and its position."""
        root = parse_yaml(read_bytes(path).decode("utf-8"), path).only_keys("position", "steps")
        return cls(_position(root.child("position"), path), list(root.child("steps").elements()))

    def run(self) -> None:
        """Play every step, then answer the mechanical decisions left."""
        self.advance()
        for number, node in enumerate(self.steps, 1):
            self.step = number
            try:
                self.play(node)
            except (EngineError, ValueError, KeyError) as exc:
                raise ScriptError(f"step {number} ({_brief(node)}): {_reason(exc)}") from None
        if self.dice:
            raise ScriptError(f"{len(self.dice)} dice value(s) were never used "
                              f"(next decision: {self.table.decision().prompt})")

    def play(self, node: Node) -> None:
        """One step."""
        kinds = [key for key in STEP_KINDS if node.has(key)]
        if len(kinds) != 1:
            raise node.error("a step has exactly one of: seat (an action), dice, seed")
        if kinds[0] == "dice":
            node.only_keys("dice")
            self.dice.extend(item.integer() for item in node.child("dice").elements())
        elif kinds[0] == "seed":
            node.only_keys("seed")
            self.chance(ChanceEntry(seed=bytes.fromhex(node.child("seed").text())))
        else:
            self.act(node)
        self.advance()

    def act(self, node: Node) -> None:
        """An action step: resolve it against the seat's legal actions and submit it."""
        seat = self.seat_of(node.child("seat"))
        decision = self.table.decision()
        if decision.kind != "action" or decision.actor != seat:
            raise node.error(f"{self.name(seat)} cannot act now: {self.waiting()}")
        action = resolve_action(self.table, seat, _requested(node))
        for slot in self.ruleset.openings_needed(self.table.state, action):
            if not self.table.secrets[seat].knows(slot):
                raise node.error(f"{self.name(seat)} does not know the card in slot {slot}")
        self.submit(self.table.action_entry(seat, action))

    def chance(self, entry: ChanceEntry) -> None:
        """Answer the pending chance decision."""
        if not self.table.decision().is_chance:
            raise ScriptError(f"chance is not to act now: {self.waiting()}")
        self.submit(entry)

    def advance(self) -> None:
        """Answer mechanical decisions, and chance ones while scripted dice last."""
        while True:
            decision = self.table.decision()
            if decision.kind in MECHANICAL:
                self.submit(self.table.mechanical_entry(decision))
            elif decision.is_chance and decision.chance is not None and self.dice:
                count = decision.chance.value_count()
                if count > len(self.dice):
                    raise ScriptError(f"{decision.prompt} needs {count} values, only "
                                      f"{len(self.dice)} are left")
                self.chance(ChanceEntry(values=tuple(self.dice.popleft()
                                                     for _ in range(count))))
            else:
                return

    def submit(self, entry: Any) -> None:
        """Apply an entry and keep its events."""
        self.log += [Logged(self.step, ev) for ev in self.table.submit(entry)]

    def seat_of(self, node: Node) -> int:
        """A seat from its empire name."""
        names = [seat.empire for seat in self.table.state.seats]
        return names.index(node.choice(tuple(names)))

    def name(self, seat: int) -> str:
        """The empire of a seat (or chance)."""
        return self.table.state.seats[seat].empire if seat >= 0 else "chance"

    def waiting(self) -> str:
        """Who must act now, for error messages."""
        decision = self.table.decision()
        if decision.is_over:
            return "the game is over"
        return f"{self.name(decision.actor)} must ({decision.kind}: {decision.prompt})"

    def result(self, seat_name: str | None, show_legal: bool) -> dict[str, Any]:
        """The JSON result: the view, the pending decision, the events, maybe legal actions."""
        seat = None
        if seat_name is not None:
            names = [s.empire for s in self.table.state.seats]
            if seat_name.lower() not in names:
                raise ScriptError(f"--seat {seat_name}: not an empire here ({', '.join(names)})")
            seat = names.index(seat_name.lower())
        decision = self.table.decision()
        out: dict[str, Any] = {
            "view": self.table.view(seat),
            "decision": {"actor": None if decision.is_over else self.name(decision.actor),
                         "kind": decision.kind, "prompt": decision.prompt},
            "events": [{"step": item.step, "kind": item.event.kind,
                        "text": self.ruleset.describe(item.event)} for item in self.log]}
        if show_legal:
            out["legal"] = legal_listing(self.table)
        return out


def resolve_action(table: Table, seat: int, request: tuple[str, dict[str, Any],
                                                           dict[str, Any]]) -> Action:
    """The action a step names; card arguments become slots the seat knows (legal ones first)."""
    verb, args, by_card = request
    if not by_card:
        return act(verb, **args)
    known = _cards_known(table, seat)
    for action in table.legal(seat):
        if action.verb == verb and _matches(action, args, by_card, known):
            return action
    return act(verb, **args, **{k: _any_slot(known, table, seat, v) for k, v in by_card.items()})


def legal_listing(table: Table) -> list[dict[str, Any]]:
    """The pending actor's legal actions, with the cards of the slots it names."""
    decision = table.decision()
    if decision.kind != "action":
        return []
    known = _cards_known(table, decision.actor)
    out = []
    for action in table.legal(decision.actor):
        plain = action_to_plain(action)
        cards = {slot: known[slot] for slot in _slots_in(action) if slot in known}
        if cards:
            plain["cards"] = cards
        out.append(plain)
    return out


def _position(node: Node, script_path: str) -> LoadedPosition:
    rules = MeRuleset().rules
    if isinstance(node.value, dict):
        return build_position(rules, node)
    path = os.path.join(os.path.dirname(script_path), node.text())
    return build_position(rules, parse_yaml(read_bytes(path).decode("utf-8"), path))


def _requested(node: Node) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """(verb, plain arguments, card arguments) of an action step."""
    if node.has("action"):
        node.only_keys("seat", "action")
        action = node.child("action").only_keys("verb", "args")
        raw = dict(action.child("args").as_dict_value()) if action.has("args") else {}
        verb = action.child("verb").text()
    else:
        raw = {k: v for k, v in node.as_dict_value().items() if k not in ("seat", "do")}
        verb = node.child("do").text()
    args = {k: v for k, v in raw.items() if not k.endswith("_card")}
    by_card = {k.removesuffix("_card"): v for k, v in raw.items() if k.endswith("_card")}
    return verb, args, by_card


def _cards_known(table: Table, seat: int) -> dict[str, str]:
    """slot → card for every slot the seat knows: its secrets and the public openings."""
    hidden = table.ruleset.hidden(table.state)
    return {**hidden.revealed, **table.secrets[seat].known()}


def _matches(action: Action, args: dict[str, Any], by_card: dict[str, Any],
             known: dict[str, str]) -> bool:
    for name, value in args.items():
        if action.arg(name) != act("x", v=value).arg("v"):
            return False
    for name, wanted in by_card.items():
        got = action.arg(name)
        slots = list(got) if isinstance(got, tuple) else [got]
        if not _same_cards(slots, wanted if isinstance(wanted, list) else [wanted], known):
            return False
    return True


def _same_cards(slots: list[Any], wanted: list[Any], known: dict[str, str]) -> bool:
    """Whether the slots hold exactly the wanted cards (`deck:card` also checks the deck)."""
    have = [(str(s).rsplit(":", 2)[0], known.get(str(s))) for s in slots]
    for card in wanted:
        deck, _, ident = str(card).rpartition(":")
        match = next((h for h in have if h[1] == ident and deck in ("", h[0])), None)
        if match is None:
            return False
        have.remove(match)
    return not have


def _any_slot(known: dict[str, str], table: Table, seat: int, wanted: Any) -> Any:
    """Hand slots holding the named card(s), when no legal action matched."""
    hand = table.state.seats[seat].hand
    cards = wanted if isinstance(wanted, list) else [wanted]
    picked: list[str] = []
    for card in cards:
        deck, _, ident = str(card).rpartition(":")
        slot = next((s for s in hand if s not in picked and known.get(s) == ident
                     and (not deck or s.rsplit(":", 2)[0] == deck)), None)
        if slot is None:
            raise ScriptError(f"{table.state.seats[seat].empire} holds no {card}")
        picked.append(slot)
    return picked if isinstance(wanted, list) else picked[0]


def _slots_in(action: Action) -> Iterator[str]:
    for _, value in action.args:
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, str) and item.count(":") == 2:
                yield item


def _brief(node: Node) -> str:
    return json.dumps(node.value, ensure_ascii=False, default=str)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, ContentError):
        return exc.message
    if isinstance(exc, KeyError) and exc.args:
        return f"unknown {exc.args[0]}"
    return str(exc)
