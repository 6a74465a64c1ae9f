"""What is wrong with a scenario being edited, and what validates but would play badly.

`scenario_problems` runs the very checks that load a user scenario (`user.check_user_scenario`,
which calls the bundled content's own loaders) but keeps every problem instead of stopping at
the first; `scenario_warnings` looks at a scenario without problems as a board to play on.
Each finding is a `Problem`: one sentence, where it is in the data (a path as the editor's
draft names it) and, when it is at a place, that city or barbarian area.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from statistics import median
from typing import Any

from game.content import ContentError, Node
from game.rulesets.mediterranean_empires.content import bundled_content
from game.rulesets.mediterranean_empires.content.findings import Findings
from game.rulesets.mediterranean_empires.content.map import MapDef
from game.rulesets.mediterranean_empires.content.setups import SetupDef
from game.rulesets.mediterranean_empires.content.user import (
    PART_FILES,
    UserParts,
    check_user_scenario,
)

Where = tuple[str | int, ...]
_PART_OF = {file: part for part, file in PART_FILES.items()}
_STEP = re.compile(r"\[(\d+)\]|([^.\[\]]+)")
TERRITORY_SHARE = 5
"""An empire is warned about when the median of the others' territories is more than this
many times its own (see `territory_warnings`)."""


@dataclass(frozen=True)
class Problem:
    """One finding: a sentence, where it is (part, then keys and indexes) and its place."""

    sentence: str
    where: Where = ()
    node: str | None = None

    @property
    def file(self) -> str | None:
        """The file the problem is in (None: not in one)."""
        return PART_FILES.get(str(self.where[0])) if self.where else None

    @property
    def key_path(self) -> str:
        """Where in its file, as the loaders write it (`empires[1].capital`)."""
        text = ""
        for step in self.where[1:]:
            text += f"[{step}]" if isinstance(step, int) else f"{'.' if text else ''}{step}"
        return text

    def located(self) -> str:
        """The sentence after its file and key path: `scenario.yaml: hand_size: ...`."""
        return ": ".join(part for part in (self.file, self.key_path, self.sentence) if part)


def scenario_problems(setup: Mapping[str, Any], map_data: Mapping[str, Any] | None = None,
                      layout: Mapping[str, Any] | None = None) -> list[Problem]:
    """Every problem of a scenario (the checks `mare validate` and loading make); a map
    variant is checked too when given (None: the bundled map and drawing). Never raises:
    whatever the data holds, what is wrong with it is a problem."""
    try:
        findings = Findings(collect=True)
        check_user_scenario(*_nodes(setup, map_data, layout), findings)
        data = {"setup": setup, "map": map_data, "layout": layout}
        places = _places(map_data)
        return [problem_of(error, data, places) for error in findings.errors]
    except Exception as exc:  # a flaw of the checks must not take the editor down with it
        return [unfinished(exc)]


def scenario_warnings(setup: Mapping[str, Any], map_data: Mapping[str, Any] | None = None,
                      layout: Mapping[str, Any] | None = None) -> list[Problem]:
    """What validates but would play badly (none while the scenario has problems). Never
    raises (see `scenario_problems`)."""
    try:
        return _warnings(setup, map_data, layout)
    except Exception as exc:  # as in scenario_problems
        return [unfinished(exc)]


def unfinished(exc: Exception) -> Problem:
    """The one problem said when the checks themselves fail on some data (a flaw of ours,
    never a reason to stop the program)."""
    return Problem(f"The checks could not finish ({type(exc).__name__}: {exc}); this is a "
                   "flaw of Mare Internum, please report it with this scenario.")


def _warnings(setup: Mapping[str, Any], map_data: Mapping[str, Any] | None,
              layout: Mapping[str, Any] | None) -> list[Problem]:
    findings = Findings(collect=True)
    parts = check_user_scenario(*_nodes(setup, map_data, layout), findings)
    board = _board(parts) if not findings.errors else None
    if board is None:
        return []
    return [*foundation_warnings(board), *key_city_warnings(board),
            *territory_warnings(board), *victory_warnings(board),
            *lonely_city_warnings(board, "map" if map_data is not None else None)]


def _nodes(setup: Mapping[str, Any], map_data: Mapping[str, Any] | None,
           layout: Mapping[str, Any] | None) -> tuple[Node, Node | None, Node | None]:
    return (Node(setup, PART_FILES["setup"], ""),
            None if map_data is None else Node(map_data, PART_FILES["map"], ""),
            None if layout is None else Node(layout, PART_FILES["layout"], ""))


# -- problems ---------------------------------------------------------------------------------

def problem_of(error: ContentError, data: Mapping[str, Any], places: frozenset[str]
               ) -> Problem:
    """A loader's error as a problem: its sentence, where it is and the place it names."""
    part = _PART_OF.get(error.file, "setup")
    steps = path_steps(error.path)
    where: Where = (part, *steps)
    return Problem(sentence_of(error), where, _place(where, data.get(part), places))


