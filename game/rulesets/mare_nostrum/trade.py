"""Rule 2, the Trade phase: the Trade Leader plays an Exchange Marker, every player seals an
offer (game.core.sealed), all are revealed at once, then the claim chain runs (`claims`)
and rule 2.2.1 evens it out. Unclaimed offers and claimed resources go behind the screens.

Phase contract (flow's sequence): `begin`, then `decision` until it returns None; `legal`
and `apply` answer it; `check_offer`/`sample_offer` serve the rule set's sealed hooks.
"""

from __future__ import annotations

from game.core.actions import Action, act
from game.core.decision import Decision
from game.core.entries import ActionEntry, Entry, RevealEntry, SealEntry
from game.core.events import Event
from game.core.sealed import Choice, Pick, open_round, round_decision
from game.rulesets.mare_nostrum import claims, offers
from game.rulesets.mare_nostrum.content_records import MnContent
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.powers import has_power
from game.rulesets.mare_nostrum.state import NOBODY, MnState, added, removed
from game.rulesets.mare_nostrum.text import (
    Names,
    Sentence,
    counted,
    resource_words,
    resources_words,
    seat_name,
)

ANTIGONE = "antigone"


def leader(state: MnState) -> int:
    """The Trade Leader (rule 5): he plays the marker and claims first."""
    return state.titles[0]


def round_name(state: MnState) -> str:
    """The sealed round of this round's offers."""
    return f"offer:{state.round}"


def begin(flow: Flow) -> None:
    """Rule 2.1: a new Trade Leader takes all three markers back, as does one who has
    played them all; the round's offers and claims start empty."""
    trade, first = flow.state.trade, leader(flow.state)
    count = len(flow.content.supplies.exchange_markers)
    still_out = offers.open_markers(count, trade.markers_used, trade.marker_holder, first)
    used = tuple(i for i in range(count) if i not in still_out)
    flow.sub("trade", marker_holder=first, markers_used=used, marker=NOBODY, value=0,
             sealed=None, offers=(), claims=(), claimer=NOBODY, short=NOBODY)


def decision(content: MnContent, state: MnState) -> Decision | None:
    """The pending decision of the Trade phase, or None once it is over."""
    trade, first = state.trade, leader(state)
    if trade.marker == NOBODY:
        return Decision(first, "action", f"{seat_name(first)}: play an Exchange Marker")
    if trade.sealed is not None:
        seat = trade.sealed.sealing
        prompt = f"{seat_name(seat)}: offer {counted(trade.value, 'resource')} face down" \
            if seat is not None else "reveal the offers"
        return round_decision(trade.sealed, prompt)
    if trade.claimer != NOBODY:
        return Decision(trade.claimer, "action",
                        f"{seat_name(trade.claimer)}: claim one offered resource")
    if trade.short != NOBODY:
        return Decision(first, "action", f"{seat_name(first)}: give one resource to "
                                         f"{seat_name(trade.short)} (rule 2.2.1)")
    return None


def legal(content: MnContent, state: MnState, seat: int) -> tuple[Action, ...]:
    """The seat's legal actions in the Trade phase (none unless it is the one deciding)."""
    pending = decision(content, state)
    if pending is None or pending.kind != "action" or pending.actor != seat:
        return ()
    trade = state.trade
    if trade.marker == NOBODY:
        return _marker_choices(content, state)
    if trade.claimer != NOBODY:
        return tuple(act("claim", giver=giver, resource=resource) for giver, resource
                     in claims.targets(trade.offers, seat, trade.claims))
    return tuple(act("give", resource=r) for r in sorted(set(state.player(seat).resources)))


def _marker_choices(content: MnContent, state: MnState) -> tuple[Action, ...]:
    markers = content.supplies.exchange_markers
    trade = state.trade
    open_ = offers.open_markers(len(markers), trade.markers_used, trade.marker_holder,
                                leader(state))
    return tuple(act("marker", value=v) for i in open_ for v in markers[i])


def apply(flow: Flow, entry: Entry) -> None:
    """Resolve an entry of the Trade phase: an action, a seal or a reveal."""
    if isinstance(entry, SealEntry):
        return flow.emit("offer_sealed", seat=entry.seat)
    if isinstance(entry, RevealEntry):
        return _revealed(flow)
    assert isinstance(entry, ActionEntry)
    _ACTIONS[entry.action.verb](flow, entry.action)


def _play_marker(flow: Flow, action: Action) -> None:
    """Rule 2.1: the marker with that value is played; 0 means no exchange (MN-B4)."""
    value = action.arg("value")
    assert isinstance(value, int)
    markers = flow.content.supplies.exchange_markers
    index = next(i for i, values in enumerate(markers) if value in values)
    first = leader(flow.state)
    flow.sub("trade", marker=index, value=value,
             markers_used=(*flow.state.trade.markers_used, index))
    flow.emit("marker_played", seat=first, value=value)
    if value:
        seats = tuple((first + k) % flow.state.seats for k in range(flow.state.seats))
        flow.sub("trade", sealed=open_round(round_name(flow.state), seats))


