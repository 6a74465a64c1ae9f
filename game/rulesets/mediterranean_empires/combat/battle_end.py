"""The second half of a combat: roll tables, Battle Opening, resolution, casualties, recovery.

Steps: tables (roll_table cards played, in play order) → flee (flee_battle offers; flee_roll)
→ rolls (battle_start_roll, all at once) → opened (a side without fighting cards loses) →
resolve (1d6 base + extra dice + CF; ties to the defender) → casualties (the loser's 1d6 ≤
cards it deployed costs the winning attacker a random card) → end (discards; Leaders stay
with an attacking ME) → recovery (6 on 1d6 per card discarded, plus recover_on_discard) →
finish (`state.outcome`, pop).
"""

from __future__ import annotations

from game.core import chance
from game.core.actions import Action, act
from game.core.chance import ChanceRequest, resolve
from game.core.decision import CHANCE, Decision
from game.core.entries import ActionEntry, ChanceEntry, Entry
from game.core.records import evolve
from game.rulesets.mediterranean_empires.cards.cards import (
    CASUALTY,
    OVER,
    PLAYED,
    add_to_hand,
    card_in,
    deck_seat,
    discard,
)
from game.rulesets.mediterranean_empires.cards.reactions import row_outcome, table_request
from game.rulesets.mediterranean_empires.combat.battle_effects import (
    RESULT_TARGETS,
    abilities,
    city_size,
    factor,
    fighting,
    fits,
    force_of,
    involved_side,
    opening_effects,
    other,
    side_cf,
    side_dice,
)
from game.rulesets.mediterranean_empires.combat.records import ATTACKER, DEFENDER, Casualty
from game.rulesets.mediterranean_empires.content.vocabulary import Effect
from game.rulesets.mediterranean_empires.control import change_vp
from game.rulesets.mediterranean_empires.expedition.forces import BARBARIANS, CombatOutcome, Force
from game.rulesets.mediterranean_empires.expedition.losses import (
    BATTLE_LOSSES,
    discard_lost,
    weaken,
)
from game.rulesets.mediterranean_empires.flow import Flow
from game.rulesets.mediterranean_empires.frames import Combat
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState

SIDES = (ATTACKER, DEFENDER)


def with_force(frame: Combat, side: int, force: Force) -> Combat:
    """The combat with one side's force replaced."""
    return evolve(frame, **{"attacker" if side == ATTACKER else "defender": force})


def fighters(frame: Combat, side: int) -> tuple[str, ...]:
    """Slots of the cards a side has in the fight."""
    return tuple(c.slot for c in fighting(frame, side))


def lose_card(flow: Flow, frame: Combat, side: int, slot: str, reason: str) -> Combat:
    """Discard one card (and its cargo) from a side; it is a casualty of this combat."""
    force, lost = discard_lost(flow, force_of(frame, side), slot, reason)
    normal = frame.fight != "assault"
    casualties = (*frame.casualties, *(Casualty(s, force.seat, normal) for s in lost))
    return evolve(with_force(frame, side, force), casualties=casualties)


def take_loss(flow: Flow, frame: Combat) -> Combat:
    """Apply the first queued random loss (a picked card, or a die/6 CF of a card-less force)."""
    side = frame.losses[0][0]
    if frame.picked:
        frame = lose_card(flow, frame, side, frame.picked, BATTLE_LOSSES[frame.step])
    elif force_of(frame, side).seat < 0:
        frame = with_force(frame, side, weaken(force_of(frame, side)))
    return evolve(frame, losses=frame.losses[1:], picked="")


def check_assault(flow: Flow, frame: Combat) -> Combat:
    """An assault needs some City Assault CF (rule 5.4.7); without it the ME just ends."""
    if frame.fight != "assault" or frame.attacker.seat < 0:
        return frame
    usable = [s for s in fighters(frame, ATTACKER)
              if not factor(flow.rules, flow.opened_card(s), "assault").is_none]
    if usable:
        return frame
    flow.emit("no_assault", seat=frame.attacker.seat, where=frame.where)
    return evolve(frame, winner=DEFENDER, step="end")


