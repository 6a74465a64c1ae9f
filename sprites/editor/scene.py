"""The scenario editor: the form on the left (it scrolls), the scenario's map on the right
with the problems and warnings over its foot. Every change is one undo step of the draft
(Ctrl+Z, Ctrl+Y or Ctrl+Shift+Z, or the buttons), checked at once, and autosaved a few
seconds later; leaving with unsaved changes asks first. The map editor and Play Test open
from here and come back to the same draft."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from sprites.editor import checks, commands, edits
from sprites.editor.board import Board
from sprites.editor.checks import Report
from sprites.editor.dialogs import Dialog, Picker, Question
from sprites.editor.document import Draft
from sprites.editor.form import Form, FormState
from sprites.editor.keeping import Keeper
from sprites.editor.layout import EditorLayout, editor_keys
from sprites.editor.paint import paint_overlays, paint_panel
from sprites.editor.problems import ProblemsPanel
from sprites.editor.textbox import TextBox
from sprites.scenes.base import Host, Intent, Scene, intent
from sprites.scenes.lan_common import start_typing, stop_typing

NOTICE_SECONDS = 5.0
FLASH_SECONDS = 2.5
TEXT_LIMITS = {"name": 60, "description": 600}


class ScenarioEditorScene(Scene):
    """Edit one scenario: a draft, where it is kept, and what the screen shows of it."""

    def __init__(self, draft: Draft, keeper: Keeper, origin: str = "",
                 restore: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.draft = draft
        self.keeper = keeper
        self.origin = origin
        self.board = Board(draft)
        self.problems = ProblemsPanel()
        self.state = FormState()
        self.form: Form | None = None
        self.layout: EditorLayout | None = None
        self.report: Report | None = None
        self.checked = -1
        self._dialog: Dialog | None = None
        self.mode = "play"
        """What a click on the map does: "play" (provinces and areas), "keys" (key cities)."""
        self.scroll = 0
        self.height = 0
        self.notice = ""
        self.notice_left = 0.0
        self.flash_left = 0.0
        self.hover: tuple[int, int] | None = None
        self._lit: tuple[int, ...] | None = None
        """The panel's control last under the pointer (it is drawn lit)."""
        self.panel_dirty = True
        self.seen = draft.revision
        if restore is not None:
            self._offer_restore(restore)

    @property
    def dialog(self) -> Dialog | None:
        """The dialog open over the editor, if any."""
        return self._dialog

    @dialog.setter
    def dialog(self, dialog: Dialog | None) -> None:
        self._dialog = dialog
        self.board.pane.dirty = True

    # -- layout ----------------------------------------------------------------------------

    def enter(self, app: Host) -> None:
        """Lay out for the window; come back to a draft the map editor may have changed."""
        super().enter(app)
        self.layout = EditorLayout(app.size, app.ui)
        layout = self.layout
        if self.form is None or self.form.width != layout.form.w:
            self.form = Form(app.ui, layout.form.w)
        self.problems.rect = layout.problems
        pane, settings = self.board.pane, app.settings
        self.state.colour_blind = settings.colour_blind
        if pane.place(layout.map, app.size, settings.colour_blind, settings.animation_speed):
            pane.map_view.prepare()
            pane.frame(layout.map_top - layout.map.y, layout.problems.h + app.ui(20))
        if isinstance(self.draft.setup.get("provinces"), dict):
            edits.sync(self.draft)  # the cities by size follow a map the map editor changed
        self._follow()
        if self.state.focus is not None:
            start_typing(self.layout.form)

    def leave(self) -> None:
        """Typing stops while another scene is on top."""
        stop_typing()

    def resized(self) -> None:
        """A new view for a new window size."""
        self.board.pane.view = None
        self.form = None
        super().resized()

    # -- input -----------------------------------------------------------------------------

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """A dialog takes everything; else shortcuts, typing, the panel, the map."""
        if self.dialog is not None:
            return self.dialog.intents(event)
        assert self.layout is not None and self.form is not None
        box = self.state.boxes.get(self.state.focus or "")
        return editor_keys(event, box, self.layout, self.form, self.problems, self.board.pane,
                           self.scroll, self.hover)

    def apply(self, it: Intent) -> None:
        """Carry out an intent."""
        if self.dialog is not None and self.dialog.apply(it):
            self.board.pane.dirty = True
            return
        handler = getattr(self, f"_on_{it.name}", None)
        if handler is not None:
            handler(it)
        elif it.name.startswith("text_"):
            self._type(it)
        elif it.name in commands.FORM_INTENTS:
            self._finish_typing()
            self._edit(lambda: commands.carry_out(self.draft, it, self._open_picker))
        else:
            self.board.pane.apply(it)

    def _on_hover(self, it: Intent) -> None:
        self.hover = it.arg("pos")
        self.board.pane.dirty = True
        under = self._panel_spot(self.hover)
        if under != self._lit:  # a button lights up or goes out
            self._lit = under
            self.panel_dirty = True

    def _panel_spot(self, pos: tuple[int, int]) -> tuple[int, ...] | None:
        """The rectangle of the panel's control under a point (None: no control)."""
        layout, form = self.layout, self.form
        if layout is None or form is None or not layout.panel.collidepoint(pos):
            return None
        spot = layout.toolbar.at(pos)
        if spot is None and layout.form.collidepoint(pos):
            spot = form.spots.at(layout.form_point(pos, self.scroll))
        return None if spot is None else tuple(spot.rect)

    def _on_pointer(self, it: Intent) -> None:
        self._on_hover(it)
        self.board.pane.apply(it)

    def _on_release(self, it: Intent) -> None:
        pane = self.board.pane
        if not pane.release():
            return
        hit = pane.hit(it.arg("pos"))
        if hit is None or hit.kind == "route":
            return
        self._finish_typing()
        if self.mode == "keys" and hit.kind == "city":
            self._edit(lambda: edits.toggle_key_city(self.draft, hit.id))
        elif hit.kind == "city":
            province = pane.model.city(hit.id).province
            self._edit(lambda: edits.toggle_province(self.draft, province))
        else:
            self._edit(lambda: edits.toggle_area(self.draft, hit.id))

    def _on_scroll(self, it: Intent) -> None:
        assert self.layout is not None
        room = max(0, self.height - self.layout.form.h)
        self.scroll = max(0, min(room, self.scroll + it.arg("by")))
        self.panel_dirty = True
        self._lit = None

    def _on_problems_scroll(self, it: Intent) -> None:
        assert self.app is not None
        self.board.pane.dirty |= self.problems.scroll_by(it.arg("steps"), self.host.ui)

    def _on_nothing(self, _it: Intent) -> None:
        """A click on the panel or an overlay where nothing is."""

    def _on_greyed(self, it: Intent) -> None:
        self._say(it.arg("why"))

    def _on_map_mode(self, it: Intent) -> None:
        self.mode = it.arg("mode")
        self.board.pane.dirty = True

    def _on_focus(self, it: Intent) -> None:
        field = it.arg("field")
        if self.state.focus == field:
            return
        self._finish_typing()
        text = str(self.draft.setup.get(field) or "")
        self.state.boxes[field] = TextBox(text, TEXT_LIMITS[field], field == "description")
        self.state.focus = field
        assert self.layout is not None
        start_typing(self.layout.form)
        self.panel_dirty = True

    def _type(self, it: Intent) -> None:
        box = self.state.boxes.get(self.state.focus or "")
        if box is None:
            return
        if it.name == "text_done":
            self._finish_typing()
        elif it.name == "text_revert":
            self._finish_typing(keep=False)
        elif box.apply(it):
            self.panel_dirty = True

    def _finish_typing(self, keep: bool = True) -> None:
        """Keep what was typed (one undo step), or not; the box closes."""
        field = self.state.focus
        if field is None:
            return
        box = self.state.boxes.pop(field)
        self.state.focus = None
        stop_typing()
        self.panel_dirty = True
        if keep and box.result != str(self.draft.setup.get(field) or ""):
            self._edit(lambda: edits.set_text(self.draft, field, box.result))

    def _on_dialog(self, it: Intent) -> None:
        dialog, self.dialog = self.dialog, None
        if dialog is not None:
            dialog.answer(it.arg("value"))

    def _on_dialog_scroll(self, it: Intent) -> None:
        if isinstance(self.dialog, Picker):
            self.dialog.scroll += it.arg("steps") * self.host.ui(40)
            self.board.pane.dirty = True

    def _on_show_problem(self, it: Intent) -> None:
        if self.report is None:
            return
        found = (self.report.warnings if it.arg("warning") else self.report.problems)
        if it.arg("index") >= len(found):
            return
        finding = found[it.arg("index")]
        if finding.node is not None:
            self.board.pane.centre(finding.node)
        if finding.field is not None:
            self.show_field(finding.field)

    def show_field(self, field: str) -> None:
        """Scroll the form to a field and mark it for a moment (a text field gets the
        caret)."""
        assert self.form is not None and self.layout is not None
        if field in ("name", "description"):
            self._on_focus(intent("focus", field=field))
        rect = self.form.fields.get(field)
        if rect is not None:
            room = max(0, self.height - self.layout.form.h)
            self.scroll = max(0, min(room, rect.y - self.host.ui(40)))
        self.state.flash, self.flash_left = field, FLASH_SECONDS
        self.panel_dirty = True

    # -- the toolbar -----------------------------------------------------------------------

    def _on_undo(self, _it: Intent) -> None:
        self._finish_typing()
        label = self.draft.undo()
        self._say(f"Undone: {label}." if label else "Nothing to undo.")
        self._follow()

    def _on_redo(self, _it: Intent) -> None:
        self._finish_typing()
        label = self.draft.redo()
        self._say(f"Done again: {label}." if label else "Nothing to redo.")
        self._follow()

    def _on_save(self, _it: Intent) -> None:
        self.save()

    def save(self) -> bool:
        """Save now; whether it was written (else the notice says why)."""
        from net.files.storage import StorageError

        self._finish_typing()
        self._follow()
        problems = len(self.report.problems) if self.report else 0
        try:
            self._say(self.keeper.save(self.draft, problems))
        except StorageError as exc:
            self._say(f"Not saved: {exc.reason} ({self.keeper.folder}).")
            return False
        self.panel_dirty = True
        return True

    def _on_close(self, _it: Intent) -> None:
        self._finish_typing()
        if not self.keeper.unsaved(self.draft):
            self.host.pop()
            return
        name = str(self.draft.setup.get("name") or "this scenario")
        self.dialog = Question("Save the changes?", [
            f"{name} has changes that are not saved.",
            "Save them, discard them, or go on editing."],
            [("Save", "save"), ("Discard", "discard"), ("Cancel", None)], self._closing)

    def _closing(self, answer: Any) -> None:
        if answer == "save" and self.save():
            self.host.pop()
        elif answer == "discard":
            self.keeper.discard()
            self.host.pop()

    def _on_play_test(self, _it: Intent) -> None:
        from sprites.editor.playtest import PlayTestDialog

        self._finish_typing()
        self._follow()
        self.dialog = PlayTestDialog(self.draft, self.host.settings.colour_blind,
                                     self._play)

    def _play(self, choice: Any) -> None:
        from sprites.editor.playtest import launch

        if choice is not None:
            if self.keeper.unsaved(self.draft):
                self.keeper.autosave(self.draft)  # the game's scenario, found again on Load
            problem = launch(self.host, self.draft, *choice)
            if problem:
                self._say(problem)

    def _on_edit_map(self, _it: Intent) -> None:
        self._finish_typing()
        self.host.open("map_editor", self.draft)

    # -- editing ---------------------------------------------------------------------------

    def _edit(self, change: Callable[[], None]) -> None:
        """Make a change; a refused one says why."""
        try:
            change()
        except edits.Refused as exc:
            self._say(str(exc))
        self._follow()

    def _open_picker(self, dialog: Dialog) -> None:
        dialog.answer = lambda value: self._edit(lambda: commands.chosen(self.draft, value))
        self.dialog = dialog

    def _follow(self) -> None:
        """After a change (or coming back from the map editor): check the draft again, show
        it, and autosave soon."""
        if self.draft.revision == self.checked:
            return
        self.checked = self.draft.revision
        try:
            self.report = checks.check(self.draft)
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            self.report = None  # the data is too broken to check: said, never a crash
            self._say(f"The checks could not run on this data: {exc}")
        self.board.follow(self.draft)
        if self.draft.revision != self.seen:
            self.seen = self.draft.revision
            self.keeper.changed()
        self.panel_dirty = True

    def _say(self, words: str) -> None:
        self.notice, self.notice_left = words, NOTICE_SECONDS
        self.board.pane.dirty = True
        self.panel_dirty = True

    def _offer_restore(self, parts: dict[str, Any]) -> None:
        name = str(self.draft.setup.get("name") or "this scenario")
        self.dialog = Question("Restore the autosaved changes?", [
            f"The editor kept changes to {name} that were never saved (the window closed, "
            "or the game stopped, before they were).",
            "Restore them, or throw them away and open the scenario as it was saved."],
            [("Restore", "restore"), ("Throw away", "discard")],
            lambda answer: self._restore(parts, answer))

    def _restore(self, parts: dict[str, Any], answer: Any) -> None:
        if answer == "restore":
            with self.draft.change("Restore the autosaved changes"):
                for part, value in parts.items():
                    self.draft.set((part,), value)
            self._follow()
        elif answer == "discard":
            self.keeper.discard()

    # -- time and drawing ------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """The map moves, notices fade, the autosave comes when due."""
        self._follow()
        self.board.pane.update(dt)
        for name in ("notice_left", "flash_left"):
            left = getattr(self, name)
            if left > 0:
                setattr(self, name, max(0.0, left - dt))
                if left - dt <= 0:
                    self.board.pane.dirty = self.panel_dirty = True
                    self.state.flash = None if name == "flash_left" else self.state.flash
        if self.keeper.tick(dt, self.draft) or self.keeper.problem:
            self.panel_dirty |= bool(self.keeper.problem)

    def unsaved(self) -> str:
        """Why closing now would lose something."""
        if self.keeper.unsaved(self.draft):
            return "The scenario being edited has unsaved changes."
        return ""

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The panel when it changed, the map and its overlays as the pane decides."""
        assert self.layout is not None and self.form is not None
        rects: list[pygame.Rect] = []
        if self.panel_dirty or self.full_redraw:
            self.height = paint_panel(self, self.layout, self.form)
            self.panel_dirty = False
            if not self.full_redraw:
                surface.blit(self.layout.surface, self.layout.panel)
                rects.append(self.layout.panel)
                self.board.pane.dirty = True
        shown = self.board.pane.present(surface, self.full_redraw, self.layout.surface,
                                        self.layout.panel, lambda s: paint_overlays(self, s))
        self.full_redraw = False
        return None if shown is None else rects + shown

    @property
    def folder(self) -> Path:
        """Where the scenario is kept."""
        return self.keeper.folder