def _revealed(flow: Flow) -> None:
    """Once every offer is revealed, they lie face up and the Trade Leader claims first."""
    sealed = flow.state.trade.sealed
    assert sealed is not None
    if not sealed.complete:
        return
    shown = sealed.revealed()
    laid = tuple(shown.get(seat, ()) for seat in range(flow.state.seats))
    for seat, offer in enumerate(laid):
        flow.update(seat, resources=removed(flow.player(seat).resources, offer))
    flow.sub("trade", sealed=None, offers=laid, claimer=leader(flow.state))
    flow.emit("offers_revealed", offers=[list(offer) for offer in laid])
    _settle(flow)


def _claim(flow: Flow, action: Action) -> None:
    """Rule 2.2: the claimer takes one offered resource; the robbed player claims next."""
    giver, resource = action.arg("giver"), str(action.arg("resource"))
    assert isinstance(giver, int)
    trade = flow.state.trade
    flow.sub("trade", offers=claims.take(trade.offers, giver, resource), claimer=giver,
             claims=(*trade.claims, (trade.claimer, giver, resource)))
    flow.emit("claimed", taker=trade.claimer, giver=giver, resource=resource)
    _settle(flow)


def _settle(flow: Flow) -> None:
    """End trading when the claimer has nothing he may claim (ruling MN-B1): claimed
    resources and unclaimed offers go behind the screens; rule 2.2.1 finds who is short."""
    trade = flow.state.trade
    if claims.targets(trade.offers, trade.claimer, trade.claims):
        return
    for seat in range(flow.state.seats):
        flow.gain(seat, (*claims.received(trade.claims, seat), *trade.offers[seat]))
    short = claims.short_of_one(leader(flow.state), trade.claimer, trade.claims)
    flow.sub("trade", claimer=NOBODY, short=short,
             offers=tuple(() for _ in range(flow.state.seats)))
    flow.emit("trade_ended", returned=[list(offer) for offer in trade.offers], short=short)


def _give(flow: Flow, action: Action) -> None:
    """Rule 2.2.1: the Trade Leader gives one resource of his choice to the player short."""
    resource, first, short = str(action.arg("resource")), leader(flow.state), \
        flow.state.trade.short
    flow.update(first, resources=removed(flow.player(first).resources, (resource,)))
    flow.update(short, resources=added(flow.player(short).resources, (resource,)))
    flow.sub("trade", short=NOBODY)
    flow.emit("evened", giver=first, taker=short, resource=resource)


_ACTIONS = {"marker": _play_marker, "claim": _claim, "give": _give}


def _counts(state: MnState, seat: int) -> tuple[int, ...]:
    held = len(state.player(seat).resources)
    return offers.counts_allowed(state.trade.value, held, has_power(state, seat, ANTIGONE))


def check_offer(content: MnContent, state: MnState, seat: int, choice: Choice) -> str | None:
    """None when `choice` is a valid sealed offer for the seat now, else the reason."""
    return offers.check_offer(state.player(seat).resources, choice, _counts(state, seat))


def sample_offer(content: MnContent, state: MnState, seat: int, pick: Pick) -> Choice:
    """A valid sealed offer for the seat, steered by `pick`."""
    return offers.sample_offer(state.player(seat).resources, _counts(state, seat), pick)


def _offers(names: Names, ev: Event) -> str:
    shown = ev.get("offers") or []
    laid = [f"{seat_name(seat)} {resources_words(offer)}"
            for seat, offer in enumerate(shown)]
    return f"Offers revealed: {'; '.join(laid)}."


SENTENCES: dict[str, Sentence] = {
    "marker_played": lambda _, ev: (f"{seat_name(ev.get('seat'))} plays an Exchange Marker: "
                                   f"{counted(ev.get('value'), 'resource')} each."),
    "offer_sealed": lambda _, ev: f"{seat_name(ev.get('seat'))} places an offer face down.",
    "offers_revealed": _offers,
    "claimed": lambda _, ev: (f"{seat_name(ev.get('taker'))} claims "
                             f"{resource_words(ev.get('resource'))} from "
                             f"{seat_name(ev.get('giver'))}."),
    "trade_ended": lambda _, ev: "Trading ends; unclaimed offers go back behind the screens.",
    "evened": lambda _, ev: (f"{seat_name(ev.get('giver'))} gives "
                            f"{resource_words(ev.get('resource'))} to "
                            f"{seat_name(ev.get('taker'))}, who was one short (rule 2.2.1)."),
}
"""One sentence per Trade phase event."""
