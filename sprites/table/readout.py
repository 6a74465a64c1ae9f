"""What the table shows in words and where it looks: the HUD's model, the decision bar's
text, and the camera framing of a scenario's part of the map."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.session import HUMAN
from sprites import content
from sprites.table.bar import prompt_words
from sprites.table.hud import HudModel, SeatLine
from sprites.table.story import Where

if TYPE_CHECKING:
    from sprites.map.model import MapModel
    from sprites.map.picture import BoardPicture
    from sprites.map.view import MapView
    from sprites.table.scene import TableScene


def frame_scenario(view: MapView, model: MapModel, picture: BoardPicture, top: int,
                   bottom: int) -> None:
    """Zoom to the deepest level that shows every city and area in play, between the bar
    (`top` px) and the hand (`bottom` px)."""
    cam = view.camera
    points = [model.position(n) for n in picture.nodes_in_play]
    if not points:
        return
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    width, height = max(xs) - min(xs), max(ys) - min(ys)
    room_w, room_h = cam.viewport[2] - 80, cam.viewport[3] - top - bottom
    level = 0
    for k in range(1, 5):
        if width * cam.level_zoom(k) <= room_w and height * cam.level_zoom(k) <= room_h:
            level = k
    view.level = level
    cam.zoom = cam.level_zoom(level)
    cam.centre_on(((min(xs) + max(xs)) / 2,
                   (min(ys) + max(ys)) / 2 + (bottom - top) / 2 / cam.zoom))


def hud_model(scene: TableScene) -> HudModel:
    """The HUD's content from the view on screen."""
    view = scene.shown
    decision = scene.session.decision()
    acting = decision.actor if decision.kind == "action" else -9
    seats = [SeatLine(s["empire"], s["vp"], s["cities"], s["hand_size"], s["deck"],
                      len(s["discard"]), scene.session.players[k], k == scene.screen_seat,
                      k == acting) for k, s in enumerate(view["seats"])]
    event = view["event"]
    tables = content.content().tables
    return HudModel(f"{scene.setup.number}. {scene.setup.name}", view["turn"],
                    view["last_turn"], view["round"], scene.names.event(event),
                    scene.names.event_summary(event) if event else "", view["enraged"],
                    tables.enraged.max_level, seats, scene.log,
                    scene.hud_model.scroll if scene.hud_model else 0,
                    scene.app.settings.colour_blind if scene.app else False)


def bar_text(scene: TableScene) -> tuple[str, str, str]:
    """(who, why, hint) for the decision bar: whose decision it is and why."""
    decision = scene.session.decision()
    empires = scene.empires
    if scene.timeline.busy and scene.telling:
        return "", scene.telling, ""
    if decision.is_over:
        return "The game is over", "", ""
    if scene.covered_for is not None:
        name = scene.names.empire(empires[scene.covered_for])
        return f"{name} to play", "Pass the screen.", ""
    if decision.kind != "action":
        return "", prompt_words(decision.prompt, empires), ""
    who = scene.names.empire(empires[decision.actor])
    why = prompt_words(decision.prompt, empires).partition(" — ")[2] or decision.prompt
    if scene.offer is None:
        kind = "bot" if scene.session.players[decision.actor] != HUMAN else "player"
        return f"{who} ({kind}) is deciding", why, ""
    hints = []
    if scene.offer.targets:
        hints.append("click a glowing place on the map")
    if scene.offer.cards:
        hints.append("click a glowing card")
    if scene.offer.buttons:
        hints.append("use a button")
    keys = "P passes, Enter confirms, Esc cancels"
    hint = " · ".join(hints) + f" ({keys})"
    return f"{who}, your decision", why, hint[:1].upper() + hint[1:]


def where(scene: TableScene) -> Where:
    """Screen places the story of an entry needs (map middle, banner line, HUD rows, hand)."""
    assert scene.app is not None and scene.view is not None
    vx, vy, vw, vh = scene.view.camera.viewport
    u = scene.app.ui
    rows = {k: (r.right - u(120), r.centery) for k, r in enumerate(scene.layout.rows)}
    return Where((vx + vw // 2, vy + vh // 2 - u(40)),
                 (vx + vw // 2, scene.bar_rect.bottom + u(60)), rows,
                 (scene.hand_area.centerx, scene.hand_area.centery), u(220))
