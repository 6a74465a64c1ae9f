"""Card-play windows (rule 9): who may play in which order, and the window when an ME sets out.

Order: the attacker (or the seat steering a non-player force), the defender, then everyone
else in turn order after the attacker; it goes round until every seat has passed in a row.
Seats that cannot possibly hold a playable card (judged from public facts only) pass without
being asked. The `Declared` frame is the window of land/naval_expedition_declared Special
Events (rule 5.4.4: after the route and the shipwreck rolls, before any interception); its
outcomes cancel_expedition, discard_from_expedition and discard_expedition act on that ME; a
card lost that proves the ME's declaration void (rule 5.4.1, reveal.py) ends the window and the
ME (`CombatOutcome("void", …)`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache

from game.core import chance
from game.core.actions import Action, act
from game.core.chance import ChanceRequest, resolve
from game.core.decision import CHANCE, Decision
from game.core.entries import ActionEntry, ChanceEntry, Entry
from game.core.records import evolve
from game.rulesets.mediterranean_empires.cards.cards import (
    DESTROYED,
    PLAYED,
    add_to_hand,
    card_in,
    discard,
    remove_from_hand,
)
from game.rulesets.mediterranean_empires.cards.holdings import hand_candidates
from game.rulesets.mediterranean_empires.combat.battle_effects import forbidden
from game.rulesets.mediterranean_empires.combat.records import Window
from game.rulesets.mediterranean_empires.content.vocabulary import Effect
from game.rulesets.mediterranean_empires.expedition.forces import CombatOutcome, Force
from game.rulesets.mediterranean_empires.expedition.losses import (
    CARD_ROLL_ON_WAY,
    candidates,
    next_loss,
    pick_decision,
    picked_slot,
    spent,
)
from game.rulesets.mediterranean_empires.expedition.reveal import (
    announce_lost_void,
    discard_void,
    lost_unfit,
)
from game.rulesets.mediterranean_empires.flow import Flow, Procedure, register
from game.rulesets.mediterranean_empires.frames import Declared
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState

LAND_WINDOW = "land_expedition_declared"
NAVAL_WINDOW = "naval_expedition_declared"


def window_order(state: MeState, lead: int, defender: int,
                 skip: tuple[int, ...] = ()) -> tuple[int, ...]:
    """Attacker (or who steers it), defender, then the rest in turn order after the first."""
    count = len(state.seats)
    anchor = lead if lead >= 0 else max(defender, 0)
    rest = [(anchor + i) % count for i in range(count)]
    order = [seat for seat in (lead, defender) if seat >= 0]
    order += [seat for seat in rest if seat not in order]
    return tuple(seat for seat in order if seat not in skip)


def row_outcome(effect: Effect, total: int) -> Effect:
    """The outcome of the roll_table row holding `total`."""
    for row in effect.param("rows"):
        if (row.low is None or total >= row.low) and (row.high is None or total <= row.high):
            return row.outcome
    raise ValueError(f"no row of the table holds {total}")


def weather_modifier(rules: Rules, state: MeState, effect: Effect) -> int:
    """-1 in Fine Weather, +1 in Foul Weather for weather-modified tables (rule 4.1)."""
    if not effect.param("weather_modified") or not state.event:
        return 0
    return rules.content.tables.random_event.event(state.event).effect.storm_at_sea_modifier


def table_request(effect: Effect, label: str) -> ChanceRequest:
    """The dice of a roll_table."""
    count, sides = effect.param("dice", (1, 6))
    return ChanceRequest((chance.dice(label, count, sides),), label)


# -- the window when an ME sets out --------------------------------------------------------

def declared_window(flow: Flow, force: Force, land: bool, naval: bool, lead: int,
                    defender: int) -> None:
    """Push the X-card window against an ME that has traced its route."""
    order = window_order(flow.state, lead, defender, skip=(force.seat,))
    flow.push(Declared(force, land, naval, Window(order)))


def _windows(frame: Declared) -> tuple[str, ...]:
    return (LAND_WINDOW,) * frame.land + (NAVAL_WINDOW,) * frame.naval


@cache  # content only
def _table(rules: Rules, card: str, window: str) -> Effect | None:
    return next((e for e in rules.card(card).abilities
                 if e.name == "roll_table" and e.window == window), None)


def _usable(rules: Rules, state: MeState, frame: Declared, card: str) -> tuple[str, ...]:
    """The windows in which `card` may be played against this ME."""
    seat = frame.force.seat
    empire = state.seats[seat].empire if seat >= 0 else ""
    return _usable_in(rules, card, empire, _windows(frame))


@lru_cache(maxsize=4096)  # content only: per card, the ME's empire and its windows
def _usable_in(rules: Rules, card: str, empire: str, windows: tuple[str, ...]
               ) -> tuple[str, ...]:
    if empire and forbidden(rules, card, empire):
        return ()
    return tuple(w for w in windows if _table(rules, card, w) is not None)


def _declared_decide(rules: Rules, state: MeState, frame: Declared) -> Decision | None:
    if frame.picked or (frame.losses and frame.force.seat >= 0):
        return pick_decision(state, frame.force.seat, candidates(frame.force, "card"),
                             frame.picked, "expedition card")
    if frame.ended in ("destroyed", "void"):
        hidden = tuple(c.slot for c in frame.force.cards if state.hidden.card_of(c.slot) is None)
        return Decision(frame.force.seat, "open", "show the expedition's cards",
                        slots=hidden) if hidden else None
    if frame.ended or frame.losses:
        return None
    if frame.rolling:
        effect = _table(rules, card_in(state, frame.rolling), frame.via)
        assert effect is not None
        name = rules.card(card_in(state, frame.rolling)).name
        return Decision(CHANCE, "chance", f"roll for {name}",
                        chance=table_request(effect, "card roll"))
    if frame.window.closed or not _could_play(rules, state, frame):
        return None
    seat = frame.window.seat
    return _window_decision(seat, state.seats[seat].empire)


@lru_cache(maxsize=256)  # a Decision is immutable: one object per seat and empire
def _window_decision(seat: int, empire: str) -> Decision:
    return Decision(seat, "action", f"{empire}: play a card against the expedition setting "
                    "out, or pass")


def _could_play(rules: Rules, state: MeState, frame: Declared) -> bool:
    seat = frame.force.seat
    empire = state.seats[seat].empire if seat >= 0 else ""
    return _any_usable(rules, _windows(frame), empire,
                       hand_candidates(state, frame.window.seat))


@lru_cache(maxsize=4096)
def _any_usable(rules: Rules, windows: tuple[str, ...], empire: str,
                cards: frozenset[str]) -> bool:
    """Whether one of `cards` has a table for these windows and may be played against an ME
    of `empire` ("" when no player's): `_usable`, kept per hand candidates."""
    tables = _table_cards(rules, windows)
    return any(card in tables and not (empire and forbidden(rules, card, empire))
               and any(_table(rules, card, w) is not None for w in windows) for card in cards)


@cache  # content only
def _table_cards(rules: Rules, windows: tuple[str, ...]) -> frozenset[str]:
    """Every card with a roll table for one of these windows (a quick filter for `_usable`)."""
    return frozenset(c.id for c in rules.content.decks.cards
                     if any(_table(rules, c.id, w) is not None for w in windows))


def _declared_legal(rules: Rules, state: MeState, frame: Declared, seat: int,
                    known: Mapping[str, str]) -> tuple[Action, ...]:
    if frame.window.closed or seat != frame.window.seat or frame.rolling or frame.ended:
        return ()
    plays = [act("play", slot=slot, window=w) for slot in state.seats[seat].hand
             if slot in known for w in _usable(rules, state, frame, known[slot])]
    return (act("pass"), *plays)


def _declared_handle(flow: Flow, frame: Declared, entry: Entry) -> None:
    if isinstance(entry, ActionEntry):
        _act(flow, frame, entry)
    elif isinstance(entry, ChanceEntry) and frame.rolling and not frame.losses:
        _rolled(flow, frame, entry)
    elif isinstance(entry, ChanceEntry):
        slot = picked_slot(candidates(frame.force, "card"), entry, "expedition card")
        flow.replace_top(evolve(frame, picked=slot))


def _act(flow: Flow, frame: Declared, entry: ActionEntry) -> None:
    if entry.action.verb == "pass":
        flow.replace_top(evolve(frame, window=frame.window.passed()))
        return
    slot = str(entry.action.arg("slot"))
    remove_from_hand(flow, entry.seat, slot)
    flow.emit("card_played", seat=entry.seat, card=flow.opened_card(slot))
    discard(flow, slot, PLAYED)
    flow.replace_top(evolve(frame, rolling=slot, via=str(entry.action.arg("window")),
                            window=frame.window.played()))


def _rolled(flow: Flow, frame: Declared, entry: ChanceEntry) -> None:
    card = flow.opened_card(frame.rolling)
    effect = _table(flow.rules, card, frame.via)
    assert effect is not None
    (dice,) = resolve(table_request(effect, "card roll"), entry.seed, entry.values)
    total = sum(dice) + weather_modifier(flow.rules, flow.state, effect)
    outcome = row_outcome(effect, total)
    flow.emit("combat_card_roll", card=card, dice=dice, total=total, outcome=outcome.name)
    frame = evolve(frame, rolling="", via="")
    if outcome.name == "discard_from_expedition":
        frame = evolve(frame, losses=int(outcome.param("count", 1)))
    elif outcome.name == "discard_expedition":
        frame = evolve(frame, ended="destroyed")
    elif outcome.name == "cancel_expedition":
        frame = _cancel(flow, frame)
    flow.replace_top(frame)


def _cancel(flow: Flow, frame: Declared) -> Declared:
    """cancel_expedition: the ME ends and its cards go back to their owner's hand."""
    force = frame.force
    for slot in (*(c.slot for c in force.cards), *force.leaders):
        add_to_hand(flow, force.seat, slot)
    flow.emit("expedition_cancelled", seat=force.seat, cards=len(force.cards))
    return evolve(frame, force=evolve(force, cards=(), leaders=()), ended="cancelled")


def _take_loss(flow: Flow, frame: Declared) -> Declared | None:
    """The pending loss taken (`next_loss`); a card lost that proves the declaration void
    (rule 5.4.1, reveal.py) ends the window: the rest of the ME is shown and discarded."""
    why = lost_unfit(flow.rules, flow.state, frame.picked)
    lost = next_loss(flow, frame, CARD_ROLL_ON_WAY)
    if lost is None or not why:
        return lost
    announce_lost_void(flow, lost.force, why)
    return evolve(lost, ended="void", losses=0)


def _declared_run(flow: Flow, frame: Declared) -> None:
    force = frame.force
    lost = _take_loss(flow, frame)
    if lost is not None:
        frame = lost
    elif frame.ended == "destroyed":
        _destroy(flow, force)
        frame = evolve(frame, force=evolve(force, cards=(), leaders=()), ended="destroyed!")
    elif frame.ended == "void":
        frame = evolve(frame, force=discard_void(flow, force), ended="void!")
    elif frame.ended or frame.window.closed:
        _finish(flow, frame)
        return
    else:
        frame = evolve(frame, window=frame.window.passed())
    if spent(frame.force) and not frame.ended:
        frame = evolve(frame, ended="destroyed!", losses=0)
    flow.replace_top(frame)


def _destroy(flow: Flow, force: Force) -> None:
    """discard_expedition: every card of the ME is discarded (rule 5.4.3's wording)."""
    for slot in (*(c.slot for c in force.cards), *force.leaders):
        discard(flow, slot, DESTROYED)
    flow.emit("expedition_destroyed", seat=force.seat)


def _finish(flow: Flow, frame: Declared) -> None:
    flow.pop()
    kind = "void" if frame.ended == "void!" else "declared"
    flow.set(outcome=CombatOutcome(kind, "", not frame.ended, frame.force, -1))


register("declared", Procedure(_declared_decide, _declared_handle, _declared_run,
                               legal=_declared_legal,
                               openings=lambda r, s, f, a: (str(a.arg("slot")),)
                               if a.verb == "play" else ()))
