"""The expedition tray's screenshot for tools/screenshots.py: Rome's expedition on Carthaginian
Neapolis under way, Carthage (at the screen) building its interception at Roma — its own cards
face up in the tray, Rome's as backs, both routes drawn on the map.

    python -m tools.shots_expedition [OUT_DIR]     just this picture (docs/screenshots/)
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tools.shots_run import run_shot

if TYPE_CHECKING:
    from game.core.actions import Action
    from game.session import GameSession
    from sprites.app import App
    from sprites.clock import ManualClock
    from sprites.table.scene import TableScene

FRAME = 1 / 30
POSITION = """
scenario: 3
turn: 1
round: 1
to_act: rome
event: fine_weather
first: carthage
game_id: 0c11e47b
empires:
  carthage:
    cities: [carthago, hadrumentum, utica, neapolis]
    hand: [garrison, carthaginian_quinquereme, libyan_spearmen, gaul_mercenaries, magon]
  rome:
    cities: [roma, capua]
    hand: [hastati, principes, triarii, consul, velites]
  iberia:
    cities: [numantia, segontia]
    hand: [scutarii, caetrati]
"""
"""Rome (a person) attacks Neapolis by land; Carthage (a person at the same screen) may
intercept at Roma by sea from Carthago."""
CARDS = {1: ("hastati", "principes", "triarii"),
         0: ("carthaginian_quinquereme", "gaul_mercenaries")}
"""The cards each seat adds face down (Carthage is shown before adding its last)."""
SCRIPT: tuple[tuple[str, dict[str, str]], ...] = (
    ("expedition", {}), ("target", {"to": "neapolis"}), ("route", {"via": "land"}),
    ("intercept", {"at": "roma"}), ("embark", {"port": "carthago"}),
    ("land_at", {"port": "roma"}), ("confirm", {}))
"""The people's other answers, the first offered first."""


def shoot_expedition(app: App, clock: ManualClock, save: Callable[[App, str], None]) -> None:
    """Play to Carthage's interception with one card added; save "expedition_tray"."""
    app.back_to("title")
    from sprites.table.scene import TableScene

    table = app.open("table", _session())
    assert isinstance(table, TableScene)
    display = table.display
    for _ in range(20000):
        _tick(app, clock)
        if _covered(table) or display.timeline.busy or display.offered is None:
            continue
        if len(display.tray.groups) == 2 and len(display.tray.cards) == 4:
            break
        app.post(_intent("choose", action=_answer(table)))
    _frame_italy(table)
    card = display.tray.cards[-1].rect
    app.post(_intent("pointer", pos=(card.centerx, card.bottom - 8)))
    for _ in range(40):
        _tick(app, clock)
    save(app, "expedition_tray")


def _session() -> GameSession:
    """The position, two people and a bot."""
    from game.core.table import Table
    from game.rulesets.mediterranean_empires.position.load import load_position
    from game.rulesets.mediterranean_empires.ruleset import bundled_ruleset
    from game.session import GameSession, Secrets

    rs = bundled_ruleset()
    position = load_position(rs.rules, POSITION, "expedition_tray")
    game = Table(rs, position.config, position.secrets)
    game.state = position.state
    keys = Secrets((b"tray" * 8,) * 3, b"chance" * 6, b"bots" * 8)
    return GameSession(game, ("human", "human", "bot:random"), keys)


def _answer(table: TableScene) -> Action:
    """The person's next answer: a card still to add, else the script's first offered."""
    seat, view = table.control.screen_seat, table.display.shown
    assert seat is not None
    legal = table.session.legal(seat)
    hand = {h["card"]: h["slot"] for h in view["hand"]}
    top = view["stack"][-1] if view["stack"] else {}
    added = {c["slot"] for c in top.get("force", {}).get("cards", ())}
    for card in CARDS.get(seat, ()) if top.get("step") == "cards" else ():
        if hand[card] not in added:
            return next(a for a in legal if a.arg("slot") == hand[card])
    for verb, args in SCRIPT:
        found = [a for a in legal if a.verb == verb and all(a.arg(k) == v
                                                            for k, v in args.items())]
        if found:
            return found[0]
    return next(a for a in legal if a.verb in ("pass", "decline"))


def _covered(table: Any) -> bool:
    """Reveal the cover for the next person once it takes a click; whether it was up."""
    if not table.control.covered:
        return False
    if table.control.cover_ready:
        table.apply(_intent("reveal"))
    return True


def _frame_italy(table: Any) -> None:
    """Zoom the map in on the sea between Carthago and Roma, tiles sharp."""
    pane = table.display.map
    view = pane.map_view
    for _ in range(2):
        pane.apply(_intent("zoom", steps=1, at=pane.to_screen("panormos")))
        view.update(1.0)
    view.sharpen()
    pane.dirty = True
    table.full_redraw = True


def _tick(app: App, clock: ManualClock) -> None:
    clock.advance(FRAME)
    app.frame([])


def _intent(name: str, **args: object) -> Any:
    from sprites.scenes.base import intent

    return intent(name, **args)


def main(argv: list[str] | None = None) -> int:
    """Render the picture at 1920×1080 (under Xvfb if there is no display)."""
    return run_shot("python -m tools.shots_expedition", shoot_expedition, "expedition_tray", argv)


if __name__ == "__main__":
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.exit(main())
