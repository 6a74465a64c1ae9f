"""What the LAN screens share: a one-line text field, the words for a lobby's rules and
scenario, short fingerprints, a drawn tick, the page's plaque and one-line messages.

Nothing here talks to the network: the scenes read `host.lan.snapshot()` and call its
commands, which return at once."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from sprites import theme
from sprites.colour import RGB, mix
from sprites.scenes.base import Intent, intent
from sprites.settings import NAME_LIMIT, clean_name
from sprites.ui.decor import parchment_backdrop
from sprites.ui.text import draw_text, elide, render
from sprites.ui.widgets import panel, rule

if TYPE_CHECKING:
    from game.core.ruleset import ScenarioInfo
    from net.lan.facade import Lan, Room
    from sprites.scenes.base import Host

Scale = Callable[[float], int]
RULESET = "mediterranean_empires"
"""The rule set a new lobby is of unless the host chooses another, played by scenario."""
DEFAULT_SCENARIO = "3"
"""The scenario a new lobby of it starts with (The Second Punic War: three seats)."""
DEFAULT_PLAYERS = 2
"""The seats a new lobby of a rule set played at open seats starts with."""
GREY: RGB = mix(theme.INK, theme.PARCHMENT, 0.5)
"""The ink of a lobby that cannot be joined."""
GAME_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
"""On the host form: the game the lobby is of, the previous or the next."""
IN_A_ROOM = ("room", "starting")
"""Phases in which this machine is in a lobby room."""
BUSY = ("room", "starting", "playing", "spectating")
"""Phases in which browsing would get in the way."""
ROW_PITCH = 72
"""Design pixels from one listed row (a lobby, an unfinished game) to the next."""


def open_lan(host: Host) -> tuple[Lan | None, str]:
    """The app's LAN handle (made on first use), or None and why it cannot be made (this
    machine's key cannot be read, no network to listen on), in words."""
    from net.lan.errors import LanError

    try:
        return host.lan, ""
    except (LanError, OSError) as exc:
        return None, f"LAN play cannot start here: {exc}"


# -- words ----------------------------------------------------------------------------------

def short_fingerprint(fingerprint: str) -> str:
    """The first 8 hex digits of a fingerprint (what a row has room for)."""
    return fingerprint[:8]


def ruleset_title(ruleset: str) -> str:
    """A rule set's title ("Mediterranean Empires"), or its id when not installed here."""
    from game.rulesets import entry

    try:
        return entry(ruleset).title
    except KeyError:
        return ruleset


def hostable() -> tuple[str, ...]:
    """The rule sets a lobby may be of: Mediterranean Empires, then every rule set with a
    table of its own in the client (its LAN table is "lan_" and that table's name)."""
    from game.rulesets import entry, registered

    own = [r for r in registered() if r != RULESET and entry(r).table_scene not in ("", "table")]
    return (RULESET, *own)


def host_lobby(lan: Lan, name: str, ruleset: str) -> None:
    """Open a lobby of a rule set as it starts (`opening`)."""
    scenario, seats = opening(ruleset)
    if seats is None:
        lan.host(name, ruleset, scenario, ())
    else:
        lan.host(name, ruleset, scenario, (), seats=seats)


def opening(ruleset: str) -> tuple[str, int | None]:
    """(scenario, seats) a new lobby of a rule set starts with: scenario 3 of Mediterranean
    Empires (its seats named), another rule set's first scenario when its scenarios name
    their seats, else its first table at two seats (or its fewest, or most)."""
    if ruleset == RULESET:
        return DEFAULT_SCENARIO, None
    if open_seats(ruleset) is None:
        return _first_table(ruleset).id, None
    low, high = open_seats(ruleset) or (DEFAULT_PLAYERS, DEFAULT_PLAYERS)
    return _first_table(ruleset).id, min(max(low, DEFAULT_PLAYERS), high)


def open_seats(ruleset: str) -> tuple[int, int] | None:
    """(fewest, most) seats of a rule set played at open seats (None: its scenarios name
    their seats, or it is not installed here)."""
    from game.rulesets import canonical_id, entry

    try:
        if canonical_id(ruleset) == RULESET or _first_table(ruleset).seats:
            return None
        return entry(ruleset).seats
    except KeyError:
        return None


def _first_table(ruleset: str) -> ScenarioInfo:
    return _scenarios(ruleset)[0]


def _scenarios(ruleset: str) -> tuple[ScenarioInfo, ...]:
    from game.rulesets import get_ruleset

    return get_ruleset(ruleset).scenarios()


def scenario_name(ruleset: str, scenario: str) -> str:
    """A scenario's name ("The Second Punic War", "The Iron Age"), else its id."""
    from game.rulesets import canonical_id

    if canonical_id(ruleset) != RULESET:
        return _other_name(ruleset, scenario)
    from sprites import content

    try:
        return content.content().setup(scenario).name
    except (KeyError, ValueError):
        return scenario


