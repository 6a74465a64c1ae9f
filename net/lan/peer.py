"""The game peer: one machine's side of a LAN game, without I/O (protocol.md, The ledger).

`GamePeer` drives a `GameSession` that holds only this machine's seats' secrets. Messages go in
through `receive`, and every call returns the frames to send (`Out`); the asyncio runtime
(`net.lan.node`) moves them and calls `tick` for timers. Local seats are played by bots or
answered from their secrets; remote seats' entries arrive signed and pass the ledger's guards;
dice come from the beacon, each value revealed only once the roll is pending here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core.actions import Action
from game.core.audit import AuditReport, audit_game
from game.core.encoding import canonical_bytes, state_hash, to_plain
from game.core.entries import ChanceEntry, Entry, HandoffEntry
from game.core.errors import CommitmentError, IllegalEntry
from game.core.events import Event
from game.core.ruleset import Ruleset
from game.core.sealed import Choice
from game.core.sealing import HandoffProblem
from game.core.slots import Opening, verify
from game.core.table import Table
from net.lan.beacon import BeaconRound, ChainState, HashChain
from net.lan.errors import LanError, Rejected
from net.lan.frames import Message, encode_frame, open_frame
from net.lan.genesis import Genesis, LanSecrets
from net.lan.identity import Identity
from net.lan.ledger import (
    Desync,
    Equivocation,
    Ledger,
    Record,
    chance_record,
    check_entry,
    entry_body,
)
from net.lan.seating import lan_session

AHEAD_LIMIT = 256
"""Entries from beyond this machine's head kept for later (a peer can only be a little ahead)."""
REOPEN_SECONDS = 30.0
"""How long a deck owner has to reopen, in public, a handoff its recipient could not open."""
SYNC_BATCH = 256


@dataclass(frozen=True)
class Out:
    """A frame to send: to one machine, or to every other machine but `exclude`."""

    frame: bytes
    to: str | None = None
    exclude: str | None = None


@dataclass
class PeerLog:
    """What happened to this peer that a person (or a test) may want to read."""

    rejections: list[tuple[str, str, str]] = field(default_factory=list)
    """(sender, reason code, message) of every refused message."""
    events: list[tuple[int, tuple[Event, ...]]] = field(default_factory=list)
    alerts: list[str] = field(default_factory=list)
    evidence: list[Record] = field(default_factory=list)
    """Both records of an equivocation this machine saw (protocol.md: save both)."""


