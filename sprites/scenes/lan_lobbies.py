"""A lobby of the browser in words and on its row: whether it can be joined or watched, why
not, and its two lines (the lobby and its status; the host, rules, scenario and why not, or
that its scenario will be sent)."""

from __future__ import annotations

import pygame

from net.lan.facade import LobbyListing
from sprites import theme
from sprites.scenes.lan_common import (
    GREY,
    Scale,
    plate,
    plural,
    ruleset_title,
    scenario_name,
    short_fingerprint,
)
from sprites.ui.text import draw_text, elide

STATUS_WORDS = {"lobby": "open", "playing": "playing", "over": "over"}



def joinable(lobby: LobbyListing) -> bool:
    """Whether this program can join a lobby now."""
    return not lobby.why_not and lobby.status == "lobby"


def watchable(lobby: LobbyListing) -> bool:
    """Whether this program can follow a lobby's game (it is playing, under rules known here)."""
    return lobby.status == "playing" and lobby.why_not in ("", "started")


def says(lobby: LobbyListing) -> str:
    """What the browser says of a lobby: why it cannot be joined, else that the scenario it
    plays will be sent ("" when nothing)."""
    return reason(lobby) or lobby.note


def reason(lobby: LobbyListing) -> str:
    """Why a lobby cannot be joined, in words ("" when it can)."""
    if lobby.why_not == "started" or (not lobby.why_not and lobby.status == "playing"):
        return "cannot join: the game has started — Spectate to watch it"
    if lobby.why_not:
        return f"cannot join: {lobby.why_not}"
    return "" if lobby.status == "lobby" else f"cannot join: {lobby.status}"


def host_port(host: str, port: int) -> str:
    """HOST:PORT (an IPv6 host in brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def draw_lobby(surface: pygame.Surface, u: Scale, lobby: LobbyListing, row: pygame.Rect,
               chosen: bool) -> None:
    """Two lines: the lobby and its status; the host, rules and scenario, and why not (a
    lobby that can be neither joined nor watched is greyed)."""
    why = reason(lobby)
    dim = bool(why) and not watchable(lobby)
    why = why or lobby.note
    plate(surface, row, chosen, dim)
    ink = GREY if dim else (theme.WAX if chosen else theme.INK)
    soft = GREY if dim else theme.INK_SOFT
    status = STATUS_WORDS.get(lobby.status, lobby.status)
    seats = f"{plural(lobby.open_seats, 'open seat')} · " if lobby.status == "lobby" else ""
    stamp = draw_text(surface, "serif_italic", u(19), f"{seats}{status}", soft,
                      topright=(row.right - u(14), row.y + u(8)))
    draw_text(surface, "serif_bold", u(24),
              elide("serif_bold", u(24), lobby.name, stamp.x - row.x - u(40)), ink,
              topleft=(row.x + u(14), row.y + u(4)))
    right = row.right - u(14)
    if why:
        words = elide("serif_italic", u(19), why, row.w // 2)
        right = draw_text(surface, "serif_italic", u(19), words,
                          theme.WAX if dim else theme.INK_SOFT,
                          bottomright=(right, row.bottom - u(6))).x - u(24)
    detail = " · ".join((lobby.host, short_fingerprint(lobby.fingerprint),
                         ruleset_title(lobby.ruleset),
                         lobby.scenario_name or scenario_name(lobby.ruleset, lobby.scenario)))
    draw_text(surface, "serif_italic", u(19),
              elide("serif_italic", u(19), detail, right - row.x - u(14)), soft,
              bottomleft=(row.x + u(14), row.bottom - u(6)))

