"""Step 3: battles (Barbarians, Invasion, a chosen Conquest) and the tribute demand.

A battle: armies + Formations + Navy's ships against the enemy's strength; the winner's
margin is tribute, the loser's margin skulls; then one army is lost, and one ship with Navy
(Mediterranean 3a: Navy may be declined per battle, keeping the ship). A tribute demand
gains the margin over each weaker opponent, who may give one good instead. Rulings 9-12.
"""

from __future__ import annotations

from game.core.actions import Action, act
from game.rulesets.roll_through_the_ages import sheet
from game.rulesets.roll_through_the_ages.flow import Flow
from game.rulesets.roll_through_the_ages.rolling import fate
from game.rulesets.roll_through_the_ages.state import Battle, Player, RttaState

NAVY_CHOICES = (act("navy", use=True), act("navy", use=False))
CONQUEST_CHOICES = (act("conquer"), act("decline"))
OFFER_CHOICES = (act("pay_good"), act("refuse"))


def may_decline_navy(state: RttaState, player: Player) -> bool:
    """Mediterranean 3a: a player with Navy and a ship chooses whether to use it."""
    return state.mediterranean and sheet.owns(player, "navy") and player.ships > 0


def fight_battles(flow: Flow) -> None:
    """Fight the waiting battles in order; a Navy choice stops to ask its seat."""
    while flow.state.current.battles:
        battle = flow.state.current.battles[0]
        if may_decline_navy(flow.state, flow.player(battle.seat)):
            return flow.go("navy")
        _fight(flow, battle, navy=True)
    flow.go("tribute" if flow.state.phase == "war" else "conquest_offer")


def navy(flow: Flow, action: Action) -> None:
    """The fighting seat uses its Navy in this battle or not; the battle is fought."""
    battle = flow.state.current.battles[0]
    _fight(flow, battle, navy=bool(action.arg("use")))
    flow.go("war" if battle.kind == "conquest" else "battles")


def _fight(flow: Flow, battle: Battle, navy: bool) -> None:
    player = flow.player(battle.seat)
    ours = sheet.strength(player, navy)
    margin = ours - battle.enemy
    won = margin > 0
    tribute = player.tribute + (margin if won else 0)
    skulls = player.skulls + max(0, -margin)
    conquests = player.conquests + (battle.kind == "conquest" and won
                                    and player.conquests < flow.content.tracks.conquest_boxes)
    navy_used = navy and sheet.owns(player, "navy") and player.ships > 0
    flow.update(battle.seat, tribute=tribute, skulls=skulls, conquests=conquests,
                armies=max(0, player.armies - 1),
                ships=player.ships - 1 if navy_used else player.ships)
    flow.turn(battles=flow.state.current.battles[1:])
    flow.emit("battle", seat=battle.seat, enemy=battle.kind, strength=ours,
              against=battle.enemy, tribute=tribute - player.tribute,
              skulls=skulls - player.skulls, navy=navy_used, box=conquests > player.conquests,
              armies_lost=min(1, player.armies), ships_lost=int(navy_used))


def conquest_offer(flow: Flow) -> None:
    """A Conquest on the Fate die may be fought by a player with at least one army."""
    if fate(flow.content, flow.state.current) == "conquest" and flow.player().armies > 0:
        return flow.go("conquest")
    flow.go("tribute")


def conquest(flow: Flow, action: Action) -> None:
    """Fight the neighbouring tribe (strength = filled conquest boxes), or not."""
    if action.verb == "decline":
        return flow.go("tribute")
    enemy = flow.player().conquests
    flow.turn(battles=(Battle(flow.active, "conquest", enemy),))
    flow.go("war")


def tribute_demand(flow: Flow) -> None:
    """A tribute demand on the Fate die: compare with each opponent, clockwise (solitaire:
    a phantom as strong as the round number, who never pays a good)."""
    if fate(flow.content, flow.state.current) != "tribute":
        return flow.go("colonies_start")
    demand = sheet.strength(flow.player())
    if flow.state.solitaire:
        _gain(flow, phantom_strength(flow.state), demand, None)
        return flow.go("colonies_start")
    seats = flow.state.seats
    flow.turn(demand=demand, targets=tuple((flow.active + k) % seats for k in range(1, seats)))
    flow.go("demand")


def phantom_strength(state: RttaState) -> int:
    """The solitaire opponent's strength: the round number."""
    return state.round


def next_demand(flow: Flow) -> None:
    """Settle the next opponent of a tribute demand; a weaker one with a good decides."""
    turn = flow.state.current
    while turn.targets:
        target = flow.player(turn.targets[0])
        if turn.demand > sheet.strength(target) and target.goods > 0:
            return flow.go("tribute_offer")
        _gain(flow, sheet.strength(target), turn.demand, turn.targets[0])
        flow.turn(targets=turn.targets[1:])
        turn = flow.state.current
    flow.go("colonies_start")


def tribute_offer(flow: Flow, action: Action) -> None:
    """The weaker opponent gives one good, or lets the demand gain its tribute."""
    turn = flow.state.current
    seat = turn.targets[0]
    if action.verb == "pay_good":
        payer, active = flow.player(seat), flow.player()
        flow.update(seat, goods=payer.goods - 1)
        flow.update(flow.active, goods=sheet.add_goods(flow.content, active, 1))
        flow.emit("tribute_paid", seat=flow.active, payer=seat)
    else:
        _gain(flow, sheet.strength(flow.player(seat)), turn.demand, seat)
    flow.turn(targets=turn.targets[1:])
    flow.go("demand")


def _gain(flow: Flow, theirs: int, demand: int, target: int | None) -> None:
    margin = max(0, demand - theirs)
    player = flow.player()
    flow.update(flow.active, tribute=player.tribute + margin)
    flow.emit("tribute", seat=flow.active, target=-1 if target is None else target,
              strength=demand, against=theirs, tribute=margin)


def offer_actor(state: RttaState) -> int:
    """The opponent deciding whether to give a good."""
    return state.current.targets[0]


def battle_actor(state: RttaState) -> int:
    """The seat choosing whether to use its Navy."""
    return state.current.battles[0].seat
