"""Hostile peers (protocol.md, Threat model): each is refused with its named reason, or stops
the table with an alert, and no honest machine's state is harmed — the honest machines keep
identical ledgers and, where the game can go on, finish it with a clean audit.

Whole games between `GamePeer`s through the in-process `Router` (tests/net/lan/lanhelp.py):
the Tribute (toy) rule set wherever it has what a case needs, Mediterranean Empires for the
face-down expedition with no Fleet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from game.core.actions import Action, act
from game.core.encoding import canonical_bytes, state_hash
from game.core.engine import apply
from game.core.entries import ActionEntry, ChanceEntry, Entry, entry_from_plain
from game.core.errors import IllegalEntry
from game.core.sealing import SealContext, Sealer
from game.core.secrets import SeatSecrets
from game.core.slots import Opening
from game.rulesets._toy.cards import kind_of
from game.rulesets.mediterranean_empires.frames import ActionPhase, Expedition
from game.rulesets.mediterranean_empires.ruleset import MeRuleset
from net.lan.errors import Rejected
from net.lan.frames import Message, encode_frame, open_frame
from net.lan.identity import SIGNATURE_SIZE, TAG_LEDGER, Identity
from net.lan.ledger import Ledger, entry_body
from net.lan.peer import REOPEN_SECONDS, GamePeer, Out
from tests.net.lan.lanhelp import CHAIN, Pick, Router, recast, steer, table_of

# -- the table -------------------------------------------------------------------------------


def toy(machines: int, seed: bytes | None = None) -> tuple[list[GamePeer], Router]:
    """A Tribute game with one seat per machine, and its router (not started yet)."""
    peers = table_of("toy", None, machines, seats=machines, seed=seed)
    return peers, Router(peers)


def fp(peer: GamePeer) -> str:
    """A peer's fingerprint."""
    return peer.identity.fingerprint


def seat(peer: GamePeer) -> int:
    """The one seat a peer holds."""
    return peer.mine[0]


def ledger_of(peer: GamePeer) -> tuple[bytes, ...]:
    """The exact bytes of a peer's ledger."""
    return tuple(r.payload for r in peer.ledger.records)


def snapshot(peer: GamePeer) -> tuple[tuple[bytes, ...], str]:
    """What a refused message must leave as it was: the ledger and the state hash."""
    return ledger_of(peer), state_hash(peer.session.table.state)


def reasons(peer: GamePeer) -> list[tuple[str, str]]:
    """(sender, reason code) of every message the peer refused."""
    return [(sender, reason) for sender, reason, _ in peer.log.rejections]


def finished_alike(peers: list[GamePeer]) -> None:
    """Every peer ended the game with the same ledger and final hash and a clean audit."""
    assert all(p.over for p in peers), [p.waiting_for() for p in peers]
    assert len({p.final_hash() for p in peers}) == 1
    assert len({ledger_of(p) for p in peers}) == 1
    assert all(p.audit is not None and p.audit.ok for p in peers), [
        p.audit.summary() if p.audit else None for p in peers]


def awaits(peer: GamePeer, actor: int) -> Callable[[], bool]:
    """Whether `peer` waits for an action of seat `actor`."""
    def waiting() -> bool:
        decision = peer.session.decision()
        return decision.kind == "action" and decision.actor == actor
    return waiting


# -- speaking for a machine ------------------------------------------------------------------

def forge(by: GamePeer, at: GamePeer, author: int, entry: Entry) -> bytes:
    """An ENTRY signed by `by` that fits `at`'s head (index, prev and state hash)."""
    body = entry_body(at.genesis, len(at.ledger), at.ledger.head, author,
                      state_hash(at.session.table.state), entry)
    return encode_frame(by.identity, "ENTRY", body)


def hand(peer: GamePeer, frame: bytes) -> list[Out]:
    """Deliver one frame straight to a peer; its answer."""
    return peer.receive(open_frame(frame, peer.genesis.key_of))


def signed_as(claimed: GamePeer, signer: Identity, message_type: str,
              body: dict[str, Any]) -> bytes:
    """A frame naming `claimed` as its sender, signed by `signer` (any type, CHANCE too)."""
    payload = canonical_bytes({"t": message_type, "by": fp(claimed), "b": body})
    return payload + signer.sign(TAG_LEDGER, payload)


