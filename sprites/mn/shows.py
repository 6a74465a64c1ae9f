"""The rule set's view turned into what each panel draws (no pygame): the leader board's
levels, titles and Exchange Markers, the empires' lines, the resources behind the screen at
this table, the hero and wonder display, the trade table, the payment under way, the
battle (and whether its report still belongs), the forces where a battle would be fought and
the seas of a march through triremes. Panels never read the view themselves, so this is the
one place that knows its shape (game/rulesets/mare_nostrum/view.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.actions import Action
from game.rulesets.mare_nostrum.content_records import MnContent, Tile
from game.rulesets.mare_nostrum.control import fleet_reach
from sprites.mn.battle import BattleShow, SideShow
from sprites.mn.display import TileShow
from sprites.mn.screen import EmpireLine
from sprites.mn.trade import OfferShow, TradeShow

View = Mapping[str, Any]
TRACKS = ("trade", "culture", "military")
NOBODY = -1


def seat_or_none(seat: Any) -> int | None:
    """A seat from the view (None for nobody)."""
    return None if seat is None or int(seat) == NOBODY else int(seat)


def levels(view: View) -> list[dict[str, int]]:
    """Per seat: its level on each track."""
    return [dict(zip(TRACKS, p["tracks"], strict=True)) for p in view["players"]]


def titles(view: View) -> dict[str, int | None]:
    """Who holds each title."""
    return {track: seat_or_none(s) for track, s in zip(TRACKS, view["titles"], strict=True)}


def markers(view: View) -> list[tuple[tuple[int, int], str]]:
    """The three Exchange Markers with their state: "available", "used" or "played:N"."""
    trade = view["trade"]
    shown = []
    for index, (front, back) in enumerate(trade["markers"]):
        state = "available" if index in trade["available"] else "used"
        if index == trade["marker"] and view["phase"] == "trade":
            state = f"played:{trade['value']}"
        shown.append(((int(front), int(back)), state))
    return shown


def own_resources(view: View) -> tuple[str, ...]:
    """The resources behind the screen of the seat the view is for (none for the public)."""
    seat = view.get("seat")
    if seat is None:
        return ()
    return tuple(view["players"][seat]["resources"])


def held(player: Mapping[str, Any]) -> int:
    """How many resources an empire holds (its own view lists them, the others count)."""
    resources = player["resources"]
    return len(resources) if isinstance(resources, (list, tuple)) else int(resources)


def lines(view: View, content: MnContent, bots: Sequence[bool]) -> list[EmpireLine]:
    """Every empire's public line."""
    return [EmpireLine(seat, p["empire"], held(p),
                       tuple(content.tile(t).name for t in p["tiles"]), bots[seat])
            for seat, p in enumerate(view["players"])]


def tiles(view: View, content: MnContent) -> list[TileShow]:
    """The display: face-up tiles, then face-down ones, then those owned (with owners)."""
    display = view["display"]
    owners = {t: seat for seat, p in enumerate(view["players"]) for t in p["tiles"]}
    shown = [_tile(content.tile(t), True, None) for t in display["face_up"]]
    shown += [_tile(content.tile(t), False, None) for t in display["face_down"]]
    shown += [_tile(content.tile(t), True, seat) for t, seat in owners.items()
              if not content.tile(t).starting_for]
    return shown


def _tile(tile: Tile, face_up: bool, owner: int | None) -> TileShow:
    bonus = " ".join(f"{track[0].upper()}+{tile.bonus.value(track)}" for track in TRACKS
                     if tile.bonus.value(track))
    return TileShow(tile.id, tile.name, tile.kind, face_up, owner, bonus, bonus_words(tile))


def bonus_words(tile: Tile) -> str:
    """A tile's leader bonus in words: what it adds to each leader track (rule 5)."""
    return " · ".join(f"{track.title()} +{tile.bonus.value(track)}" for track in TRACKS
                      if tile.bonus.value(track))


def price(view: View, content: MnContent, seat: int | None) -> str:
    """What the next hero or wonder costs `seat` (rule 3.1.3), and the Pyramids."""
    pyramids = f"the Pyramids {content.costs.pyramids}"
    if seat is None:
        return f"heroes and wonders cost 7-10 resources · {pyramids}"
    cost = next_tile_cost(view, seat)
    return f"your next costs {cost} resources · {pyramids}" if cost else \
        f"you hold five · {pyramids}"


def next_tile_cost(view: View, seat: int) -> int:
    """What `seat`'s next hero or wonder costs (0: it holds five)."""
    return int(view["players"][seat]["next_tile_cost"])