# -- roll tables played into the combat ----------------------------------------------------

def _next_table(rules: Rules, state: MeState, frame: Combat) -> tuple[int, Effect] | None:
    for index in range(frame.tables, len(frame.played)):
        played = frame.played[index]
        for effect in abilities(rules, card_in(state, played.slot), played.use, "battle_play"):
            if effect.name == "roll_table" and fits(effect, frame.fight, played.side):
                return index, effect
    return None


def _apply_table(flow: Flow, frame: Combat, entry: ChanceEntry) -> Combat:
    found = _next_table(flow.rules, flow.state, frame)
    assert found is not None
    index, effect = found
    played = frame.played[index]
    (dice,) = resolve(table_request(effect, "card roll"), entry.seed, entry.values)
    outcome = row_outcome(effect, sum(dice))
    flow.emit("combat_card_roll", card=flow.opened_card(played.slot), dice=dice, total=sum(dice),
              outcome=outcome.name)
    return apply_outcome(flow.rules, evolve(frame, tables=index + 1), outcome, played.side)


def apply_outcome(rules: Rules, frame: Combat, outcome: Effect, side: int) -> Combat:
    """A roll_table outcome inside a combat: extra dice, a random enemy loss, or nothing."""
    if outcome.name == "extra_dice" and fits(outcome, frame.fight, side):
        helped = other(side) if outcome.param("side") == "enemy" else side
        return _add_dice(frame, helped, int(outcome.param("dice")))
    if outcome.name == "extra_dice_city_size" and frame.fight == "assault":
        return _add_dice(frame, DEFENDER, city_size(rules, frame.where))
    if outcome.name == "discard_random_enemy":
        loss = (other(side), str(outcome.param("what")), "")
        return evolve(frame, losses=frame.losses + (loss,) * int(outcome.param("count", 1)))
    return frame


def _add_dice(frame: Combat, side: int, dice: int) -> Combat:
    extra = tuple(n + dice if s == side else n for s, n in enumerate(frame.extra))
    return evolve(frame, extra=extra)


# -- Battle Opening ------------------------------------------------------------------------

def _flee_offer(rules: Rules, state: MeState, frame: Combat) -> tuple[int, str, Effect] | None:
    for side, card, effect in opening_effects(rules, state, frame, "flee_battle"):
        if card.slot not in frame.asked and force_of(frame, side).seat >= 0:
            return side, card.slot, effect
    return None


def _flee(flow: Flow, frame: Combat, slot: str) -> Combat:
    side = ATTACKER if any(c.slot == slot for c in frame.attacker.cards) else DEFENDER
    force = force_of(frame, side)
    add_to_hand(flow, force.seat, slot)
    flow.emit("fled", seat=force.seat, card=flow.opened_card(slot))
    cards = tuple(c for c in force.cards if c.slot != slot)
    return with_force(frame, side, evolve(force, cards=cards))


def _flee_min(rules: Rules, state: MeState, slot: str) -> int:
    effect = next(e for e in rules.card(card_in(state, slot)).abilities if e.name == "flee_battle")
    return int(effect.param("min_roll") or 0)


def _rolls_request(rules: Rules, state: MeState, frame: Combat) -> ChanceRequest | None:
    count = len(opening_effects(rules, state, frame, "battle_start_roll"))
    if not count:
        return None
    return ChanceRequest((chance.dice("battle opening", count),), "battle opening")


def _opening_rolls(flow: Flow, frame: Combat, entry: ChanceEntry) -> Combat:
    effects = opening_effects(flow.rules, flow.state, frame, "battle_start_roll")
    request = _rolls_request(flow.rules, flow.state, frame)
    assert request is not None
    (dice,) = resolve(request, entry.seed, entry.values)
    losses = list(frame.losses)
    for (side, card, effect), roll in zip(effects, dice, strict=True):
        hit = roll >= int(effect.param("min_roll"))
        flow.emit("opening_roll", seat=force_of(frame, side).seat, roll=roll, hit=hit,
                  card=flow.opened_card(card.slot))
        if hit:
            what = RESULT_TARGETS[str(effect.param("result"))]
            losses.append((other(side), what, str(effect.param("target_tag") or "")))
    return evolve(frame, losses=tuple(losses), step="opened")


