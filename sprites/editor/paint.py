"""Drawing the scenario editor: the panel (title, the scenario's state, the toolbar, the
form in its scrolling window) and, over the map, the mode bar, a notice, the problems, the
tooltips and an open dialog."""

from __future__ import annotations

from typing import Protocol

import pygame

from sprites import theme
from sprites.editor.board import Board
from sprites.editor.checks import Report
from sprites.editor.controls import Spots, small_button
from sprites.editor.dialogs import Dialog
from sprites.editor.document import Draft
from sprites.editor.form import Form, FormState
from sprites.editor.keeping import Keeper
from sprites.editor.layout import EditorLayout
from sprites.editor.problems import ProblemsPanel
from sprites.resources import font
from sprites.scenes.base import Host, intent
from sprites.theme import empire_name
from sprites.ui.decor import parchment_backdrop
from sprites.ui.text import draw_text, elide, wrap
from sprites.ui.widgets import panel, tooltip


class EditorView(Protocol):
    """What the drawing reads of the scenario editor (`scene.EditorView`)."""

    draft: Draft
    keeper: Keeper
    origin: str
    report: Report | None
    state: FormState
    hover: tuple[int, int] | None
    scroll: int
    layout: EditorLayout | None
    form: Form | None
    notice: str
    notice_left: float
    problems: ProblemsPanel
    board: Board
    mode: str

    @property
    def dialog(self) -> Dialog | None:
        """The dialog open, if any."""

    @property
    def host(self) -> Host:
        """The app."""

MODES = (("play", "Provinces and areas", "A city: its province in or out of play; an area: "
          "that area"),
         ("keys", "Key cities", "A city in play: a key city, or an ordinary one again"))


def paint_panel(scene: EditorView, layout: EditorLayout, form: Form) -> int:
    """Draw the panel onto its surface (the layout's); the form's height."""
    u, out = layout.u, layout.surface
    out.blit(_backdrop(layout), (0, 0))
    pygame.draw.line(out, theme.INK, (out.get_width() - 2, 0),
                     (out.get_width() - 2, out.get_height()), 2)
    _header(scene, layout, out)
    state = scene.state
    state.saved_as = _saved_as(scene)
    state.hover = None if scene.hover is None or not layout.form.collidepoint(scene.hover) \
        else layout.form_point(scene.hover, scene.scroll)
    height = form.render(scene.draft, state)
    scene.scroll = max(0, min(scene.scroll, height - layout.form.h))
    out.blit(form.surface, layout.form.topleft,
             pygame.Rect(0, scene.scroll, layout.form.w, layout.form.h))
    pygame.draw.line(out, theme.GOLD, (layout.form.x, layout.form.y - u(4)),
                     (layout.form.right, layout.form.y - u(4)), 1)
    _scrollbar(out, layout, height, scene.scroll)
    return height


def _backdrop(layout: EditorLayout) -> pygame.Surface:
    found = getattr(layout, "backdrop", None)
    if found is None:
        found = parchment_backdrop(layout.panel.size, silhouette=False)
        layout.backdrop = found  # type: ignore[attr-defined]
    return found


def _header(scene: EditorView, layout: EditorLayout, out: pygame.Surface) -> None:
    u, width = layout.u, layout.panel.w
    draw_text(out, "display_bold", u(30), "SCENARIO EDITOR", theme.INK,
              topleft=(u(20), u(14)))
    name = str(scene.draft.setup.get("name") or "A scenario")
    y = draw_text(out, "serif_italic", u(22), elide("serif_italic", u(22), name,
                                                    width - u(40)),
                  theme.INK_SOFT, topleft=(u(20), u(54))).bottom
    status, ink = _status(scene)
    draw_text(out, "serif_bold", u(18), elide("serif_bold", u(18), status, width - u(40)), ink,
              topleft=(u(20), y + u(2)))
    layout.toolbar = Spots()
    draft, report = scene.draft, scene.report
    problems = len(report.problems) if report is not None else 0
    why_play = ("Checking…" if report is None else
                f"Fix the {problems} problem{'s' if problems != 1 else ''} first"
                if problems else "")
    rows = ((("Undo", "undo", "" if draft.can_undo else "Nothing to undo"),
             ("Redo", "redo", "" if draft.can_redo else "Nothing to redo"),
             ("Save", "save", ""), ("Close", "close", "")),
            (("Play Test", "play_test", why_play), ("Edit the Map…", "edit_map", "")))
    top = u(118)
    for row in rows:
        gap = u(10)
        each = (width - u(40) - gap * (len(row) - 1)) // len(row)
        for k, (words, name_, why) in enumerate(row):
            rect = pygame.Rect(u(20) + k * (each + gap), top, each, u(42))
            small_button(out, u, layout.toolbar, rect, words, intent(name_), why,
                         scene.hover is not None and rect.collidepoint(scene.hover), 20)
        top += u(50)
    if why_play:
        words = f"Play Test: {why_play[0].lower()}{why_play[1:]} (listed over the map)."
        draw_text(out, "serif_italic", u(17), elide("serif_italic", u(17), words,
                                                    width - u(40)),
                  theme.WAX, topleft=(u(20), top - u(2)))