def refusal(frame: bytes, peer: GamePeer) -> str:
    """The reason `open_frame` refuses a frame for."""
    with pytest.raises(Rejected) as refused:
        open_frame(frame, peer.genesis.key_of)
    return refused.value.reason


# -- how the seats play ----------------------------------------------------------------------

def plays(peer: GamePeer, kind: str) -> Pick:
    """Play a known card of `kind` whenever the peer's seat can."""
    def pick(legal: tuple[Action, ...]) -> Action | None:
        known = peer.session.table.secrets[seat(peer)].known()
        return next((a for a in legal if a.verb == "play"
                     and kind_of(known.get(str(a.arg("slot")), "x/x")) == kind), None)
    return pick


def passes(legal: tuple[Action, ...]) -> Action | None:
    """Always pass."""
    return act("pass") if act("pass") in legal else None


def wagers(legal: tuple[Action, ...]) -> Action | None:
    """Wager whenever possible."""
    return next((a for a in legal if a.verb == "wager"), None)


# -- forged signatures -----------------------------------------------------------------------

def test_a_forged_signature_is_refused_before_the_peer_sees_it() -> None:
    (a, b, c), router = toy(3)
    router.start()
    router.run(until=awaits(c, seat(a)))
    genuine = forge(a, c, seat(a), ActionEntry(seat(a), act("pass")))
    flipped = genuine[:-1] + bytes([genuine[-1] ^ 1])
    by_b = signed_as(a, b.identity, "ENTRY", open_frame(genuine, c.genesis.key_of).body)
    stranger = encode_frame(Identity.ephemeral(), "ENTRY", {"game": c.genesis.game_id.hex()})
    forged = (flipped, by_b, stranger)
    assert [refusal(f, c) for f in forged] == ["bad-signature", "bad-signature", "unknown-sender"]
    for frame in forged:
        router.inject(b, c, frame)
    router.run()
    assert router.refused == [(fp(c), "bad-signature")] * 2 + [(fp(c), "unknown-sender")]
    signatures = {f[-SIGNATURE_SIZE:] for f in forged}
    assert not any(m.signature in signatures for _, m in router.delivered)
    assert not any(p.log.rejections for p in (a, b, c))
    finished_alike([a, b, c])


# -- replays ---------------------------------------------------------------------------------

def test_a_replayed_entry_is_a_duplicate_stale_or_of_another_game() -> None:
    (a, b, c), router = toy(3)
    router.start()
    router.run(until=lambda: len(c.ledger) >= 30 and awaits(c, seat(b))())
    own = next(r for r in c.ledger.records if r.signer == fp(a))
    by_b = next(r for r in c.ledger.records if r.signer == fp(b))
    dice = next(r for r in c.ledger.records if r.kind == "CHANCE")
    before = snapshot(c)
    assert hand(c, own.payload + own.signature) == []  # the same bytes: ignored, not echoed
    assert c.log.rejections == []
    hand(c, encode_frame(a.identity, "ENTRY", by_b.body))  # B's entry, signed again by A
    hand(c, encode_frame(a.identity, "ENTRY", {**own.body, "index": dice.index}))
    hand(c, first_entry_of_another_game(a))
    assert reasons(c) == [(fp(a), "stale-index"), (fp(a), "stale-index"), (fp(a), "wrong-game")]
    assert snapshot(c) == before
    router.run()
    finished_alike([a, b, c])


def first_entry_of_another_game(peer: GamePeer) -> bytes:
    """The first ENTRY `peer` signs in another game of the same machines (other options)."""
    other = replace(peer.genesis, options=(("rounds", 4),))
    assert other.game_id != peer.genesis.game_id
    twin = GamePeer(peer.identity, other, peer.secrets, Ledger(other), CHAIN)
    frames = [o.frame for o in twin.advance()]
    return next(f for f in frames if open_frame(f, other.key_of).type == "ENTRY")


# -- out of turn, wrong author, illegal ------------------------------------------------------