def _empty(frame: Combat, side: int) -> bool:
    """No fighting card left, and no dice or CF of its own (a city rolls dice, no cards)."""
    force = force_of(frame, side)
    return not fighters(frame, side) and force.dice <= 0 and force.cf <= 0 \
        and force.naval_cf <= 0


def _after_opening(flow: Flow, frame: Combat) -> Combat:
    empty = [_empty(frame, side) for side in SIDES]
    if not any(empty):
        return evolve(frame, step="resolve")
    winner = DEFENDER if empty[ATTACKER] else ATTACKER
    flow.emit("battle_emptied", fight=frame.fight, where=frame.where, winner=winner)
    return win(flow, frame, winner)


# -- resolution ----------------------------------------------------------------------------

def _resolve_request(rules: Rules, state: MeState, frame: Combat) -> ChanceRequest:
    draws = []
    for side in SIDES:
        name = "attacker" if side == ATTACKER else "defender"
        draws.append(chance.dice(f"{name} dice", side_dice(rules, state, frame, side)))
        draws.append(chance.dice(f"{name} CF dice", side_cf(rules, state, frame, side)[1]))
    return ChanceRequest(tuple(draws), "battle resolution")


def _resolution(flow: Flow, frame: Combat, entry: ChanceEntry) -> Combat:
    rolled = resolve(_resolve_request(flow.rules, flow.state, frame), entry.seed, entry.values)
    totals = []
    for side in SIDES:
        cf = side_cf(flow.rules, flow.state, frame, side)[0] + sum(rolled[2 * side + 1])
        totals.append(cf + sum(rolled[2 * side]))
        flow.emit("battle_total", seat=force_of(frame, side).seat, cf=cf,
                  dice=rolled[2 * side], total=totals[-1],
                  side="attacker" if side == ATTACKER else "defender")
    return win(flow, frame, ATTACKER if totals[0] > totals[1] else DEFENDER)


def win(flow: Flow, frame: Combat, winner: int) -> Combat:
    """Record the winner and apply the ±2 VP of naval and field battles (rules 4.3, 7)."""
    flow.emit("combat_won", fight=frame.fight, where=frame.where,
              winner=force_of(frame, winner).seat, loser=force_of(frame, other(winner)).seat,
              winner_name=flow.empire_name(force_of(frame, winner).seat),
              attacker_won=winner == ATTACKER)
    if frame.fight != "assault":
        for side in SIDES:
            _battle_vp(flow, frame, side, side == winner)
    return evolve(frame, winner=winner, step="casualties")


def _battle_vp(flow: Flow, frame: Combat, side: int, won: bool) -> None:
    seat = force_of(frame, side).seat
    if seat < 0:
        return
    awards = flow.rules.content.tables.victory_points
    if force_of(frame, other(side)).seat == BARBARIANS:
        if side == ATTACKER:
            name = "" if won else "barbarian_battle_lost"
        else:
            name = "barbarian_interception_won" if won else "barbarian_interception_lost"
    else:
        name = "battle_won" if won else "battle_lost"
    if name:
        change_vp(flow, seat, awards.award(name), f"{frame.fight} battle")


# -- additional casualties -----------------------------------------------------------------

def _casualty_roll(frame: Combat) -> bool:
    return frame.winner == ATTACKER and frame.fight != "assault" and frame.deployed[DEFENDER] > 0


def _casualties(flow: Flow, frame: Combat, entry: ChanceEntry) -> Combat:
    request = ChanceRequest((chance.dice("additional casualties", 1),), "casualties")
    ((roll,),) = resolve(request, entry.seed, entry.values)
    hit = roll <= frame.deployed[DEFENDER]
    flow.emit("casualty_roll", seat=frame.defender.seat, roll=roll, hit=hit,
              deployed=frame.deployed[DEFENDER])
    losses = frame.losses + (((ATTACKER, "troop" if frame.fight == "field" else "card", ""),)
                             if hit else ())
    return evolve(frame, losses=losses, step="end")


