"""The dice tray: the Fate die and the Empire dice as they lie, skulls sealed aside, dice
picked for a reroll lifted and ringed, a short tumble after every roll that ends on exactly
the faces the log holds, and the face picker of Omens."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from game.rulesets.roll_through_the_ages.content import RttaContent
from sprites import theme
from sprites.colour import darker
from sprites.rtta.look import HIGHLIGHT, SELECTED, Scale, die, glow, lock, text
from sprites.rtta.words import die_name

TUMBLE = 0.7
"""Seconds a roll tumbles at normal speed."""
FLIP = 0.07
"""Seconds between the faces a tumbling die flashes."""


class DiceTray:
    """What the tray remembers between frames: the dice picked, the die Omens will set, the
    tumble under way and the last dice of a finished turn."""

    def __init__(self) -> None:
        self.picked: set[int] = set()
        self.omen_die: int | None = None
        self.tumbling: dict[int, float] = {}
        """Die → seconds of tumble left."""
        self.flashes: dict[int, int] = {}
        self.last: list[Mapping[str, Any]] = []
        """The dice as they last lay (shown, dimmed, once the turn is over)."""
        self.last_seat = -1
        self._spin = 1
        """The tumble's face stream (an LCG: the client keeps `random` out, and the faces
        that flash are for show only)."""

    def _flash(self) -> int:
        """The next face to flash on a tumbling die."""
        self._spin = (self._spin * 75 + 74) % 65537
        return self._spin % 6

    @property
    def busy(self) -> bool:
        """Whether a roll is still tumbling."""
        return bool(self.tumbling)

    def roll(self, dice: Sequence[int], speed: float) -> None:
        """Chance rolled these dice: tumble them (not at speed 0)."""
        self.picked.clear()
        self.omen_die = None
        if speed > 0:
            for d in dice:
                self.tumbling[d] = TUMBLE / speed
                self.flashes[d] = self._flash()

    def landed(self, dice: Sequence[int], faces: Sequence[str], content: RttaContent,
               seat: int) -> None:
        """The faces a roll left (from its event), kept for when the turn ends in the same
        entry and the view has no dice left to show."""
        shown = {f.id: f for f in (*content.fate_die, *content.empire_die)}
        last: list[dict[str, Any]] = ([dict(d) for d in self.last]
                                      if self.last_seat == seat else [])
        for number, face_id in zip(dice, faces, strict=True):
            while len(last) <= number:
                last.append({"die": len(last), "kind": "fate" if not last else "empire",
                             "face": "", "name": "", "locked": False, "rolling": False})
            face = shown.get(face_id)
            last[number].update(face=face_id, name=face.name if face else face_id,
                                locked=bool(face and face.skulls))
        self.last, self.last_seat = list(last), seat

    def update(self, dt: float) -> bool:
        """Time passes; whether anything moved."""
        if not self.tumbling:
            return False
        for d in list(self.tumbling):
            left = self.tumbling[d] - dt
            if left <= 0:
                del self.tumbling[d]
            else:
                if int(left / FLIP) != int(self.tumbling[d] / FLIP):
                    self.flashes[d] = self._flash()
                self.tumbling[d] = left
        return True

    def skip(self) -> None:
        """End every tumble now."""
        self.tumbling.clear()

    def remember(self, view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        """The dice to show: this turn's, or the last turn's while none lie on the table."""
        if view["dice"]:
            self.last, self.last_seat = list(view["dice"]), view["turn"]
            return self.last
        return self.last

    def draw(self, surface: pygame.Surface, u: Scale, rect: pygame.Rect,
             view: Mapping[str, Any], content: RttaContent, clickable: set[int],
             strip: pygame.Rect) -> dict[str, pygame.Rect]:
        """The dice in a row across `rect` (Omens' faces in `strip`); the zones "die:i" and
        "face:i:ID"."""
        dice = self.remember(view)
        zones: dict[str, pygame.Rect] = {}
        if not dice:
            text(surface, "serif_italic", u(22), "The dice wait for the first roll.",
                 theme.INK_SOFT, center=rect.center)
            return zones
        stale = not view["dice"]
        size = min(u(136), (rect.w - u(20)) // len(dice) - u(20))
        gap = (rect.w - size * len(dice)) // (len(dice) + 1)
        for k, shown in enumerate(dice):
            spot = pygame.Rect(rect.x + gap + k * (size + gap), rect.y + u(22), size, size)
            self._die(surface, u, spot, shown, content, stale, k in clickable)
            zones[f"die:{k}"] = spot.inflate(u(8), u(30))
        if self.omen_die is not None and not stale:
            zones.update(self._faces(surface, u, strip, dice, content))
        return zones

    def _die(self, surface: pygame.Surface, u: Scale, spot: pygame.Rect,
             shown: Mapping[str, Any], content: RttaContent, stale: bool, live: bool) -> None:
        number, fate = shown["die"], shown["kind"] == "fate"
        picked = number in self.picked or number == self.omen_die
        if picked:
            spot = spot.move(0, -u(14))
        if number in self.tumbling:
            return self._tumbling(surface, u, spot, number, content, fate)
        die(surface, spot, shown["face"], fate, stale, shown["name"])
        if shown["locked"]:
            lock(surface, spot)
        if picked:
            glow(surface, spot, SELECTED, u(4))
        elif live:
            glow(surface, spot, HIGHLIGHT, u(2))
        caption = ("Fate die" if fate else f"die {number}") + (
            " · set aside" if shown["locked"] else "")
        if number in self.picked:
            caption = "reroll"
        colour = theme.WAX if shown["locked"] or picked else theme.INK_SOFT
        text(surface, "serif_italic", u(19), caption, colour,
             midtop=(spot.centerx, spot.bottom + u(6) + (u(14) if picked else 0)))

    def _tumbling(self, surface: pygame.Surface, u: Scale, spot: pygame.Rect, number: int,
                  content: RttaContent, fate: bool) -> None:
        faces = content.fate_die if fate else content.empire_die
        face = faces[self.flashes.get(number, 0) % len(faces)]
        left = self.tumbling[number]
        piece = pygame.Surface((spot.w + u(12), spot.h + u(12)), pygame.SRCALPHA)
        die(piece, pygame.Rect(u(4), u(4), spot.w, spot.h), face.id, fate, False, face.name)
        angle = math.sin(left * 23 + number) * 28 * min(1.0, left * 4)
        turned = pygame.transform.rotate(piece, angle)
        hop = round(abs(math.sin(left * 14 + number)) * u(16) * min(1.0, left * 3))
        surface.blit(turned, turned.get_rect(center=(spot.centerx, spot.centery - hop)))

    def _faces(self, surface: pygame.Surface, u: Scale, rect: pygame.Rect,
               dice: Sequence[Mapping[str, Any]], content: RttaContent
               ) -> dict[str, pygame.Rect]:
        """Omens: the faces the picked die may be set to, in a strip under the dice."""
        chosen = self.omen_die
        assert chosen is not None
        shown = dice[chosen]
        faces = content.fate_die if shown["kind"] == "fate" else content.empire_die
        options = [f for f in faces if f.id != shown["face"]]
        size = u(64)
        strip = pygame.Rect(0, 0, len(options) * (size + u(14)) + u(200), size + u(26))
        strip.midtop = rect.midtop
        pygame.draw.rect(surface, darker(theme.PARCHMENT, 0.06), strip, border_radius=u(6))
        pygame.draw.rect(surface, theme.GOLD, strip, 1, border_radius=u(6))
        text(surface, "serif_bold", u(17), f"Set {die_name(chosen)} to:", theme.INK,
             midleft=(strip.x + u(12), strip.centery))
        zones = {}
        for k, face in enumerate(options):
            spot = pygame.Rect(strip.x + u(190) + k * (size + u(14)), strip.y + u(13), size,
                               size)
            die(surface, spot, face.id, shown["kind"] == "fate", False, face.name)
            glow(surface, spot, HIGHLIGHT, u(2))
            zones[f"face:{chosen}:{face.id}"] = spot
        return zones