def _other_name(ruleset: str, scenario: str) -> str:
    from game.rulesets import get_ruleset

    try:
        return next((i.name for i in get_ruleset(ruleset).scenarios() if i.id == scenario),
                    scenario)
    except KeyError:
        return scenario


def room_scenario(room: Room) -> str:
    """The lobby's scenario as its room names it: a book scenario's name (with the number of
    players where the rule set leaves it open), or the name of the host's own one, "(yours)"
    for the host and "(the host's)" for the others."""
    if open_seats(room.ruleset) is not None:
        return f"{scenario_name(room.ruleset, room.scenario)} · " \
               f"{plural(len(room.seats), 'player')}"
    if not room.scenario_name:
        return scenario_name(room.ruleset, room.scenario)
    whose = "yours" if room.role == "host" else "the host's"
    return f"{room.scenario_name} ({whose})"


def scenario_ids(ruleset: str = RULESET) -> list[str]:
    """The scenarios a host's room cycles through: the book's, then the player's own that
    can be played (read from the folder: call on a click, not every frame); another rule
    set's own scenarios."""
    from sprites import content, user_content

    if ruleset != RULESET:
        return [info.id for info in _scenarios(ruleset)]

    own = [scenario.id for scenario, _ in user_content.playable()]
    return [setup.id for setup in content.bundled().setups] + own


def size_words(size: int) -> str:
    """A file size as a person reads it: "800 bytes", "12 KB"."""
    return f"{size} bytes" if size < 1024 else f"{round(size / 1024)} KB"


def plural(count: int, noun: str) -> str:
    """'1 open seat', '2 open seats'."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def parse_address(text: str) -> tuple[str, int] | str:
    """(host, port) of "HOST:PORT", or why it is not one, in words."""
    text = text.strip()
    host, colon, port = text.rpartition(":")
    if not colon:
        return "Type the address as HOST:PORT, for example 192.168.1.5:40123."
    host = host.strip()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not host:
        return "The address needs a host before the colon (a name or 192.168.1.5)."
    if not port.strip().isdigit() or not 1 <= int(port) <= 65535:
        return "The port after the colon must be a number from 1 to 65535."
    return host, int(port)


# -- a one-line text field -----------------------------------------------------------------

class TextField:
    """A line of typed text: typing adds, Backspace takes back, Enter accepts, Esc cancels.

    Its intents are "type" (text), "erase", "accept" and "cancel"; `apply` edits the text.
    """

    def __init__(self, text: str = "", limit: int = NAME_LIMIT) -> None:
        self.text = text[:limit]
        self.limit = limit

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Typed text (SDL's text input events) and the editing keys."""
        if event.type == pygame.TEXTINPUT:
            return [intent("type", text=event.text)]
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_BACKSPACE: "erase", pygame.K_RETURN: "accept",
                    pygame.K_KP_ENTER: "accept", pygame.K_ESCAPE: "cancel"}
            if event.key in keys:
                return [intent(keys[event.key])]
        return []

    def apply(self, it: Intent) -> bool:
        """Type or erase; whether the text changed."""
        before = self.text
        if it.name == "type":
            typed = "".join(c for c in str(it.arg("text", "")) if clean_name(c) or c == " ")
            self.text = (self.text + typed)[:self.limit]
        elif it.name == "erase":
            self.text = self.text[:-1]
        return self.text != before

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, u: Scale, focused: bool = True,
             hint: str = "") -> None:
        """The box, the text (its end if too long) with a caret, or a hint while empty."""
        pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, rect, border_radius=3)
        edge, width = (theme.GOLD, 2) if focused else (theme.PARCHMENT_DARK, 1)
        pygame.draw.rect(surface, edge, rect, width, border_radius=3)
        size, room = u(26), rect.w - u(28)
        shown = self.text
        while shown and render("serif", size, shown, theme.INK).get_width() > room:
            shown = shown[1:]
        x = rect.x + u(14)
        if shown:
            x = draw_text(surface, "serif", size, shown, theme.INK,
                          midleft=(x, rect.centery)).right
        elif hint:
            draw_text(surface, "serif_italic", size, hint, theme.INK_SOFT,
                      midleft=(x, rect.centery))
        if focused:
            pygame.draw.line(surface, theme.WAX, (x + 2, rect.y + u(9)),
                             (x + 2, rect.bottom - u(9)), max(1, u(2)))


def start_typing(rect: pygame.Rect | None = None) -> None:
    """Ask SDL for text input events (and where the typing happens, for input methods)."""
    with contextlib.suppress(pygame.error):
        pygame.key.start_text_input()
        if rect is not None:
            pygame.key.set_text_input_rect(rect)


def stop_typing() -> None:
    """No more text input events."""
    with contextlib.suppress(pygame.error):
        pygame.key.stop_text_input()


# -- layout ---------------------------------------------------------------------------------

