"""Two plaques over a LAN table: the pause while a machine the table needs is away (it goes
away by itself when the machine is back; after the time-out it offers to wait on, adjourn or
end the game as abandoned), and the stop after a fault the game cannot get past (a desync,
equivocation, a withheld card), with where the table's state was saved."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from net.lan.facade import Lan, MachineState, Snapshot, TableStatus
from sprites import theme
from sprites.colour import RGB, darker
from sprites.resources import font
from sprites.scenes.base import Host, Intent, Scene, intent
from sprites.table.lan_status import draw_dot, seat_words, state_colour, state_words
from sprites.ui.input import button_intents, hover_buttons
from sprites.ui.text import draw_lines, draw_text, elide, wrap
from sprites.ui.widgets import Button, panel, rule

Scale = Callable[[float], int]

CHOICES = (("wait", "Keep waiting", "Wait another while; the game goes on when it is back."),
           ("adjourn", "Save and adjourn",
            "Every machine keeps it for Resume LAN Game."),
           ("abandon", "End as abandoned", "The game ends here, scored as it stands."))
"""After the time-out: the choice sent, its button and the line that explains it."""
SENT = {"wait": "Waiting on…", "adjourn": "Adjourning the game…",
        "abandon": "Ending the game as abandoned…"}
RESEND_SECONDS = 5.0
"""A choice the network has not acted on within this time may be made again."""
CHOOSE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
STEP_KEYS = {pygame.K_UP: -1, pygame.K_w: -1, pygame.K_DOWN: 1, pygame.K_s: 1,
             pygame.K_TAB: 1}
WIDTH = 780
"""The plaques' width in design pixels."""
MOST_LINES = 4
"""The most lines a message of the network (a reason, a path) takes before it is cut."""
GAP = 28
"""Design px between the middle block and the lines below it (a rule runs in the middle)."""


@dataclass(frozen=True)
class Line:
    """One centred line of a plaque: its words, face, design size and ink."""

    words: str
    face: str
    size: int
    ink: RGB
    space: int = 0
    """Design px left free above the line."""


def lines_of(words: str, face: str, size: int, ink: RGB, width: int, u: Scale,
             most: int = MOST_LINES, space: int = 0) -> list[Line]:
    """Words wrapped to `width` px at the size `u(size)`, at most `most` lines (the last
    ends in "…" if cut); `space` design px above the first."""
    wrapped = [w for w in wrap(face, u(size), words, width) if w] if words else []
    if len(wrapped) > most:
        wrapped = [*wrapped[:most - 1], elide(face, u(size), wrapped[most - 1] + " …", width)]
    return [Line(w, face, size, ink, space if k == 0 else 0) for k, w in enumerate(wrapped)]


def plain_reason(stopped: str) -> tuple[str, str]:
    """Why a table stopped in plain words, and the network's own words as the detail."""
    kind, _, rest = stopped.partition(":")
    kind, rest = kind.strip(), rest.strip()
    if not stopped.strip():
        return "A fault stopped the table.", ""
    if kind.startswith("stopped by "):
        name = kind.removeprefix("stopped by ").strip()
        why, _ = plain_reason(rest)
        return f"{name}'s machine stopped the table. {why}", rest
    if kind == "desync":
        return "The machines no longer agree on the state of the game (a desync).", rest
    if kind == "equivocation":
        return ("A machine signed two different moves for the same place in the game "
                "(equivocation).", rest)
    if kind == "withheld":
        return ("A card was withheld: the machine that holds its deck never showed it when "
                "it had to.", rest)
    return "The table met a fault it cannot get past.", stopped


