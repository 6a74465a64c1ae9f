"""Drawing the LAN lobby browser's parts: the search while no lobby shows (and its hint), the
question whether to receive a game's scenario, and an open form (host a lobby, join by
address)."""

from __future__ import annotations

import pygame

from net.lan.facade import LobbyListing
from sprites import theme
from sprites.resources import font
from sprites.scenes.lan_common import Scale, TextField, draw_game_choice, line
from sprites.ui.text import draw_lines, draw_text, wrap
from sprites.ui.widgets import Button, panel

FORMS = {"host": ("OPEN A LOBBY", "Lobby name", "Open Lobby"),
         "address": ("JOIN BY ADDRESS", "HOST:PORT, e.g. 192.168.1.5:40123", "Join")}
"""A form's heading, its field's hint and its button."""


def draw_searching(surface: pygame.Surface, u: Scale, area: pygame.Rect, looking: str,
                   hint: str) -> None:
    """What the list says while no lobby shows: still looking, then the hint ("" for none)."""
    y = draw_text(surface, "serif_italic", u(28), looking, theme.INK,
                  midtop=(area.centerx, area.y + u(40))).bottom + u(24)
    if hint:
        draw_lines(surface, "serif", u(23), wrap("serif", u(23), hint, area.w - u(120)),
                   theme.INK_SOFT, y, area.centerx)


def draw_ask(surface: pygame.Surface, u: Scale, fbox: pygame.Rect, lobby: LobbyListing,
             buttons: list[Button]) -> None:
    """Whether to receive the scenario of the game to follow: the question, two buttons."""
    panel(surface, fbox)
    draw_text(surface, "display_bold", u(26), "FOLLOW THIS GAME?", theme.INK,
              midtop=(fbox.centerx, fbox.y + u(30)))
    words = f"{lobby.name} {lobby.note}. Receive it to follow the game, or Refuse."
    draw_lines(surface, "serif", u(22), wrap("serif", u(22), words, fbox.w - u(80))[:3],
               theme.INK, fbox.y + u(84), fbox.centerx)
    for button in buttons:
        button.draw(surface)


def draw_form(surface: pygame.Surface, u: Scale, form: str, fbox: pygame.Rect,
              field: TextField, field_rect: pygame.Rect, game_rect: pygame.Rect, game: str,
              message: str, buttons: list[Button]) -> None:
    """The open form over the list: its heading, the field, the game (on the host's form when
    there is a choice), a message, its buttons."""
    heading, hint, _ = FORMS[form]
    panel(surface, fbox)
    draw_text(surface, "display_bold", u(26), heading, theme.INK,
              midtop=(fbox.centerx, fbox.y + u(30)))
    field.draw(surface, field_rect, u, hint=hint)
    if game_rect.w:
        draw_game_choice(surface, u, game_rect, game)
    if message:
        face, size = "serif_bold", 20
        above = max(field_rect.bottom, game_rect.bottom)
        room = buttons[0].rect.y - above
        if font(face, u(size)).get_linesize() <= room:
            line(surface, u, message, theme.WAX,
                 (fbox.centerx, (above + buttons[0].rect.y) // 2), fbox.w - u(80), size)
    for button in buttons:
        button.draw(surface)