def test_out_of_turn_and_wrong_author_entries_are_refused() -> None:
    (a, b, c), router = toy(3)
    router.start()
    router.run(until=awaits(c, seat(b)))
    before = snapshot(c)
    hand(c, forge(a, c, seat(a), ActionEntry(seat(a), act("pass"))))
    hand(c, forge(a, c, seat(b), ActionEntry(seat(b), act("pass"))))
    assert c.log.rejections == [
        (fp(a), "out-of-turn", "seat 0 may not act now: Seat 1 must"),
        (fp(a), "wrong-author", "Seat 1 is not played on the sending machine")]
    assert snapshot(c) == before
    router.run()
    finished_alike([a, b, c])


def test_an_illegal_action_is_refused_with_the_engines_reason() -> None:
    (a, b, c), router = toy(3)
    router.start()
    router.run(until=lambda: len(c.ledger) > 20 and awaits(c, seat(a))())
    before = snapshot(c)
    entries = illegal_entries(c, seat(a), seat(b))
    for entry in entries:
        hand(c, forge(a, c, seat(a), entry))
    assert c.log.rejections == [(fp(a), "illegal", engine_reason(c, e)) for e in entries]
    assert snapshot(c) == before
    router.run()
    finished_alike([a, b, c])


def illegal_entries(peer: GamePeer, actor: int, other: int) -> list[Entry]:
    """A wager of another seat's card, a play without its opening, a lie about a card."""
    state = peer.session.table.state
    mine, theirs = state.hands[actor][0], state.hands[other][0]
    lie = Opening(mine, f"d{actor}/coin3/3", bytes(16))
    return [ActionEntry(actor, act("wager", slot=theirs)),
            ActionEntry(actor, act("play", slot=mine)),
            ActionEntry(actor, act("play", slot=mine), (lie,))]


def engine_reason(peer: GamePeer, entry: Entry) -> str:
    """Why the engine refuses an entry on the peer's state."""
    with pytest.raises(IllegalEntry) as refused:
        apply(peer.session.table.ruleset, peer.session.table.state, entry)
    return str(refused.value)


# -- chance from the wire --------------------------------------------------------------------

def test_chance_is_never_taken_from_the_wire() -> None:
    (a, b, c), router = toy(3)
    router.start()
    router.run(until=lambda: c.session.decision().is_chance)
    roll = ChanceEntry(seed=bytes(32))
    hand(c, forge(a, c, seat(a), roll))  # while the dice are pending
    router.run(until=awaits(c, seat(a)))
    hand(c, forge(a, c, seat(a), roll))  # in place of an action
    record = {"game": c.genesis.game_id.hex(), "index": len(c.ledger), "k": 1, "seed": "00"}
    chance = signed_as(a, a.identity, "CHANCE", record)
    assert refusal(chance, c) == "chance-on-wire"
    router.inject(a, c, chance)
    router.run()
    assert reasons(c) == [(fp(a), "chance-from-wire")] * 2
    assert router.refused == [(fp(c), "chance-on-wire")]
    finished_alike([a, b, c])


# -- equivocation ----------------------------------------------------------------------------

class Equivocator(GamePeer):
    """Signs two different actions for one index (its first action from entry 12 on that has
    an alternative): one goes to `victims[0]`, the other to `victims[1]`."""

    victims: tuple[str, str] = ("", "")
    index = -1

    def _sign_and_submit(self, author: int, entry: Entry) -> Out:
        other = self._other(author, entry)
        if other is None:
            return super()._sign_and_submit(author, entry)
        self.index = len(self.ledger)
        body = entry_body(self.genesis, self.index, self.ledger.head, author,
                          state_hash(self.session.table.state), other)
        self._outbox.append(Out(encode_frame(self.identity, "ENTRY", body), to=self.victims[1]))
        return Out(super()._sign_and_submit(author, entry).frame, to=self.victims[0])

    def _other(self, author: int, entry: Entry) -> Entry | None:
        if self.index >= 0 or len(self.ledger) < 12 or not isinstance(entry, ActionEntry):
            return None
        others = [a for a in self.session.table.legal(author) if a != entry.action]
        return self.session.table.action_entry(author, others[0]) if others else None