def list_page(u: Scale, size: tuple[int, int], most: tuple[int, int], head: int, foot: int
              ) -> tuple[pygame.Rect, pygame.Rect, int]:
    """A listing page's plaque (at most `most` design pixels, centred in a window of `size`),
    its list from `head` under the plaque's top to `foot` over its buttons, and how many rows
    the list shows."""
    w, h = size
    box = pygame.Rect(0, 0, min(w - u(100), u(most[0])), min(h - u(60), u(most[1])))
    box.center = (w // 2, h // 2)
    top, bottom = box.y + u(head), box.bottom - u(88) - u(foot)
    rows = max(1, (bottom - top) // u(ROW_PITCH))
    return box, pygame.Rect(box.x + u(40), top, box.w - u(80), rows * u(ROW_PITCH) - u(6)), rows


def list_rows(u: Scale, area: pygame.Rect, shown: int, width: int) -> list[pygame.Rect]:
    """The first `shown` rows of a list, `width` wide."""
    return [pygame.Rect(area.x, area.y + k * u(ROW_PITCH), width, u(ROW_PITCH - 8))
            for k in range(shown)]


# -- drawing --------------------------------------------------------------------------------

def page(surface: pygame.Surface, u: Scale, box: pygame.Rect, title: str) -> None:
    """The parchment backdrop, a plaque and its heading over a gold rule (as the Load page)."""
    surface.blit(parchment_backdrop(surface.get_size()), (0, 0))
    panel(surface, box)
    head = render("display_bold", u(44), title, theme.INK, tracking=0.12)
    surface.blit(head, head.get_rect(center=(box.centerx, box.y + u(56))))
    rule(surface, box.y + u(96), box.centerx - u(180), box.centerx + u(180))


def plate(surface: pygame.Surface, rect: pygame.Rect, chosen: bool, dim: bool = False) -> None:
    """A row's plate: light parchment, gold-edged when chosen (as the New Game lines)."""
    pygame.draw.rect(surface, theme.PARCHMENT if dim else theme.PARCHMENT_LIGHT, rect,
                     border_radius=3)
    edge, width = (theme.GOLD, 2) if chosen else (theme.PARCHMENT_DARK, 1)
    pygame.draw.rect(surface, edge, rect, width, border_radius=3)


def line(surface: pygame.Surface, u: Scale, words: str, ink: RGB, centre: tuple[int, int],
         width: int, size: int = 22, face: str = "serif_bold") -> pygame.Rect:
    """One line of words centred at `centre`, cut short with "…" to fit `width`."""
    return draw_text(surface, face, u(size), elide(face, u(size), words, width), ink,
                     center=centre)


def tick_box(surface: pygame.Surface, rect: pygame.Rect, ticked: bool, ink: RGB = theme.INK
             ) -> None:
    """A small square, with a drawn tick in it when `ticked` (no font has to have one)."""
    pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, rect, border_radius=3)
    pygame.draw.rect(surface, ink, rect, max(1, rect.w // 12), border_radius=3)
    if ticked:
        x, y, w, h = rect
        points = [(x + w * 0.2, y + h * 0.52), (x + w * 0.42, y + h * 0.74),
                  (x + w * 0.8, y + h * 0.26)]
        pygame.draw.lines(surface, theme.WAX, False, points, max(2, w // 7))


def chip(surface: pygame.Surface, colour: RGB, rect: pygame.Rect) -> None:
    """An empire's colour square with an ink edge."""
    pygame.draw.rect(surface, colour, rect, border_radius=3)
    pygame.draw.rect(surface, theme.INK, rect, 1, border_radius=3)


def arrow(surface: pygame.Surface, centre: tuple[int, int], size: int, direction: int) -> None:
    """A small triangle pointing left (-1) or right (1), as on the New Game lines."""
    x, y = centre
    points = [(x + direction * size, y), (x - direction * size * 0.6, y - size),
              (x - direction * size * 0.6, y + size)]
    pygame.draw.polygon(surface, theme.INK_SOFT, points)


def game_step(event: pygame.event.Event, rect: pygame.Rect) -> int:
    """How far an event steps the host form's game (0: not at all): the arrow keys, or a
    click on its line (on the left half, or a right click: back)."""
    if not rect.w:
        return 0
    if event.type == pygame.KEYDOWN:
        return GAME_KEYS.get(event.key, 0)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) \
            and rect.collidepoint(event.pos):
        return -1 if event.button == 3 or event.pos[0] < rect.centerx else 1
    return 0


def draw_game_choice(surface: pygame.Surface, u: Scale, rect: pygame.Rect, ruleset: str
                     ) -> None:
    """The game a lobby to open is of, on a plate between two arrows."""
    plate(surface, rect, False)
    line(surface, u, f"Game: {ruleset_title(ruleset)}", theme.INK, rect.center,
         rect.w - u(80), 22)
    arrow(surface, (rect.x + u(20), rect.centery), u(7), -1)
    arrow(surface, (rect.right - u(20), rect.centery), u(7), 1)