class GamePeer:
    """This machine's part of one LAN game."""

    def __init__(self, identity: Identity, genesis: Genesis, secrets: LanSecrets,
                 ledger: Ledger, chain_length: int | None = None,
                 ruleset: Ruleset | None = None) -> None:
        self.identity = identity
        self.genesis = genesis
        self.secrets = secrets
        self.ledger = ledger
        self.mine = genesis.seats_of(identity.fingerprint)
        self.member = genesis.key_of(identity.fingerprint) is not None
        """False for a spectator: it reveals no dice and sends no audit."""
        self.session = lan_session(genesis, identity.fingerprint, secrets, ruleset=ruleset)
        self.chain = HashChain(secrets.chain, *(() if chain_length is None else (chain_length,)))
        tips = {m.fingerprint: m.tip for m in genesis.machines}
        self.beacon = BeaconRound(ChainState.start(tips))
        self.revealed = 0
        self.ahead: dict[tuple[int, str], Message] = {}
        """(index, signer) → an entry that came before its turn (keyed by signer as well, so
        that no machine can push out another's entry with one of its own)."""
        self.open_disputes: dict[str, float | None] = {}
        """slot → when the dispute was first ticked, for handoffs to our seats waiting for a
        public reopen."""
        self._outbox: list[Out] = []
        self.dispute_frames: dict[str, bytes] = {}
        self._held: set[bytes] = set()
        self._held_count = 0
        self.audits: dict[str, tuple[Opening, ...]] = {}
        self.audit_frames: dict[str, bytes] = {}
        """Every machine's signed AUDIT, kept at the end of the ledger file for replay."""
        self.audit: AuditReport | None = None
        self.stopped: str | None = None
        self.log = PeerLog()
        self.on_events: Callable[[int, tuple[Event, ...]], None] | None = None
        self.on_record: Callable[[Entry], None] | None = None
        """Called with every entry the session takes, in ledger order (a client's mirror)."""
        self.on_opening: Callable[[int, Opening], None] | None = None
        """Called when a seat of ours takes a card from its deck owner's reopening."""

    # -- reading ---------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.session.over

    def final_hash(self) -> str:
        """The state hash at the end."""
        return state_hash(self.session.table.state)

    def waiting_for(self) -> str | None:
        """Whose entry or reveal the table waits for, in words (None when it is not waiting)."""
        if self.stopped or self.over:
            return None
        decision = self.session.decision()
        if decision.is_chance:
            missing = [self.genesis.machine(fp).name for fp in self.beacon.missing()]
            return f"waiting for the dice from {', '.join(missing)}" if missing else None
        owner = self.genesis.owner(decision.actor)
        if owner == self.identity.fingerprint:
            reopener = self._reopener(decision.actor)
            name = reopener and self.genesis.machine(reopener).name
            return name and f"waiting for {name} to reopen a card"
        empire = self.session.config.seats[decision.actor]
        return f"waiting for {empire} — {self.genesis.machine(owner).name}'s machine"

    def waiting_machine(self) -> str | None:
        """The fingerprint of a machine whose message the table needs now."""
        if self.stopped or self.over:
            return None
        decision = self.session.decision()
        if decision.is_chance:
            missing = self.beacon.missing()
            return missing[0] if missing else None
        owner = self.genesis.owner(decision.actor)
        return self._reopener(decision.actor) if owner == self.identity.fingerprint else owner

    def _reopener(self, seat: int) -> str | None:
        """The machine whose public reopen of a card handed to our `seat` the table awaits."""
        table = self.session.table
        slot = next((p.slot for p in table.disputes
                     if p.to == seat and p.slot in self.open_disputes), None)
        return None if slot is None else self.genesis.owner(_deck_owner(table, slot))

    # -- moving on -------------------------------------------------------------------------

    def resume(self) -> None:
        """Replay the records already in the ledger (a restart after a crash)."""
        records = list(self.ledger.records)
        self.ledger.records.clear()
        file, self.ledger.file = self.ledger.file, None
        try:
            for record in records:
                self._replay(record)
        finally:
            self.ledger.file = file

    def advance(self) -> list[Out]:
        """Answer every decision this machine can answer now, and take the entries that came
        early once their index is reached (after a roll too); the frames to send."""
        out: list[Out] = []
        while not self.stopped and not self.over:
            step = self._step()
            if step is None:
                step = self._early()
            if step is None:
                break
            out += step
        if self.over and self.member and self.identity.fingerprint not in self.audits \
                and not self.stopped:
            out.append(self._send_audit())
        return out + self._take_outbox()

    def act(self, seat: int, action: Action) -> list[Out]:
        """A person at this machine answers for their seat: signed, kept and sent like any
        entry; Rejected (nothing changes) unless it is that seat's turn and the action legal."""
        if self.stopped or self.session.human_turn() != seat or seat not in self.mine:
            raise Rejected("out-of-turn", f"seat {seat} may not act now")
        if action not in self.session.legal(seat):
            raise Rejected("illegal", f"{action} is not legal now")
        entry = self.session.table.action_entry(seat, action)
        return [self._sign_and_submit(seat, entry), *self.advance()]

    def seal(self, seat: int, choice: Choice) -> list[Out]:
        """A person at this machine seals their seat's choice: its commitment is signed, kept
        and sent like any entry (the reveal follows by itself once every seat has sealed);
        Rejected (nothing changes) unless it is that seat's seal and the rule set accepts it."""
        if self.stopped or self.session.sealing_turn() != seat or seat not in self.mine:
            raise Rejected("out-of-turn", f"seat {seat} may not seal now")
        reason = self.session.check_sealed(seat, choice)
        if reason is not None:
            raise Rejected("illegal", reason)
        entry = self.session.table.seal_entry(seat, choice)
        return [self._sign_and_submit(seat, entry), *self.advance()]

    def tick(self, now: float) -> list[Out]:
        """Timers: a handoff whose owner never reopens it stops the game with an alert."""
        for slot, since in list(self.open_disputes.items()):
            if since is None:
                self.open_disputes[slot] = now
            elif now - since > REOPEN_SECONDS and not self.stopped:
                return self._stop(f"withheld: the card of {slot} was never reopened",
                                  LanError(slot))
        return []

    def sync_items(self, start: int) -> list[dict[str, Any]]:
        """Records from `start` on, for a machine catching up (SYNC_RESP)."""
        items: list[dict[str, Any]] = []
        for record in self.ledger.records[start:start + SYNC_BATCH]:
            if record.kind == "CHANCE":
                items.append({"k": record.body["k"], "reveals": record.body["reveals"]})
            else:
                items.append({"frame": record.payload + record.signature})
        return items

    def _take_outbox(self) -> list[Out]:
        out, self._outbox = self._outbox, []
        return out

    def receive(self, message: Message) -> list[Out]:
        """Handle one opened message from another machine; the frames to send in answer."""
        if self.stopped:
            return []
        handler = _HANDLERS.get(message.type)
        if handler is None:
            return []
        return self._guarded(handler, message) + self.advance()

    def _guarded(self, handler: Callable[[GamePeer, Message], list[Out]],
                 message: Message) -> list[Out]:
        """A handler's answer; a refusal is logged, equivocation or a desync stops the game."""
        try:
            return handler(self, message) + self._take_outbox()
        except Rejected as exc:
            self.log.rejections.append((message.sender, exc.reason, str(exc)))
            return self._take_outbox()
        except Equivocation as exc:
            return self._stop(f"equivocation: {exc}", exc)
        except Desync as exc:
            return self._stop(f"desync: {exc}", exc)

    def _early(self) -> list[Out] | None:
        """Take an entry that came before its index was reached (None when none waits); the
        others for an index decided since get their verdict too (stale, duplicate...)."""
        key = next((key for key in self.ahead if key[0] <= len(self.ledger)), None)
        return None if key is None else self._guarded(_on_entry, self.ahead.pop(key))

    # -- steps -----------------------------------------------------------------------------

    def _step(self) -> list[Out] | None:
        decision = self.session.decision()
        if decision.is_chance:
            return self._dice()
        if self.genesis.owner(decision.actor) != self.identity.fingerprint:
            return None
        if self._disputed(decision.actor):
            return None
        entry = self.session.next_entry()
        return None if entry is None else [self._sign_and_submit(decision.actor, entry)]

    def _sign_and_submit(self, author: int, entry: Entry) -> Out:
        body = entry_body(self.genesis, len(self.ledger), self.ledger.head, author,
                          state_hash(self.session.table.state), entry)
        frame = encode_frame(self.identity, "ENTRY", body)
        record = Record("ENTRY", frame[:-64], frame[-64:], body)
        self.ledger.append(record, durable=True)  # on disk before it is sent
        self._submit(entry)
        return Out(frame)

    def _dice(self) -> list[Out] | None:
        k = self.ledger.chances() + 1
        out = []
        if self.revealed < k and self.member:
            value = self.chain.value(k)
            self.beacon.offer(self.identity.fingerprint, k, value)
            self.revealed = k
            out.append(Out(encode_frame(self.identity, "REVEAL", self._reveal_body(k, value))))
        if not self.beacon.complete:
            return out or None
        self._roll(k)
        return out

    def _roll(self, k: int) -> None:
        seed = self.beacon.seed(self.genesis.game_id, self.ledger.head)
        record = chance_record(self.genesis, len(self.ledger), self.ledger.head, k,
                               self.beacon.reveals(), seed)
        self.ledger.append(record)
        self.beacon = self.beacon.next_round()
        self._submit(ChanceEntry(seed=seed))

    def _reveal_body(self, k: int, value: bytes) -> dict[str, Any]:
        return {"game": self.genesis.game_id.hex(), "k": k, "value": value.hex()}

    def _submit(self, entry: Entry) -> None:
        before = len(self.session.table.disputes)
        events = self.session.submit(entry)
        if self.on_record is not None:
            self.on_record(entry)
        index = len(self.session.table.records) - 1
        self.log.events.append((index, events))
        if self.on_events is not None:
            self.on_events(index, events)
        for problem in self.session.table.disputes[before:]:
            if not self._reopen_here(problem):
                self._dispute(problem)

    def _reopen_here(self, problem: HandoffProblem) -> bool:
        """A card of a deck this machine holds needs no public reopen (and no other machine
        could give one): the seat it was handed to takes it from the deck owner's secrets."""
        table = self.session.table
        owner = _deck_owner(table, problem.slot)
        if owner not in self.mine:
            return False
        self._accept(problem.to, table.secrets[owner].opening(problem.slot))
        return True

    def _accept(self, seat: int, opening: Opening) -> None:
        """A seat of ours takes a card handed to it (and a client's mirror is told)."""
        table = self.session.table
        table.secrets[seat].accept(table.ruleset.hidden(table.state), opening)
        if self.on_opening is not None:
            self.on_opening(seat, opening)

    def _dispute(self, problem: HandoffProblem) -> None:
        """Ask the deck owner's machine to reopen in public a card we could not take."""
        self.open_disputes[problem.slot] = None
        body = {"game": self.genesis.game_id.hex(), "index": problem.index,
                "slot": problem.slot, "reason": problem.reason}
        frame = encode_frame(self.identity, "DISPUTE", body)
        self.dispute_frames[problem.slot] = frame
        self._outbox.append(Out(frame))

    def holds(self, frame: bytes) -> bool:
        """Whether `frame` is, byte for byte, an ENTRY already in the ledger (echoes of it
        need no second check; a different frame for the same index still gets every guard)."""
        if self._held_count > len(self.ledger):  # the records were replayed afresh
            self._held, self._held_count = set(), 0
        new = self.ledger.records[self._held_count:]
        self._held.update(r.payload + r.signature for r in new if r.kind == "ENTRY")
        self._held_count = len(self.ledger)
        return frame in self._held

    def dump(self) -> bytes:
        """What a stopped table keeps for the post-mortem: why, the head of the ledger, and
        this machine's canonical state (`mare replay --ledger` finds the first difference)."""
        head = self.ledger.records[-1].digest.hex() if self.ledger.records else ""
        return canonical_bytes({"game": self.genesis.game_id, "why": self.stopped or "",
                                "records": len(self.ledger), "head": head,
                                "state_hash": self.final_hash(),
                                "state": to_plain(self.session.table.state)}) + b"\n"

    def open_dispute_frames(self) -> list[bytes]:
        """The DISPUTEs still waiting for a reopen (sent again on every new link)."""
        return [f for slot, f in self.dispute_frames.items() if slot in self.open_disputes]

    def _disputed(self, seat: int) -> bool:
        return any(p.to == seat and p.slot in self.open_disputes
                   for p in self.session.table.disputes)

    def _replay(self, record: Record) -> None:
        if record.kind == "CHANCE":
            for fingerprint, value in record.body["reveals"]:
                self.beacon.offer(fingerprint, int(record.body["k"]), bytes.fromhex(value))
            if self.identity.fingerprint in dict(record.body["reveals"]):
                self.revealed = int(record.body["k"])
            self._roll(int(record.body["k"]))
            return
        if record.body["author"] in self.mine and self.session.decision().kind == "commit":
            self.session.table.mechanical_entry(self.session.decision())  # re-deals our cards
        self.ledger.append(record)
        self._submit(record.entry())

    def _stop(self, why: str, evidence: LanError) -> list[Out]:
        self.stopped = why
        self.log.alerts.append(why)
        body: dict[str, Any] = {"game": self.genesis.game_id.hex(), "kind": why.split(":")[0],
                                "text": why}
        if isinstance(evidence, Equivocation):
            self.log.evidence += evidence.records
            body["evidence"] = [r.payload + r.signature for r in evidence.records]
        return [Out(encode_frame(self.identity, "ALERT", body))]

    def _send_audit(self) -> Out:
        own = tuple(o for seat in self.mine for o in self.session.table.secrets[seat].openings()
                    if self.genesis.owner(_deck_owner(self.session.table, o.slot))
                    == self.identity.fingerprint)
        self.audits[self.identity.fingerprint] = own
        body = {"game": self.genesis.game_id.hex(),
                "openings": [[o.slot, o.card, o.salt] for o in sorted(own)]}
        frame = encode_frame(self.identity, "AUDIT", body)
        self.audit_frames[self.identity.fingerprint] = frame
        self._maybe_audit()
        return Out(frame)

    def _maybe_audit(self) -> None:
        if self.audit is None and set(self.audits) >= set(self.genesis.fingerprints()):
            openings = [o for batch in self.audits.values() for o in batch]
            self.audit = audit_game(self.session.table.ruleset, self.session.log(),
                                    openings=openings)
            if self.ledger.file is not None:
                self.ledger.file.append_audits(list(self.audit_frames.values()))