def test_equivocation_stops_every_honest_machine_with_the_evidence() -> None:
    peers, router = toy(3)
    a = recast(peers, 0, Equivocator)
    b, c = peers[1:]
    a.victims = (fp(b), fp(c))
    router.start()
    router.run()
    index = a.index
    why = f"equivocation: machine {fp(a)[:8]} signed two different entries for index {index}"
    assert b.stopped == c.stopped == why
    assert ledger_of(b)[:index] == ledger_of(c)[:index] and ledger_of(b) != ledger_of(c)
    both = {b.ledger.records[index].payload, c.ledger.records[index].payload}
    assert {r.payload for r in b.log.evidence} == {r.payload for r in c.log.evidence} == both
    alerts = [m for m in router.sent("ALERT") if m.sender in (fp(b), fp(c))]
    assert {m.body["kind"] for m in alerts} == {"equivocation"}
    assert all(len(m.body["evidence"]) == 2 for m in alerts)
    assert a.stopped is not None and a.stopped.startswith("stopped by")
    assert not any(p.log.rejections for p in peers)


def test_an_equivocation_alert_without_proof_stops_no_one() -> None:
    (a, b, c), router = toy(3)
    router.start()
    router.run(until=lambda: len(c.ledger) > 20)
    one, other = [r for r in c.ledger.records if r.signer == fp(b)][:2]  # two indexes
    body = {"game": c.genesis.game_id.hex(), "kind": "equivocation",
            "text": f"equivocation: machine {fp(b)[:8]} signed two different entries",
            "evidence": [one.payload + one.signature, other.payload + other.signature]}
    for peer in (b, c):
        router.inject(a, peer, encode_frame(a.identity, "ALERT", body))
    router.run()
    assert reasons(b) == reasons(c) == [(fp(a), "bad-evidence")]
    assert not b.log.alerts and not c.log.alerts
    finished_alike([a, b, c])


# -- withheld messages -----------------------------------------------------------------------

Hold = Callable[[str, str, Message], bool]


def withhold(sender: GamePeer, want: Callable[[Message], bool], to: str | None = None) -> Hold:
    """Holds back the first message from `sender` that `want` matches: every copy of it, or
    only its copy to the machine `to`."""
    first: list[bytes] = []

    def hold(_: str, recipient: str, message: Message) -> bool:
        if not first and message.sender == fp(sender) and want(message):
            first.append(message.payload)
        return bool(first) and message.payload == first[0] and to in (None, recipient)
    return hold


def entry_kind(kind: str) -> Callable[[Message], bool]:
    """Whether a message is an ENTRY carrying a core entry of `kind`."""
    return lambda m: m.type == "ENTRY" and entry_from_plain(m.body["entry"]).kind == kind


def reveal_of(k: int) -> Callable[[Message], bool]:
    """Whether a message is the beacon value of round k."""
    return lambda m: m.type == "REVEAL" and m.body["k"] == k


def paused_then_resumed(peers: list[GamePeer], router: Router, waits: dict[int, str]) -> None:
    """The table pauses, the peers of `waits` saying what they wait for; once the held
    messages come every machine goes on from where it stood and finishes alike."""
    router.start()
    router.run()
    assert router.held and not any(p.over for p in peers)
    assert {i: peers[i].waiting_for() for i in waits} == waits
    paused = [ledger_of(p) for p in peers]
    router.release()
    finished_alike(peers)
    assert all(ledger_of(p)[:len(old)] == old for p, old in zip(peers, paused, strict=True))
    assert not any(p.log.rejections for p in peers)


def test_a_withheld_reveal_pauses_the_table_until_it_comes() -> None:
    peers, router = toy(3)
    router.hold = withhold(peers[0], reveal_of(5))
    paused_then_resumed(peers, router, {i: "waiting for the dice from M0" for i in (1, 2)})


def test_a_reveal_withheld_from_one_machine_pauses_it_and_then_the_table() -> None:
    peers, router = toy(3)
    router.hold = withhold(peers[0], reveal_of(4), to=fp(peers[2]))  # M0 and M1 roll, M2 not
    waits = {0: "waiting for the dice from M2", 2: "waiting for the dice from M0"}
    paused_then_resumed(peers, router, waits)


