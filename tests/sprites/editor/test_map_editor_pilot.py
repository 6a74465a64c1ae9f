"""The map editor played like a person, through the app's real input: drag a city, add a city
and a coastal route, be refused one, delete a route, remove a city with its routes, set a
barbarian area's strength — each undone and redone with the keys — and the bundled map
files never change."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from sprites.editor.document import Draft
from sprites.editor.map_model import board_at, geo_at
from sprites.editor.map_scene import MapEditorScene
from sprites.editor.map_tools import TOOLS
from tests.sprites.editor.test_map_edits import CONTENT, scenario
from tests.sprites.pilot import Pilot, manual_app

BUNDLED = [CONTENT / "map.yaml", CONTENT / "layout.yaml"]


class Editor(Pilot):
    """A pilot at the map editor."""

    @property
    def scene(self) -> MapEditorScene:
        """The map editor on the stack."""
        return next(s for s in self.app.stack if isinstance(s, MapEditorScene))

    @property
    def draft(self) -> Draft:
        """The draft being edited."""
        return self.scene.draft

    def at(self, node: str) -> tuple[int, int]:
        """Where a place's marker is on the screen."""
        spot = self.scene.map.to_screen(node)
        assert spot is not None
        return (round(spot[0]), round(spot[1]))

    def at_geo(self, geo: list[int]) -> tuple[int, int]:
        """Where a [longitude, latitude] is on the screen."""
        x, y = self.scene.map.map_view.camera.to_screen(board_at(self.scene.edits.layout, geo))
        return (round(x), round(y))

    def drag(self, start: tuple[int, int], end: tuple[int, int], button: int = 1) -> None:
        """Press, move in steps, release."""
        self.move(start)
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button)])
        for k in (1, 2, 3):
            pos = (start[0] + (end[0] - start[0]) * k // 3,
                   start[1] + (end[1] - start[1]) * k // 3)
            self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                           buttons=(1, 0, 0))])
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button)])

    def ctrl(self, key: int, shift: bool = False) -> None:
        """Ctrl (and Shift) with a key."""
        mod = pygame.KMOD_CTRL | (pygame.KMOD_SHIFT if shift else 0)
        self.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="",
                                       scancode=0)])

    def tool(self, tool_id: str) -> None:
        """Take up a tool by its number key."""
        key = next(t.key for t in TOOLS if t.id == tool_id)
        self.key(getattr(pygame, f"K_{key}"))
        assert self.scene.tools.tool.id == tool_id

    def type(self, words: str) -> None:
        """Type text."""
        self.frame([pygame.event.Event(pygame.TEXTINPUT, text=words)])

    def button(self, words: str) -> None:
        """Click a button of the panel (or of the confirmation) by its words."""
        scene = self.scene
        if scene.confirm:
            buttons = scene.confirm.buttons
        else:
            assert scene.panel is not None
            buttons = scene.panel.buttons
        found = next(b for b in buttons if b.text == words)
        self.click(found.rect.center)

    def labels(self) -> list[str]:
        """The draft's undo steps."""
        return [step.label for step in self.draft.done]


@pytest.fixture
def editor(display: pygame.Surface) -> Iterator[Editor]:
    before = [path.read_bytes() for path in BUNDLED]
    app, clock = manual_app(display, 100)
    app.open("map_editor", Draft(scenario()))
    pilot = Editor(app, clock)
    pilot.frame()
    view = pilot.scene.map.map_view
    view.fit(2, pilot.scene.map.model.city("messana").pos)
    view.sharpen()
    pilot.frame()
    yield pilot
    assert [path.read_bytes() for path in BUNDLED] == before


def test_drag_a_city_then_undo_and_redo_with_the_keys(editor: Editor) -> None:
    start = editor.at("messana")
    bundled = list(editor.scene.edits.place("messana")["geo"])
    end = (start[0] + 30, start[1] - 24)
    editor.drag(start, end)
    board = editor.scene.map.map_view.camera.to_board(end)
    moved = geo_at(editor.scene.edits.layout, board)
    assert editor.draft.get(("map", "cities", "messana", "geo")) == moved != bundled
    assert editor.labels() == ["Move Messana"]
    assert abs(editor.at("messana")[0] - end[0]) <= 2 and abs(editor.at("messana")[1] - end[1]) <= 2
    editor.ctrl(pygame.K_z)
    assert editor.draft.map is None and editor.at("messana") == start
    editor.ctrl(pygame.K_y)
    assert editor.draft.get(("map", "cities", "messana", "geo")) == moved
    editor.ctrl(pygame.K_z)
    editor.ctrl(pygame.K_z, shift=True)
    assert editor.draft.get(("map", "cities", "messana", "geo")) == moved
    assert editor.scene.rebuild_seconds < 1.0


