"""One game session for every front end: the client, the command line and the LAN peer.

A session holds the engine's Table, who plays each seat (a person or a bot by name), the
local secrets, chance, and the events of every entry. Pure: no I/O, no clock, no pygame;
persistence is the `on_entry` hook the caller supplies. People answer with `act()`;
everything else (chance, mechanical openings and commitments, bots) with `step()`.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.ai.bots import make_bot
from game.core.actions import Action
from game.core.decision import Decision
from game.core.engine import apply
from game.core.entries import ActionEntry, CommitEntry, Entry
from game.core.errors import IllegalEntry, LogError
from game.core.events import Event
from game.core.log import GameLog
from game.core.outcome import Outcome
from game.core.ruleset import GameConfig, Ruleset, ScenarioInfo
from game.core.sealed import Choice, SealedRequest
from game.core.secrets import SeatSecrets
from game.core.table import (
    ChanceSource,
    Controller,
    SeededChance,
    Table,
    check_header,
    dice_commitment,
)
from game.rulesets import entry as ruleset_entry
from game.rulesets import get_ruleset

HUMAN = "human"
"""The player spec of a seat a person plays at this machine."""
REMOTE = "remote"
"""The player spec of a seat another machine answers for (LAN play)."""


def derive(master: bytes, purpose: str) -> bytes:
    """A 32-byte key for one purpose, derived from a master seed."""
    return hmac.new(master, purpose.encode(), hashlib.sha256).digest()


@dataclass(frozen=True)
class Secrets:
    """What stays on this machine: each seat's key, the chance master seed, the bots' seed."""

    keys: tuple[bytes, ...]
    chance: bytes
    bots: bytes

    @staticmethod
    def from_master(master: bytes, seats: int) -> Secrets:
        """Every secret derived from one master seed (demos, simulations, fuzzing, tests)."""
        keys = tuple(derive(master, f"seat-key:{seat}") for seat in range(seats))
        return Secrets(keys, derive(master, "chance"), master)

    def bot_seed(self, seat: int) -> bytes:
        """The seed of the bot at a seat."""
        return derive(self.bots, f"bot:{seat}")


def player_specs(ruleset_id: str) -> tuple[str, ...]:
    """Who may sit at a seat of a rule set: a person, or one of its bots."""
    from game.ai.bots import bot_names

    return (HUMAN, *bot_names(ruleset_id))


def scenario_info(ruleset: Ruleset, scenario: str | None) -> ScenarioInfo:
    """A scenario by id, name or number (None: the first); KeyError naming the known ones."""
    infos = ruleset.scenarios()
    for number, info in enumerate(infos, 1):
        if scenario in (None, info.id, str(number), f"{number:02d}"):
            return info
    known = ", ".join(f"{n} ({s.id})" for n, s in enumerate(infos, 1))
    raise KeyError(f"{ruleset.id} has no scenario {scenario!r} (known: {known})")


def make_config(ruleset: Ruleset, scenario: str | None, game_id: bytes,
                options: Mapping[str, Any] | None = None, seats: int | None = None
                ) -> GameConfig:
    """The set-up of a new game: the scenario's seats (or `seats` numbered ones) and the
    options that are on (an option at its first, 'off' value is left out)."""
    info = scenario_info(ruleset, scenario)
    names = info.seats or _open_seats(info, seats)
    if seats is not None and seats != len(names):
        raise ValueError(f"{info.name} is played by its {len(names)} seats, not {seats}")
    offs = {o.key: o.off for o in ruleset_entry(ruleset.id).options}
    chosen = tuple(sorted((k, v) for k, v in (options or {}).items() if offs.get(k) != v))
    return GameConfig(ruleset.id, info.id, names, game_id, chosen)


def seat_title(name: str) -> str:
    """A seat's name as people read it: "Player 1" for a numbered seat ("Seat 0") of a rule
    set played at open seats, else the name itself (an empire's)."""
    number = name.removeprefix("Seat ")
    return f"Player {int(number) + 1}" if name.startswith("Seat ") and number.isdigit() \
        else name


def _open_seats(info: ScenarioInfo, seats: int | None) -> tuple[str, ...]:
    low, high = info.min_seats or 1, info.max_seats or info.min_seats or 8
    count = low if seats is None else seats
    if not low <= count <= high:
        raise ValueError(f"{info.name} is for {low}-{high} seats, not {count}")
    return tuple(f"Seat {i}" for i in range(count))


def master_config(ruleset: Ruleset, master: bytes, scenario: str | None = None,
                  seats: int | None = None, options: Mapping[str, Any] | None = None
                  ) -> GameConfig:
    """The set-up of a game whose every secret derives from one master seed."""
    return make_config(ruleset, scenario, derive(master, "game-id")[:16], options, seats)


def bot_session(ruleset: Ruleset, config: GameConfig, master: bytes,
                players: tuple[str, ...] | None = None, hash_every: int = 1) -> GameSession:
    """A game between bots (random ones unless `players` names them) from a master seed."""
    seats = len(config.seats)
    players = players or ("bot:random",) * seats
    return GameSession.new(config, players, Secrets.from_master(master, seats), hash_every,
                           ruleset)


def bot_game(ruleset: Ruleset, config: GameConfig, master: bytes, hash_every: int = 1,
             players: tuple[str, ...] | None = None) -> tuple[Table, GameLog]:
    """A whole bot game played out; (its table, its log)."""
    session = bot_session(ruleset, config, master, players, hash_every)
    session.run()
    return session.table, session.log()


class GameSession:
    """One game in progress on this machine."""

    def __init__(self, table: Table, players: tuple[str, ...], secrets: Secrets,
                 on_entry: Callable[[GameSession], None] | None = None) -> None:
        if len(players) != len(table.config.seats):
            raise ValueError(f"{table.config.scenario} has {len(table.config.seats)} seats, "
                             f"not {len(players)} players")
        self.table = table
        self.players = players
        self.secrets = secrets
        self.chance: ChanceSource | None = None
        """Where dice come from here; None when they are answered from outside (a LAN
        beacon), by `submit`."""
        if secrets.chance:
            self.chance = SeededChance(secrets.chance)
            table.dice = dice_commitment(table.config.game_id, secrets.chance)
        self.bots: dict[int, Controller] = {
            seat: make_bot(player, secrets.bot_seed(seat), table.ruleset.id,
                           _other_content(table.ruleset))
            for seat, player in enumerate(players) if player not in (HUMAN, REMOTE)}
        self.history: list[tuple[int, tuple[Event, ...]]] = []
        """(entry index, its events) for every entry so far."""
        self.on_entry = on_entry
        self._before: dict[int, Any] = {}
        """Entry index → the state before it, for the trailing run of choices that showed
        nothing (what undo can take back); emptied by any other entry."""

    @classmethod
    def new(cls, config: GameConfig, players: tuple[str, ...], secrets: Secrets,
            hash_every: int = 1, ruleset: Ruleset | None = None) -> GameSession:
        """A fresh game; `players` has one spec per seat in turn order (`human`, `bot:NAME`)."""
        rules = ruleset or get_ruleset(config.ruleset)
        return cls(Table(rules, config, _seat_secrets(secrets), hash_every), players, secrets)

    @classmethod
    def start(cls, ruleset_id: str, scenario: str | None, players: tuple[str, ...],
              secrets: Secrets, options: Mapping[str, Any] | None = None,
              ruleset: Ruleset | None = None) -> GameSession:
        """A new game of a scenario; the game id derives from the secrets, so the same
        secrets replay the same game. `ruleset`: the rule set over other content than the
        bundled one (a user scenario's)."""
        ruleset = ruleset or get_ruleset(ruleset_id)
        game_id = derive(secrets.chance, "game-id")[:16]
        config = make_config(ruleset, scenario, game_id, options, len(players))
        return cls.new(config, players, secrets, ruleset=ruleset)

    @property
    def ruleset(self) -> Ruleset:
        """The rule set this game is played with."""
        return self.table.ruleset

    @property
    def config(self) -> GameConfig:
        """The game's set-up."""
        return self.table.config

    @property
    def humans(self) -> tuple[int, ...]:
        """Seats played by people at this machine."""
        return tuple(s for s, p in enumerate(self.players) if p == HUMAN)

    def decision(self) -> Decision:
        """The pending decision."""
        return self.table.decision()

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.decision().is_over

    def human_turn(self) -> int | None:
        """The seat of the person who must choose now, if a person must."""
        decision = self.decision()
        if decision.kind == "action" and self.players[decision.actor] == HUMAN:
            return decision.actor
        return None

    def view(self, seat: int | None) -> Mapping[str, Any]:
        """What `seat` may see (None: only what everyone sees)."""
        return self.table.view(seat)

    def legal(self, seat: int) -> tuple[Action, ...]:
        """The legal actions of a seat now."""
        return self.table.legal(seat)

    def cards_of(self, seat: int, slots: tuple[str, ...]) -> dict[str, str]:
        """The cards a seat knows in the given slots (its hand, its face-down cards)."""
        return dict(self.table.secrets[seat].known(slots))

    def describe(self, ev: Event) -> str:
        """One plain sentence for an event."""
        return self.table.ruleset.describe(ev)

    def outcome(self) -> Outcome:
        """Winners, standings and why the game ended (provisional while it runs)."""
        return self.table.ruleset.outcome(self.table.state)

    def log(self) -> GameLog:
        """The game's log so far."""
        return self.table.log()

    def act(self, seat: int, action: Action) -> tuple[Event, ...]:
        """A person's action; IllegalEntry (nothing changes) unless it is theirs and legal."""
        if self.human_turn() != seat:
            raise IllegalEntry(f"{self._seat_name(seat)} may not act now")
        return self.submit(self.table.action_entry(seat, action))

    def next_entry(self) -> Entry | None:
        """The entry that answers the pending decision when no person has to (chance, a
        mechanical opening or commitment, or a bot's choice); None otherwise."""
        table = self.table
        decision = table.ruleset.decision(table.state)
        kind, seat = decision.kind, decision.actor
        if kind == "chance":
            return None if self.chance is None else self.chance(decision, len(table.records))
        if kind == "over":
            return None
        player = self.players[seat]
        if player == REMOTE or (player == HUMAN and kind == "action"):
            return None
        if kind == "seal":
            return self._bot_seal(seat)
        if kind != "action":
            return table.mechanical_entry(decision)
        choice = self.bots[seat].choose(table.view_lazy(seat), table.legal(seat))
        return table.action_entry(seat, choice)

    def _bot_seal(self, seat: int) -> Entry | None:
        """A bot's sealed choice, sealed; None when a person at this machine must choose."""
        if self.players[seat] == HUMAN:
            return None
        return self.table.sealed_choice(seat, self.bots[seat])

    # -- sealed choices (game.core.sealed) ---------------------------------------------------

    def sealing_turn(self) -> int | None:
        """The seat of the person at this machine who must seal a choice now, if one must."""
        decision = self.decision()
        if decision.kind == "seal" and self.players[decision.actor] == HUMAN:
            return decision.actor
        return None

    def sealed_request(self, seat: int) -> SealedRequest:
        """What the person (or a helper) needs to make the seat's sealed choice: sample, check."""
        return self.table.sealed_request(seat)

    def check_sealed(self, seat: int, choice: Choice) -> str | None:
        """None when `seat` may seal `choice` now, else the reason in the rule set's words."""
        return self.table.check_sealed(seat, choice)

    def seal(self, seat: int, choice: Choice) -> tuple[Event, ...]:
        """A person's sealed choice; IllegalEntry (nothing changes) unless it is theirs to seal
        now and the rule set accepts it. The others see only that the seat has sealed."""
        if self.sealing_turn() != seat:
            raise IllegalEntry(f"{self._seat_name(seat)} has no choice to seal now")
        return self.submit(self.table.seal_entry(seat, choice))

    def step(self) -> tuple[Event, ...] | None:
        """Answer one decision that no person has to; its events (None if a person must)."""
        entry = self.next_entry()
        return None if entry is None else self.submit(entry)

    def run(self, max_entries: int = 1_000_000,
            on_events: Callable[[Entry, tuple[Event, ...]], None] | None = None) -> int:
        """Step until a person must choose or the game is over; the number of entries."""
        for count in range(max_entries):
            entry = self.next_entry()
            if entry is None:
                return count
            events = self.submit(entry)
            if on_events is not None:
                on_events(entry, events)
        if self.next_entry() is not None:
            raise IllegalEntry(f"the game did not end within {max_entries} entries")
        return max_entries

    def submit(self, entry: Entry) -> tuple[Event, ...]:
        """Record any entry (a LAN peer's, a replayed one); IllegalEntry changes nothing."""
        table = self.table
        index, before = len(table.records), table.state
        events = table.submit(entry)
        if type(entry) is ActionEntry and not entry.openings:
            self._before[index] = before
        else:
            self._before.clear()
        self.history.append((index, events))
        if self.on_entry is not None:
            self.on_entry(self)
        return events

    # -- taking decisions back -----------------------------------------------------------

    def undo_point(self, seat: int) -> int | None:
        """How many records stay if the person at `seat` takes back their own decisions made
        since the last roll, reveal or anyone else's entry (None: nothing to take back)."""
        records = self.table.records
        if self.human_turn() != seat:
            return None
        keep = len(records)
        while keep and _own_choice(records[keep - 1].entry, seat):
            keep -= 1
        return keep if keep < len(records) else None

    def undo(self, seat: int) -> int:
        """Take those decisions back: the table returns to the very state it had before them
        (the engine is pure: nothing else changed since); the records kept, or IllegalEntry
        when there is nothing to undo. Bots never take theirs back."""
        keep = self.undo_point(seat)
        if keep is None or keep not in self._before:
            raise IllegalEntry(f"{self._seat_name(seat)} has nothing to take back")
        self.table.state = self._before[keep]
        del self.table.records[keep:]
        self.history = [h for h in self.history if h[0] < keep]
        self._before = {k: v for k, v in self._before.items() if k < keep}
        return keep

    def take_back(self, seat: int, action: Action) -> None:
        """Take back one of `seat`'s own choices still open to undo (a card added to an
        expedition), keeping the others: the log is replayed without it; IllegalEntry when it
        is not among them (a later choice that needed it is dropped too)."""
        keep = self.undo_point(seat)
        run = [r.entry for r in self.table.records[keep or 0:]] if keep is not None else []
        actions = [e.action for e in run if isinstance(e, ActionEntry)]
        if action not in actions:
            raise IllegalEntry(f"{self._seat_name(seat)} cannot take back {action}")
        self.undo(seat)
        for again in actions[:actions.index(action)] + actions[actions.index(action) + 1:]:
            if again not in self.legal(seat) or self.human_turn() != seat:
                return
            self.act(seat, again)

    def final(self, seat: int, action: Action) -> bool:
        """Whether answering with `action` could not be taken back: it shows a hidden card,
        or what follows is a roll, a reveal or someone else's decision."""
        entry = self.table.action_entry(seat, action)
        if entry.openings:
            return True
        after = self.ruleset.decision(apply(self.ruleset, self.table.state, entry)[0])
        return after.kind != "action" or after.actor != seat

    def _seat_name(self, seat: int) -> str:
        seats = self.table.config.seats
        return seats[seat] if isinstance(seat, int) and 0 <= seat < len(seats) else repr(seat)


def rebuild(log: GameLog, players: tuple[str, ...], secrets: Secrets,
            ruleset: Ruleset | None = None) -> GameSession:
    """The session at the end of a recorded game, replayed once: every entry submitted again
    (which restores each seat's private knowledge) and every recorded hash checked; LogError
    naming the first entry that differs."""
    rules = ruleset or get_ruleset(log.header.ruleset)
    check_header(rules, log.header)
    table = Table(rules, log.header.config(), _seat_secrets(secrets), log.header.hash_every)
    session = GameSession(table, players, secrets)
    for index, record in enumerate(log.records):
        _replay_one(session, index, record.entry, record.state_hash)
    if log.final_hash and log.final_hash != table.final_hash():
        raise LogError("the final state differs from the one the log recorded")
    return session


def _replay_one(session: GameSession, index: int, entry: Entry, recorded: str) -> None:
    table = session.table
    decision = table.decision()
    if isinstance(entry, CommitEntry) and decision.kind == "commit" \
            and table.mechanical_entry(decision) != entry:
        # mechanical_entry re-deals the seat's shuffle into its secrets as it goes
        raise LogError(f"entry {index}: the saved seat keys do not match this game")
    try:
        events = table.submit(entry)
    except IllegalEntry as exc:
        raise LogError(f"entry {index} is not legal on replay: {exc}") from None
    got = table.records[-1].state_hash
    if recorded and got and recorded != got:
        raise LogError(f"state hash differs after entry {index}: the log has "
                       f"{recorded[:16]}…, replay gives {got[:16]}…")
    session.history.append((index, events))


def _own_choice(entry: Entry, seat: int) -> bool:
    """Whether an entry is a seat's own choice that showed nothing hidden."""
    return isinstance(entry, ActionEntry) and entry.seat == seat and not entry.openings


def _other_content(ruleset: Ruleset) -> Ruleset | None:
    """The rule set, when it plays other content than its registered one (a user
    scenario's); else None."""
    try:
        return None if ruleset is get_ruleset(ruleset.id) else ruleset
    except KeyError:
        return None


def _seat_secrets(secrets: Secrets) -> dict[int, SeatSecrets]:
    return {seat: SeatSecrets(seat, key) for seat, key in enumerate(secrets.keys)}
