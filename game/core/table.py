"""The table loop: ask the pending decision, route it to a controller, record the answer.

Pure: controllers, the chance source and every seat's secrets are handed in. Hot-seat, bot
and LAN games differ only in which controllers sit at the table.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import suppress
from typing import Any, Protocol, cast

from game.core.actions import Action
from game.core.decision import Decision
from game.core.drbg import Pads, hmac_pads, hmac_sha256
from game.core.encoding import state_hash
from game.core.engine import apply
from game.core.entries import (
    ActionEntry,
    ChanceEntry,
    CommitEntry,
    Entry,
    HandoffEntry,
    OpenEntry,
    RevealEntry,
    SealEntry,
)
from game.core.errors import EngineError, IllegalEntry, LogError, ReplayMismatch
from game.core.events import Event
from game.core.log import GameLog, LogHeader, LogRecord
from game.core.ruleset import GameConfig, Ruleset, SealedChoices, ViewRequest
from game.core.sealed import Choice, SealedRequest
from game.core.sealing import HandoffProblem, LocalSealer, SealContext, Sealer
from game.core.secrets import SeatSecrets


class Controller(Protocol):
    """Chooses for one seat, seeing only that seat's view and legal actions."""

    def choose(self, view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
        """One of `legal`."""


ChanceSource = Callable[[Decision, int], ChanceEntry]


class LazyView(Mapping[str, Any]):
    """A seat's view, built on first access (a controller that never reads it costs nothing).

    It also carries what a searching bot simulates from: the public state (no card identity
    is in it but those opened in public) and what the seat itself knows (slot → card)."""

    def __init__(self, build: Callable[[], Mapping[str, Any]], state: Any = None,
                 known: Mapping[str, str] | None = None,
                 parts: Callable[[], Mapping[str, Callable[[], Any]]] | None = None) -> None:
        self._build: Callable[[], Mapping[str, Any]] | None = build
        self._view: Mapping[str, Any] = {}
        self.state = state
        self.known: Mapping[str, str] = known if known is not None else {}
        self._parts = parts
        """key → its builder, when the rule set builds a view key by key (`view_parts`):
        then a key is built when it is read, and only that key."""
        self._keys: Mapping[str, Callable[[], Any]] | None = None
        self._got: dict[str, Any] = {}

    def _built(self) -> Mapping[str, Any]:
        if self._build is not None and self._parts is None:
            self._view, self._build = self._build(), None
        return self._view

    def _part_builders(self) -> Mapping[str, Callable[[], Any]]:
        if self._keys is None:
            assert self._parts is not None
            self._keys = self._parts()
        return self._keys

    def __getitem__(self, key: str) -> Any:
        if self._parts is None:
            return self._built()[key]
        if key not in self._got:
            self._got[key] = self._part_builders()[key]()
        return self._got[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._built() if self._parts is None else self._part_builders())

    def __len__(self) -> int:
        return len(self._built() if self._parts is None else self._part_builders())


DICE_TAG = b"mare-internum/dice-commitment/v1\x00"


def dice_commitment(game_id: bytes, master: bytes) -> str:
    """The log header's commitment to a game's dice master seed (hex)."""
    return hashlib.sha256(DICE_TAG + game_id + master).hexdigest()


def seeded_value(master: bytes | Pads, index: int) -> bytes:
    """The seed of the chance entry at log index `index` under a master seed (or its pads)."""
    pads = hmac_pads(master) if isinstance(master, bytes) else master
    return hmac_sha256(pads, b"chance:%d" % index)


class SeededChance:
    """Chance answers derived from one master seed (offline play, demos, fuzzing)."""

    def __init__(self, master: bytes) -> None:
        self._pads = hmac_pads(master)

    def __call__(self, decision: Decision, index: int) -> ChanceEntry:
        """The seed for the chance decision at log index `index`."""
        return ChanceEntry(seed=seeded_value(self._pads, index))


def check_dice(log: GameLog, master: bytes) -> str | None:
    """None when the header commits to `master` and every chance entry derives from it; else
    the first problem, in words."""
    if not log.header.dice:
        return "the log's header commits to no dice seed"
    if dice_commitment(log.header.game_id, master) != log.header.dice:
        return "the seats file's dice seed is not the one the log's header commits to"
    pads = hmac_pads(master)
    for index, record in enumerate(log.records):
        entry = record.entry
        if isinstance(entry, ChanceEntry) and entry.seed != seeded_value(pads, index):
            return f"entry {index}: the dice were not rolled from the committed seed"
    return None


class ScriptedChance:
    """Chance answers from a fixed list of values, as a book's example prints them.

    ("the next three d6 are 4, 5, 3": `ScriptedChance([4, 5, 3])`.) Each chance decision takes
    as many values as it needs; running out raises.
    """

    def __init__(self, values: list[int] | tuple[int, ...]) -> None:
        self._values = list(values)

    @property
    def remaining(self) -> int:
        """Values not yet used."""
        return len(self._values)

    def __call__(self, decision: Decision, index: int) -> ChanceEntry:
        """The next values, as many as the decision needs."""
        assert decision.chance is not None
        count = decision.chance.value_count()
        if count > len(self._values):
            raise EngineError(f"the script ran out of chance values at entry {index} "
                              f"({decision.prompt})")
        taken, self._values = self._values[:count], self._values[count:]
        return ChanceEntry(values=tuple(taken))


class Table:
    """One game in progress: its state, its log, and every local seat's secrets.

    `sealer` seals this table's handoffs to their recipients (plaintext on one machine); each
    recipient's SeatSecrets opens them with its own sealer.
    """

    def __init__(self, ruleset: Ruleset, config: GameConfig,
                 secrets: Mapping[int, SeatSecrets], hash_every: int = 1,
                 sealer: Sealer | None = None) -> None:
        self.ruleset = ruleset
        self.config = config
        self.secrets = dict(secrets)
        self.hash_every = hash_every
        self.dice = ""
        """The header's commitment to the dice master seed, set by whoever rolls the dice."""
        self.sealer: Sealer = sealer or LocalSealer()
        self.state = ruleset.setup(config)
        self.records: list[LogRecord] = []
        self.disputes: list[HandoffProblem] = []
        """Recorded handoffs a local recipient could not take (a LAN peer opens a dispute)."""
        self._offered: tuple[Any, int, tuple[Action, ...]] = (None, -1, ())
        """(state, seat, legal list) last handed out by `legal`: an action taken from it is
        legal by construction, so `submit` does not test it again (the trusted path)."""

    def decision(self) -> Decision:
        """The pending decision."""
        return self.ruleset.decision(self.state)

    def view(self, seat: int | None) -> Mapping[str, Any]:
        """What `seat` may see (None: a spectator)."""
        return self.ruleset.view(self.state, self.view_request(seat))

    def view_request(self, seat: int | None) -> ViewRequest:
        """What `seat` privately knows (nothing for a spectator or another machine's seat)."""
        if seat is None or seat not in self.secrets:
            return ViewRequest(seat)
        secrets = self.secrets[seat]
        return ViewRequest(seat, secrets.known(), secrets.sealed_choices())

    def view_lazy(self, seat: int) -> Mapping[str, Any]:
        """A seat's view, built only if it is read; with the public state and the seat's own
        knowledge, never another seat's."""
        state, ruleset = self.state, self.ruleset
        secrets = self.secrets.get(seat)
        known = secrets.known() if secrets is not None else {}

        def request() -> ViewRequest:  # built only when the view is read
            sealed = secrets.sealed_choices() if secrets is not None else {}
            return ViewRequest(seat, known, sealed)

        by_key = getattr(ruleset, "view_parts", None)
        parts = None if by_key is None else (lambda: by_key(state, request()))
        return LazyView(lambda: ruleset.view(state, request()), state, known, parts)

    def legal(self, seat: int) -> tuple[Action, ...]:
        """Legal actions of a local seat, with its private knowledge."""
        legal = self.ruleset.legal_actions(self.state, seat, self.secrets[seat].known())
        self._offered = (self.state, seat, legal)
        return legal

    def submit(self, entry: Entry) -> tuple[Event, ...]:
        """Apply an entry and record it; raises (and changes nothing) when illegal.

        Never raises once the entry is recorded: a handoff its local recipient cannot take is
        appended to `disputes` (the recipient's knowledge stays as it was)."""
        state, events = apply(self.ruleset, self.state, entry, self._trusted(entry))
        due = self.hash_every > 0 and (len(self.records) + 1) % self.hash_every == 0
        record = LogRecord(entry, state_hash(state) if due else "")
        self.state = state
        self.records.append(record)
        kind = type(entry)
        if kind is not ActionEntry and kind is not ChanceEntry:
            self._receive(entry)
        return events

    def _receive(self, entry: Entry) -> None:
        """A local recipient takes what a handoff or a seal entry hands it."""
        if isinstance(entry, HandoffEntry):
            self._receive_handoff(len(self.records) - 1, entry)
        if isinstance(entry, SealEntry):
            self._receive_seal(entry)

    def _trusted(self, entry: Entry) -> bool:
        """Whether `entry` is an action taken (the very object) from the legal list this table
        worked out for the current state; people's and peers' actions are tested as usual."""
        state, seat, legal = self._offered
        if state is not self.state or not isinstance(entry, ActionEntry) or entry.seat != seat:
            return False
        action = entry.action
        for offered in legal:  # noqa: SIM110 (at every entry: any() would add a generator)
            if offered is action:
                return True
        return False

    def action_entry(self, seat: int, action: Action) -> ActionEntry:
        """An action with the openings it needs, from the seat's secrets."""
        needed = self.ruleset.openings_needed(self.state, action)
        if not needed:
            return ActionEntry(seat, action, ())
        return ActionEntry(seat, action, tuple(self.secrets[seat].opening(s) for s in needed))

    def mechanical_entry(self, decision: Decision) -> Entry:
        """The answer to an open/commit/handoff decision, made from the actor's secrets."""
        secrets = self.secrets[decision.actor]
        if decision.kind == "open":
            return OpenEntry(decision.actor, tuple(secrets.opening(s) for s in decision.slots))
        if decision.kind == "commit":
            hidden = self.ruleset.hidden(self.state)
            commitments = secrets.shuffle(hidden.game_id, decision.deck, decision.epoch,
                                          decision.cards)
            return CommitEntry(decision.actor, decision.deck, decision.epoch, commitments)
        if decision.kind == "handoff":
            opening = secrets.opening(decision.slots[0])
            context = self.seal_context(len(self.records), opening.slot, decision.to)
            return HandoffEntry(decision.actor, opening.slot, decision.to,
                                self.sealer.seal(opening, decision.to, context))
        if decision.kind == "reveal":
            return self.reveal_entry(decision.actor, decision.sealed)
        raise EngineError(f"a {decision.kind} decision is not mechanical")

    # -- sealed choices (game.core.sealed) ---------------------------------------------------

    def sealed_request(self, seat: int) -> SealedRequest:
        """What a controller needs to make the sealed choice the table asks of `seat`."""
        name, rules, state = self.decision().sealed, _sealed_rules(self.ruleset), self.state
        return SealedRequest(seat, name,
                             lambda pick: rules.sample_sealed(state, seat, name, pick),
                             lambda choice: rules.check_sealed(state, seat, name, choice))

    def check_sealed(self, seat: int, choice: Choice) -> str | None:
        """None when `seat` may seal `choice` now, else the reason."""
        decision = self.decision()
        if decision.kind != "seal" or decision.actor != seat:
            return f"seat {seat} has no choice to seal now"
        return _sealed_rules(self.ruleset).check_sealed(self.state, seat, decision.sealed,
                                                        choice)

    def seal_entry(self, seat: int, choice: Choice) -> SealEntry:
        """The seal of a local seat's checked choice (EngineError naming why it is refused);
        the choice is kept in its secrets for the reveal."""
        reason = self.check_sealed(seat, choice)
        if reason is not None:
            raise IllegalEntry(f"seat {seat}'s sealed choice is refused: {reason}")
        name = self.decision().sealed
        commitment, own = self.secrets[seat].seal(self.config.game_id, name, choice)
        return SealEntry(seat, name, commitment, own)

    def reveal_entry(self, seat: int, name: str) -> RevealEntry:
        """A local seat's reveal of its sealed choice, from its secrets."""
        secrets = self.secrets[seat]
        if name not in secrets.sealed_choices():
            raise EngineError(f"seat {seat}'s sealed choice in {name} is not known here")
        return RevealEntry(seat, name, secrets.sealed_choice(name),
                           secrets.sealed_salt(self.config.game_id, name))

    def sealed_choice(self, seat: int, controller: Controller) -> SealEntry:
        """A controller's sealed choice for `seat` (its `choose_sealed`, else a sample steered
        by the seat's key), sealed."""
        request = self.sealed_request(seat)
        choose = getattr(controller, "choose_sealed", None)
        if choose is None:
            choice = request.sample(self.secrets[seat].pick(self.config.game_id, request.name))
        else:
            choice = choose(self.view_lazy(seat), request)
        return self.seal_entry(seat, choice)

    def final_hash(self) -> str:
        """The state hash once the game is over, else ""."""
        return state_hash(self.state) if self.decision().is_over else ""

    def log(self) -> GameLog:
        """The log so far (closed with the final hash once the game is over)."""
        final = self.final_hash()
        header = LogHeader(self.config.ruleset, self.ruleset.version,
                           self.ruleset.content_hash(), self.config.scenario, self.config.seats,
                           self.config.game_id, self.config.options, hash_every=self.hash_every,
                           dice=self.dice)
        return GameLog(header, tuple(self.records), final)

    def seal_context(self, index: int, slot: str, to: int) -> SealContext:
        """The context a handoff at log index `index` is sealed to."""
        return SealContext(self.config.game_id, index, slot, to)

    def _receive_seal(self, entry: SealEntry) -> None:
        """A local seat's seal made elsewhere (a replay, a mirror): take its choice back."""
        secrets = self.secrets.get(entry.seat)
        if secrets is None or entry.name in secrets.sealed_choices():
            return
        with suppress(EngineError):  # not our own copy: `reveal_entry` then says so
            secrets.recover(self.config.game_id, entry.name, entry.commitment, entry.own)

    def _receive_handoff(self, index: int, entry: HandoffEntry) -> None:
        if entry.to not in self.secrets:
            return
        context = self.seal_context(index, entry.slot, entry.to)
        try:
            self.secrets[entry.to].receive(self.ruleset.hidden(self.state), entry.sealed, context)
        except EngineError as exc:
            self.disputes.append(HandoffProblem(index, entry.seat, entry.to, entry.slot, str(exc)))


def _sealed_rules(ruleset: Ruleset) -> SealedChoices:
    """A rule set's sealed-choice hooks (it asked for a seal, so it has them)."""
    return cast(SealedChoices, ruleset)


def play(table: Table, controllers: Mapping[int, Controller], chance: ChanceSource,
         max_entries: int = 1_000_000,
         on_events: Callable[[Entry, tuple[Event, ...]], None] | None = None) -> GameLog:
    """Run the table until the game is over (or `max_entries`), returning the log."""
    for _ in range(max_entries):
        decision = table.decision()
        if decision.is_over:
            break
        entry = next_entry(table, decision, controllers, chance)
        events = table.submit(entry)
        if on_events is not None:
            on_events(entry, events)
    else:
        raise EngineError(f"the game did not end within {max_entries} entries")
    return table.log()


def next_entry(table: Table, decision: Decision, controllers: Mapping[int, Controller],
               chance: ChanceSource) -> Entry:
    """The answer to `decision` from chance, the seat's controller or its secrets."""
    if decision.is_chance:
        return chance(decision, len(table.records))
    seat = decision.actor
    if decision.kind == "seal":
        return table.sealed_choice(seat, controllers[seat])
    if decision.kind != "action":
        return table.mechanical_entry(decision)
    action = controllers[seat].choose(table.view_lazy(seat), table.legal(seat))
    return table.action_entry(seat, action)


def replay(ruleset: Ruleset, log: GameLog, check_content: bool = True,
           on_events: Callable[[Entry, tuple[Event, ...]], None] | None = None,
           ) -> tuple[Any, list[str]]:
    """Re-run a log from set-up, verifying every recorded hash; (final state, hashes)."""
    header = log.header
    check_header(ruleset, header, check_content)
    state = ruleset.setup(header.config())
    hashes = []
    for index, record in enumerate(log.records):
        try:
            state, events = apply(ruleset, state, record.entry)
        except EngineError as exc:
            raise LogError(f"entry {index} is not legal on replay: {exc}") from None
        if on_events is not None:
            on_events(record.entry, events)
        hashes.append(_check(state, record.state_hash, index))
    if log.final_hash:
        _check(state, log.final_hash, len(log.records))
    return state, hashes


def _accepted_hashes(ruleset: Ruleset) -> tuple[str, ...]:
    """The rules hash, and any earlier definition of it the rule set still accepts."""
    legacy = getattr(ruleset, "legacy_content_hashes", None)
    return (ruleset.content_hash(), *(legacy() if legacy is not None else ()))


def check_header(ruleset: Ruleset, header: LogHeader, check_content: bool = True) -> None:
    """LogError unless a log was played with this rule set, version and rules content."""
    if header.ruleset != ruleset.id:
        raise LogError(f"the log is a game of {header.ruleset}, not {ruleset.id}")
    if check_content and header.content_hash not in _accepted_hashes(ruleset):
        raise LogError(f"the log was played on other {header.ruleset} rules content "
                       f"(rules hash {header.content_hash}; this build has "
                       f"{ruleset.content_hash()})")
    if header.rules_version != ruleset.version:
        raise LogError(f"the log was played with rules version {header.rules_version}; this "
                       f"build has {ruleset.version}")


def _check(state: Any, recorded: str, index: int) -> str:
    computed = state_hash(state)
    if recorded and recorded != computed:
        raise ReplayMismatch(f"state hash differs after entry {index}: log has "
                             f"{recorded[:16]}…, replay gives {computed[:16]}…")
    return computed