# -- handlers of incoming messages -----------------------------------------------------------

def _on_entry(peer: GamePeer, message: Message) -> list[Out]:
    try:
        record = check_entry(peer.genesis, peer.ledger, peer.session, message, legal=False)
    except Rejected as exc:
        if exc.reason == "ahead" and len(peer.ahead) < AHEAD_LIMIT:
            peer.ahead[int(message.body["index"]), message.sender] = message
            return []
        raise
    if record is None:
        return []
    try:
        peer._submit(record.entry())  # the engine's guard: refused entries change nothing
    except IllegalEntry as exc:
        raise Rejected("illegal", str(exc)) from None
    peer.ledger.append(record)
    return [Out(message.frame, exclude=message.sender)]  # echo: equivocation shows anywhere


def _on_reveal(peer: GamePeer, message: Message) -> list[Out]:
    body = message.body
    if body.get("game") != peer.genesis.game_id.hex():
        raise Rejected("wrong-game", "a reveal for another game")
    try:
        peer.beacon.offer(message.sender, int(body["k"]), bytes.fromhex(str(body["value"])))
    except (KeyError, TypeError, ValueError):
        raise Rejected("malformed", "a reveal without k and value") from None
    return []


def _on_dispute(peer: GamePeer, message: Message) -> list[Out]:
    slot = str(message.body.get("slot", ""))
    _check_dispute(peer, message.sender, message.body.get("index"), slot)
    for seat in peer.mine:
        secrets = peer.session.table.secrets[seat]
        if secrets.knows(slot) and _deck_owner(peer.session.table, slot) == seat:
            opening = secrets.opening(slot)
            body = {"game": peer.genesis.game_id.hex(), "slot": slot, "card": opening.card,
                    "salt": opening.salt}
            return [Out(encode_frame(peer.identity, "REOPEN", body))]
    return []


