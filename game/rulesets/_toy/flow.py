"""Tribute's transitions: a short-lived builder that resolves one entry to the next decision."""

from __future__ import annotations

from game.core.actions import Action
from game.core.chance import resolve
from game.core.entries import ChanceEntry
from game.core.events import Event, event
from game.core.records import evolve
from game.core.slots import draw_slot, parse_slot, start_shuffle
from game.rulesets._toy import bids, cards
from game.rulesets._toy.decisions import HAND_START, phase_decision
from game.rulesets._toy.state import ToyState, owner_of


class Flow:
    """Holds the state being resolved and the events it produced."""

    def __init__(self, state: ToyState) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, kind: str, **facts: object) -> None:
        """Record an event."""
        self.events.append(event(kind, **facts))

    def set(self, **changes: object) -> None:
        """Replace fields of the state."""
        self.state = evolve(self.state, **changes)

    # -- entries -----------------------------------------------------------------------------

    def act(self, action: Action) -> None:
        """Resolve the turn seat's pass, wager or face-up play."""
        seat, slot = self.state.turn, str(action.arg("slot", ""))
        if action.verb == "pass":
            self.emit("passed", seat=seat)
            return self.end_turn()
        self.remove_from_hand(seat, slot)
        if action.verb == "wager":
            self.set(wagers=_put(self.state.wagers, seat, slot))
            self.emit("wagered", seat=seat, slot=slot)
            return self.end_turn()
        return self.play(seat, slot)

    def chance(self, entry: ChanceEntry) -> None:
        """Resolve the numbers chance supplied for the current phase."""
        request = phase_decision(self.state).chance
        assert request is not None
        numbers = resolve(request, entry.seed, entry.values)
        _CHANCE_STEPS[self.state.phase](self, numbers)

    def opened(self) -> None:
        """A wager or a plague victim's card was opened."""
        if self.state.phase == "wager_open":
            return self.set(phase="wager_roll")
        victim, slot = self.state.victim, self.state.target
        self.remove_from_hand(victim, slot)
        self.discard(slot)
        self.emit("plagued", seat=victim, card=self.card(slot))
        self.end_turn()

    def handed_off(self) -> None:
        """The stolen card moves to the thief's hand."""
        thief, victim, slot = self.state.turn, self.state.victim, self.state.target
        self.remove_from_hand(victim, slot)
        self.add_to_hand(thief, slot)
        self.emit("stole", seat=thief, victim=victim)
        self.end_turn()

    def committed(self, deck: str) -> None:
        """A shuffle was committed; play goes on in the same phase."""
        self.emit("shuffled", deck=deck)

    # -- steps -------------------------------------------------------------------------------

    def play(self, seat: int, slot: str) -> None:
        """A card played face up takes effect."""
        card = self.card(slot)
        kind = cards.kind_of(card)
        self.emit("played", seat=seat, card=card)
        if kind == "raid":
            return self.set(phase="raid_roll", target=slot)
        self.discard(slot)
        if kind in ("thief", "plague"):
            if not self.state.hands[self.state.victim]:
                return self.end_turn()
            return self.set(phase=f"{'steal' if kind == 'thief' else 'plague'}_pick")
        self.score(seat, cards.value_of(card))
        self.end_turn()

    def deal(self, numbers: tuple[tuple[int, ...], ...]) -> None:
        """Deal the opening hand of the next seat."""
        seat = self.state.dealt
        for (index,) in numbers:
            self.draw(seat, index)
        self.emit("dealt", seat=seat, count=HAND_START)
        self.set(dealt=seat + 1)
        if self.state.dealt == self.state.seats:
            self.begin_round()

    def draw(self, seat: int, index: int) -> None:
        """Move the chance-chosen undrawn slot of the seat's deck into its hand."""
        hidden, slot = draw_slot(self.state.hidden, cards.deck_id(seat), index)
        self.set(hidden=hidden)
        self.add_to_hand(seat, slot)

    def begin_turn(self) -> None:
        """Open a standing wager, else draw."""
        if self.state.wagers[self.state.turn]:
            return self.set(phase="wager_open")
        self.enter_draw()

    def enter_draw(self) -> None:
        """Draw (reshuffling the discards when the deck is empty), or act with no draw."""
        seat = self.state.turn
        deck = self.state.hidden.deck(cards.deck_id(seat))
        if not deck.undrawn:
            pile = self.state.discards[seat]
            if not pile:
                return self.set(phase="act")
            hidden = start_shuffle(self.state.hidden, deck.id, tuple(self.card(s) for s in pile))
            self.set(hidden=hidden, discards=_put(self.state.discards, seat, ()))
        self.set(phase="draw")

    def end_turn(self) -> None:
        """Pass play on; the game ends after the last round."""
        state = self.state
        turn = (state.turn + 1) % state.seats
        round_ = state.round + (turn == 0)
        self.set(turn=turn, round=round_, target="")
        if round_ > state.rounds:
            self.set(phase="over")
            self.emit("game_over", scores=state.scores)
            return None
        if turn == 0:
            return self.begin_round()
        self.begin_turn()

    def begin_round(self) -> None:
        """Seal the round's bids first (scenario "sealed"), else go on to the first turn."""
        if not self.state.bidding:
            return self.begin_turn()
        self.set(phase="bid", sealed=bids.open_bids(self.state.round, self.state.seats))

    def sealed_bid(self, seat: int) -> None:
        """A seat sealed its bid."""
        self.emit("bid_sealed", seat=seat)

    def revealed_bid(self) -> None:
        """Once every bid is revealed, the highest single bid takes the others."""
        sealed = self.state.sealed
        assert sealed is not None
        if not sealed.complete:
            return None
        amounts = {seat: int(choice[0]) for seat, choice in sealed.revealed().items()}
        self.emit("bids_revealed", bids=[amounts[s] for s in range(self.state.seats)])
        for seat, points in bids.winnings(amounts).items():
            if points:
                self.score(seat, points)
        self.begin_turn()

    # -- small helpers -----------------------------------------------------------------------

    def card(self, slot: str) -> str:
        """The (already revealed) card in a slot."""
        card = self.state.hidden.card_of(slot)
        assert card is not None, f"{slot} is not revealed"
        return card

    def score(self, seat: int, points: int) -> None:
        """Add points."""
        scores = _put(self.state.scores, seat, self.state.scores[seat] + points)
        self.set(scores=scores)
        self.emit("scored", seat=seat, points=points, total=scores[seat])

    def discard(self, slot: str) -> None:
        """Put a revealed slot on its deck owner's discard pile."""
        owner = owner_of(slot)
        self.set(discards=_put(self.state.discards, owner, (*self.state.discards[owner], slot)))

    def add_to_hand(self, seat: int, slot: str) -> None:
        """Add a slot to a hand (hands stay sorted)."""
        self.set(hands=_put(self.state.hands, seat, tuple(sorted((*self.state.hands[seat], slot)))))

    def remove_from_hand(self, seat: int, slot: str) -> None:
        """Take a slot out of a hand."""
        self.set(hands=_put(self.state.hands, seat,
                            tuple(s for s in self.state.hands[seat] if s != slot)))


