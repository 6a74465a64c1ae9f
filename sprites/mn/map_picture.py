"""Mare Nostrum's board as an area-map picture: the drawn geometry (layout.yaml's projection,
labels and empire colours over sprites/assets/mare_nostrum_areas.json, the land round it from
mare_nostrum_surround.json) and, from a view, who controls each province, its sites with their
buildings and occupying legions, legions, fortresses, triremes, control markers and At War
marks."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import cache
from typing import Any

import yaml

from game.rulesets.mare_nostrum.content import bundled_bundle
from game.rulesets.mare_nostrum.content_records import MnContent, Province, Site
from sprites.areamap.geometry import AreaGeometry, Frame, load_geometry
from sprites.areamap.picture import AreaLook, AreaPicture, Side, SiteLook, UnitLook
from sprites.colour import hex_rgb
from sprites.mn.look import COMMODITIES

GEOMETRY = "mare_nostrum_areas.json"
SURROUND = "mare_nostrum_surround.json"
NOBODY = -1


@cache
def layout() -> dict[str, Any]:
    """layout.yaml of the bundled content (drawing only)."""
    text = bundled_bundle().text("layout.yaml") or "{}"
    data: dict[str, Any] = yaml.safe_load(text)
    return data


def geometry() -> AreaGeometry:
    """The board's shapes, projected as layout.yaml says."""
    raw = layout()
    projection = {k: int(v) for k, v in raw["projection"].items() if k != "kind"}
    labels = {area: look["label"] for area, look in raw["areas"].items()}
    return load_geometry(GEOMETRY, Frame(**projection), labels, SURROUND)


def sides(colour_blind: bool = False) -> dict[str, Side]:
    """Each empire's colour and initial (layout.yaml), by empire id."""
    key = "colour_blind" if colour_blind else "colour"
    return {empire: Side(hex_rgb(look[key]), str(look["initial"]), empire.title())
            for empire, look in layout()["empires"].items()}


def bare_picture(content: MnContent, colour_blind: bool = False,
                 players: int = 5) -> AreaPicture:
    """The board with nothing on it but the empty sites (the 3- and 4-player boards cover
    Babylon's and Egypt's provinces)."""
    areas = {p.id: AreaLook(p.id, p.name, sites=_sites(p, {}, {}),
                            in_play=p.in_play(players)) for p in content.provinces}
    areas |= {s.id: AreaLook(s.id, s.name) for s in content.seas}
    return AreaPicture(areas, sides(colour_blind))


def picture_from_view(content: MnContent, view: Mapping[str, Any], colour_blind: bool = False,
                      highlight: Collection[str] = ()) -> AreaPicture:
    """The picture of a Mare Nostrum view (see the rule set's view.py); `highlight` names
    areas or sites (a site lights its province)."""
    empires = [str(player["empire"]) for player in view["players"]]
    areas = {p["id"]: _province(content.province(p["id"]), p, empires, len(empires))
             for p in view["provinces"]}
    areas |= {s["id"]: _sea(content, s, empires) for s in view["seas"]}
    battle = (view.get("move") or {}).get("battle")
    return AreaPicture(areas, sides(colour_blind), frozenset(_area_ids(highlight)),
                       battle["place"] if battle else None)


def _area_ids(keys: Collection[str]) -> list[str]:
    return [key.split(".", 1)[0] for key in keys]


def _empire(empires: list[str], seat: int) -> str | None:
    return empires[seat] if 0 <= seat < len(empires) else None


def _province(province: Province, seen: Mapping[str, Any], empires: list[str],
              players: int) -> AreaLook:
    controller = _empire(empires, int(seen.get("controller", NOBODY)))
    built = {site: controller for site in seen.get("buildings", ())}
    occupied = {site: _empire(empires, int(seat))
                for site, seat in [*seen.get("occupied", ()), *seen.get("posted", ())]}
    units = [UnitLook("legion", empires[seat], int(n))
             for seat, n in enumerate(seen.get("legions", ())) if n]
    fortress = _empire(empires, int(seen.get("fortress", NOBODY)))
    if fortress is not None:
        units.append(UnitLook("fortress", fortress))
    return AreaLook(province.id, province.name, controller,
                    _sites(province, built, occupied), tuple(units), controller,
                    _empire(empires, int(seen.get("marker_occupier", NOBODY))),
                    bool(seen.get("at_war", False)), province.in_play(players))


def _sea(content: MnContent, seen: Mapping[str, Any], empires: list[str]) -> AreaLook:
    units = tuple(UnitLook("trireme", empires[seat], int(n))
                  for seat, n in enumerate(seen.get("triremes", ())) if n)
    return AreaLook(seen["id"], content.sea(seen["id"]).name, units=units)


def _sites(province: Province, built: Mapping[str, str | None],
           occupied: Mapping[str, str | None]) -> tuple[SiteLook, ...]:
    return tuple(_site(site, built, occupied) for site in province.sites)


def _site(site: Site, built: Mapping[str, str | None],
          occupied: Mapping[str, str | None]) -> SiteLook:
    kind = site.kind if site.kind != "city" or site.city_kind == "regular" else site.city_kind
    note = COMMODITIES[site.commodity][0] if site.commodity else site.city_name
    fill = COMMODITIES[site.commodity][1] if site.commodity else None
    return SiteLook(site.id, kind, note, fill, built.get(site.id), occupied.get(site.id))
