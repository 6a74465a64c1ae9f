"""A player's score sheet: the peg board (wealth, ships, armies, goods, food), provinces and
ports, monuments with the first builders' marks, conquest, tribute and skulls, the
developments with cost, points and effect, and the live score. Returns where each part lies,
so that a click on it can answer a build or a purchase."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from game.rulesets.roll_through_the_ages.content import RttaContent
from sprites import theme
from sprites.colour import RGB, mix
from sprites.rtta.look import Scale, box, fit, hole, icon, text

TRACKS = (("wealth", "Wealth"), ("ships", "Ships"), ("armies", "Armies"), ("goods", "Goods"),
          ("food", "Food"))
"""The peg board's rows, top to bottom."""
TRACK_ICONS = {"wealth": "wealth", "ships": "ship", "armies": "army", "goods": "good",
               "food": "food"}
SCORE_PARTS = (("monuments", "Monuments"), ("developments", "Developments"),
               ("wealth", "Wealth"), ("tribute", "Tribute"), ("colonies", "Colonies"),
               ("skulls", "Skulls"))

BUILDS = {"armies": "army", "ships": "ship"}
"""The build a click on a peg track answers."""

Zones = dict[str, pygame.Rect]
"""Where each clickable part of the sheet lies ("province", "dev:leadership", …)."""


def heading(surface: pygame.Surface, u: Scale, words: str, x: int, y: int, width: int) -> int:
    """A small-caps heading with a gold rule; the y below it."""
    drawn = text(surface, "display_bold", u(20), words.upper(), theme.WAX, topleft=(x, y))
    pygame.draw.line(surface, theme.GOLD, (drawn.right + u(10), drawn.centery),
                     (x + width, drawn.centery), 1)
    return drawn.bottom + u(4)


