"""Optional rule 8.2, free passage: an ME may pass through other players' cities if they agree.

After the cards are placed, each player whose city lies on the route is asked in the order the
route meets them. A refusal lets the attacker take its cards back (the action is spent) or
attack at once the first city of the refusing player on the route (the route ends there); an
interceptor can only take its cards back.
"""

from __future__ import annotations

from game.core.actions import Action, act
from game.core.decision import Decision
from game.core.entries import ActionEntry
from game.core.records import evolve
from game.rulesets.mediterranean_empires.cards.cards import add_to_hand
from game.rulesets.mediterranean_empires.cards.truces import in_truce
from game.rulesets.mediterranean_empires.expedition.routes import Route, passage_owners
from game.rulesets.mediterranean_empires.flow import Flow
from game.rulesets.mediterranean_empires.frames import Expedition
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState


def asked(rules: Rules, state: MeState, frame: Expedition) -> int | None:
    """The next player to ask for free passage (None: everyone has agreed)."""
    owners = passage_owners(rules, state, frame.seat, Route(frame.path, frame.sea))
    return next((o for o in owners if o not in frame.granted), None)


def _refused_city(rules: Rules, state: MeState, frame: Expedition) -> str:
    return next(node for node in frame.path[1:] if rules.is_city(node)
                and state.board.owner[rules.city_index(node)] == frame.refused)


def decide(rules: Rules, state: MeState, frame: Expedition) -> Decision | None:
    """Who answers now: the player asked, or the mover after a refusal."""
    if frame.refused >= 0:
        return Decision(frame.seat, "action", f"{state.seats[frame.refused].empire} refuses "
                        "free passage: take the cards back or attack")
    seat = asked(rules, state, frame)
    if seat is None:
        return None
    return Decision(seat, "action", f"{state.seats[seat].empire}: let "
                    f"{state.seats[frame.seat].empire}'s expedition pass through your cities?")


def legal(rules: Rules, state: MeState, frame: Expedition, seat: int) -> tuple[Action, ...]:
    """grant / refuse; after a refusal withdraw, or attack the refusing player's city."""
    if frame.refused >= 0:
        if seat != frame.seat:
            return ()
        attack = frame.role == "attack" and not in_truce(state, seat, frame.refused)
        return (act("withdraw"), *((act("attack"),) if attack else ()))
    return (act("grant"), act("refuse")) if seat == asked(rules, state, frame) else ()


def handle(flow: Flow, frame: Expedition, entry: ActionEntry) -> None:
    """Resolve an answer."""
    verb = entry.action.verb
    if verb in ("grant", "refuse"):
        flow.emit("free_passage", seat=entry.seat, granted=verb == "grant", mover=frame.seat)
        flow.replace_top(evolve(frame, granted=(*frame.granted, entry.seat)) if verb == "grant"
                         else evolve(frame, refused=entry.seat))
    elif verb == "attack":
        city = _refused_city(flow.rules, flow.state, frame)
        path = frame.path[:frame.path.index(city) + 1]
        flow.emit("passage_attack", seat=frame.seat, target=city)
        flow.replace_top(evolve(frame, target=city, path=path, refused=-9, step="wreck"))
    else:
        _withdraw(flow, frame)


def _withdraw(flow: Flow, frame: Expedition) -> None:
    for card in frame.force.cards:
        add_to_hand(flow, frame.seat, card.slot)
    flow.pop()
    flow.emit("expedition_withdrawn", seat=frame.seat, role=frame.role)
    if frame.role != "attack":
        flow.set(outcome=None)