class LanDialog(Scene):
    """A plaque in the middle of the window over the LAN table, fitted to its lines; the
    table below is redrawn when the plaque shrinks."""

    opaque = False

    def __init__(self, lan: Lan) -> None:
        super().__init__()
        self.lan = lan
        self.snapshot: Snapshot = lan.snapshot()
        self.buttons: list[Button] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.selected = -1
        self.closed = False

    @property
    def status(self) -> TableStatus | None:
        """The table's network side as of the last snapshot."""
        return self.snapshot.table

    def enter(self, app: Host) -> None:
        """Read the network and lay out."""
        super().enter(app)
        self.layout()

    def read(self) -> None:
        """Take the network's latest snapshot."""
        self.snapshot = self.lan.snapshot()

    def close(self) -> None:
        """Leave the table (once)."""
        if not self.closed:
            self.closed = True
            self.host.pop()

    # -- input ----------------------------------------------------------------------------

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """The buttons by mouse; arrows or Tab select one, Enter chooses it; Esc does nothing
        (the table cannot go on: the buttons are the way out)."""
        if event.type == pygame.KEYDOWN:
            if event.key in STEP_KEYS:
                return [intent("move", step=STEP_KEYS[event.key])]
            if event.key in CHOOSE_KEYS:
                return [intent("pick")]
            return []
        return button_intents(event, self.buttons)

    def apply(self, it: Intent) -> None:
        """Hover, select, or choose a button."""
        if it.name == "hover":
            hover_buttons(self.buttons, it.arg("pos"))
            self.selected = next((k for k, b in enumerate(self.buttons) if b.hovered), -1)
        elif it.name == "move" and self.buttons:
            self.selected = (self.selected + it.arg("step")) % len(self.buttons)
            for k, button in enumerate(self.buttons):
                button.hovered = k == self.selected
        elif it.name == "pick":
            picked = self.chosen()
            if picked is not None:
                self.apply(picked.intent)
        else:
            self.act(it)

    def chosen(self) -> Button | None:
        """The button Enter would choose: the selected one, or the only one."""
        usable = [b for b in self.buttons if b.enabled]
        if 0 <= self.selected < len(self.buttons) and self.buttons[self.selected].enabled:
            return self.buttons[self.selected]
        return usable[0] if len(usable) == 1 else None

    def act(self, it: Intent) -> None:
        """Carry out a button's intent."""

    # -- layout and drawing ---------------------------------------------------------------

    def lines(self, width: int) -> tuple[list[Line], list[Line]]:
        """The lines above the middle block and below it, wrapped to `width` px."""
        return [], []

    def middle(self) -> int:
        """The height of the block between the lines (a list, buttons), in pixels."""
        return 0

    def place_middle(self, top: int) -> None:
        """Lay out the middle block from `top` (buttons get their rectangles)."""

    def draw_middle(self, surface: pygame.Surface) -> None:
        """Draw the middle block."""

    def foot(self) -> int:
        """The height kept at the plaque's foot (for a button), in pixels."""
        return 0

    def place_foot(self) -> None:
        """Lay out the plaque's foot."""

    def layout(self) -> None:
        """Fit the plaque to its lines and block, in the middle of the window."""
        u = self.host.ui
        w, h = self.host.size
        width = min(u(WIDTH), w - u(32))
        above, below = self.lines(width - u(80))
        self.above, self.below = above, below
        height = (u(100) + _height(above, u) + self.middle()
                  + (u(GAP) + _height(below, u) if below else 0) + self.foot() + u(30))
        box = pygame.Rect(0, 0, width, min(height, h - u(16)))
        box.center = (w // 2, h // 2)
        if box != self.box:
            if self.box.w and not box.contains(self.box):
                self._redraw_below()
            self.box = box
        self.place_middle(box.y + u(92) + _height(above, u))
        self.place_foot()

    def _redraw_below(self) -> None:
        """The scene under the plaque draws itself whole next time (the plaque shrank)."""
        stack = list(self.host.stack)
        if self in stack and stack.index(self) > 0:
            stack[stack.index(self) - 1].full_redraw = True

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The plaque with its heading, lines, block and buttons."""
        u, box = self.host.ui, self.box
        panel(surface, box)
        clip = surface.get_clip()
        surface.set_clip(box.inflate(-u(8), -u(8)))
        try:
            draw_text(surface, "display_bold", u(34), self.heading(), self.heading_ink(),
                      center=(box.centerx, box.y + u(48)))
            rule(surface, box.y + u(80), box.x + u(80), box.right - u(80))
            y = _draw(surface, self.above, box, box.y + u(92), u)
            self.draw_middle(surface)
            y += self.middle()
            if self.below:
                y += u(GAP)
                rule(surface, y - u(GAP) // 2, box.x + u(140), box.right - u(140),
                     theme.GOLD_LIGHT)
            _draw(surface, self.below, box, y, u)
            for button in self.buttons:
                button.draw(surface)
        finally:
            surface.set_clip(clip)
        return [box.inflate(12, 14)]

    def heading(self) -> str:
        """The plaque's title."""
        return ""

    def heading_ink(self) -> RGB:
        """The title's ink."""
        return theme.INK


def _height(lines: list[Line], u: Scale) -> int:
    return sum(font(line.face, u(line.size)).get_linesize() + u(line.space) for line in lines)


def _draw(surface: pygame.Surface, lines: list[Line], box: pygame.Rect, top: int, u: Scale
          ) -> int:
    """Lines one under another from `top`, centred on the plaque; the y below them."""
    for line in lines:
        top += u(line.space)
        draw_text(surface, line.face, u(line.size), line.words, line.ink,
                  midtop=(box.centerx, top))
        top += font(line.face, u(line.size)).get_linesize()
    return top


class PauseDialog(LanDialog):
    """The table is paused: whom it waits for and every machine's link; after the time-out,
    wait on, adjourn or end the game as abandoned. It goes away by itself once the table is
    no longer paused."""

    ROW = 30
    """A machine's row height (design px)."""

    def __init__(self, lan: Lan) -> None:
        super().__init__(lan)
        self.sent = ""
        """The choice sent to the network while it has not acted on it."""
        self.sent_for = 0.0

    @property
    def over(self) -> bool:
        """Whether the pause is over (the machine is back, the game ended or stopped)."""
        status = self.status
        return (status is None or not status.paused or bool(status.stopped)
                or self.snapshot.phase == "ended")

    @property
    def timed_out(self) -> bool:
        """Whether the choices are offered."""
        return self.status is not None and self.status.timed_out

    def update(self, dt: float) -> None:
        """Follow the network: close when the pause is over, else lay out again."""
        if self.closed:
            return
        self.read()
        if self.over:
            self.close()
            return
        if self.sent:
            self.sent_for += dt
            if not self.timed_out or self.sent_for > RESEND_SECONDS:
                self.sent = ""
        self.layout()

    def act(self, it: Intent) -> None:
        """A choice after the time-out goes to the network (once, until it acts)."""
        choice = it.arg("choice")
        if it.name == "decide" and self.timed_out and not self.sent and not self.over:
            self.lan.decide(choice)
            self.sent, self.sent_for = choice, 0.0
            for button in self.buttons:
                button.enabled = False

    def heading(self) -> str:
        return "The table is paused"

    def lines(self, width: int) -> tuple[list[Line], list[Line]]:
        status = self.status
        waiting = status.waiting if status is not None else ""
        waiting = waiting[:1].upper() + waiting[1:] if waiting else "Waiting for a machine."
        u = self.host.ui
        above = lines_of(waiting, "serif_bold", 24, theme.WAX, width, u)
        if self.timed_out:
            words = SENT.get(self.sent, "Until you choose, the table keeps waiting.")
            return above, lines_of(words, "serif_italic", 20, theme.INK_SOFT, width, u, 2)
        below = lines_of("The game goes on by itself when that machine comes back. It "
                         "reconnects by itself; nothing is lost.", "serif_italic", 20,
                         theme.INK_SOFT, width, u)
        return above, below

    def machines(self) -> tuple[MachineState, ...]:
        """The machines listed."""
        return self.status.machines if self.status is not None else ()

    def middle(self) -> int:
        u = self.host.ui
        rows = u(16) + len(self.machines()) * u(self.ROW)
        return rows + (len(CHOICES) * u(64) + u(60) if self.timed_out else 0)

    def place_middle(self, top: int) -> None:
        u, box = self.host.ui, self.box
        self.list_top = top + u(10)
        if not self.timed_out:
            self.buttons, self.selected = [], -1
            return
        y = top + u(16) + len(self.machines()) * u(self.ROW) + u(56)
        rects = [pygame.Rect(box.x + u(40), y + k * u(64), u(240), u(50))
                 for k in range(len(CHOICES))]
        if len(self.buttons) != len(CHOICES):
            self.buttons = [Button(rect, label, intent("decide", choice=choice), u(20))
                            for rect, (choice, label, _) in zip(rects, CHOICES, strict=True)]
        for button, rect in zip(self.buttons, rects, strict=True):
            button.rect, button.size, button.enabled = rect, u(20), not self.sent

    def draw_middle(self, surface: pygame.Surface) -> None:
        u, box = self.host.ui, self.box
        blind = self.host.settings.colour_blind
        x, y = box.x + u(60), self.list_top
        name_w, state_w = u(220), u(150)
        for machine in self.machines():
            middle = y + u(self.ROW) // 2
            draw_dot(surface, machine.state, (x, middle), u(7), blind)
            draw_text(surface, "serif_bold", u(21),
                      elide("serif_bold", u(21), machine.name, name_w - u(10)), theme.INK,
                      midleft=(x + u(22), middle))
            ink = {"reconnecting": darker(state_colour("reconnecting"), 0.3),
                   "away": theme.WAX}.get(machine.state, theme.INK_SOFT)
            draw_text(surface, "serif_italic", u(19), state_words(machine.state), ink,
                      midleft=(x + u(22) + name_w, middle))
            seats = seat_words(machine.seats)
            room = box.right - u(40) - (x + u(22) + name_w + state_w)
            if seats and room > u(30):
                draw_text(surface, "serif", u(19), elide("serif", u(19), seats, room),
                          theme.INK, midleft=(x + u(22) + name_w + state_w, middle))
            y += u(self.ROW)
        if not self.timed_out:
            return
        y += u(16)
        rule(surface, y, box.x + u(80), box.right - u(80))
        draw_text(surface, "display_bold", u(18), "IT STAYED AWAY PAST THE TIME-OUT", theme.WAX,
                  center=(box.centerx, y + u(24)))
        for button, (_, _, why) in zip(self.buttons, CHOICES, strict=True):
            left = button.rect.right + u(20)
            lines = wrap("serif_italic", u(19), why, box.right - u(36) - left)[:2]
            size = font("serif_italic", u(19)).get_linesize()
            draw_lines(surface, "serif_italic", u(19), lines, theme.INK_SOFT,
                       button.rect.centery - size * len(lines) // 2, left, "topleft")


class FrozenDialog(LanDialog):
    """The table stopped for good: why, where its state was saved, what to do; the only way
    on is back to the title screen."""

    def __init__(self, lan: Lan) -> None:
        super().__init__(lan)
        self.buttons = [Button(pygame.Rect(0, 0, 0, 0), "Leave to Title", intent("leave"))]
        self.selected = 0

    def update(self, dt: float) -> None:
        """Follow the network (the dump's path may come a moment after the stop)."""
        if self.closed:
            return
        before = self.snapshot
        self.read()
        if self.snapshot != before:
            self.layout()

    def act(self, it: Intent) -> None:
        """Leave to the title screen."""
        if it.name == "leave" and not self.closed:
            self.closed = True
            self.host.back_to("title")

    def heading(self) -> str:
        return "The table stopped"

    def heading_ink(self) -> RGB:
        return theme.WAX

    def lines(self, width: int) -> tuple[list[Line], list[Line]]:
        status = self.status
        why, detail = plain_reason(status.stopped if status is not None else "")
        dump = status.dump.strip() if status is not None else ""
        u = self.host.ui
        above = lines_of(why, "serif_bold", 23, theme.INK, width, u)
        above += lines_of(detail, "serif_italic", 18, theme.INK_SOFT, width, u, 3, 4)
        saved = (f"Its state was saved in {dump}" if dump else
                 "Its state could not be saved: no dump could be written.")
        below = lines_of(saved, "serif", 20, theme.INK, width, u, 6)
        below += lines_of("Compare with “mare replay --ledger …” on each machine; the game "
                          "cannot go on.", "serif_italic", 20, theme.INK_SOFT, width, u,
                          space=8)
        return above, below

    def foot(self) -> int:
        return self.host.ui(84)

    def place_foot(self) -> None:
        u, button = self.host.ui, self.buttons[0]
        button.rect = pygame.Rect(0, 0, u(280), u(54))
        button.rect.midbottom = (self.box.centerx, self.box.bottom - u(26))
        button.size = u(21)
        button.hovered = self.selected == 0
