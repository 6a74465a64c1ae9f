"""The first-run name prompt of LAN play: the name others see beside this machine's seats,
typed into a field (Backspace, Enter to accept, Esc to go back), with this machine's
fingerprint beside it, which others can compare to be sure whom they play."""

from __future__ import annotations

import pygame

from sprites import theme
from sprites.resources import font
from sprites.scenes.base import Host, Intent, Page, intent
from sprites.scenes.lan_common import TextField, line, page, start_typing, stop_typing
from sprites.settings import NAME_LIMIT, clean_name
from sprites.ui.input import button_intents, hover_buttons
from sprites.ui.text import draw_lines, draw_text, wrap
from sprites.ui.widgets import Button

ABOUT = ("Others on the network see this name beside your seats. The fingerprint is this "
         "machine's own: read it out to the others, so they know the lobby they see is yours.")


def machine_fingerprint() -> str:
    """This machine's fingerprint (reads, or creates, its signing key: IdentityError if the
    key cannot be read or made)."""
    from net.lan.identity import Identity

    return Identity.load_or_create().fingerprint


def shown_fingerprint() -> tuple[str, str]:
    """(the fingerprint as 4 groups of 8 digits, "") or ("", why it cannot be shown)."""
    from net.lan.errors import LanError
    from net.lan.identity import fingerprint_display

    try:
        return fingerprint_display(machine_fingerprint()), ""
    except (LanError, ValueError, OSError) as exc:
        return "", f"This machine's fingerprint cannot be read: {exc}"


class LanNameScene(Page):
    """Type the player's name; Enter (or Continue) stores it in the settings."""

    def __init__(self) -> None:
        super().__init__()
        self.field: TextField | None = None
        self.fingerprint: tuple[str, str] | None = None
        self.about: list[str] = []
        self.message = ""
        self.buttons: list[Button] = []

    def enter(self, app: Host) -> None:
        """Lay out; read this machine's fingerprint the first time."""
        super().enter(app)
        if self.field is None:
            self.field = TextField(app.settings.player_name, NAME_LIMIT)
        if self.fingerprint is None:
            self.fingerprint = shown_fingerprint()
        u, (w, h) = app.ui, app.size
        width = min(w - u(100), u(1100))
        self.about = wrap("serif", u(24), ABOUT, width - u(120))
        label_top = u(112) + len(self.about) * font("serif", u(24)).get_linesize() + u(24)
        field_top = label_top + u(34)
        height = field_top + u(60) + u(30) + u(56) + u(58) + u(30)
        self.box = pygame.Rect(0, 0, width, min(h - u(40), height))
        self.box.center = (w // 2, h // 2)
        inner = self.box.inflate(-u(80), 0)
        self.label_y = self.box.y + label_top
        self.field_rect = pygame.Rect(inner.x, self.box.y + field_top, inner.w * 52 // 100,
                                      u(60))
        self.print_x = self.field_rect.right + u(40)
        self.buttons = [
            Button(pygame.Rect(0, 0, u(220), u(58)), "Back", intent("cancel"), u(24)),
            Button(pygame.Rect(0, 0, u(220), u(58)), "Continue", intent("accept"), u(24))]
        self.buttons[0].rect.bottomleft = (inner.x, self.box.bottom - u(30))
        self.buttons[1].rect.bottomright = (inner.right, self.box.bottom - u(30))
        start_typing(self.field_rect)

    def leave(self) -> None:
        """No more typing."""
        stop_typing()

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Typing and its keys, the buttons."""
        assert self.field is not None
        return self.field.intents(event) or button_intents(event, self.buttons)

    def apply(self, it: Intent) -> None:
        """Type, erase, accept or go back."""
        assert self.field is not None
        if it.name == "hover":
            self.full_redraw |= hover_buttons(self.buttons, it.arg("pos"))
        elif it.name == "cancel":
            self.host.pop()
        elif it.name == "accept":
            self.accept()
        elif self.field.apply(it):
            self.message = ""
            self.full_redraw = True

    def accept(self) -> None:
        """Store the name (the settings are saved) and close; or say what is missing."""
        assert self.field is not None
        name = clean_name(self.field.text)[:NAME_LIMIT]
        if not name:
            self.message = "Type a name first: the others see it beside your seats."
            self.full_redraw = True
            return
        host = self.host
        problem = host.apply_settings(host.settings.with_(player_name=name))
        if problem:
            host.message = problem
        host.pop()

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The heading, what the name is for, the field, the fingerprint, the buttons."""
        assert self.field is not None and self.fingerprint is not None
        u, box = self.host.ui, self.box
        page(surface, u, box, "YOUR NAME")
        width = box.w - u(120)
        draw_lines(surface, "serif", u(24), self.about, theme.INK, box.y + u(112), box.centerx)
        label_y = self.label_y
        draw_text(surface, "display_bold", u(20), "NAME ON THE NETWORK", theme.WAX,
                  topleft=(self.field_rect.x, label_y))
        self.field.draw(surface, self.field_rect, u, hint="Your name")
        left = NAME_LIMIT - len(self.field.text)
        draw_text(surface, "serif_italic", u(18), f"up to {NAME_LIMIT} letters · {left} left",
                  theme.INK_SOFT, topleft=(self.field_rect.x, self.field_rect.bottom + u(6)))
        self._fingerprint(surface, label_y)
        if self.message:
            line(surface, u, self.message, theme.WAX,
                 (box.centerx, self.buttons[0].rect.y - u(28)), width)
        for button in self.buttons:
            button.draw(surface)
        return None

    def _fingerprint(self, surface: pygame.Surface, top: int) -> None:
        """This machine's fingerprint in two lines of two groups, or why it cannot be read."""
        assert self.fingerprint is not None
        u, x = self.host.ui, self.print_x
        shown, problem = self.fingerprint
        draw_text(surface, "display_bold", u(20), "THIS MACHINE", theme.WAX, topleft=(x, top))
        room = self.box.right - u(40) - x
        if problem:
            draw_lines(surface, "serif_italic", u(20), wrap("serif_italic", u(20), problem, room),
                       theme.WAX, self.field_rect.y, x, "topleft")
            return
        groups = shown.split()
        rows = [" ".join(groups[:2]), " ".join(groups[2:])]
        draw_lines(surface, "serif_bold", u(26), rows, theme.INK, self.field_rect.y, x,
                   "topleft")
