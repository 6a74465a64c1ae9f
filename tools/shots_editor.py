"""The editors' screenshots for tools/screenshots.py, played through the app's real input
(the mouse and the keys, a frame each on the manual clock): the scenario editor on a copy of
book scenario 3 with changes made ("editor"), its list of problems with one clicked
("editor_problems"), the map editor with a land route being drawn ("map_editor") and the
editor's start page with scenarios of one's own ("editor_start").

    python -m tools.shots_editor [OUT_DIR]     just these pictures (docs/screenshots/)

The scenarios are made in a fresh temporary home folder, never the player's own.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from tools.shots_run import run_shot

if TYPE_CHECKING:
    from sprites.app import App
    from sprites.clock import ManualClock
    from sprites.editor.map_scene import MapEditorScene
    from sprites.editor.scene import ScenarioEditorScene
    from sprites.editor.start_page import EditorStartScene

FRAME = 1 / 30
BOOK = " 3. The Second Punic War"
"""The start page's row of the book scenario the pictures start from."""
NAME = "Hannibal at the Gates"
DRAFT = "The War for Sicily"
"""A scenario from scratch saved with a problem (a draft)."""
DAMAGED = "name: The Old Campaign\nempires: [rome, carthage\nhand_size: 14\n"
"""A scenario.yaml cut short in the middle of a list."""
ROUTE = ("capua", "brundisium")
"""The land route drawn in the map editor (the Via Appia): its first end chosen, the pointer
on the other."""
NOTICE_WAIT = 5.5
"""Seconds for the editor's notices to fade."""
Save = Callable[["App", str], None]


class Hand:
    """A player's hand on the mouse and the keyboard: each gesture is a frame of real input."""

    def __init__(self, app: App, clock: ManualClock) -> None:
        self.app, self.clock = app, clock

    def frame(self, events: Sequence[pygame.event.Event] = ()) -> None:
        """One frame, FRAME seconds on."""
        self.clock.advance(FRAME)
        self.app.frame(list(events))

    def wait(self, frames: int) -> None:
        """Frames with no input (the map sharpens, a notice fades)."""
        for _ in range(frames):
            self.frame()

    def move(self, pos: tuple[int, int]) -> None:
        """The pointer to a point."""
        self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                       buttons=(0, 0, 0))])

    def click(self, pos: tuple[int, int]) -> None:
        """Move there and click the left button."""
        self.move(pos)
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])

    def wheel(self, pos: tuple[int, int], steps: int) -> None:
        """Turn the wheel over a point (positive: away from the player)."""
        self.move(pos)
        for _ in range(abs(steps)):
            self.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if steps > 0 else -1,
                                           flipped=False)])

    def key(self, key: int, mod: int = 0) -> None:
        """Press and release a key (with Ctrl, Shift… in `mod`)."""
        self.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="",
                                       scancode=0),
                    pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="",
                                       scancode=0)])

    def type(self, words: str) -> None:
        """Type words (as SDL's text input sends them)."""
        self.frame([pygame.event.Event(pygame.TEXTINPUT, text=words)])