def test_a_city_dropped_at_open_sea_stays_put(editor: Editor) -> None:
    start = editor.at("messana")
    editor.drag(start, editor.at_geo([1750, 3550]))
    assert "open sea" in editor.scene.tools.notice and editor.scene.tools.refused
    assert not editor.draft.done and editor.at("messana") == start


def test_the_right_button_pans_and_the_wheel_zooms(editor: Editor) -> None:
    camera = editor.scene.map.map_view.camera
    origin = camera.origin
    start = editor.at("messana")
    editor.drag(start, (start[0] - 80, start[1] + 10), button=3)
    assert camera.origin != origin and not editor.draft.done
    level = editor.scene.map.map_view.level
    editor.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    assert editor.scene.map.map_view.level == level + 1


def test_add_a_city_and_a_coastal_route_and_be_refused_one(editor: Editor) -> None:
    editor.tool("city")
    editor.click(editor.at_geo([1420, 3760]))
    assert editor.scene.tools.pending is not None and editor.scene.typing
    editor.type("Henna")
    editor.button("Yes")
    editor.click(editor.at_geo([1430, 3745]))  # a click on land moves it, fields kept
    assert editor.scene.name.text == "Henna" and editor.scene.tools.pending.port
    editor.key(pygame.K_RETURN)
    henna = editor.scene.edits.cities()["henna"]
    assert (henna["name"], henna["port"], henna["province"]) == (
        "Henna", True, "corsica_sardinia_sicilia")
    assert abs(henna["geo"][0] - 1430) <= 3 and abs(henna["geo"][1] - 3745) <= 3
    assert not editor.scene.typing
    editor.tool("coastal")
    editor.click(editor.at("henna"))
    editor.click(editor.at("syracusae"))
    assert ["henna", "syracusae"] in editor.draft.get(("map", "routes", "coastal"))
    assert editor.labels() == ["Add city Henna", "Add coastal route Henna–Syracusae"]
    editor.click(editor.at("henna"))
    editor.click(editor.at("syracusae"))
    assert "Henna and Syracusae are already joined by a coastal route." in \
        editor.scene.tools.notice
    assert len(editor.labels()) == 2
    editor.key(pygame.K_ESCAPE)
    editor.ctrl(pygame.K_z)
    assert not editor.scene.edits.routes_of("henna")
    editor.ctrl(pygame.K_z)
    assert editor.draft.map is None
    editor.ctrl(pygame.K_y)
    editor.ctrl(pygame.K_y)
    assert editor.scene.edits.route_kind("henna", "syracusae") == "coastal"


def test_delete_a_route_by_clicking_it(editor: Editor) -> None:
    route = next(r for r in editor.scene.map.model.routes if r.ends == ("messana", "panormos"))
    x, y = editor.scene.map.map_view.camera.to_screen(route.points[0])
    x2, y2 = editor.scene.map.map_view.camera.to_screen(route.points[-1])
    middle = (round((x + x2) / 2), round((y + y2) / 2))
    editor.tool("erase")
    editor.click(middle)
    assert editor.scene.edits.route_kind("messana", "panormos") is None
    assert editor.labels() == ["Remove land route Panormos–Messana"]
    editor.ctrl(pygame.K_z)
    assert editor.scene.edits.route_kind("messana", "panormos") == "land"


def test_remove_a_city_with_its_routes_after_a_confirmation(editor: Editor) -> None:
    editor.click(editor.at("syracusae"))
    assert editor.scene.tools.selected == ("city", "syracusae")
    routes = editor.scene.edits.routes_of("syracusae")
    editor.button("Remove city")
    assert editor.scene.confirm is not None
    assert editor.scene.confirm.lines[0] == f"Its {len(routes)} routes go with it."
    editor.button("Remove")
    assert "syracusae" not in editor.scene.edits.cities()
    assert not editor.scene.edits.routes_of("syracusae")
    assert editor.labels() == ["Remove city Syracusae"]
    assert editor.scene.map.to_screen("syracusae") is None
    editor.ctrl(pygame.K_z)
    assert editor.draft.map is None and editor.scene.edits.routes_of("syracusae") == routes