def trade(view: View, empires: Sequence[str], composing: Sequence[str]) -> TradeShow | None:
    """The trade table while the phase runs (None outside it). `composing`: the offer the
    person at this table is putting together before sealing it."""
    if view["phase"] != "trade":
        return None
    state, seat = view["trade"], view.get("seat")
    sealed = set(state.get("sealed_by", ()))
    offers = state["offers"]
    taken = state["claims"]
    shows = []
    for other, empire in enumerate(empires):
        gone = tuple((r, by) for by, giver, r in taken if giver == other)
        if offers:
            shows.append(OfferShow(other, empire, "open" if offers[other] or gone else "out",
                                   tuple(offers[other]), taken=gone))
        elif other in sealed:
            mine = tuple(state.get("my_offer", ())) if other == seat else ()
            shows.append(OfferShow(other, empire, "sealed", mine,
                                   state["value"] if other != seat else 0))
        elif state["marker"] == NOBODY:
            shows.append(OfferShow(other, empire, "marker"))
        else:
            mine = tuple(composing) if other == seat else ()
            shows.append(OfferShow(other, empire, "sealed" if mine else "waiting", mine))
    return TradeShow(state["value"] if state["marker"] != NOBODY else None,
                     seat_or_none(state["marker_holder"]), seat_or_none(state["claimer"]),
                     seat_or_none(state.get("forbidden")), tuple(shows))


def conquest(view: View) -> str | None:
    """The province whose conquest the Active Player is choosing (rule 4.3), if any."""
    move = view["move"]
    if view["phase"] == "move" and move["step"] in ("conquest", "occupy") and \
            move["conquests"]:
        return str(move["conquests"][0])
    return None


def payment(view: View) -> Mapping[str, Any] | None:
    """The build being paid resource by resource, if any."""
    found: Mapping[str, Any] | None = view["build"].get("payment")
    return found


def picked(view: View) -> tuple[str, ...]:
    """The resources the seat the view is for has picked for its build so far."""
    paying = payment(view)
    if paying is None or view.get("seat") is None or view["build"]["active"] != view["seat"]:
        return ()
    return tuple(paying.get("picked", ()))


def battle(facts: Mapping[str, Any], empires: Sequence[str], names: Mapping[str, str]
           ) -> BattleShow:
    """A battle as its event reports it (rule 4.2): each side's dice, what heroes and the
    fortress add, its total, the hits it scores and the units it loses."""
    seats = (int(facts["seat"]), int(facts["against"]))
    scored, taken = facts["hits"], facts["taken"]
    bonuses = facts.get("bonuses") or [[], []]
    sides = tuple(SideShow(seat, empires[seat], tuple(facts["rolls"][k]),
                           tuple((str(why), int(points)) for why, points in bonuses[k]),
                           int(facts["totals"][k]), int(scored[k]),
                           max(0, int(scored[1 - k]) - int(taken[k])), int(taken[k]))
                  for k, seat in enumerate(seats))
    place = str(facts["place"])
    return BattleShow(names.get(place, place), bool(facts["sea"]), sides, place)


def battle_belongs(view: View, battle: BattleShow, fresh: bool) -> bool:
    """Whether a battle's report still explains the table: its losses or the conquest it
    won are being chosen, or (`fresh`: nothing decided since its roll but its losses) its
    attacker's first decision after it, unless that is another province's conquest. Another
    battle, phase or turn closes it."""
    move = view["move"]
    if view["phase"] != "move" or move["active"] != battle.sides[0].seat:
        return False
    fighting = move.get("battle")
    if fighting is not None:
        return bool(fighting["place"] == battle.area)
    conquered = conquest(view)
    return fresh if conquered is None else conquered == battle.area


def legions(view: View, province: str, seat: int) -> int:
    """How many legions `seat` has in a province."""
    return int(next(p for p in view["provinces"] if p["id"] == province)["legions"][seat])


def battle_place(action: Action) -> str:
    """Where a battle action would be fought ("" for another action)."""
    return str(action.arg("province") or action.arg("sea")) if action.verb == "battle" else ""


def forces(view: View, action: Action, seat: int) -> tuple[int, int]:
    """The units of `seat` and of its opponent where a battle action would be fought
    (legions and a fortress on land, triremes at sea)."""
    place, other = battle_place(action), int(str(action.arg("against")))
    for sea in view["seas"]:
        if sea["id"] == place:
            return int(sea["triremes"][seat]), int(sea["triremes"][other])
    area = next(p for p in view["provinces"] if p["id"] == place)
    held = [int(area["legions"][s]) + (int(area["fortress"]) == s) for s in (seat, other)]
    return held[0], held[1]


def trireme_chains(view: View, content: MnContent, seat: int | None,
                   legal: Sequence[Action]) -> set[str]:
    """The seas of `seat`'s trireme chains that carry one of its legal marches past the land
    borders (rule 4.1.2: adjoining provinces), to glow beside the marches' targets."""
    if seat is None:
        return set()
    fleet = frozenset(sea["id"] for sea in view.get("seas", ()) if sea["triremes"][seat])
    chains: set[str] = set()
    for action in legal:
        start, goal = action.arg("province"), action.arg("to")
        if action.verb != "march" or goal in content.province(str(start)).neighbours:
            continue
        seas = fleet_reach(content, content.province(str(start)).coasts, fleet)
        if any(goal in content.sea(sea).coasts for sea in seas):
            chains |= seas
    return chains