def test_an_entry_kept_for_later_cannot_be_pushed_out_by_another_machine() -> None:
    (a, b, c), router = toy(3)
    router.hold = withhold(a, reveal_of(4), to=fp(c))
    router.start()
    router.run()
    early = a.ledger.records[len(c.ledger) + 1]  # A's entry after the roll C cannot make
    assert early.signer == fp(a) and len(c.ahead) == 1
    router.inject(b, c, encode_frame(b.identity, "ENTRY", early.body))  # B's copy of it
    router.run()
    router.release()
    assert reasons(c) == [(fp(b), "stale-index")] and not c.ahead
    finished_alike([a, b, c])


def test_a_withheld_opening_pauses_the_table_until_it_comes() -> None:
    peers, router = toy(3)
    steer(peers[0], 0, wagers)
    router.hold = withhold(peers[0], entry_kind("open"))
    paused_then_resumed(peers, router, {i: "waiting for Seat 0 — M0's machine" for i in (1, 2)})


def test_a_withheld_handoff_pauses_the_table_until_it_comes() -> None:
    peers, router = toy(3)
    steer(peers[0], 0, plays(peers[0], "thief"))  # seat 1 is seat 0's victim
    router.hold = withhold(peers[1], entry_kind("handoff"))
    paused_then_resumed(peers, router, {i: "waiting for Seat 1 — M1's machine" for i in (0, 2)})


# -- a garbage handoff -----------------------------------------------------------------------

class GarbageSealer:
    """Seals garbage in place of a handed card; opens what is sealed to it as usual."""

    def __init__(self, real: Sealer) -> None:
        self.real = real

    def seal(self, opening: Opening, to: int, context: SealContext) -> bytes:
        """Eighty zero bytes."""
        return bytes(80)

    def unseal(self, sealed: bytes, context: SealContext) -> Opening:
        """The opening of a payload sealed to this machine."""
        return self.real.unseal(sealed, context)


def thief_and_garbage_victim() -> tuple[GamePeer, GamePeer, Router]:
    """Two machines: A's seat plays every thief it holds; B's passes, and seals garbage."""
    (a, b), router = toy(2)
    steer(a, 0, plays(a, "thief"))
    steer(b, 1, passes)  # so B holds only cards of its own deck, which B alone can reopen
    b.session.table.sealer = GarbageSealer(b.session.table.sealer)
    router.start()
    return a, b, router


def test_a_garbage_handoff_is_disputed_and_reopened_in_public() -> None:
    a, b, router = thief_and_garbage_victim()
    router.run()
    disputes, reopens = router.sent("DISPUTE"), router.sent("REOPEN")
    assert disputes and {m.sender for m in disputes} == {fp(a)}
    assert reopens and {m.sender for m in reopens} == {fp(b)}
    assert {m.body["slot"] for m in reopens} == {m.body["slot"] for m in disputes}
    assert all(a.session.table.secrets[0].knows(m.body["slot"]) for m in reopens)
    assert not a.open_disputes and not any(p.log.rejections for p in (a, b))
    finished_alike([a, b])


def test_a_handoff_never_reopened_stops_the_thiefs_machine_with_an_alert() -> None:
    a, b, router = thief_and_garbage_victim()
    router.hold = lambda sender, to, message: message.type == "REOPEN"
    router.run()
    [slot] = a.open_disputes
    assert a.waiting_for() == "waiting for M1 to reopen a card" and a.waiting_machine() == fp(b)
    assert a.tick(100.0) == [] and a.tick(100.0 + REOPEN_SECONDS) == [] and not a.stopped
    [alert] = a.tick(100.5 + REOPEN_SECONDS)
    assert a.stopped == f"withheld: the card of {slot} was never reopened"
    message = open_frame(alert.frame, b.genesis.key_of)
    assert (message.type, message.body["kind"]) == ("ALERT", "withheld")
    assert b.stopped is None and not b.log.rejections