def path_steps(path: str) -> Where:
    """A key path as the loaders write it ("empires[1].capital") as steps; none for the top
    of a file or a line number."""
    if path in ("", "(top)") or path.startswith("line "):
        return ()
    return tuple(int(index) if index else key for index, key in _STEP.findall(path))


def sentence_of(error: ContentError) -> str:
    """The error's message as one sentence (a YAML error keeps its line)."""
    message = error.message
    if message == "missing required key":
        message = f"{error.path.rsplit('.', 1)[-1]!r} is missing"
    if error.path.startswith("line "):
        message = f"{error.path}: {message}"
    message = message[:1].upper() + message[1:]
    return message if message.endswith((".", "?", "!")) else message + "."


def _places(map_data: Mapping[str, Any] | None) -> frozenset[str]:
    """Ids of the cities and barbarian areas of the map in use."""
    if map_data is None:
        return frozenset(bundled_content().map.node_ids)
    if not isinstance(map_data, Mapping):
        return frozenset()
    sections = (map_data.get(key) for key in ("cities", "barbarian_areas"))
    return frozenset(str(key) for listed in sections if isinstance(listed, Mapping)
                     for key in listed)


def _place(where: Where, part: Any, places: frozenset[str]) -> str | None:
    """The city or area a problem is at: the map entry it is in, or the id it names."""
    if where[:1] == ("map",) and len(where) > 2 and where[1] in ("cities", "barbarian_areas"):
        return str(where[2])
    for end in (len(where), len(where) - 1):
        value = _value_at(part, where[1:end])
        candidates = value if isinstance(value, list) else [value]
        found = next((v for v in candidates if isinstance(v, str) and v in places), None)
        if found is not None:
            return found
    return None


def _value_at(data: Any, steps: Where) -> Any:
    for step in steps:
        try:
            data = data[step]
        except (KeyError, IndexError, TypeError):
            return None
    return data


# -- warnings ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Board:
    """A scenario without problems, as warnings see it."""

    setup: SetupDef
    map: MapDef
    in_play: frozenset[str]
    """The cities of the provinces in play."""
    foundable: frozenset[str]
    """The cities in play an Empire Foundation marker may found: no key city, no capital."""

    def name(self, place: str) -> str:
        """A city's or area's name."""
        return self.map.city(place).name if self.map.is_city(place) \
            else self.map.barbarian_area(place).name


def _board(parts: UserParts) -> Board | None:
    if parts.setup is None or parts.map is None:
        return None
    setup, map_def = parts.setup, parts.map
    in_play = frozenset(c.id for c in map_def.cities if c.province in setup.province_ids)
    capitals = {e.capital for e in setup.empires}
    return Board(setup, map_def, in_play, in_play - capitals - set(setup.key_cities))


def reach(start: str, links: Callable[[str], Iterable[str]], allowed: frozenset[str]
          ) -> dict[str, int]:
    """Route steps from `start` to every place reached through `allowed` places."""
    steps = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in links(here):
            if there in allowed and there not in steps:
                steps[there] = steps[here] + 1
                queue.append(there)
    return steps


def _land(board: Board) -> Callable[[str], Iterable[str]]:
    """Land and coastal neighbours (the links rule 3.1's foundation follows)."""
    return lambda place: (*board.map.neighbours(place, "land"),
                          *board.map.neighbours(place, "coastal"))


def foundation_region(board: Board, capital: str) -> frozenset[str]:
    """The cities an empire may found from its capital (rule 3.1: each marker beside a city
    it holds, on an empty city in play that is no key city)."""
    return frozenset(reach(capital, _land(board), board.foundable)) - {capital}


def foundation_warnings(board: Board) -> list[Problem]:
    """Empires whose capitals, together with the others that share their cities, reach
    fewer cities to found than their Empire Foundation markers need (the markers left over
    must reinforce cities they hold instead of founding new ones)."""
    setup = board.setup
    regions = [foundation_region(board, e.capital) for e in setup.empires]
    warnings = []
    for group in _sharing(regions):
        cities = len(frozenset().union(*(regions[k] for k in group)))
        needed = (setup.fortification_markers - 1) * len(group)
        if cities < needed:
            warnings.append(_foundation_warning(board, group, cities, needed))
    return warnings


def _sharing(regions: list[frozenset[str]]) -> list[list[int]]:
    """The empires grouped by the cities they could both found (in turn order)."""
    groups: list[list[int]] = []
    for index, region in enumerate(regions):
        joined = [g for g in groups if any(regions[k] & region for k in g)]
        groups = [g for g in groups if g not in joined]
        groups.append(sorted([index, *(k for g in joined for k in g)]))
    return sorted(groups)


