"""Set-up 1-5 and the set-up for 3 or 4 players: each empire's three provinces with their
buildings, units and Control, its starting hero, the reserves, the Leader tracks and titles,
and the hero/wonder display. The starting resources are round 1's collection (set-up 3), so
the game opens on that Collect phase (ruling MN-2)."""

from __future__ import annotations

from game.core.errors import IllegalEntry
from game.core.records import evolve
from game.core.ruleset import GameConfig, ScenarioInfo
from game.core.slots import new_hidden
from game.rulesets.mare_nostrum import display
from game.rulesets.mare_nostrum.content_records import (
    BUILDINGS,
    COMMODITIES,
    TRACKS,
    Empire,
    MnContent,
)
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.leadership import adjust_all
from game.rulesets.mare_nostrum.state import NOBODY, Area, MnState, Player, Supply, Waters

SCENARIO_NAMES = {"5": "5 players: the whole board", "4": "4 players: Babylon covered",
                  "3": "3 players: Babylon and Egypt covered"}
"""The boards by player count (Setup for 3 or 4 players)."""
DEFAULT_SCENARIO = "5"


def scenarios(content: MnContent) -> tuple[ScenarioInfo, ...]:
    """One scenario per player count, its empires as named seats."""
    return tuple(ScenarioInfo(key, name, tuple(e.name for e in content.empires_for(int(key))),
                              _blurb(content, int(key)), int(key), int(key))
                 for key, name in SCENARIO_NAMES.items())


def _blurb(content: MnContent, players: int) -> str:
    names = ", ".join(e.name for e in content.empires_for(players))
    return f"{players} players ({names}); all visible provinces are playable."


def initial_state(content: MnContent, config: GameConfig) -> MnState:
    """Every empire placed, titles given, the display laid out; round 1 opens."""
    scenario = config.scenario or DEFAULT_SCENARIO
    if scenario not in SCENARIO_NAMES:
        raise IllegalEntry(f"Mare Nostrum's scenarios are 5, 4 and 3, not {scenario!r}")
    empires = content.empires_for(int(scenario))
    if len(config.seats) != len(empires):
        raise IllegalEntry(f"the {scenario}-player board seats {len(empires)}, "
                           f"not {len(config.seats)}")
    mode = config.option("display", display.MODES[0])
    if mode not in display.MODES:
        raise IllegalEntry(f"the display option is one of {display.MODES}, not {mode!r}")
    flow = Flow(content, _empty(content, empires, scenario, mode, config.game_id))
    for seat, empire in enumerate(empires):
        _place(flow, seat, empire)
    adjust_all(flow)
    flow.events.clear()
    return flow.state


def _empty(content: MnContent, empires: tuple[Empire, ...], scenario: str, mode: str,
           game_id: bytes) -> MnState:
    seats = len(empires)
    supplies = content.supplies
    supply = Supply(tuple(supplies.commodity(kind) for kind in COMMODITIES), supplies.coins,
                    tuple(supplies.building(piece) for piece in BUILDINGS),
                    legendary_pile=tuple(sorted(COMMODITIES * supplies.legendary_per_type)))
    starting = {tile.id for tile in content.tiles if tile.starting_for}
    free = tuple(tile.id for tile in content.tiles if tile.id not in starting)
    return MnState(
        scenario=scenario, display_mode=mode, round=1, phase="setup", step="display",
        players=tuple(Player(empire=e.id, tiles=(e.starting_hero,)) for e in empires),
        titles=_titles(content, empires),
        provinces=tuple(Area(p.id, legions=(0,) * seats) for p in content.provinces),
        seas=tuple(Waters(s.id, (0,) * seats) for s in content.seas),
        supply=supply, display=display.initial(mode, free),
        hidden=new_hidden(game_id, ()))


def _titles(content: MnContent, empires: tuple[Empire, ...]) -> tuple[int, int, int]:
    ids = [e.id for e in empires]
    held = {t.track: ids.index(t.empire) for t in content.titles_for(len(empires))
            if t.empire in ids}
    seats = tuple(held.get(track, NOBODY) for track in TRACKS)
    return seats[0], seats[1], seats[2]


def _place(flow: Flow, seat: int, empire: Empire) -> None:
    """Set-up 3: an empire's provinces, buildings, legions, fortresses and triremes."""
    for start in empire.provinces:
        area = flow.area(start.province)
        legions = tuple(start.legions if s == seat else n for s, n in enumerate(area.legions))
        flow.update_area(start.province, controller=seat, legions=legions,
                         fortress=seat if start.fortress else NOBODY)
        for site in start.buildings:
            flow.place_building(site)
    for sea in empire.triremes:
        fleets = flow.waters(sea).triremes
        flow.update_sea(sea, triremes=tuple(n + (s == seat) for s, n in enumerate(fleets)))




def first_round(flow: Flow) -> None:
    """After the display is laid out: round 1 begins with its Collect phase."""
    flow.set(trade=evolve(flow.state.trade, marker_holder=flow.state.titles[0]))
    flow.go("collect", "start")
