"""Plain words for what the pointer is on: title and lines, with rule references."""

from __future__ import annotations

from sprites.map.hit import Hit
from sprites.map.model import MapModel
from sprites.map.picture import NEUTRAL, SUBDUED, BoardPicture
from sprites.theme import empire_name

ROUTE_WORDS = {
    "land": ("Land route", "Expeditions march along it freely."),
    "coastal": ("Coastal route", "Crossing needs a shipwreck roll (rule 5.4.3)."),
    "barbarian": ("Barbarian route",
                  "Leads through a barbarian area: passable once it is subdued (rule 5.4.1)."),
}


def describe(hit: Hit, model: MapModel, picture: BoardPicture) -> tuple[str, list[str]]:
    """Tooltip title and lines for a hit."""
    if hit.kind == "city":
        return _city(hit.id, model, picture)
    if hit.kind == "area":
        return _area(hit.id, model, picture)
    assert hit.route is not None
    title, rule = ROUTE_WORDS[hit.route.kind]
    a, b = (_name(model, end) for end in hit.route.ends)
    return title, [f"{a} – {b}", rule]


def _name(model: MapModel, node_id: str) -> str:
    try:
        return model.city(node_id).name
    except KeyError:
        return model.area(node_id).name


def _city(city_id: str, model: MapModel, picture: BoardPicture) -> tuple[str, list[str]]:
    city = model.city(city_id)
    state = picture.city(city_id)
    kind = f"Size {city.size} city" + (", port" if city.port else "")
    lines = [kind, f"Province: {model.province(city.province).name}"]
    if state.owner is None:
        lines.append("Out of play in this scenario")
        return city.name, lines
    if state.owner == NEUTRAL:
        lines.append("Neutral")
    else:
        lines.append(f"Held by {empire_name(state.owner)}")
    if state.capital_of:
        lines.append(f"Capital of {empire_name(state.capital_of)}")
    if state.key:
        lines.append("Key city")
    markers = "marker" if state.forts == 1 else "markers"
    lines.append(f"Fortification: {state.forts} {markers}")
    return city.name, lines


def _area(area_id: str, model: MapModel, picture: BoardPicture) -> tuple[str, list[str]]:
    area = model.area(area_id)
    state = picture.area(area_id)
    lines = [f"Barbarian area, strength {area.strength}"]
    if state is None:
        lines.append("Out of play in this scenario")
    else:
        lines.append("Subdued" if state == SUBDUED else "Free: not yet subdued")
    return area.name, lines