def stealing_back(a: GamePeer, b: GamePeer) -> Pick:
    """Play A's thief only while B holds a card of A's deck (slot ids are public)."""
    def pick(legal: tuple[Action, ...]) -> Action | None:
        if any(s.startswith("d0:") for s in a.session.table.state.hands[1]):
            return plays(a, "thief")(legal)
        return passes(legal)
    return pick


def test_a_garbage_handoff_of_the_thiefs_own_card_needs_no_reopen() -> None:
    for _ in range(100):  # about one game in six: B steals a card of A's, A steals it back
        (a, b), router = toy(2)
        steer(a, 0, stealing_back(a, b))
        steer(b, 1, plays(b, "thief"))
        b.session.table.sealer = GarbageSealer(b.session.table.sealer)
        router.start()
        router.run()
        own = [p.slot for p in a.session.table.disputes if p.slot.startswith("d0:")]
        if own:
            break
    assert own and all(a.session.table.secrets[0].knows(slot) for slot in own)
    assert not set(own) & {m.body["slot"] for m in router.sent("DISPUTE")}
    finished_alike([a, b])


def test_a_dispute_of_a_card_never_handed_over_reveals_nothing() -> None:
    (a, b), router = toy(2)
    router.start()
    router.run(until=lambda: len(b.ledger) > 12 and awaits(b, seat(a))())
    own = next(s for s in b.session.table.state.hands[seat(b)] if s.startswith("d1:"))
    body = {"game": b.genesis.game_id.hex(), "index": len(b.ledger) - 1, "slot": own,
            "reason": "garbled"}
    assert hand(b, encode_frame(a.identity, "DISPUTE", body)) == []  # no REOPEN of B's card
    assert reasons(b) == [(fp(a), "bad-dispute")]
    router.run()
    assert not router.sent("REOPEN")
    finished_alike([a, b])


# -- a stacked deck --------------------------------------------------------------------------

class StackedCoins(SeatSecrets):
    """A cheating deck owner: its first shuffle commits the slot of its first coin1 to a second
    copy of its coin3 (Tribute decks hold one)."""

    def shuffle(self, game_id: bytes, deck: str, epoch: int,
                cards: tuple[str, ...]) -> tuple[bytes, ...]:
        if epoch == 0:
            ordered = sorted(cards)
            extra = next(c for c in ordered if kind_of(c) == "coin3")
            cards = (extra, *ordered[1:])
        return super().shuffle(game_id, deck, epoch, cards)


class Insister(GamePeer):
    """A modified client: it sends the entry its own engine refuses, then gives up."""

    def _sign_and_submit(self, author: int, entry: Entry) -> Out:
        try:
            return super()._sign_and_submit(author, entry)
        except IllegalEntry as exc:
            self.stopped = f"its own engine refused: {exc}"
            record = self.ledger.records[-1]
            return Out(record.payload + record.signature)


def stack(peer: GamePeer) -> None:
    """Give the peer's seat (seat 0) stacked secrets before its first shuffle."""
    honest = peer.session.table.secrets[0]
    peer.session.table.secrets[0] = StackedCoins(0, peer.secrets.seat_keys[0], honest.sealer)


def shown(peer: GamePeer, kind: str) -> bool:
    """Whether a card of `kind` from seat 0's deck has been opened in public."""
    revealed = peer.session.table.state.hidden.revealed
    return any(s.startswith("d0:") and kind_of(c) == kind for s, c in revealed.items())


def one_coin3(cheat: GamePeer) -> Pick:
    """Play a coin3 until one is shown (keeping the extra copy); else pass."""
    return lambda legal: (None if shown(cheat, "coin3") else plays(cheat, "coin3")(legal)
                          ) or passes(legal)


def test_a_stacked_deck_is_refused_at_the_first_extra_copy_played() -> None:
    peers, router = toy(3)
    cheat = recast(peers, 0, Insister)
    stack(cheat)
    steer(cheat, 0, lambda legal: plays(cheat, "coin3")(legal) or passes(legal))
    steer(peers[2], 2, passes)  # the only seat that could steal or plague seat 0's cards
    router.start()
    router.run()
    honest = peers[1:]
    assert cheat.stopped is not None and "stacked deck" in cheat.stopped
    for peer in honest:
        [(sender, reason, text)] = peer.log.rejections
        assert (sender, reason) == (fp(cheat), "illegal")
        assert text.startswith("stacked deck: d0:0:") and "opens 'd0/coin3/3' once more" in text
        assert peer.waiting_for() == "waiting for Seat 0 — M0's machine"
    assert len({snapshot(p) for p in honest}) == 1