# -- end of battle -------------------------------------------------------------------------

def _ends_me(rules: Rules, frame: Combat) -> bool:
    """The attacking ME is over after this combat even if it wins (assault, barbarian area)."""
    return frame.fight == "assault" or not rules.is_city(frame.where)


def _end(flow: Flow, frame: Combat) -> Combat:
    keep = frame.winner == ATTACKER and not _ends_me(flow.rules, frame)
    for side in SIDES:
        force = force_of(frame, side)
        if force.seat < 0 or (side == ATTACKER and keep):
            continue
        normal = frame.fight != "assault" and not (side == ATTACKER and frame.winner == ATTACKER)
        slots = (*(c.slot for c in force.cards), *force.leaders)
        frame = _discard_all(flow, frame, slots, force.seat, normal, CASUALTY if normal else OVER)
        frame = with_force(frame, side, evolve(force, cards=(),
                                               leaders=force.leaders if side == ATTACKER else ()))
    return _end_played(flow, frame, keep)


def _end_played(flow: Flow, frame: Combat, keep: bool) -> Combat:
    leaders = []
    for played in frame.played:
        if played.use == "L" and played.side == ATTACKER and keep:
            leaders.append(played.slot)
            continue
        involved = involved_side(frame, played.seat) is not None
        normal = frame.fight != "assault" and involved
        frame = _discard_all(flow, frame, (played.slot,), played.seat, normal,
                             CASUALTY if normal else PLAYED)
        if played.use == "L" and played.side == ATTACKER:
            leaders.append(played.slot)
    attacker = evolve(frame.attacker, leaders=(*frame.attacker.leaders, *leaders))
    return evolve(frame, attacker=attacker, step="recovery")


def _discard_all(flow: Flow, frame: Combat, slots: tuple[str, ...], seat: int,
                 normal: bool, reason: str) -> Combat:
    for slot in slots:
        discard(flow, slot, reason)
    return evolve(frame, casualties=(*frame.casualties,
                                     *(Casualty(s, seat, normal) for s in slots)))


# -- casualty recovery ---------------------------------------------------------------------

def _own_roll(rules: Rules, state: MeState, casualty: Casualty) -> int:
    """The recover_on_discard number of a casualty's card (0: none)."""
    for effect in rules.card(card_in(state, casualty.slot)).abilities:
        if effect.name == "recover_on_discard":
            return int(effect.param("min_roll"))
    return 0


def _recovery_request(rules: Rules, state: MeState, frame: Combat) -> ChanceRequest | None:
    normal = sum(c.normal for c in frame.casualties)
    own = sum(_own_roll(rules, state, c) > 0 for c in frame.casualties)
    if not normal and not own:
        return None
    return ChanceRequest((chance.dice("recovery", normal), chance.dice("card recovery", own)),
                         "casualty recovery")


def _recovery(flow: Flow, frame: Combat, entry: ChanceEntry) -> Combat:
    request = _recovery_request(flow.rules, flow.state, frame)
    assert request is not None
    normal_rolls, own_rolls = resolve(request, entry.seed, entry.values)
    back: list[Casualty] = []
    normal = [c for c in frame.casualties if c.normal]
    for casualty, roll in zip(normal, normal_rolls, strict=True):
        if roll == 6:
            back.append(casualty)
    own = [c for c in frame.casualties if _own_roll(flow.rules, flow.state, c)]
    for casualty, roll in zip(own, own_rolls, strict=True):
        if roll >= _own_roll(flow.rules, flow.state, casualty) and casualty not in back:
            back.append(casualty)
    flow.emit("recovery_rolls", rolls=normal_rolls, card_rolls=own_rolls, returned=len(back))
    for casualty in back:
        _recover(flow, casualty)
    return evolve(frame, step="finish")


def _recover(flow: Flow, casualty: Casualty) -> None:
    owner = deck_seat(flow.state, casualty.slot)
    pile = flow.seat(owner).discard
    flow.update_seat(owner, discard=tuple(s for s in pile if s != casualty.slot))
    add_to_hand(flow, casualty.seat, casualty.slot)
    flow.emit("recovered", seat=casualty.seat, card=flow.opened_card(casualty.slot))