class EditorShots:
    """The four pictures, in the order a player would come upon them."""

    def __init__(self, app: App, clock: ManualClock, save: Save) -> None:
        self.app, self.hand, self.save = app, Hand(app, clock), save

    # -- the scenes ------------------------------------------------------------------------

    @property
    def start(self) -> EditorStartScene:
        """The editor's start page."""
        from sprites.editor.start_page import EditorStartScene

        return next(s for s in self.app.stack if isinstance(s, EditorStartScene))

    @property
    def editor(self) -> ScenarioEditorScene:
        """The scenario editor."""
        from sprites.editor.scene import ScenarioEditorScene

        return next(s for s in self.app.stack if isinstance(s, ScenarioEditorScene))

    @property
    def map_editor(self) -> MapEditorScene:
        """The map editor."""
        from sprites.editor.map_scene import MapEditorScene

        return next(s for s in self.app.stack if isinstance(s, MapEditorScene))

    def shoot(self) -> None:
        """Title → Editor: a draft from scratch, then scenario 3 edited, the pictures along
        the way."""
        self._damaged_folder()
        self.app.back_to("title")
        self._menu("Editor")
        self._draft_from_scratch()
        self._choose(BOOK)
        self.hand.wait(4)
        self._edit_scenario()
        self.save(self.app, "editor")
        self._edit_map()
        self.save(self.app, "map_editor")
        self._problems()
        self.save(self.app, "editor_problems")
        self._save_and_close()
        self.save(self.app, "editor_start")
        self.app.back_to("title")

    def _damaged_folder(self) -> None:
        """A scenario folder whose file was cut short (the start page lists it, greyed)."""
        from sprites.editor import store

        folder = store.scenarios_folder() / "old_campaign"
        folder.mkdir(parents=True)
        (folder / store.SCENARIO).write_text(DAMAGED, encoding="utf-8")

    def _draft_from_scratch(self) -> None:
        """New from scratch, named, its key cities taken out: saved as a draft, closed."""
        self._choose("New from scratch")
        self.hand.wait(2)
        self._rename(DRAFT)
        for city in list(self.editor.draft.setup["key_cities"]):
            self._control("toggle_key", city=city)
        self.hand.key(pygame.K_s, pygame.KMOD_CTRL)
        self.hand.key(pygame.K_ESCAPE)
        self.hand.wait(2)

    # -- the start page --------------------------------------------------------------------

    def _menu(self, words: str) -> None:
        """Click an item of the title's menu."""
        from sprites.scenes.title import TitleScene

        title = self.app.stack.top
        assert isinstance(title, TitleScene)
        item = next(i for i in title.menu.items if i.text == words)
        assert item.rect is not None
        self.hand.click(item.rect.center)

    def _choose(self, words: str) -> None:
        """Select the start page's row with these words and open it."""
        page = self.start
        index = next(k for k, entry in enumerate(page.entries) if entry[0] == words)
        while index not in page.shown:
            self.hand.wheel(page.list_rect.center, -1)
        self.hand.click(page.rows[page.shown.index(index)].center)
        self.hand.click(next(b for b in page.buttons if b.text == "Open").rect.center)

    # -- the scenario editor ---------------------------------------------------------------

    def _control(self, name: str, **args: object) -> None:
        """Click a control of the form by its intent (the form scrolled to it first)."""
        editor = self.editor
        assert editor.form is not None and editor.layout is not None
        form = editor.layout.form
        for _ in range(100):
            spot = editor.form.spots.find(name, **args)
            assert spot is not None, f"no control {name} {args}"
            top = spot.rect.y - editor.scroll
            if top >= 0 and top + spot.rect.h <= form.h:
                break
            self.hand.wheel(form.center, -1 if top > 0 else 1)
        assert spot is not None
        self.hand.click((spot.rect.centerx + form.x, spot.rect.centery + form.y
                         - editor.scroll))

    def _answer(self, words: str) -> None:
        """Click a dialog's choice by its words."""
        dialog = self.editor.dialog
        assert dialog is not None
        value = next(o.value for o in dialog.options  # type: ignore[attr-defined]
                     if o.words == words)
        spot = dialog.spots.find("dialog", value=value)
        assert spot is not None, f"no {words!r} in the dialog"
        self.hand.click(spot.rect.center)

    def _place(self, node: str) -> tuple[int, int]:
        """Where a city or area is drawn on the editor's map."""
        spot = self.editor.board.pane.to_screen(node)
        assert spot is not None, f"{node} is not in view"
        return round(spot[0]), round(spot[1])

    def _rename(self, name: str) -> None:
        """Click the name, rub it out, type another, Enter."""
        self._control("focus", field="name")
        for _ in range(len(str(self.editor.draft.setup["name"]))):
            self.hand.key(pygame.K_BACKSPACE)
        self.hand.type(name)
        self.hand.key(pygame.K_RETURN)

    def _edit_scenario(self) -> None:
        """A new name, Rome's capital moved to Capua, Gallia put in play by a click on the
        map and two more Empire Foundation markers (a warning); the pointer on a city."""
        self._rename(NAME)
        rome = next(k for k, e in enumerate(self.editor.draft.setup["empires"])
                    if e["empire"] == "rome")
        self._control("pick_capital", index=rome)
        self._answer("Capua")
        self.hand.click(self._place("avaricum"))
        for _ in range(2):
            self._control("step", key="fortification_markers", by=1)
        self.hand.wait(round(NOTICE_WAIT / FRAME))
        self.hand.move(self._place("syracusae"))
        self.hand.wait(3)

    # -- the map editor --------------------------------------------------------------------

    def _edit_map(self) -> None:
        """Edit the Map…: Messana dragged a little, Syracusae put in another province by
        mistake, and the Via Appia begun: a land route from Capua, the pointer resting on
        Brundisium."""
        layout = self.editor.layout
        assert layout is not None
        spot = layout.toolbar.find("edit_map")
        assert spot is not None
        self.hand.click(spot.rect.center)
        scene = self.map_editor
        view = scene.map.map_view
        view.fit(3, scene.map.model.city("terentum").pos)
        self.hand.wait(2)
        messana = self._map_spot("messana")
        self._drag(messana, (messana[0] + 14, messana[1] - 10))
        self.hand.click(self._map_spot("syracusae"))
        for _ in range(2):
            self._panel_button("<")
        self.hand.key(pygame.K_3)
        first, other = ROUTE
        self.hand.click(self._map_spot(first))
        view.sharpen()
        self.hand.move(self._map_spot(other))
        self.hand.wait(3)

    def _map_spot(self, node: str) -> tuple[int, int]:
        spot = self.map_editor.map.to_screen(node)
        assert spot is not None
        return round(spot[0]), round(spot[1])

    def _panel_button(self, words: str) -> None:
        panel = self.map_editor.panel
        assert panel is not None
        button = next(b for b in panel.buttons if b.text == words)
        self.hand.click(button.rect.move(panel.rect.topleft).center)

    def _drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        """Press the left button, move in steps, release."""
        hand = self.hand
        hand.move(start)
        hand.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
        for k in (1, 2, 3):
            pos = (start[0] + (end[0] - start[0]) * k // 3,
                   start[1] + (end[1] - start[1]) * k // 3)
            hand.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                           buttons=(1, 0, 0))])
        hand.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])

    # -- back in the scenario editor -------------------------------------------------------

    def _problems(self) -> None:
        """Esc drops the route's first end, Done goes back: the problem is listed; a
        click on it shows its place on the map and its field in the form."""
        self.hand.key(pygame.K_ESCAPE)
        self._panel_button("Done")
        self.hand.wait(round(NOTICE_WAIT / FRAME))
        report = self.editor.report
        assert report is not None and report.problems, "no problem to show"
        self.hand.click(self.editor.problems.spots.spots[0].rect.center)
        self.hand.wait(45)  # the map painted where it moved to, the field still marked

    def _save_and_close(self) -> None:
        """The mistake undone, saved, closed: the start page lists the scenario."""
        self.hand.key(pygame.K_z, pygame.KMOD_CTRL)
        self.hand.key(pygame.K_s, pygame.KMOD_CTRL)
        self.hand.key(pygame.K_ESCAPE)
        self.hand.wait(2)


