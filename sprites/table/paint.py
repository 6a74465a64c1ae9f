"""Drawing the table's overlays over the composed map and HUD: legal targets, animations,
hover and tooltip, the decision bar, the hand with its enlarged card, the chooser, and the
"pass the screen" cover. Each returns the rectangles it touched (for dirty-rect updates)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from sprites import theme
from sprites.map import style
from sprites.map.tooltips import describe
from sprites.table.bar import draw_bar
from sprites.table.battle import board_rect, draw_battle
from sprites.table.cards import blit_face, card_face, deck_of
from sprites.table.hand import draw_hand
from sprites.table.route import draw_note, draw_route, note_lines
from sprites.ui.text import render
from sprites.ui.widgets import panel, tooltip

if TYPE_CHECKING:
    from sprites.table.scene import TableScene


class SceneStage:
    """The Stage protocol (timeline.py) over a table scene."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene

    def board_to_screen(self, node: str) -> tuple[float, float] | None:
        """Screen position of a city or area."""
        assert self.scene.view is not None
        try:
            return self.scene.view.camera.to_screen(self.scene.model.position(node))
        except KeyError:
            return None

    def point_to_screen(self, point: tuple[float, float]) -> tuple[float, float]:
        """Screen position of a board point."""
        assert self.scene.view is not None
        return self.scene.view.camera.to_screen(point)

    def seat_anchor(self, seat: int) -> tuple[int, int]:
        """Beside a seat's row in the HUD."""
        rows = self.scene.layout.rows
        if 0 <= seat < len(rows):
            return (rows[seat].right + self.ui(8), rows[seat].centery)
        return (self.scene.hud_rect.right, 0)

    def ui(self, px: float) -> int:
        """Design pixels to screen pixels."""
        assert self.scene.app is not None
        return self.scene.app.ui(px)


def paint_overlays(scene: TableScene, surface: pygame.Surface) -> list[pygame.Rect]:
    """Everything drawn over the background, in order; the rectangles touched."""
    assert scene.view is not None and scene.app is not None
    u = scene.app.ui
    rects: list[pygame.Rect] = []
    viewport = pygame.Rect(scene.view.camera.viewport)
    clip = surface.get_clip()
    surface.set_clip(viewport)
    rects += _route(scene, surface)
    rects += _targets(scene, surface)
    for token in scene.tokens:
        rects.append(token.draw(surface, scene.view.camera))
    if scene.hover is not None:
        rects.append(scene._draw_hover(surface, scene.hover))
    surface.set_clip(clip)
    rects += scene.timeline.draw(surface, SceneStage(scene))
    who, why, hint = scene.bar_text()
    rects.append(draw_bar(surface, scene.bar_rect, who, why, hint, scene.buttons, u))
    if scene.battle is not None and scene.covered_for is None:
        rect = board_rect(viewport, scene.bar_rect.bottom, u)
        rects.append(draw_battle(surface, scene.battle, rect, u,
                                 scene.names.node(scene.battle.where),
                                 scene.app.settings.colour_blind).inflate(10, 12))
    if scene.shown_route is not None:
        lines = note_lines(scene.shown_route, scene.names)
        rects.append(draw_note(surface, lines, (viewport.x + u(16), scene.hand_area.y - u(8)),
                               u).inflate(10, 12))
    if scene.covered_for is None:
        rects += _hand(scene, surface)
    for button in scene.choosing:
        rects.append(button.draw(surface))
    if scene.hover is not None and scene.pointer is not None and scene.covered_for is None \
            and scene.hover_slot is None:
        rects.append(_tooltip(scene, surface))
    if scene.notice:
        note = render("serif_bold", u(22), scene.notice, theme.WAX)
        rects.append(surface.blit(note, note.get_rect(midtop=(viewport.centerx,
                                                              scene.bar_rect.bottom + u(60)))))
    if scene.covered_for is not None:
        rects.append(_cover(scene, surface))
    screen = surface.get_rect()
    return [r.clip(screen) for r in rects if r.w > 0 and r.h > 0]


def _route(scene: TableScene, surface: pygame.Surface) -> list[pygame.Rect]:
    """The route of the ME being built (or of the route/port choice hovered), on the map."""
    route = scene.shown_route
    if route is None or scene.app is None:
        return []
    stage = SceneStage(scene)
    empire = scene.empires[route.seat]
    colour = theme.empire_colour(empire, scene.app.settings.colour_blind)
    return draw_route(surface, route, stage.board_to_screen, scene.app.ui, colour)