def _foundation_warning(board: Board, group: list[int], cities: int, needed: int) -> Problem:
    empires = [board.setup.empires[k] for k in group]
    markers = board.setup.fortification_markers
    if len(empires) == 1:
        sentence = (f"{empires[0].empire.capitalize()} can found only {cities} cities from "
                    f"{board.name(empires[0].capital)} by land and coastal routes (no key "
                    f"city, no capital): {markers} Empire Foundation markers need {needed} "
                    "besides the capital.")
    else:
        words = [e.empire.capitalize() for e in empires]
        names = ", ".join(words[:-1]) + " and " + words[-1]
        sentence = (f"{names} can found only {cities} cities between them by land and coastal "
                    f"routes (no key city, no capital): their Empire Foundation markers need "
                    f"{needed} besides their capitals.")
    return Problem(sentence, ("setup", "fortification_markers"), empires[0].capital)


def key_city_warnings(board: Board) -> list[Problem]:
    """Key cities no empire can ever reach from its capital: by any route over the cities and
    barbarian areas in play, or by sea between the ports in play."""
    reached: set[str] = set()
    places = board.in_play | frozenset(board.setup.barbarian_areas)
    for empire in board.setup.empires:
        reached.update(reach(empire.capital, _any_route(board), places))
    return [Problem(f"No empire can reach the key city {board.name(city)} from its capital.",
                    ("setup", "key_cities", index), city)
            for index, city in enumerate(board.setup.key_cities) if city not in reached]


def _any_route(board: Board) -> Callable[[str], Iterable[str]]:
    ports = tuple(c for c in sorted(board.in_play) if board.map.city(c).port)
    return lambda place: (*board.map.neighbours(place),
                          *(ports if place in ports else ()))


def territory_warnings(board: Board) -> list[Problem]:
    """Empires with far fewer cities near them than the others have.

    An empire's territory is the cities it could found that lie fewer route steps (land and
    coastal) from its capital than from any other capital, a tie shared equally. It is warned
    about when the median of the other empires' territories is more than `TERRITORY_SHARE`
    (5) times its own: the book's own line-ups go down to about two fifths (Macedonia in
    scenario 4, 7.5 cities against Greece's 16.5 and Persia's 20), so only line-ups well
    beyond anything the book designed are named."""
    shares = territories(board)
    warnings = []
    for index, empire in enumerate(board.setup.empires):
        others = [share for k, share in enumerate(shares) if k != index]
        if shares[index] * TERRITORY_SHARE < median(others):
            warnings.append(Problem(
                f"{empire.empire.capitalize()} has about {round(shares[index])} cities near "
                f"{board.name(empire.capital)}, {_others(board, index)} about "
                f"{round(median(others))}: it starts far behind.",
                ("setup", "empires", index, "capital"), empire.capital))
    return warnings


def _others(board: Board, index: int) -> str:
    names = [e.empire.capitalize() for k, e in enumerate(board.setup.empires) if k != index]
    return names[0] if len(names) == 1 else "the other empires each"


def territories(board: Board) -> list[float]:
    """Each empire's territory (see `territory_warnings`), in turn order."""
    steps = [reach(e.capital, _land(board), board.foundable) for e in board.setup.empires]
    shares = [0.0] * len(steps)
    for city in board.foundable:
        distances = [s[city] for s in steps if city in s]
        nearest = [k for k, s in enumerate(steps) if distances and s.get(city) == min(distances)]
        for k in nearest:
            shares[k] += 1 / len(nearest)
    return shares


def victory_warnings(board: Board) -> list[Problem]:
    """An automatic-victory threshold the Empire Foundation alone may reach, or above the
    cities any empire can reach at all."""
    setup = board.setup
    threshold, where = setup.automatic_victory_cities, ("setup", "automatic_victory_cities")
    if threshold <= setup.fortification_markers:
        return [Problem(f"An empire holding {threshold} cities wins at once, and its "
                        f"{setup.fortification_markers} Empire Foundation markers may found "
                        "that many before the first round.", where)]
    places = board.in_play | frozenset(setup.barbarian_areas)
    reached = set().union(*(reach(e.capital, _any_route(board), places) for e in setup.empires))
    cities = len(reached & board.in_play)
    if threshold > cities:
        return [Problem(f"The empires can reach only {cities} cities in play, fewer than the "
                        f"{threshold} an automatic victory needs.", where)]
    return []


def lonely_city_warnings(board: Board, part: str | None) -> list[Problem]:
    """Cities in play that no expedition can reach: no land or coastal route, and no port."""
    return [Problem(f"{board.name(city)} has no land or coastal route and is no port: no "
                    "expedition can reach it.", ("map", "cities", city) if part else (), city)
            for city in sorted(board.in_play)
            if not tuple(_land(board)(city)) and not board.map.city(city).port]