class SheetPainter:
    """Draws one player's sheet into a rectangle."""

    def __init__(self, surface: pygame.Surface, u: Scale, content: RttaContent,
                 view: Mapping[str, Any], seat: int, colour: RGB) -> None:
        self.surface, self.u, self.content, self.view = surface, u, content, view
        self.player: dict[str, Any] = view["players"][seat]
        self.colour = colour
        self.zones: Zones = {}

    def draw(self, rect: pygame.Rect) -> Zones:
        """The whole sheet; the clickable parts."""
        u = self.u
        left = pygame.Rect(rect.x + u(20), rect.y, u(470), rect.h)
        right = pygame.Rect(left.right + u(30), rect.y, rect.right - left.right - u(50), rect.h)
        y = self._pegs(left.x, left.y, left.w)
        y = self._provinces(left.x, y + u(10), left.w)
        y = self._ports(left.x, y + u(8), left.w)
        y = self._monuments(left.x, y + u(10), left.w)
        self._tallies(left.x, y + u(10), left.w)
        y = self._developments(right.x, right.y, right.w)
        self._score(right.x, y + u(10), right.w, rect.bottom)
        return self.zones

    # -- peg board -----------------------------------------------------------------------

    def _pegs(self, x: int, y: int, width: int) -> int:
        u = self.u
        y = heading(self.surface, u, "Peg board", x, y, width)
        tracks = self.content.tracks
        for key, name in TRACKS:
            row = pygame.Rect(x, y, width, u(42))
            self.zones[BUILDS.get(key, key)] = row
            icon(self.surface, TRACK_ICONS[key], pygame.Rect(x, y + u(6), u(28), u(28)))
            text(self.surface, "serif_bold", u(22), name, theme.INK,
                 midleft=(x + u(36), row.centery - u(2)))
            length = getattr(tracks, key)
            step = (width - u(146)) / length
            for k in range(length + 1):
                centre = (round(x + u(130) + k * step), row.centery - u(3))
                peg = self.colour if k == self.player[key] else None
                hole(self.surface, centre, u(6), peg)
                if k and k % 5 == 0:
                    text(self.surface, "serif", u(14), str(k), theme.INK_SOFT,
                         midtop=(centre[0], centre[1] + u(9)))
            y = row.bottom
        return y

    # -- provinces and ports -------------------------------------------------------------

    def _provinces(self, x: int, y: int, width: int) -> int:
        u = self.u
        y = heading(self.surface, u, "Provinces (each adds a die)", x, y, width)
        built, partial = self.player["provinces"], self.player["province_boxes"]
        slot_w = width // len(self.content.provinces)
        for k, province in enumerate(self.content.provinces):
            slot = pygame.Rect(x + k * slot_w, y, slot_w - u(6), u(78))
            self._slot(slot, province.number, k < built, province.population,
                       partial if k == built else 0, f"+{province.tribute} trib" if province.tribute
                       else "start")
            if k == built:
                self.zones["province"] = slot
        return y + u(78)

    def _ports(self, x: int, y: int, width: int) -> int:
        u = self.u
        y = heading(self.surface, u, "Ports (goods per port)", x, y, width)
        built = self.player["ports"]
        slot_w = width // len(self.content.ports)
        for k, port in enumerate(self.content.ports):
            slot = pygame.Rect(x + k * slot_w, y, slot_w - u(6), u(78))
            done = k < built
            people, filled = self._port_filled(k, built, port.population, port.goods)
            self._slot(slot, port.number, done, port.population, people,
                       "start" if not port.goods else "")
            urns = port.goods
            step = min(u(18), (slot.w - u(8)) // max(1, urns))
            for n in range(urns):
                spot = pygame.Rect(slot.x + u(4) + n * step, slot.y + u(50), step - 1, u(20))
                icon(self.surface, "good", spot)
                if n < filled:
                    pygame.draw.line(self.surface, theme.INK, spot.bottomleft, spot.topright, 2)
            if k == built:
                self.zones["port"] = slot
        return y + u(78)

    def _port_filled(self, k: int, built: int, people: int, urns: int) -> tuple[int, int]:
        """(population boxes, urns) filled on port k: built ports are full; later ports may
        be filled ahead of the next one."""
        boxes = self.player.get("port_boxes")
        if boxes is not None and k < len(boxes):
            return int(boxes[k][0]), int(boxes[k][1])
        if k < built:
            return people, urns
        if k == built:
            return self.player["port_population"], self.player["port_goods"]
        return 0, 0

    def _slot(self, slot: pygame.Rect, number: int, done: bool, boxes: int, partial: int,
              note: str) -> None:
        u = self.u
        fill = mix(self.colour, theme.PARCHMENT, 0.75) if done else theme.PARCHMENT_LIGHT
        pygame.draw.rect(self.surface, fill, slot, border_radius=u(4))
        pygame.draw.rect(self.surface, theme.INK_SOFT, slot, 1, border_radius=u(4))
        text(self.surface, "display_bold", u(19), str(number), theme.INK,
             topleft=(slot.x + u(6), slot.y + u(2)))
        if note:
            text(self.surface, "serif_italic", u(15), note, theme.INK_SOFT,
                 topright=(slot.right - u(5), slot.y + u(4)))
        step = min(u(19), (slot.w - u(10)) // max(1, boxes))
        for n in range(boxes):
            spot = pygame.Rect(slot.x + u(6) + n * step, slot.y + u(28), step - u(3), step - u(3))
            box(self.surface, spot, done or n < partial)

    # -- monuments -----------------------------------------------------------------------

    def _monuments(self, x: int, y: int, width: int) -> int:
        u = self.u
        y = heading(self.surface, u, "Monuments (first / later builders)", x, y, width)
        firsts = {m["id"]: m["first_builder"] for m in self.view["monuments"]}
        for monument in self.player["monuments"]:
            row = pygame.Rect(x, y, width, u(36))
            self.zones[f"monument:{monument['id']}"] = row
            ink = theme.INK if not monument["built"] else theme.WAX
            text(self.surface, "serif_bold", u(21), monument["name"], ink,
                 midleft=(x, row.centery))
            for n in range(monument["boxes"]):
                spot = pygame.Rect(x + u(122) + n * u(18), row.y + u(10), u(15), u(15))
                box(self.surface, spot, n < monument["filled"])
            points = f"{monument['first_vp']}/{monument['later_vp']}"
            text(self.surface, "serif", u(19), points, theme.INK_SOFT,
                 midright=(row.right - u(24), row.centery))
            self._first_mark(row, firsts.get(monument["id"], -1), monument)
            y = row.bottom
        return y

    def _first_mark(self, row: pygame.Rect, first: int, monument: Mapping[str, Any]) -> None:
        """A gold star if this player built it first; a small ring in the first builder's
        colour when someone else did."""
        u = self.u
        centre = (row.right - u(8), row.centery)
        if monument["first"]:
            _star(self.surface, centre, u(8), theme.GOLD)
        elif first >= 0:
            pygame.draw.circle(self.surface, theme.INK_SOFT, centre, u(6), 2)

    # -- conquest, tribute, skulls -------------------------------------------------------

    def _tallies(self, x: int, y: int, width: int) -> int:
        u = self.u
        y = heading(self.surface, u, "Conquest · tribute · skulls", x, y, width)
        player = self.player
        text(self.surface, "serif_bold", u(21), "Conquest", theme.INK, topleft=(x, y))
        for n in range(self.content.tracks.conquest_boxes):
            spot = pygame.Rect(x + u(122) + n * u(24), y + u(6), u(17), u(17))
            box(self.surface, spot, n < player["conquests"])
        y += u(32)
        for name, value, kind in (("Tribute", player["tribute"], "tribute"),
                                  ("Skulls", player["skulls"], "skull")):
            icon(self.surface, kind, pygame.Rect(x + u(122), y + u(3), u(22), u(22)))
            text(self.surface, "serif_bold", u(21), name, theme.INK, topleft=(x, y))
            text(self.surface, "display_bold", u(21), str(value), theme.INK,
                 topleft=(x + u(152), y))
            y += u(32)
        extra = f"Strength {player['strength']} · {player['empire_dice']} Empire dice"
        text(self.surface, "serif_italic", u(20), extra, theme.INK_SOFT,
             topright=(x + width, y - u(62)))
        return y

    # -- developments --------------------------------------------------------------------

    def _developments(self, x: int, y: int, width: int) -> int:
        u = self.u
        y = heading(self.surface, u, "Developments (cost · points)", x, y, width)
        owned = set(self.player["developments"])
        for development in self.view["developments"]:
            row = pygame.Rect(x, y, width, u(41))
            self.zones[f"dev:{development['id']}"] = row
            self._development(row, development, development["id"] in owned)
            y = row.bottom
        return y

    def _development(self, row: pygame.Rect, development: Mapping[str, Any], owned: bool
                     ) -> None:
        u = self.u
        if owned:
            pygame.draw.rect(self.surface, mix(self.colour, theme.PARCHMENT, 0.78), row,
                             border_radius=u(3))
        box(self.surface, pygame.Rect(row.x + u(2), row.y + u(6), u(16), u(16)), owned)
        struck = development["struck"]
        ink = mix(theme.INK, theme.PARCHMENT, 0.55) if struck else theme.INK
        name = text(self.surface, "serif_bold", u(20), development["name"], ink,
                    topleft=(row.x + u(26), row.y - u(1)))
        cost = self.player["costs"].get(development["id"], development["cost"])
        figures = f"{cost}" + (f" (was {development['cost']})" if cost != development["cost"]
                               else "") + f" · {development['vp']} pt"
        text(self.surface, "serif", u(19), figures, theme.INK_SOFT,
             topright=(row.right - u(4), row.y + u(2)))
        effect = "struck with the Mediterranean" if struck else development["effect"]
        words = fit("serif_italic", u(15), effect, row.w - u(30))
        text(self.surface, "serif_italic", u(15), words, theme.INK_SOFT,
             topleft=(row.x + u(26), row.y + u(19)))
        if struck:
            pygame.draw.line(self.surface, theme.WAX, (name.x, name.centery),
                             (name.right, name.centery), 2)

    # -- the score -----------------------------------------------------------------------

    def _score(self, x: int, y: int, width: int, bottom: int) -> None:
        u = self.u
        y = heading(self.surface, u, "Score now", x, y, width)
        score = self.player["score"]
        parts = [(label, score[key]) for key, label in SCORE_PARTS if score[key]]
        parts += [(key.replace("_", " ").title(), value)
                  for key, value in score["bonuses"].items() if value]
        column = (width - u(40)) // 3
        for k, (label, value) in enumerate(parts):
            px, py = x + (k % 3) * (column + u(20)), y + (k // 3) * u(26)
            text(self.surface, "serif", u(19), label, theme.INK, topleft=(px, py))
            text(self.surface, "serif_bold", u(19), f"{value:+d}" if value < 0 else str(value),
                 theme.INK, topright=(px + column, py))
        y += ((len(parts) + 2) // 3) * u(26) + u(4)
        pygame.draw.line(self.surface, theme.INK_SOFT, (x, y), (x + width, y), 1)
        text(self.surface, "display_bold", u(26), "Total", theme.INK, topleft=(x, y + u(4)))
        text(self.surface, "display_bold", u(26), str(score["total"]), theme.WAX,
             topright=(x + width, y + u(4)))


def _star(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: RGB) -> None:
    import math

    points = [(centre[0] + math.cos(math.pi / 2 + k * math.pi / 5) * (radius if k % 2 == 0
                                                                       else radius * 0.45),
               centre[1] - math.sin(math.pi / 2 + k * math.pi / 5) * (radius if k % 2 == 0
                                                                       else radius * 0.45))
              for k in range(10)]
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, theme.INK, points, 1)