def stolen_extra_copy(seed: bytes) -> tuple[GamePeer, GamePeer, Router]:
    """Seat 0 stacks its deck, shows one coin3 and keeps the other; seat 1 plays its thief
    while seat 0 holds that copy (which card it steals is the dice's choice)."""
    (cheat, thief), router = toy(2, seed)
    stack(cheat)
    steer(cheat, 0, one_coin3(cheat))
    steer(thief, 1, lambda legal: (plays(thief, "thief")(legal) if shown(thief, "coin3")
                                   and holds_extra(cheat, thief) else None) or passes(legal))
    router.start()
    router.run()
    return cheat, thief, router


def holds_extra(cheat: GamePeer, at: GamePeer) -> bool:
    """Whether the cheat's hand as `at` sees it holds a coin3 (read from the cheat's secrets,
    as only a test can)."""
    known = cheat.session.table.secrets[0].known()
    return any(kind_of(known.get(s, "x/x")) == "coin3" for s in at.session.table.state.hands[0])


def test_an_extra_copy_handed_to_a_thief_stops_the_thiefs_machine() -> None:
    for number in range(40):  # the first seed whose thief takes that copy (about half do)
        cheat, thief, router = stolen_extra_copy(b"stacked-%d" % number)
        if router.sent("DISPUTE"):
            break
    [dispute], [reopen] = router.sent("DISPUTE"), router.sent("REOPEN")
    assert dispute.sender == fp(thief) and str(dispute.body["reason"]).startswith("stacked deck")
    assert reopen.sender == fp(cheat) and reopen.body["card"] == "d0/coin3/3"
    assert thief.stopped == (f"stacked deck: {reopen.body['slot']} opens 'd0/coin3/3' once more "
                             f"than shuffle 0 of d0 holds (1)")
    [alert] = [m for m in router.sent("ALERT") if m.sender == fp(thief)]
    assert alert.body["kind"] == "stacked deck"
    assert not thief.session.table.secrets[1].knows(reopen.body["slot"])


def test_an_extra_copy_never_shown_is_named_by_the_audit() -> None:
    (cheat, honest), router = toy(2)
    stack(cheat)
    steer(cheat, 0, one_coin3(cheat))
    steer(honest, 1, passes)
    router.start()
    router.run()
    assert cheat.over and honest.over and not any(p.log.rejections for p in (cheat, honest))
    problems = {p.audit.problem for p in (cheat, honest) if p.audit is not None}
    assert {(p.seat, p.reason) for p in problems if p is not None} == {
        (0, "Seat 0's deck d0: shuffle 0 of d0 does not hold the declared cards")}


# -- an ineligible face-down card ------------------------------------------------------------

class FleetlessLanding:
    """A modified client's seat: declares a naval Military Expedition with up to three Troops
    and no Fleet, a confirm its own legal list never offers (no other machine can tell)."""

    def __init__(self, peer: GamePeer, seat_: int) -> None:
        ruleset = peer.session.table.ruleset
        assert isinstance(ruleset, MeRuleset)
        self.rules = ruleset.rules
        self.table = peer.session.table
        self.seat = seat_
        self.tries = 0
        self.cheated = -1
        """The index of the confirm that should have been refused."""

    def __call__(self, legal: tuple[Action, ...]) -> Action | None:
        top = self.table.state.top
        if self.cheated >= 0:
            return None
        if isinstance(top, ActionPhase) and self.tries < 20 and act("expedition") in legal:
            self.tries += 1
            return act("expedition")
        if isinstance(top, Expedition) and top.seat == self.seat and top.role == "attack":
            return self.build(top, legal)
        return None

    def build(self, frame: Expedition, legal: tuple[Action, ...]) -> Action | None:
        """Embark, add Troops, confirm."""
        if frame.step == "route":
            return next((a for a in legal if a.verb == "embark"), act("cancel"))
        if frame.step != "cards":
            return None
        troops = [a for a in legal if a.verb == "add" and self.troop(str(a.arg("slot")))]
        if frame.force.cards and (len(frame.force.cards) >= 3 or not troops):
            assert act("confirm") not in legal
            self.cheated = len(self.table.records)
            return act("confirm")
        return troops[0] if troops and frame.sea >= 0 else act("cancel")

    def troop(self, slot: str) -> bool:
        """Whether a slot holds a Troop that is no Fleet, as far as this seat knows."""
        card = self.table.secrets[self.seat].known().get(slot)
        types = self.rules.card(card).types if card else ()
        return "T" in types and "F" not in types