def _check_dispute(peer: GamePeer, sender: str, index: Any, slot: str) -> None:
    """Rejected unless the ledger hands `slot` to a seat of `sender` at `index` (else anyone
    could have any hidden card reopened in public)."""
    records = peer.session.table.records
    valid = type(index) is int and 0 <= index < len(records)
    entry = records[index].entry if valid else None
    if not (isinstance(entry, HandoffEntry) and entry.slot == slot
            and peer.genesis.owner(entry.to) == sender):
        raise Rejected("bad-dispute", f"entry {index} hands {slot} to no seat of the sender")


def _on_reopen(peer: GamePeer, message: Message) -> list[Out]:
    opening = _reopened(message.body)
    table = peer.session.table
    try:
        verify(table.ruleset.hidden(table.state), opening)
    except CommitmentError as exc:
        raise Rejected("bad-reopen", str(exc)) from None
    try:
        _take_reopened(peer, opening)
    except CommitmentError as exc:  # the committed card, one copy too many: a stacked deck
        return peer._stop(str(exc), LanError(str(exc)))
    return []


def _reopened(body: dict[str, Any]) -> Opening:
    """The opening a REOPEN carries."""
    try:
        return Opening(str(body["slot"]), str(body["card"]), bytes.fromhex(body["salt"]))
    except (KeyError, TypeError, ValueError):
        raise Rejected("malformed", "a reopen without slot, card and salt") from None