def _targets(scene: TableScene, surface: pygame.Surface) -> list[pygame.Rect]:
    if scene.offer is None or scene.view is None:
        return []
    cam = scene.view.camera
    rects = []
    for node in scene.offer.targets:
        try:
            centre = cam.to_screen(scene.model.position(node))
        except KeyError:
            continue
        if scene.names.is_city(node):
            radius = style.city_radius(scene.model.city(node).size, cam.zoom) + 7
        else:
            radius = style.area_radius(cam.zoom) + 6
        pygame.draw.circle(surface, theme.GOLD_LIGHT, centre, radius + 2, 4)
        pygame.draw.circle(surface, theme.WAX, centre, radius + 5, 2)
        rects.append(pygame.Rect(centre[0] - radius - 8, centre[1] - radius - 8,
                                 2 * radius + 16, 2 * radius + 16))
    return rects


def _hand(scene: TableScene, surface: pygame.Surface) -> list[pygame.Rect]:
    assert scene.app is not None
    colour_blind = scene.app.settings.colour_blind
    usable = set(scene.offer.cards) if scene.offer is not None else set()
    asking = scene.offer is not None and bool(scene.offer.cards)
    rects = []
    drawn = draw_hand(surface, scene.cards, scene.hover_slot, scene._lift(), usable, asking,
                      colour_blind)
    if drawn is not None:
        rects.append(drawn)
    hovered = next((c for c in scene.cards if c.slot == scene.hover_slot), None)
    if hovered is not None and hovered.card is not None:
        u = scene.app.ui
        face = card_face(hovered.card, deck_of(hovered.slot), u(300), colour_blind)
        box = face.surface.get_rect(midbottom=(hovered.rect.centerx,
                                               hovered.rect.y - scene._lift() - u(10)))
        box.clamp_ip(surface.get_rect().inflate(-u(10), -u(10)))
        rects.append(blit_face(surface, face, box).inflate(4, 4))
        if scene.offer is not None and hovered.slot in scene.offer.cards:
            words = [scene.labels[a] for a in scene.offer.cards[hovered.slot]]
            text = render("serif_bold", u(20), "Click: " + " / ".join(words)[:90], theme.WAX)
            tip = text.get_rect(midtop=(box.centerx, box.bottom + u(4)))
            pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, tip.inflate(u(12), u(6)))
            rects.append(surface.blit(text, tip).inflate(u(14), u(8)))
    return rects


def _tooltip(scene: TableScene, surface: pygame.Surface) -> pygame.Rect:
    assert scene.app is not None and scene.hover is not None and scene.pointer is not None
    title, lines = describe(scene.hover, scene.model, scene.picture)
    if scene.offer is not None and scene.hover.id in scene.offer.targets:
        words = " / ".join(scene.labels[a] for a in scene.offer.targets[scene.hover.id])
        lines = [f"Click: {words}", *lines]
    return tooltip(surface, scene.pointer, title, lines, scene.app.ui(100) / 100)


def _cover(scene: TableScene, surface: pygame.Surface) -> pygame.Rect:
    """The "pass the screen" plaque (the hand is not drawn while it shows)."""
    assert scene.app is not None and scene.covered_for is not None
    u = scene.app.ui
    empire = scene.empires[scene.covered_for]
    box = pygame.Rect(0, 0, u(760), u(300))
    box.center = pygame.Rect(scene.view.camera.viewport).center if scene.view else (0, 0)
    panel(surface, box)
    colour = theme.empire_colour(empire, scene.app.settings.colour_blind)
    pygame.draw.rect(surface, colour, box.inflate(-u(24), -u(24)), u(6))
    head = render("display_bold", u(40), f"Pass the screen to {theme.empire_name(empire)}",
                  theme.INK)
    surface.blit(head, head.get_rect(center=(box.centerx, box.y + u(100))))
    sub = render("serif_italic", u(24), "Cards stay hidden until that player is here.",
                 theme.INK_SOFT)
    surface.blit(sub, sub.get_rect(center=(box.centerx, box.y + u(160))))
    go = render("serif_bold", u(24), f"{theme.empire_name(empire)}: click or press Enter",
                theme.WAX)
    surface.blit(go, go.get_rect(center=(box.centerx, box.y + u(220))))
    return box.inflate(10, 12)
