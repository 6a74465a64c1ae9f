"""The map editor's tools and what a click does with each: select (and drag) a place, add a
city or a barbarian area, draw a land, coastal or barbarian route by its two ends, delete a
route. No drawing here: the scene turns clicks into these calls and shows `hint` and
`notice`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sprites.editor.map_edits import ROUTE_NAMES, Geo, MapEdits, Refused
from sprites.theme import empire_name

Selection = tuple[str, ...]
"""("city", id), ("area", id) or ("route", kind, one end, the other)."""


@dataclass(frozen=True)
class Tool:
    """A tool: its id, name on its button, key, and what a click does with it."""

    id: str
    name: str
    key: str
    hint: str


TOOLS = (
    Tool("select", "Select", "1",
         "Click a place or a route to edit it; drag a city or an area to move it."),
    Tool("city", "Add city", "2", "Click empty land to place a new city."),
    Tool("land", "Land route", "3", "Click two cities to join them by land."),
    Tool("coastal", "Coastal route", "4", "Click two cities to join them across a strait."),
    Tool("barbarian", "Barbarian route", "5",
         "Click a barbarian area, then a city or another area."),
    Tool("area", "Barbarian area", "6", "Click empty land to place a new barbarian area."),
    Tool("erase", "Delete route", "7", "Click a route to delete it."),
)
ROUTE_TOOLS = ("land", "coastal", "barbarian")


@dataclass
class Pending:
    """A city or barbarian area being added: where, and its fields so far."""

    kind: str
    geo: Geo
    province: str = ""
    size: int = 1
    port: bool = False
    strength: int = 3


@dataclass
class Grab:
    """A place held with the left button: where it was taken, where the pointer is now."""

    node: str
    start: tuple[int, int]
    at: tuple[int, int]
    moving: bool = False


class Tools:
    """The active tool, what it has begun (a route's first end, a place being added), the
    selection, and the last thing said (a refusal, or the step just made)."""

    def __init__(self, edits: MapEdits) -> None:
        self.edits = edits
        self.tool = TOOLS[0]
        self.start: str | None = None
        self.pending: Pending | None = None
        self.selected: Selection | None = None
        self.notice = ""
        self.refused = False
        """Whether the notice is a refusal (drawn in wax red)."""

    # -- choosing ------------------------------------------------------------------------

    def choose(self, tool_id: str) -> None:
        """Take up a tool (what the last one began is dropped)."""
        self.tool = next(t for t in TOOLS if t.id == tool_id)
        self.start = None
        if self.pending is not None and self.pending.kind != tool_id:
            self.pending = None
        self.say("")

    def cancel(self) -> bool:
        """Drop a route's first end, else a place being added, else the selection; whether
        there was anything to drop."""
        for name in ("start", "pending", "selected"):
            if getattr(self, name) is not None:
                setattr(self, name, None)
                self.say("")
                return True
        return False

    def hint(self) -> str:
        """What a click on the map does now, in one line."""
        if self.start is not None:
            return (f"From {self.edits.name(self.start)}: click the other end "
                    "(Esc: start again).")
        if self.pending is not None:
            kind = "city" if self.pending.kind == "city" else "barbarian area"
            return f"Name the new {kind} in the panel, then Add (a click on land moves it)."
        return self.tool.hint

    def say(self, words: str, refused: bool = False) -> None:
        """Show a notice."""
        self.notice, self.refused = words, refused

    def attempt(self, edit: Callable[..., Any], *args: Any) -> bool:
        """Make an edit; on a refusal, say why; whether it was made."""
        done = len(self.edits.draft.done)
        try:
            edit(*args)
        except Refused as why:
            self.say(str(why), refused=True)
            return False
        if len(self.edits.draft.done) > done:
            self.say(f"{self.edits.draft.done[-1].label} · Ctrl+Z takes it back")
        return True

    # -- clicks --------------------------------------------------------------------------

    def click_node(self, node: str) -> None:
        """A click on a city or a barbarian area."""
        if self.tool.id in ROUTE_TOOLS:
            self._route_end(node)
        elif self.tool.id == "erase":
            self.say("Click a route to delete it (a place is removed from its panel).")
        else:
            self.pending = None
            self.select(("city" if self.edits.is_city(node) else "area", node))

    def click_route(self, kind: str, a: str, b: str) -> None:
        """A click on a route (away from any place)."""
        if self.tool.id == "erase":
            self.attempt(self.edits.remove_route, kind, a, b)
            self.selected = None
        elif self.tool.id == "select":
            self.select(("route", kind, a, b))
        elif self.tool.id in ROUTE_TOOLS:
            self.say("Click a place to end the route (Esc: start again)." if self.start
                     else "A route runs between two places: click the first one.")

    def click_empty(self, geo: Geo, on_land: bool, province: str) -> None:
        """A click on the map away from places and routes (`province`: the nearest city's)."""
        if self.tool.id in ("city", "area"):
            if not on_land:
                self.say("New places stand on land: click on land.", refused=True)
                return
            self.selected = None
            if self.pending is not None and self.pending.kind == self.tool.id:
                self.pending.geo = list(geo)  # moved, its fields kept
            else:
                self.pending = Pending(self.tool.id, list(geo), province)
            self.say("")
        elif self.tool.id == "select":
            self.selected = None
            self.say("")

    def select(self, selection: Selection | None) -> None:
        """Show a place or a route in the panel (None: nothing)."""
        self.selected = selection
        self.say("")

    def _route_end(self, node: str) -> None:
        kind = self.tool.id
        if self.start is None:
            refusal = self.edits.start_refusal(kind, node)
            if refusal:
                self.say(refusal, refused=True)
            else:
                self.start = node
                self.say("")
        elif self.start == node:
            self.start = None
            self.say("")
        elif self.attempt(self.edits.add_route, kind, self.start, node):
            self.selected = ("route", kind, self.start, node)
            self.start = None

    def would(self, node: str) -> str:
        """What a click on this place would do with the tool, or why it would not."""
        kind = self.tool.id
        if kind not in ROUTE_TOOLS:
            return ""
        if self.start is None:
            refusal = self.edits.start_refusal(kind, node)
            return refusal or f"Click: start a {ROUTE_NAMES[kind]} here."
        if node == self.start:
            return "Click: start again."
        refusal = self.edits.route_refusal(kind, self.start, node)
        return refusal or f"Click: add the {self.edits.route_label(kind, self.start, node)}."

    # -- adding ----------------------------------------------------------------------------

    def add_pending(self, name: str) -> bool:
        """Add the place being added, under this name; whether it was added."""
        pending = self.pending
        if pending is None:
            return False
        try:
            if pending.kind == "city":
                node = self.edits.add_city(name, pending.geo, pending.province, pending.size,
                                           pending.port)
            else:
                node = self.edits.add_area(name, pending.geo, pending.strength)
        except Refused as why:
            self.say(str(why), refused=True)
            return False
        self.pending = None
        self.select(("city" if pending.kind == "city" else "area", node))
        self.say(f"{self.edits.draft.done[-1].label} · Ctrl+Z takes it back")
        return True

    def prune(self) -> None:
        """Forget what no longer exists (after an undo or a redo)."""
        places = set(self.edits.cities()) | set(self.edits.areas())
        if self.start not in places:
            self.start = None
        sel = self.selected
        if sel is not None and (sel[1] not in places if sel[0] != "route"
                                else self.edits.route_kind(sel[2], sel[3]) != sel[1]):
            self.selected = None

    def removal_words(self, node: str) -> list[str]:
        """What removing a place takes with it, for the confirmation."""
        count = len(self.edits.routes_of(node))
        lines = ["No route leads there." if not count else "Its route goes with it."
                 if count == 1 else f"Its {count} routes go with it."]
        setup = self.edits.draft.setup
        for entry in setup.get("empires") or []:
            if isinstance(entry, dict) and entry.get("capital") == node:
                lines.append(f"The scenario makes it {empire_name(str(entry.get('empire')))}'s "
                             "capital: choose another in the scenario form.")
        if node in (setup.get("key_cities") or []):
            lines.append("It is one of the scenario's key cities.")
        return lines
