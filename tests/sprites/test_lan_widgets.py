"""The LAN table's network widgets: the machines' strip over the map, the pause dialog (it
offers its choices only after the time-out and goes away by itself), the frozen table's
dialog, with a small fake of the network's handle."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from net.lan.facade import MachineState, Snapshot, TableStatus
from sprites import theme
from sprites.app import App
from sprites.scenes.base import Scene
from sprites.settings import Settings
from sprites.table.lan_dialogs import FrozenDialog, PauseDialog, plain_reason
from sprites.table.lan_status import draw_status_strip, fair_widths, strip_height
from sprites.ui.text import TextRecorder

STATES = ("this machine", "connected", "reconnecting", "away")
WAITING = "waiting for Carthage — Bob's machine, 0:42"
SENTINEL = (1, 2, 3)


class FakeLan:
    """What the dialogs use of `net.lan.facade.Lan`: a snapshot to read, `decide` to call."""

    def __init__(self, table: TableStatus, phase: str = "playing") -> None:
        self.snap = Snapshot(phase, table=table)
        self.decided: list[str] = []

    def snapshot(self) -> Snapshot:
        return self.snap

    def decide(self, choice: str) -> None:
        self.decided.append(choice)

    def change(self, phase: str | None = None, **table: Any) -> None:
        """The network moved on."""
        assert self.snap.table is not None
        status = replace(self.snap.table, **table)
        self.snap = replace(self.snap, phase=phase or self.snap.phase, table=status,
                            revision=self.snap.revision + 1)


class Table(Scene):
    """Stands for the table under the dialogs."""

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        return []


def _machines(count: int, name: str = "{k}") -> tuple[MachineState, ...]:
    return tuple(MachineState(f"fp{k}", name.format(k=k), STATES[k % 4],
                              (theme.EMPIRES[k % 8], theme.EMPIRES[(k + 3) % 8]))
                 for k in range(count))


def _paused(**changes: Any) -> TableStatus:
    status = TableStatus(_machines(4, "Player {k}"), WAITING, 42.0, paused=True)
    return replace(status, **changes)


def _app(display: pygame.Surface, *names: str) -> App:
    app = App(Settings(resolution=display.get_size()), save=lambda s: None)
    app.screen = display
    for name in names:
        app.open(name)
    if not names:
        app.push(Table())
    return app


def _click(app: App, pos: tuple[int, int]) -> None:
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])


def _key(app: App, key: int) -> None:
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])


# -- the strip --------------------------------------------------------------------------


@pytest.mark.parametrize("area", [pygame.Rect(280, 67, 1000, 653), pygame.Rect(0, 0, 1280, 720)])
@pytest.mark.parametrize("waiting", ["", WAITING])
def test_the_strip_fits_eight_machines_at_1280_px(display: pygame.Surface, area: pygame.Rect,
                                                  waiting: str) -> None:
    surface = pygame.Surface((1280, 720))
    surface.fill(SENTINEL)
    u = lambda px: max(1, round(px * 0.7))  # noqa: E731 - the scale of a 720-line window
    status = TableStatus(_machines(8, "Zenobia's machine number {k}, a long name"), waiting)
    with TextRecorder() as recorder:
        drawn = draw_status_strip(surface, status, area, u)
    assert area.contains(drawn) and drawn.topleft == area.topleft
    assert drawn.size == (area.w, strip_height(u))
    surface.fill(SENTINEL, area)
    untouched = pygame.mask.from_threshold(surface, SENTINEL, (1, 1, 1, 255)).count()
    assert untouched == 1280 * 720
    names = [t for t in recorder.texts if t.startswith("Z")]
    assert len(names) == 8 and all(len(t) > 1 and t.endswith("…") for t in names)
    assert any(t.startswith("waiting for Carthage") for t in recorder.texts) == bool(waiting)


def test_the_strip_says_each_machine_and_its_empires(display: pygame.Surface) -> None:
    surface = pygame.Surface((1600, 900))
    status = TableStatus(_machines(4, "P{k}"), WAITING)
    with TextRecorder() as recorder:
        draw_status_strip(surface, status, pygame.Rect(400, 96, 1200, 804), round)
    assert {"P0", "P1", "P2", "P3", "Greece, Rome", WAITING} <= set(recorder.texts)
    assert draw_status_strip(surface, TableStatus(()), surface.get_rect(), round).h == 0


def test_chips_share_the_width_fairly() -> None:
    assert fair_widths([50, 60], 200) == [50, 60]
    assert fair_widths([50, 300, 400], 450) == [50, 200, 200]
    assert sum(fair_widths([90] * 8, 500)) <= 500
    assert fair_widths([10, 20], -5) == [0, 0]


# -- the pause --------------------------------------------------------------------------


def test_the_pause_says_it_goes_on_by_itself_and_offers_nothing_before_the_time_out(
        display: pygame.Surface) -> None:
    lan = FakeLan(_paused())
    app = _app(display)
    dialog = app.open("lan_pause", lan)
    assert isinstance(dialog, PauseDialog)
    with TextRecorder() as recorder:
        app.frame([])
    said = recorder.said
    assert "Thetableispaused" in said and "WaitingforCarthage—Bob'smachine,0:42" in said
    assert "Itreconnectsbyitself;nothingislost." in said
    assert all(f"Player{k}" in said for k in range(4)) and "reconnecting…" in said
    assert dialog.buttons == []
    _key(app, pygame.K_ESCAPE)
    _key(app, pygame.K_RETURN)
    assert app.stack.top is dialog and lan.decided == []


@pytest.mark.parametrize(("label", "choice"), [("Keep waiting", "wait"),
                                               ("Save and adjourn", "adjourn"),
                                               ("End as abandoned", "abandon")])
def test_after_the_time_out_each_button_decides(display: pygame.Surface, label: str,
                                                choice: str) -> None:
    lan = FakeLan(_paused())
    app = _app(display)
    dialog = app.open("lan_pause", lan)
    assert isinstance(dialog, PauseDialog)
    app.frame([])
    lan.change(timed_out=True)
    with TextRecorder() as recorder:
        app.frame([])
    assert [b.text for b in dialog.buttons] == ["Keep waiting", "Save and adjourn",
                                                "End as abandoned"]
    assert "keeps it for Resume LAN Game" in " ".join(recorder.texts)
    assert all(display.get_rect().contains(b.rect) for b in dialog.buttons)
    button = next(b for b in dialog.buttons if b.text == label)
    _click(app, button.rect.center)
    _click(app, button.rect.center)
    assert lan.decided == [choice] and app.stack.top is dialog
    _key(app, pygame.K_ESCAPE)
    assert app.stack.top is dialog


def test_keep_waiting_takes_the_choices_away_again(display: pygame.Surface) -> None:
    lan = FakeLan(_paused(timed_out=True))
    app = _app(display)
    dialog = app.open("lan_pause", lan)
    assert isinstance(dialog, PauseDialog)
    app.frame([])
    _key(app, pygame.K_DOWN)
    _key(app, pygame.K_RETURN)
    assert lan.decided == ["wait"]
    lan.change(timed_out=False, waiting="waiting for Carthage — Bob's machine, 0:01")
    app.frame([])
    assert dialog.buttons == [] and not dialog.sent and app.stack.top is dialog


@pytest.mark.parametrize("change", [{"paused": False, "waiting": ""},
                                    {"phase": "ended", "result": "adjourned"},
                                    {"stopped": "desync: entry 4"}])
def test_the_pause_closes_itself(display: pygame.Surface, change: dict[str, Any]) -> None:
    lan = FakeLan(_paused(timed_out=True))
    app = _app(display)
    dialog = app.open("lan_pause", lan)
    app.frame([])
    assert app.stack.top is dialog
    lan.change(**change)
    app.frame([])
    assert isinstance(app.stack.top, Table) and len(app.stack) == 1 and lan.decided == []
    app.frame([])
    assert isinstance(app.stack.top, Table)


def test_the_pause_fits_eight_machines_in_a_small_window(display: pygame.Surface) -> None:
    lan = FakeLan(_paused(machines=_machines(8, "A rather long machine name number {k}"),
                          timed_out=True, waiting=WAITING * 4))
    app = _app(display)
    dialog = app.open("lan_pause", lan)
    assert isinstance(dialog, PauseDialog)
    app.frame([])
    assert display.get_rect().contains(dialog.box)
    assert all(dialog.box.contains(b.rect) for b in dialog.buttons)


# -- the frozen table ---------------------------------------------------------------------


def test_the_frozen_table_says_why_and_where_and_leaves_to_the_title(
        display: pygame.Surface) -> None:
    dump = "/home/alice/.local/share/mare-internum/games/" + "3f9c" * 16 + "/stopped-at-41.json"
    lan = FakeLan(TableStatus(_machines(3), stopped="desync: entry 41 differs", dump=dump,
                              result="stopped"), "ended")
    app = _app(display, "title")
    app.push(Table())
    dialog = app.open("lan_frozen", lan)
    assert isinstance(dialog, FrozenDialog)
    with TextRecorder() as recorder:
        app.frame([])
    said = recorder.said
    assert "Thetablestopped" in said and "(adesync)" in said
    assert "Itsstatewassavedin" + dump in said and "marereplay--ledger" in said
    assert "thegamecannotgoon" in said
    assert display.get_rect().contains(dialog.box)
    _key(app, pygame.K_ESCAPE)
    assert app.stack.top is dialog
    _click(app, dialog.buttons[0].rect.center)
    assert type(app.stack.top).__name__ == "TitleScene" and len(app.stack) == 1


@pytest.mark.parametrize(("stopped", "dump"), [
    ("", ""), ("x" * 3000, "/" + "a" * 2000), ("stopped by Bob: " + "why " * 400, "é" * 300),
    ("equivocation:", "\n\n\t"), ("withheld: the card of rome:3 was never reopened", "")])
def test_the_frozen_table_never_raises(display: pygame.Surface, stopped: str, dump: str
                                       ) -> None:
    lan = FakeLan(TableStatus((), stopped=stopped, dump=dump), "ended")
    app = _app(display)
    dialog = app.open("lan_frozen", lan)
    assert isinstance(dialog, FrozenDialog)
    with TextRecorder() as recorder:
        app.frame([])
    assert display.get_rect().contains(dialog.box)
    if not dump.strip():
        assert "nodumpcouldbewritten" in recorder.said


def test_a_stop_is_told_in_plain_words() -> None:
    assert plain_reason("desync: entry 3")[0].endswith("(a desync).")
    assert "equivocation" in plain_reason("equivocation: two entries 5")[0]
    assert plain_reason("withheld: the card of rome:3 was never reopened")[0].startswith(
        "A card was withheld")
    why, detail = plain_reason("stopped by Bob: desync: entry 9")
    assert why.startswith("Bob's machine stopped the table. The machines no longer agree")
    assert detail == "desync: entry 9"
    assert plain_reason("") == ("A fault stopped the table.", "")
