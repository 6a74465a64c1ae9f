"""The map editor: the game's map of the scenario being edited, the tools and the panel.
Every change goes through the draft (one undo step each) and shows at once; the problems on
the map are listed as they appear. The scenario editor opens it with
`app.open("map_editor", draft)`; Done or Esc returns there."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from sprites.editor.document import Draft
from sprites.editor.map_checks import MapProblems, map_problems, province_of
from sprites.editor.map_edits import NAME_LIMIT, MapEdits
from sprites.editor.map_input import confirm_intents, map_intents, shortcuts, typed
from sprites.editor.map_model import draft_model, draft_picture, geo_at
from sprites.editor.map_overlays import Confirm, EditorMarks, confirm_box, hint_plaque, hover_tip
from sprites.editor.map_panel import MapPanel, PanelState
from sprites.editor.map_redraw import show_edit
from sprites.editor.map_tools import Grab, Tools
from sprites.map.hit import markers_at
from sprites.map.model import Point, on_land
from sprites.map.pane import DRAG_SLOP, MapPane
from sprites.map.picture import BoardPicture
from sprites.scenes.base import Host, Intent, Scene, intent
from sprites.scenes.lan_common import TextField, start_typing, stop_typing
from sprites.ui.input import hover_buttons

PLACING = ("city", "area")
"""The tools that place something new with a click."""
SHORE = 10
"""How near land (screen px) a dragged place may be dropped (a port sits on the coast)."""


class MapEditorScene(Scene):
    """Edit a draft's map on the game's map, with undo and redo and the problems listed."""

    def __init__(self, draft: Draft) -> None:
        super().__init__()
        self.draft = draft
        self.edits = MapEdits(draft)
        self.tools = Tools(self.edits)
        self.name = TextField("", NAME_LIMIT)
        self.typing = False
        self.confirm: Confirm | None = None
        self.grab: Grab | None = None
        self.problems = MapProblems()
        self.rebuild_seconds = 0.0
        """How long the last edit took to show (model, painter, labels; not the tiles)."""
        self.map = MapPane(draft_model(self.edits.map, self.edits.layout), self._picture())
        self.revision = draft.revision
        self.panel: MapPanel | None = None
        self.panel_dirty = True
        self._named: object = None
        """The place being added whose name the field holds."""
        self._check()

    # -- layout ------------------------------------------------------------------------------

    def enter(self, app: Host) -> None:
        """Lay out the panel and the map (the map's view made once per window size)."""
        super().enter(app)
        w, h = app.size
        rect = pygame.Rect(0, 0, app.ui(420), h)
        self.panel = MapPanel(rect, app.ui)
        viewport = pygame.Rect(rect.right, 0, w - rect.right, h)
        settings = app.settings
        if self.map.place(viewport, (w, h), settings.colour_blind, settings.animation_speed):
            self.map.map_view.prepare()
        self.panel_dirty = True
        if self.typing:
            start_typing(self.panel_box())

    def leave(self) -> None:
        """No more typing."""
        stop_typing()

    def resized(self) -> None:
        """A new view for a new window size or settings."""
        self.map.view = None
        super().resized()

    def panel_box(self) -> pygame.Rect | None:
        """The name field on the screen (once drawn)."""
        return None if self.panel is None else self.panel.name_box

    # -- input -------------------------------------------------------------------------------

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Shortcuts, typing, the panel's buttons, then the map."""
        if self.confirm is not None:
            return confirm_intents(event, self.confirm)
        found = shortcuts(event, self.typing)
        if not found and self.typing:
            found = typed(self.name.intents(event))
        if not found and self.panel is not None:
            found = self.panel.intents(event)
        return found or map_intents(event, self.map, self.typing)

    def apply(self, it: Intent) -> None:
        """Carry out an intent (an edit, a tool, a field, the map's own)."""
        handler = getattr(self, f"_on_{it.name}", None)
        if handler is None:
            self.map.apply(it)
            return
        handler(it)
        if it.name not in ("pointer", "hover"):
            self.panel_dirty = True
            self.map.dirty = True

    # -- the panel's intents -----------------------------------------------------------------

    def _on_tool(self, it: Intent) -> None:
        self._finish_typing()
        self.tools.choose(it.arg("id"))
        self._settle()

    def _on_undo(self, it: Intent) -> None:
        self._end_typing()
        label = self.draft.undo()
        self.tools.say(f"Undone: {label}" if label else "Nothing to undo.")

    def _on_redo(self, it: Intent) -> None:
        self._end_typing()
        label = self.draft.redo()
        self.tools.say(f"Redone: {label}" if label else "Nothing to redo.")

    def _on_back(self, it: Intent) -> None:
        self._finish_typing()
        self.host.pop()

    def _on_escape(self, it: Intent) -> None:
        if not self.tools.cancel():
            self.host.pop()
            return
        self._sync_name()

    def _on_remove(self, it: Intent) -> None:
        sel = self.tools.selected
        if sel is None or sel[0] == "route":
            if sel is not None:
                self._on_delete_route(it)
            return
        self._end_typing()
        self.confirm = Confirm(sel[1], f"Remove {self.edits.name(sel[1])}?",
                               self.tools.removal_words(sel[1]))

    def _on_confirm(self, it: Intent) -> None:
        if self.confirm is not None and self.tools.attempt(self.edits.remove,
                                                           self.confirm.node):
            self.tools.selected = None
        self.confirm = None

    def _on_cancel(self, it: Intent) -> None:
        self.confirm = None

    def _on_delete_route(self, it: Intent) -> None:
        sel = self.tools.selected
        if sel is not None and sel[0] == "route":
            self.tools.attempt(self.edits.remove_route, *sel[1:])
            self.tools.selected = None

    def _on_size(self, it: Intent) -> None:
        self._set_field("size", self.edits.set_size, it.arg("value"))

    def _on_port(self, it: Intent) -> None:
        self._set_field("port", self.edits.set_port, it.arg("value"))

    def _on_strength(self, it: Intent) -> None:
        current = self._field_value("strength", 3)
        self._set_field("strength", self.edits.set_strength, int(current) + it.arg("step"))

    def _on_province(self, it: Intent) -> None:
        provinces = list(self.edits.provinces())
        current = str(self._field_value("province", ""))
        index = provinces.index(current) if current in provinces else -it.arg("step")
        chosen = provinces[(index + it.arg("step")) % len(provinces)]
        self._set_field("province", self.edits.set_province, chosen)

    def _field_value(self, key: str, default: Any) -> Any:
        pending, sel = self.tools.pending, self.tools.selected
        if pending is not None:
            return getattr(pending, key)
        return self.edits.place(sel[1]).get(key, default) if sel else default

    def _set_field(self, key: str, edit: Callable[[str, Any], None], value: Any) -> None:
        """Set a field of the place being added, or make the edit on the selected one."""
        pending, sel = self.tools.pending, self.tools.selected
        if pending is not None:
            if key == "strength":
                value = max(1, min(9, int(value)))
            setattr(pending, key, value)
            return
        self._finish_typing()
        if sel is not None and sel[0] != "route":
            self.tools.attempt(edit, sel[1], value)

    def _on_add_pending(self, it: Intent) -> None:
        if self.tools.add_pending(self.name.text):
            self._end_typing()
            self._sync_name()

    def _on_cancel_pending(self, it: Intent) -> None:
        self.tools.pending = None
        self._end_typing()
        self._sync_name()

    def _on_focus_name(self, it: Intent) -> None:
        self.typing = True
        start_typing(self.panel_box())

    def _on_type(self, it: Intent) -> None:
        self.name.apply(it)

    def _on_erase(self, it: Intent) -> None:
        self.name.apply(it)

    def _on_name_accept(self, it: Intent) -> None:
        if self.tools.pending is not None:
            self._on_add_pending(it)
        else:
            self._finish_typing()

    def _on_name_cancel(self, it: Intent) -> None:
        if self.tools.pending is not None:
            self._on_cancel_pending(it)
        else:
            self._end_typing()
            self._sync_name()

    def _on_problem(self, it: Intent) -> None:
        problem = self.problems.problems[it.arg("index")]
        node = getattr(problem, "node", None)
        if node and node in self.map.map_view.spots():
            self.map.centre(node)
            self.tools.select(("city" if self.edits.is_city(node) else "area", node))
            self._sync_name()
        elif (province := province_of(problem)) is not None:
            self._centre_on(province)

    def _centre_on(self, province: str) -> None:
        """Bring a province's name to the middle of the map."""
        try:
            label = self.map.model.province(province).label
        except KeyError:
            return
        view = self.map.map_view
        spot, middle = view.camera.to_screen(label), self.map.viewport.center
        view.pan(middle[0] - spot[0], middle[1] - spot[1])

    # -- typing ------------------------------------------------------------------------------

    def _finish_typing(self) -> None:
        """Leave the name field, renaming the selected place if its name was changed."""
        sel = self.tools.selected
        if self.typing and self.tools.pending is None and sel and sel[0] != "route":
            self.tools.attempt(self.edits.rename, sel[1], self.name.text)
        if self.tools.pending is None:
            self._end_typing()
            self._sync_name()

    def _end_typing(self) -> None:
        self.typing = False
        stop_typing()

    def _sync_name(self) -> None:
        """The field shows the selected place's name (empty for a place being added)."""
        if self.typing:
            return
        sel = self.tools.selected
        self.name.text = self.edits.name(sel[1]) if sel and sel[0] != "route" else ""

    # -- the map's intents -------------------------------------------------------------------

    def _on_hover(self, it: Intent) -> None:
        if self.confirm is not None:
            self.map.dirty |= hover_buttons(self.confirm.buttons, it.arg("pos"))

    def _on_pointer(self, it: Intent) -> None:
        pos = it.arg("pos")
        if self.panel is not None and self.panel.hover(pos):
            self.panel_dirty = True
        grab = self.grab
        if grab is not None:
            grab.at = pos
            grab.moving |= abs(pos[0] - grab.start[0]) + abs(pos[1] - grab.start[1]) > DRAG_SLOP
            self.map.dirty = True
            return
        self.map.apply(it)
        if self.tools.start is not None:
            self.map.dirty = True

    def _on_press(self, it: Intent) -> None:
        pos, button = it.arg("pos"), it.arg("button")
        self._finish_typing()
        under = markers_at(self.map.model, self.map.map_view.camera, pos,
                           self.map.map_view.spots()) if button == 1 else []
        if under and self.tools.tool.id == "select":
            self.grab = Grab(under[0].id, pos, pos)
            self.map.hover = None
        else:
            self.map.apply(intent("press", pos=pos))

    def _on_release(self, it: Intent) -> None:
        grab, self.grab = self.grab, None
        if grab is not None:
            self._drop(grab)
        elif self.map.release() and it.arg("button") == 1:
            self._click(it.arg("pos"))

    def _drop(self, grab: Grab) -> None:
        if not grab.moving:
            self.tools.click_node(grab.node)
            self._settle()
            return
        board = self.map.map_view.camera.to_board(grab.at)
        if not self._near_land(board):
            self.tools.say("Places stand on land or on its coast: that spot is open sea.",
                           refused=True)
            return
        self.tools.attempt(self.edits.move, grab.node, geo_at(self.edits.layout, board))

    def _click(self, pos: tuple[int, int]) -> None:
        hit = self.map.hit(pos)
        if hit is not None and hit.route is not None and self.tools.tool.id in PLACING:
            hit = None  # a new place may stand on a route's line
        if hit is not None and hit.route is not None:
            self.tools.click_route(hit.route.kind, *hit.route.ends)
        elif hit is not None:
            self.tools.click_node(hit.id)
        else:
            board = self.map.map_view.camera.to_board(pos)
            self.tools.click_empty(geo_at(self.edits.layout, board),
                                   on_land(board, self.map.model.land), self._province_near(board))
        self._settle()

    def _settle(self) -> None:
        """After a click on the map: the name field is typed into while a place is being
        added, and shows the selection's name otherwise."""
        pending = self.tools.pending
        if pending is not None and pending is not self._named:
            self._named, self.name.text = pending, ""  # a new place: its name is typed
        if pending is not None and not self.typing:
            self._on_focus_name(intent("focus_name"))
        elif pending is None and self.typing:
            self._end_typing()
        self._sync_name()

    def _near_land(self, board: Point) -> bool:
        reach = SHORE / self.map.map_view.camera.zoom
        around = [(board[0] + reach * math.cos(k * math.pi / 4),
                   board[1] + reach * math.sin(k * math.pi / 4)) for k in range(8)]
        return any(on_land(point, self.map.model.land) for point in [board, *around])

    def _province_near(self, board: Point) -> str:
        cities = self.map.model.cities
        nearest = min(cities, key=lambda c: math.dist(c.pos, board), default=None)
        return nearest.province if nearest is not None else next(iter(self.edits.provinces()),
                                                                  "")

    # -- time --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Show the draft as it now is (after an edit, an undo or a redo); the map animates."""
        if self.draft.revision != self.revision:
            model = draft_model(self.edits.map, self.edits.layout)
            self.rebuild_seconds = show_edit(self.map, model, self._picture())
            self.revision = self.draft.revision
            self.tools.prune()
            self._sync_name()
            self._check()
            self.panel_dirty = True
        self.map.update(dt)

    def _picture(self) -> BoardPicture:
        return draft_picture(self.edits.map, self.draft.setup)

    def _check(self) -> None:
        self.problems = map_problems(self.draft)

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The panel when it changed, the map as it changed, the overlays."""
        assert self.panel is not None
        full, changed = self.full_redraw, self.panel_dirty or self.full_redraw
        if changed:
            self.panel.render(self._state())
            self.map.dirty = True
            if not full:
                surface.blit(self.panel.surface, self.panel.rect)
        rects = self.map.present(surface, full, self.panel.surface, self.panel.rect,
                                 self._overlays)
        self.full_redraw = self.panel_dirty = False
        if rects is None:
            return None
        return rects + ([self.panel.rect] if changed else [])

    def _state(self) -> PanelState:
        done, undone = self.draft.done, self.draft.undone
        return PanelState(str(self.draft.setup.get("name") or "A scenario of one's own"),
                          self.tools, self.name, self.typing, self.problems,
                          done[-1].label if done else None, undone[-1].label if undone else None)

    def _overlays(self, surface: pygame.Surface) -> list[pygame.Rect]:
        scale = self.host.ui(100) / 100
        marks = EditorMarks(self.map, self.edits, self.tools, self.grab)
        rects = self.map.marks(surface, marks.draw)
        rects.append(hint_plaque(surface, self.map.viewport, self.tools, scale))
        if self.confirm is not None:
            rects.append(confirm_box(surface, self.map.viewport, self.confirm, scale))
        elif self.grab is None:
            rects += hover_tip(surface, self.map, self.edits, self.tools, scale)
        return [r.clip(surface.get_rect()) for r in rects]