def _drawn(flow: Flow, numbers: tuple[tuple[int, ...], ...]) -> None:
    flow.draw(flow.state.turn, numbers[0][0])
    flow.emit("drew", seat=flow.state.turn)
    flow.set(phase="act")


def _wager_rolled(flow: Flow, numbers: tuple[tuple[int, ...], ...]) -> None:
    seat = flow.state.turn
    slot, die = flow.state.wagers[seat], numbers[0][0]
    card = flow.card(slot)
    points = 2 * cards.value_of(card) if die >= cards.WAGER_DOUBLE_AT else 0
    flow.emit("wager_resolved", seat=seat, card=card, die=die, points=points)
    flow.set(wagers=_put(flow.state.wagers, seat, ""))
    flow.discard(slot)
    if points:
        flow.score(seat, points)
    flow.enter_draw()


def _raid_rolled(flow: Flow, numbers: tuple[tuple[int, ...], ...]) -> None:
    dice = numbers[0]
    success = sum(dice) >= cards.RAID_TARGET
    flow.emit("raided", seat=flow.state.turn, dice=dice, success=success)
    flow.discard(flow.state.target)
    if success:
        flow.score(flow.state.turn, cards.RAID_POINTS)
    flow.end_turn()


def _victim_picked(flow: Flow, numbers: tuple[tuple[int, ...], ...]) -> None:
    slot = flow.state.hands[flow.state.victim][numbers[0][0]]
    next_phase = "steal_handoff" if flow.state.phase == "steal_pick" else "plague_open"
    flow.set(target=slot, phase=next_phase)


def _put(items: tuple, index: int, value: object) -> tuple:
    return (*items[:index], value, *items[index + 1:])


_CHANCE_STEPS = {
    "deal": Flow.deal,
    "draw": _drawn,
    "wager_roll": _wager_rolled,
    "raid_roll": _raid_rolled,
    "steal_pick": _victim_picked,
    "plague_pick": _victim_picked,
}

__all__ = ["Flow", "parse_slot"]