def _status(scene: EditorView) -> tuple[str, tuple[int, int, int]]:
    keeper, draft = scene.keeper, scene.draft
    if keeper.problem:
        return keeper.problem, theme.WAX
    if not keeper.saved:
        return "Not saved yet" + (f" · {scene.origin}" if scene.origin else ""), theme.WAX
    if draft.dirty:
        return "Unsaved changes (autosaved as you go)", theme.WAX
    marked = draft.setup.get("draft") is True or (scene.report is not None
                                                 and not scene.report.playable)
    return ("Saved as a draft" if marked else "Saved"), theme.INK_SOFT


def _saved_as(scene: EditorView) -> str:
    from sprites.editor.start_page import shown_folder

    folder = scene.keeper.folder
    if scene.keeper.saved:
        return f"Kept in {shown_folder(folder)}"
    return f"Will be kept in {shown_folder(folder.parent)}"


def _scrollbar(out: pygame.Surface, layout: EditorLayout, height: int, scroll: int) -> None:
    box = layout.form
    if height <= box.h:
        return
    u = layout.u
    track = pygame.Rect(box.right + u(6), box.y, u(8), box.h)
    pygame.draw.rect(out, theme.PARCHMENT_DARK, track, border_radius=u(4))
    size = max(u(30), box.h * box.h // height)
    top = box.y + (box.h - size) * scroll // max(1, height - box.h)
    pygame.draw.rect(out, theme.GOLD, pygame.Rect(track.x, top, track.w, size),
                     border_radius=u(4))


# -- over the map ---------------------------------------------------------------------------

def paint_overlays(scene: EditorView, surface: pygame.Surface) -> list[pygame.Rect]:
    """The map's marks, the mode bar, a notice, the problems, a tooltip, a dialog."""
    layout, pane, u = scene.layout, scene.board.pane, scene.host.ui
    assert layout is not None
    rects = pane.marks(surface, lambda under: _shown_places(scene, under))
    rects.append(_mode_bar(scene, layout, surface))
    if scene.notice_left > 0 and scene.notice:
        rects.append(_notice(scene.notice, layout, surface))
    scene.problems.fit(layout.problems, u, scene.report)
    rects.append(scene.problems.draw(surface, u, scene.report, scene.hover,
                                     "" if scene.report is not None else
                                     "The checks could not run."))
    if scene.dialog is not None:
        rects.append(scene.dialog.draw(surface, u, scene.hover))
        return [r.clip(surface.get_rect()) for r in rects]
    rects += _tips(scene, layout, surface)
    return [r.clip(surface.get_rect()) for r in rects]


def _shown_places(scene: EditorView, surface: pygame.Surface) -> list[pygame.Rect]:
    """Rings round the places of the findings about the field a click on one shows (while
    the field is marked in gold), so the map says which place it was about."""
    from sprites.editor.map_overlays import ring

    field, report, pane = scene.state.flash, scene.report, scene.board.pane
    if field is None or report is None:
        return []
    zoom, rects = pane.map_view.camera.zoom, []
    for finding in (*report.problems, *report.warnings):
        node = finding.node if finding.field == field else None
        spot = pane.to_screen(node) if node else None
        if node and spot is not None:
            radius = pane.node_radius(node, zoom) + scene.host.ui(6)
            rects.append(ring(surface, spot, radius, theme.WAX))
    return rects


def _mode_bar(scene: EditorView, layout: EditorLayout, surface: pygame.Surface
              ) -> pygame.Rect:
    u = layout.u
    bar = pygame.Rect(layout.map.x + u(14), u(10), layout.map.w - u(28), layout.map_top - u(14))
    panel(surface, bar, shadow=False)
    layout.map_spots = Spots()
    x = draw_text(surface, "serif_bold", u(19), "A click on the map:", theme.INK,
                  midleft=(bar.x + u(16), bar.centery)).right + u(12)
    for mode, words, _hint in MODES:
        width = font("serif_bold", u(19)).size(words)[0] + u(32)
        rect = pygame.Rect(x, bar.y + u(8), width, bar.h - u(16))
        chosen = scene.mode == mode
        small_button(surface, u, layout.map_spots, rect, words,
                     intent("map_mode", mode=mode), "",
                     chosen or (scene.hover is not None and rect.collidepoint(scene.hover)), 19,
                     "serif_bold")
        if chosen:
            pygame.draw.rect(surface, theme.WAX, rect, max(2, u(3)), border_radius=4)
        x = rect.right + u(10)
    hint = next(h for m, _w, h in MODES if m == scene.mode)
    room = bar.right - x - u(12)
    if font("serif_italic", u(17)).size(hint)[0] <= room:
        draw_text(surface, "serif_italic", u(17), hint, theme.INK_SOFT,
                  midleft=(x + u(4), bar.centery))
    return bar.inflate(4, 4)


def _notice(words: str, layout: EditorLayout, surface: pygame.Surface) -> pygame.Rect:
    u = layout.u
    lines = wrap("serif_bold", u(20), words, layout.map.w - u(120))
    box = pygame.Rect(0, layout.map_top + u(6), layout.map.w - u(80), u(18) + len(lines) * u(26))
    box.centerx = layout.map.centerx
    panel(surface, box, shadow=False)
    y = box.y + u(9)
    for line in lines:
        y = draw_text(surface, "serif_bold", u(20), line, theme.WAX,
                      midtop=(box.centerx, y)).bottom
    return box.inflate(4, 4)


def _tips(scene: EditorView, layout: EditorLayout, surface: pygame.Surface
          ) -> list[pygame.Rect]:
    """What the pointer rests on: a greyed control's reason, a problem's hint, the map's
    tooltip with what a click there does."""
    pos, u = scene.hover, layout.u
    if pos is None:
        return []
    spot = None
    for spots, point in ((layout.toolbar, pos), (layout.map_spots, pos)):
        spot = spot or spots.at(point)
    if spot is None and layout.form.collidepoint(pos) and scene.form is not None:
        spot = scene.form.spots.at(layout.form_point(pos, scene.scroll))
    if spot is not None and spot.tip:
        return [tooltip(surface, pos, "Not now" if not spot.enabled else "Tip", [spot.tip],
                        u(100) / 100)]
    if not layout.map.collidepoint(pos) or scene.problems.rect.collidepoint(pos):
        return []
    return _place_tip(scene, surface, u(100) / 100)


def _place_tip(scene: EditorView, surface: pygame.Surface, scale: float) -> list[pygame.Rect]:
    """The tooltip of the place under the pointer: what a click does, then what the
    scenario makes of a city (not the table's neutral markers and fortifications)."""
    pane = scene.board.pane
    hit, pointer = pane.hover, pane.pointer
    if hit is None or pointer is None or hit.kind != "city":
        return pane.tooltip(surface, scale, _click_words(scene))
    city, state = pane.model.city(hit.id), pane.picture.city(hit.id)
    lines = [*_click_words(scene), f"Size {city.size} city" + (", port" if city.port else ""),
             f"Province: {pane.model.province(city.province).name}"]
    if state.capital_of:
        lines.append(f"Capital of {empire_name(state.capital_of)}")
    if state.key:
        lines.append("Key city")
    return [tooltip(surface, pointer, city.name, lines, scale)]


def _click_words(scene: EditorView) -> list[str]:
    """What a click on the place under the pointer would do."""
    from sprites.editor import facts

    hit = scene.board.pane.hover
    if hit is None or hit.kind == "route":
        return []
    draft = scene.draft
    if hit.kind == "area":
        playing = hit.id in facts.areas_in_play(draft)
        return [f"Click: {'out of' if playing else 'into'} play"] if scene.mode == "play" \
            else []
    province = scene.board.pane.model.city(hit.id).province
    in_play = province in facts.provinces_in_play(draft)
    if scene.mode == "play":
        name = facts.name_of(draft, province)
        return [f"Click: {name} {'out of' if in_play else 'into'} play"]
    if hit.id in facts.key_cities(draft):
        return ["Click: no longer a key city"]
    return ["Click: make it a key city"] if in_play else ["Out of play: no key city here"]