def test_set_a_barbarian_areas_strength(editor: Editor) -> None:
    view = editor.scene.map.map_view
    view.fit(2, editor.scene.map.model.area("massylii_numidae").pos)
    view.sharpen()
    editor.frame()
    editor.click(editor.at("massylii_numidae"))
    assert editor.scene.tools.selected == ("area", "massylii_numidae")
    editor.button("+")
    editor.button("+")
    assert editor.scene.edits.areas()["massylii_numidae"]["strength"] == 5
    assert editor.labels() == ["Set Massylii Numidae's strength to 4",
                               "Set Massylii Numidae's strength to 5"]
    editor.ctrl(pygame.K_z)
    assert editor.scene.edits.areas()["massylii_numidae"]["strength"] == 4
    editor.ctrl(pygame.K_z)
    assert editor.draft.map is None


def test_hover_names_the_place_and_problems_come_and_go(editor: Editor) -> None:
    from sprites.editor.map_overlays import describe

    editor.move(editor.at("messana"))
    hover = editor.scene.map.hover
    assert hover is not None and hover.id == "messana"
    title, lines = describe(hover, editor.scene.edits, editor.scene.tools)
    assert title == "Messana" and "Province: Corsica, Sardinia et Sicilia" in lines
    assert not editor.scene.problems.problems
    editor.click(editor.at("carthago"))
    editor.key(pygame.K_DELETE)
    confirm = editor.scene.confirm
    assert confirm is not None and "Carthage's capital" in confirm.lines[1]
    editor.key(pygame.K_RETURN)
    editor.frame()
    sentences = [p.sentence for p in editor.scene.problems.problems]
    assert sentences == ["City 'carthago' is not on the map."]
    assert editor.draft.get(("setup", "provinces", "africa", "size3")) == 0
    editor.ctrl(pygame.K_z)
    editor.frame()
    assert not editor.scene.problems.problems


def test_a_click_on_a_problem_shows_its_place(editor: Editor) -> None:
    editor.draft.set(("map",), editor.scene.edits.map)
    editor.draft.set(("layout",), editor.scene.edits.layout)
    editor.draft.set(("map", "cities", "panormos", "province"), "sicania")
    editor.frame()
    problem = editor.scene.problems.problems[0]
    assert problem.node == "panormos" and "sicania" in problem.sentence
    panel = editor.scene.panel
    assert panel is not None
    row = panel.problem_rows[0][0]
    editor.click(row.center)
    assert editor.scene.tools.selected == ("city", "panormos")
    x, y = editor.at("panormos")
    centre = editor.scene.map.free_rect().center
    assert abs(x - centre[0]) <= 2 and abs(y - centre[1]) <= 2


def test_a_citys_fields_in_the_panel(editor: Editor) -> None:
    editor.click(editor.at("reghium"))
    panel = editor.scene.panel
    assert panel is not None
    name_box = panel.name_box
    assert name_box is not None
    editor.click(name_box.center)
    assert editor.scene.typing
    for _ in range(len("Reghium")):
        editor.key(pygame.K_BACKSPACE)
    editor.type("Rhegion")
    editor.key(pygame.K_RETURN)
    editor.button("3")
    editor.button("No")
    editor.button(">")
    city = editor.scene.edits.cities()["reghium"]
    assert (city["name"], city["size"], city["port"], city["province"]) == (
        "Rhegion", 3, False, "corsica_sardinia_sicilia")
    assert editor.labels() == ["Rename Reghium to Rhegion", "Make Rhegion size 3",
                               "Make Rhegion inland",
                               "Put Rhegion in Corsica, Sardinia et Sicilia"]
    for _ in range(4):
        editor.ctrl(pygame.K_z)
    assert editor.draft.map is None and editor.scene.name.text == "Reghium"


def test_a_barbarian_route_needs_an_area_at_one_end(editor: Editor) -> None:
    view = editor.scene.map.map_view
    view.fit(2, editor.scene.map.model.area("massylii_numidae").pos)
    view.sharpen()
    editor.frame()
    editor.tool("barbarian")
    editor.click(editor.at("cirta"))
    editor.click(editor.at("capsa"))
    assert editor.scene.tools.notice == "A barbarian route needs a barbarian area at one end."
    assert not editor.labels()
    editor.key(pygame.K_ESCAPE)
    editor.click(editor.at("massylii_numidae"))
    editor.click(editor.at("rusicade"))
    assert editor.scene.edits.route_kind("rusicade", "massylii_numidae") == "barbarian"
    assert editor.labels() == ["Add barbarian route Massylii Numidae–Rusicade"]


def test_done_returns_to_the_scene_below(editor: Editor) -> None:
    editor.button("Done")
    assert not any(isinstance(s, MapEditorScene) for s in editor.app.stack)


def test_bundled_map_files_exist() -> None:
    assert all(Path(path).is_file() for path in BUNDLED)