def _take_reopened(peer: GamePeer, opening: Opening) -> None:
    """The seats of ours the card was handed to take it; the dispute closes only then (its
    timer's first value is None, so `pop(...) is None` could not tell it from no dispute)."""
    if opening.slot not in peer.open_disputes:
        return
    table = peer.session.table
    for problem in table.disputes:
        if problem.slot == opening.slot and problem.to in peer.mine:
            peer._accept(problem.to, opening)
    del peer.open_disputes[opening.slot]


def _on_audit(peer: GamePeer, message: Message) -> list[Out]:
    try:
        openings = tuple(Opening(str(s), str(c), bytes.fromhex(x))
                         for s, c, x in message.body["openings"])
    except (KeyError, TypeError, ValueError):
        raise Rejected("malformed", "an audit without its openings") from None
    peer.audits[message.sender] = openings
    peer.audit_frames[message.sender] = message.frame
    peer._maybe_audit()
    return []


def _on_alert(peer: GamePeer, message: Message) -> list[Out]:
    text = str(message.body.get("text", "an alert"))
    equivocation = message.body.get("kind") == "equivocation"
    if equivocation and not _proves_equivocation(peer, message.body.get("evidence")):
        raise Rejected("bad-evidence", "an equivocation alert without two entries signed by "
                                       "one machine for one index")
    peer.log.alerts.append(f"{peer.genesis.machine(message.sender).name}: {text}")
    if equivocation:
        peer.stopped = f"stopped by {peer.genesis.machine(message.sender).name}: {text}"
    return []


def _proves_equivocation(peer: GamePeer, evidence: Any) -> bool:
    """Whether `evidence` is two different ENTRY frames of this game signed by one machine for
    one index (else any machine could stop the table by accusing another)."""
    try:
        first, second = (open_frame(bytes.fromhex(str(f)), peer.genesis.key_of)
                         for f in evidence)
    except (Rejected, TypeError, ValueError):
        return False
    game = peer.genesis.game_id.hex()
    return (first.type == second.type == "ENTRY" and first.sender == second.sender
            and first.payload != second.payload and first.body.get("game") == game
            and second.body.get("game") == game
            and first.body.get("index") == second.body.get("index"))


_HANDLERS: dict[str, Callable[[GamePeer, Message], list[Out]]] = {
    "ENTRY": _on_entry, "REVEAL": _on_reveal, "DISPUTE": _on_dispute, "REOPEN": _on_reopen,
    "AUDIT": _on_audit, "ALERT": _on_alert,
}


def _deck_owner(table: Table, slot: str) -> int:
    deck_id = slot.rsplit(":", 2)[0]
    return table.ruleset.hidden(table.state).deck(deck_id).owner