def _finish(flow: Flow, frame: Combat) -> None:
    flow.pop()
    flow.set(outcome=CombatOutcome(frame.fight, frame.where, frame.winner == ATTACKER,
                                   frame.attacker, frame.defender.seat))


# -- the procedure's second half ------------------------------------------------------------

def decide(rules: Rules, state: MeState, frame: Combat) -> Decision | None:
    """Pending decision of the steps after the card window."""
    if frame.step == "tables" and _next_table(rules, state, frame) is not None:
        found = _next_table(rules, state, frame)
        assert found is not None
        return Decision(CHANCE, "chance", "roll for a card played",
                        chance=table_request(found[1], "card roll"))
    if frame.step == "flee":
        offer = _flee_offer(rules, state, frame)
        return None if offer is None else Decision(
            force_of(frame, offer[0]).seat, "action", "withdraw a card before the battle?")
    if frame.step == "flee_roll":
        return Decision(CHANCE, "chance", "roll to flee the battle",
                        chance=ChanceRequest((chance.dice("flee", 1),), "flee"))
    if frame.step == "rolls":
        request = _rolls_request(rules, state, frame)
        return None if request is None else Decision(CHANCE, "chance", "Battle Opening rolls",
                                                     chance=request)
    if frame.step == "resolve":
        return Decision(CHANCE, "chance", "Battle Resolution: roll the dice",
                        chance=_resolve_request(rules, state, frame))
    if frame.step == "casualties" and _casualty_roll(frame):
        return Decision(CHANCE, "chance", "additional casualties roll", chance=ChanceRequest(
            (chance.dice("additional casualties", 1),), "casualties"))
    if frame.step == "recovery":
        request = _recovery_request(rules, state, frame)
        return None if request is None else Decision(CHANCE, "chance", "casualty recovery",
                                                     chance=request)
    return None


def legal(rules: Rules, state: MeState, frame: Combat, seat: int) -> tuple[Action, ...]:
    """Legal actions of the steps after the card window (the flee offer)."""
    offer = _flee_offer(rules, state, frame) if frame.step == "flee" else None
    if offer is None or force_of(frame, offer[0]).seat != seat:
        return ()
    return (act("flee", slot=offer[1]), act("stay", slot=offer[1]))


def handle(flow: Flow, frame: Combat, entry: Entry) -> None:
    """Entries of the steps after the card window."""
    if isinstance(entry, ActionEntry):
        slot = str(entry.action.arg("slot"))
        frame = evolve(frame, asked=(*frame.asked, slot))
        if entry.action.verb == "flee":
            frame = evolve(frame, step="flee_roll") if _flee_min(flow.rules, flow.state, slot) \
                else _flee(flow, frame, slot)
        flow.replace_top(frame)
        return
    assert isinstance(entry, ChanceEntry)
    steps = {"tables": _apply_table, "flee_roll": _flee_rolled, "rolls": _opening_rolls,
             "resolve": _resolution, "casualties": _casualties, "recovery": _recovery}
    flow.replace_top(steps[frame.step](flow, frame, entry))


def _flee_rolled(flow: Flow, frame: Combat, entry: ChanceEntry) -> Combat:
    slot = frame.asked[-1]
    ((roll,),) = resolve(ChanceRequest((chance.dice("flee", 1),), "flee"), entry.seed,
                         entry.values)
    frame = evolve(frame, step="flee")
    return _flee(flow, frame, slot) if roll >= _flee_min(flow.rules, flow.state, slot) else frame


def run(flow: Flow, frame: Combat) -> None:
    """Automatic steps after the card window."""
    following = {"tables": "flee", "flee": "rolls", "rolls": "opened", "casualties": "end"}
    if frame.step in following:
        flow.replace_top(evolve(frame, step=following[frame.step]))
    elif frame.step == "opened":
        flow.replace_top(_after_opening(flow, frame))
    elif frame.step == "end":
        flow.replace_top(_end(flow, frame))
    elif frame.step == "recovery":
        flow.replace_top(evolve(frame, step="finish"))
    else:
        _finish(flow, frame)
