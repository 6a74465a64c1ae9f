"""A Tribute (toy) table driven step by step, for the core's handoff, stacking and audit tests."""

from __future__ import annotations

from game.ai.bots import make_bot
from game.core.actions import act
from game.core.decision import Decision
from game.core.entries import ChanceEntry
from game.core.events import Event
from game.core.log import GameLog
from game.core.ruleset import GameConfig, Ruleset
from game.core.sealing import Sealer
from game.core.secrets import SeatSecrets
from game.core.table import SeededChance, Table, play
from game.rulesets import get_ruleset
from game.rulesets._toy import cards

GAME_ID = b"core-test-game!!"
CONFIG = GameConfig("toy", "standard", ("Ann", "Bob"), GAME_ID, (("rounds", 3),))


class StackedSecrets(SeatSecrets):
    """A cheating deck owner: commits each shuffle with its first card (sorted) replaced by a
    second copy of its last (in Tribute's decks: two thieves, no first coin)."""

    def shuffle(self, game_id: bytes, deck: str, epoch: int,
                cards: tuple[str, ...]) -> tuple[bytes, ...]:
        ordered = sorted(cards)
        return super().shuffle(game_id, deck, epoch, (ordered[-1], *ordered[1:]))


def seat_secrets(cheat: int | None = None, sealer: Sealer | None = None
                 ) -> dict[int, SeatSecrets]:
    """Both seats' secrets (seat `cheat` stacks its deck)."""
    return {s: (StackedSecrets if s == cheat else SeatSecrets)(s, bytes([s + 1]) * 32, sealer)
            for s in (0, 1)}


def toy_table(cheat: int | None = None, sealer: Sealer | None = None,
              ruleset: Ruleset | None = None) -> Table:
    """A two-seat, three-round Tribute table with its shuffles committed."""
    table = Table(ruleset or get_ruleset("toy"), CONFIG, seat_secrets(cheat, sealer),
                  sealer=sealer)
    settle(table)
    return table


def settle(table: Table) -> None:
    """Answer shuffle commitments until a real decision is pending."""
    while table.decision().kind == "commit":
        table.submit(table.mechanical_entry(table.decision()))


def deal(table: Table, seat: int, kinds: tuple[str, ...]) -> None:
    """Deal (or draw) cards of the given kinds from the seat's own deck."""
    indices = []
    undrawn = list(table.ruleset.hidden(table.state).deck(cards.deck_id(seat)).undrawn)
    for kind in kinds:
        index = next(i for i, s in enumerate(undrawn)
                     if cards.kind_of(table.secrets[seat].opening(s).card) == kind)
        indices.append(index)
        undrawn.pop(index)
    table.submit(ChanceEntry(values=tuple(indices)))


def in_hand(table: Table, seat: int, kind: str, skip: int = 0) -> str:
    """A slot in the seat's hand holding a card of `kind` (the `skip`-th such)."""
    known = table.secrets[seat].known()
    found = [s for s in table.state.hands[seat] if s in known and cards.kind_of(known[s]) == kind]
    return found[skip]


def do(table: Table, seat: int, verb: str, slot: str | None = None) -> tuple[Event, ...]:
    """A seat's action, with the openings it needs."""
    action = act(verb) if slot is None else act(verb, slot=slot)
    return table.submit(table.action_entry(seat, action))


def to_steal(table: Table, target: str) -> Decision:
    """Seat 0 (to act, holding a thief) steals `target` from seat 1: the handoff decision."""
    do(table, 0, "play", in_hand(table, 0, "thief"))
    table.submit(ChanceEntry(values=(table.state.hands[1].index(target),)))
    decision = table.decision()
    assert (decision.kind, decision.actor, decision.to) == ("handoff", 1, 0)
    return decision


def finish(table: Table, master: bytes = b"finish") -> GameLog:
    """Play the rest between random bots."""
    bots = {s: make_bot("bot:random", master + bytes([s]), "toy") for s in (0, 1)}
    return play(table, bots, SeededChance(master))

