"""steal_random_card (Treachery, Rebellious Plot): random cards taken from a chosen player.

Chance picks an index into the victim's sorted hand; the victim then hands the card's opening
privately to the thief (a `handoff` decision), and the slot moves to the thief's hand. Nobody
else learns the card: the `card_stolen` event names only the slot (public, as every hand's
slots are), from which the victim's own table knows which card it lost.
"""

from __future__ import annotations

from game.core import chance
from game.core.chance import ChanceRequest, resolve
from game.core.decision import CHANCE, Decision
from game.core.entries import ChanceEntry, Entry, HandoffEntry
from game.rulesets.mediterranean_empires.cards.card_effects import (
    EffectImpl,
    forbidden,
    implement,
    other_players,
    seat_of,
)
from game.rulesets.mediterranean_empires.cards.cards import add_to_hand, remove_from_hand
from game.rulesets.mediterranean_empires.content.vocabulary import Effect
from game.rulesets.mediterranean_empires.flow import Flow, Procedure, register
from game.rulesets.mediterranean_empires.frames import CardUse, Steal
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState


def _victims(rules: Rules, state: MeState, use: CardUse, effect: Effect) -> tuple[str, ...]:
    return tuple(e for e in other_players(rules, state, use)
                 if state.seats[seat_of(state, e)].hand)


def _has_victim(rules: Rules, state: MeState, use: CardUse, effect: Effect) -> bool:
    spared = forbidden(rules, use.card) if use.card else frozenset()
    return any(seat.hand for index, seat in enumerate(state.seats)
               if index != use.seat and seat.empire not in spared)


def _steal(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    victim = seat_of(flow.state, target)
    flow.emit("card_target", seat=use.seat, card=use.card, target=target)
    flow.push(Steal(use.seat, victim, int(effect.param("count"))))


def _decide(rules: Rules, state: MeState, frame: Steal) -> Decision | None:
    victim = state.seats[frame.victim]
    if frame.picked:
        return Decision(frame.victim, "handoff", f"{victim.empire}: hand the card taken to "
                        f"{state.seats[frame.thief].empire}", slots=(frame.picked,),
                        to=frame.thief)
    if frame.left <= 0 or not victim.hand:
        return None
    return Decision(CHANCE, "chance", f"pick a random card of {victim.empire}",
                    chance=ChanceRequest((chance.pick("stolen card", len(victim.hand)),),
                                         "steal"))


def _handle(flow: Flow, frame: Steal, entry: Entry) -> None:
    if isinstance(entry, ChanceEntry):
        request = _decide(flow.rules, flow.state, frame)
        assert request is not None and request.chance is not None
        (index,), = resolve(request.chance, entry.seed, entry.values)
        picked = flow.seat(frame.victim).hand[index]
        flow.replace_top(Steal(frame.thief, frame.victim, frame.left, picked))
        return
    assert isinstance(entry, HandoffEntry)
    remove_from_hand(flow, frame.victim, frame.picked)
    add_to_hand(flow, frame.thief, frame.picked)
    flow.emit("card_stolen", seat=frame.thief, victim=frame.victim, slot=frame.picked,
              victim_empire=flow.empire_name(frame.victim))
    flow.replace_top(Steal(frame.thief, frame.victim, frame.left - 1))


register("steal", Procedure(_decide, _handle, run=lambda flow, frame: flow.pop()))
implement("steal_random_card", EffectImpl(_steal, _victims, "the player to rob",
                                           any_target=_has_victim))