def shoot_editor(app: App, clock: ManualClock, save: Save) -> None:
    """Play the editors from the title and save the four pictures (the scenarios made in a
    home folder of their own, gone afterwards)."""
    with own_home():
        EditorShots(app, clock, save).shoot()


@contextlib.contextmanager
def own_home() -> Iterator[Path]:
    """A fresh home folder with the data folder where the game keeps it on Linux (so the
    pictures say "~/.local/share/…", never a temporary path); HOME and MARE_DATA_DIR are
    put back afterwards."""
    names = ("HOME", "MARE_DATA_DIR")
    before = {name: os.environ.get(name) for name in names}
    with tempfile.TemporaryDirectory(prefix="mare-shots-home-") as folder:
        home = Path(folder)
        os.environ["HOME"] = str(home)
        os.environ["MARE_DATA_DIR"] = str(home / ".local" / "share" / "mare-internum")
        try:
            yield home
        finally:
            for name, value in before.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def main(argv: list[str] | None = None) -> int:
    """Render the pictures at 1920×1080 (under Xvfb if there is no display)."""
    os.environ.setdefault("MARE_CONFIG_DIR", tempfile.mkdtemp(prefix="mare-shots-"))
    return run_shot("python -m tools.shots_editor", shoot_editor, "editor", argv)


if __name__ == "__main__":
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.exit(main())