def calm(peer: GamePeer, cheat: int) -> Pick:
    """Pass (or decline) in every window while `cheat`'s ME is under way."""
    def pick(legal: tuple[Action, ...]) -> Action | None:
        if not any(isinstance(f, Expedition) and f.seat == cheat and f.role == "attack"
                   for f in peer.session.table.state.stack):
            return None
        return next((a for a in legal if a.verb in ("pass", "decline")), None)
    return pick


def fleetless_game() -> tuple[list[GamePeer], FleetlessLanding]:
    """Scenario 3 on two machines, Carthage's seat declaring a naval ME with no Fleet."""
    peers = table_of("mediterranean_empires", "second_punic_war", 2)
    cheat = FleetlessLanding(peers[0], 0)
    steer(peers[0], 0, cheat)
    for peer in peers:
        for other in set(peer.mine) - {0}:
            steer(peer, other, calm(peer, 0))
    router = Router(peers)
    router.start()
    router.run()
    return peers, cheat


def voided(peer: GamePeer) -> list[tuple[int, int, str]]:
    """(index, seat, reason) of every force_voided event the peer saw."""
    return [(index, int(e.get("seat")), str(e.get("reason")))
            for index, events in peer.log.events for e in events if e.kind == "force_voided"]


def test_a_naval_expedition_without_a_fleet_is_voided_alike_on_every_machine() -> None:
    for _ in range(6):  # rarely a Fleet in a discard pile (maybe lost on the way) spares it
        peers, cheat = fleetless_game()
        if voided(peers[1]):
            break
    assert cheat.cheated >= 0
    [(index, _, _)] = voided(peers[1])
    assert voided(peers[0]) == [(index, 0, "it has no Fleet")] and index > cheat.cheated
    assert all(p.over for p in peers) and len({p.final_hash() for p in peers}) == 1
    assert len({ledger_of(p) for p in peers}) == 1 and not any(p.log.rejections for p in peers)
    [problem] = {p.audit.problem for p in peers if p.audit is not None}
    assert problem is not None and (problem.index, problem.seat) == (cheat.cheated, 0)
    assert "confirm was not legal with the cards Carthage held" in problem.reason


# -- desync ----------------------------------------------------------------------------------

class Drifter(GamePeer):
    """A machine whose state drifts (a bug, another build): one point more, once."""

    index = -1

    def _sign_and_submit(self, author: int, entry: Entry) -> Out:
        if self.index < 0 and len(self.ledger) >= 15:
            self.index = len(self.ledger)
            state = self.session.table.state
            scores = (state.scores[0] + 1, *state.scores[1:])
            self.session.table.state = replace(state, scores=scores)
        return super()._sign_and_submit(author, entry)


def test_a_desync_stops_the_honest_machines_at_its_entry() -> None:
    peers, router = toy(3)
    drifter = recast(peers, 0, Drifter)
    router.start()
    router.run()
    honest = peers[1:]
    why = f"desync: the tables disagree from entry {drifter.index}"
    assert all(p.stopped == why for p in honest)
    assert all(len(p.ledger) == drifter.index for p in honest)
    assert len({snapshot(p) for p in honest}) == 1
    alerts = [m for m in router.sent("ALERT") if m.sender != fp(drifter)]
    assert {m.sender for m in alerts} == {fp(p) for p in honest}
    assert {m.body["kind"] for m in alerts} == {"desync"}
