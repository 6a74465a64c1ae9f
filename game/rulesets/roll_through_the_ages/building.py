"""Step 4, build: each population fills one box of a province, port or monument, or becomes
an army for 1 food; goods fill port urns and build ships. One box (or army, ship) per action,
then "done" (unspent population is lost). Provinces are filled in order; port boxes and
urns may run ahead onto later ports, filling them in sheet order (ruling 15); the first to
complete a monument takes its larger points (ruling 16); ships need Shipbuilding, bought in
an earlier turn by the order of the steps, or the Mediterranean (ruling 17)."""

from __future__ import annotations

from game.core.actions import Action, act
from game.rulesets.roll_through_the_ages import sheet
from game.rulesets.roll_through_the_ages.content import RttaContent
from game.rulesets.roll_through_the_ages.flow import Flow
from game.rulesets.roll_through_the_ages.state import Player, RttaState


def build_choices(content: RttaContent, state: RttaState) -> tuple[Action, ...]:
    """Every build of one box, army, ship or Granaries conversion open now, and "done"."""
    player, left = state.player(state.turn), state.current.population
    choices: list[Action] = []
    if left and player.provinces < len(content.provinces):
        choices.append(act("province"))
    population, urns = sheet.ports_ahead(content, player)
    if left and player.port_population < population:
        choices.append(act("port"))
    if player.goods and player.port_goods < urns:
        choices.append(act("urn"))
    choices += _monument_choices(content, player, left)
    if left and player.food >= sheet.ARMY_FOOD and player.armies < content.tracks.armies:
        choices.append(act("army"))
    if _may_build_ship(content, state, player):
        choices.append(act("ship"))
    if granary_open(content, player):
        choices.append(act("granary"))
    return (*choices, act("done"))


def _monument_choices(content: RttaContent, player: Player, left: int) -> list[Action]:
    choices = []
    population, boxes = sheet.ARCHITECTURE
    for index, monument in enumerate(content.monuments):
        remaining = monument.boxes - player.monuments[index]
        if left and remaining:
            choices.append(act("monument", monument=monument.id))
        if sheet.owns(player, "architecture") and left >= population and remaining >= boxes:
            choices.append(act("architecture", monument=monument.id))
    return choices


def _may_build_ship(content: RttaContent, state: RttaState, player: Player) -> bool:
    allowed = state.mediterranean or sheet.owns(player, "shipbuilding")
    return allowed and player.goods >= sheet.SHIP_GOODS and player.ships < content.tracks.ships


def granary_open(content: RttaContent, player: Player) -> bool:
    """Whether Granaries may turn one good into one food now."""
    return (sheet.owns(player, "granaries") and player.goods > 0
            and player.food < content.tracks.food)


def granary(flow: Flow) -> None:
    """Granaries: one good becomes one food."""
    player = flow.player()
    flow.update(flow.active, goods=player.goods - 1, food=player.food + 1)
    flow.emit("granary", seat=flow.active)


def build(flow: Flow, action: Action) -> None:
    """Resolve one build action of step 4 ("done" ends the step)."""
    if action.verb == "done":
        flow.turn(population=0)
        return flow.go("develop_start")
    _BUILDS[action.verb](flow, action)


def _spend_population(flow: Flow, amount: int = 1) -> None:
    flow.turn(population=flow.state.current.population - amount)


def _province(flow: Flow, action: Action) -> None:
    _spend_population(flow)
    player = flow.player()
    flow.update(flow.active, province_boxes=player.province_boxes + 1)
    if player.province_boxes + 1 >= flow.content.provinces[player.provinces].population:
        complete_province(flow, flow.active)


def complete_province(flow: Flow, seat: int) -> None:
    """A province is built: +2 armies (as far as the track goes) and its tribute."""
    player = flow.player(seat)
    province = flow.content.provinces[player.provinces]
    flow.update(seat, provinces=player.provinces + 1, province_boxes=0,
                armies=sheet.add_armies(flow.content, player, province.armies),
                tribute=player.tribute + province.tribute)
    flow.emit("province_built", seat=seat, number=province.number, tribute=province.tribute)


def _port(flow: Flow, action: Action) -> None:
    _spend_population(flow)
    flow.update(flow.active, port_population=flow.player().port_population + 1)
    _check_port(flow)


def _urn(flow: Flow, action: Action) -> None:
    player = flow.player()
    flow.update(flow.active, goods=player.goods - 1, port_goods=player.port_goods + 1)
    _check_port(flow)


def _check_port(flow: Flow) -> None:
    """The next port is built once the filled boxes and urns cover its needs; what is
    filled beyond them stays on the later ports (ruling 15)."""
    player = flow.player()
    port = flow.content.ports[player.ports]
    if player.port_population >= port.population and player.port_goods >= port.goods:
        flow.update(flow.active, port_population=player.port_population - port.population,
                    port_goods=player.port_goods - port.goods)
        complete_port(flow, flow.active)


def complete_port(flow: Flow, seat: int) -> None:
    """A port is built (its box and urns filled)."""
    player = flow.player(seat)
    number = flow.content.ports[player.ports].number
    flow.update(seat, ports=player.ports + 1)
    flow.emit("port_built", seat=seat, number=number)


def _monument(flow: Flow, action: Action) -> None:
    _spend_population(flow)
    _fill_monument(flow, str(action.arg("monument")), 1)


def _architecture(flow: Flow, action: Action) -> None:
    population, boxes = sheet.ARCHITECTURE
    _spend_population(flow, population)
    _fill_monument(flow, str(action.arg("monument")), boxes)


def _fill_monument(flow: Flow, monument_id: str, boxes: int) -> None:
    index = next(i for i, m in enumerate(flow.content.monuments) if m.id == monument_id)
    player = flow.player()
    filled = list(player.monuments)
    filled[index] += boxes
    flow.update(flow.active, monuments=tuple(filled))
    if sheet.built(flow.content, flow.player(), index):
        _complete_monument(flow, index)


def _complete_monument(flow: Flow, index: int) -> None:
    """First to complete a monument takes its larger points, later builders the smaller."""
    monument = flow.content.monuments[index]
    first = not any(sheet.built(flow.content, p, index)
                    for seat, p in enumerate(flow.state.players) if seat != flow.active)
    marks = list(flow.player().first)
    marks[index] = first
    flow.update(flow.active, first=tuple(marks))
    points = monument.first_vp if first else monument.later_vp
    flow.emit("monument_built", seat=flow.active, monument=monument.id, first=first,
              points=points)


def _army(flow: Flow, action: Action) -> None:
    _spend_population(flow)
    player = flow.player()
    flow.update(flow.active, food=player.food - sheet.ARMY_FOOD, armies=player.armies + 1)
    flow.emit("army_raised", seat=flow.active, armies=player.armies + 1)


def _ship(flow: Flow, action: Action) -> None:
    player = flow.player()
    flow.update(flow.active, goods=player.goods - sheet.SHIP_GOODS, ships=player.ships + 1)
    flow.emit("ship_built", seat=flow.active, ships=player.ships + 1)


_BUILDS = {
    "province": _province, "port": _port, "urn": _urn, "monument": _monument,
    "architecture": _architecture, "army": _army, "ship": _ship,
    "granary": lambda flow, action: granary(flow),
}
