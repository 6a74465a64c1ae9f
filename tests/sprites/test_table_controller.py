"""The table's controller without a screen: bots wait so people can follow (on a manual
clock), the hot-seat cover comes before another person's decision once anything is hidden (not
during the open set-up) and ignores the first half second, the person at the screen is offered
exactly their legal actions, and the game is autosaved and finished once."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.actions import Action
from game.core.errors import EngineError
from game.session import GameSession, Secrets
from net.files.saves import GameFiles, list_saves
from net.lan.mirror import Mirror
from sprites.clock import FrameTimer, ManualClock
from sprites.table.controller import (
    BOT_PAUSE,
    COVER_GUARD,
    Move,
    TableController,
    anything_hidden,
)
from sprites.table.lan_controller import LanController
from tests.sprites.peer_lan import PeerLan

KEYS = Secrets((b"a" * 32, b"b" * 32, b"c" * 32), b"chance" * 6, b"bots" * 8)
FRAME = 1 / 30


def _controller(players: tuple[str, ...], speed: int = 0, scenario: str = "3",
                files: GameFiles | None = None) -> TableController:
    session = GameSession.start("mediterranean_empires", scenario, players,
                                KEYS if len(players) == 3 else _keys(len(players)))
    return TableController(session, files, speed)


def _keys(seats: int) -> Secrets:
    return Secrets(tuple(bytes([k + 1]) * 32 for k in range(seats)), b"c" * 32, b"b" * 32)


def _until(control: TableController, wanted: set[Move], limit: int = 5000) -> Move:
    """Step the game (and let any bot's pause run out) until a wanted move comes up."""
    for _ in range(limit):
        move = control.next_move()
        if move in wanted:
            return move
        if move == "step":
            control.step()
        elif move == "wait":
            control.tick(BOT_PAUSE)
        else:
            raise AssertionError(f"the table stopped at {move!r}")
    raise AssertionError(f"no {wanted} within {limit} moves")


def _frames_until_step(control: TableController, timer: FrameTimer, clock: ManualClock) -> int:
    """Frames of FRAME seconds (nothing animating) before a bot's pending move is made."""
    frames = 0
    while control.next_move() == "wait":
        clock.advance(FRAME)
        control.tick(timer.tick())
        frames += 1
    return frames


@pytest.mark.parametrize(("speed", "fast", "pause"), [(100, False, BOT_PAUSE),
                                                      (200, False, BOT_PAUSE / 2),
                                                      (100, True, 0.0), (0, False, 0.0)])
def test_a_bot_waits_before_its_move_at_the_animation_speed(speed: int, fast: bool,
                                                            pause: float) -> None:
    control = _controller(("bot:greedy", "bot:random", "bot:greedy"), speed)
    control.fast = fast
    clock = ManualClock()
    timer = FrameTimer(clock)
    for _ in range(3):  # three bot moves in a row, each paced alike
        while control.session.decision().kind != "action":
            assert control.next_move() == "step"
            control.step()
        frames = _frames_until_step(control, timer, clock)
        assert frames == pytest.approx(pause / FRAME, abs=1)
        assert control.next_move() == "step"
        control.step()
        assert control.waited == 0.0


def test_time_spent_on_a_persons_decision_does_not_shorten_the_next_bot_pause() -> None:
    control = _controller(("human", "bot:random", "bot:greedy"), 100)
    _until(control, {"person"})
    control.tick(5.0)
    assert control.waited == 0.0
    seat = control.session.human_turn()
    assert seat == control.screen_seat == 0
    control.act(control.session.legal(seat)[0])
    assert _until(control, {"wait"}) == "wait"
    control.tick(BOT_PAUSE / 2)
    assert control.next_move() == "wait"
    control.tick(BOT_PAUSE / 2)
    assert control.next_move() == "step"


def test_the_person_at_the_screen_is_offered_their_legal_actions() -> None:
    control = _controller(("human", "bot:random", "bot:greedy"))
    assert control.screen_seat == 0 and not control.covered
    assert _until(control, {"person"}) == "person"
    view = control.session.view(0)
    offered = control.offered(view)
    assert offered is not None and offered.seat == 0
    legal = control.session.legal(0)
    offer = offered.offer
    sorted_out = [*offer.buttons, *(a for acts in offer.targets.values() for a in acts),
                  *(a for acts in offer.cards.values() for a in acts)]
    assert sorted(map(str, sorted_out)) == sorted(map(str, legal)) == sorted(map(str, offer.legal))
    assert set(offered.labels) == set(legal) and all(offered.labels.values())
    who, why, hint = control.prompt(offered)
    assert who.endswith("your decision") and why and hint.startswith(("Click", "Use"))
    assert control.act(Action("no_such_verb")) is None and control.notice
    events = control.act(legal[0])
    assert events is not None and control.session.history[-1][1] == events


def test_nothing_is_offered_while_a_bot_decides() -> None:
    control = _controller(("human", "bot:random", "bot:greedy"))
    assert _until(control, {"person"}) == "person"
    control.act(control.session.legal(0)[0])
    while control.session.human_turn() is None and not control.session.over:
        decision = control.session.decision()
        if decision.kind == "action":
            assert control.offered(control.session.view(0)) is None
            who, _, hint = control.prompt(None)
            assert "(bot) is deciding" in who and hint == ""
            return
        control.step()


def _open_set_up(control: TableController) -> set[int]:
    """Play while nothing is hidden (the Empire Foundation): each person decides at the
    uncovered screen, which shows only the public view; the seats that decided."""
    decided: set[int] = set()
    while not control.hidden():
        assert _until(control, {"cover", "person"}) == "person"
        seat = control.session.human_turn()
        assert seat is not None and control.screen_seat is None and not control.covered
        offered = control.offered(control.session.view(None))
        assert offered is not None and offered.seat == seat
        assert control.prompt(offered)[0].endswith("your decision")
        control.act(offered.offer.legal[0])
        decided.add(seat)
        while control.session.human_turn() is None and not control.hidden():
            control.step()
    return decided


def test_no_cover_while_nothing_is_hidden_then_a_cover_after_the_deal() -> None:
    control = _controller(("human", "human", "bot:greedy"))
    view = control.session.view(None)
    assert not anything_hidden(view) and not any(s["hand_size"] for s in view["seats"])
    assert _open_set_up(control) == {0, 1}
    view = control.session.view(None)
    assert anything_hidden(view) and view["turn"] == 0 and any(s["hand_size"]
                                                               for s in view["seats"])
    assert _until(control, {"cover", "person"}) == "cover"  # the first private decision
    control.cover()
    assert control.screen_seat is None and control.covered_for == control.session.human_turn()


def test_the_cover_ignores_the_first_half_second_of_the_manual_clock() -> None:
    control = _controller(("human", "human", "bot:greedy"))
    _open_set_up(control)
    clock = ManualClock()
    timer = FrameTimer(clock)
    for _ in range(2):  # each cover counts from when it went up
        assert _until(control, {"cover", "person"}) == "cover"
        control.tick(5.0)  # time before the cover does not count
        control.cover()
        frames = 0
        while not control.reveal():
            assert control.covered and not control.cover_ready
            clock.advance(FRAME)
            control.tick(timer.tick())
            frames += 1
        assert frames == pytest.approx(COVER_GUARD / FRAME, abs=1)
        seat = control.screen_seat
        assert seat is not None and not control.covered and not control.cover_ready
        control.act(control.session.legal(seat)[0])
        while control.session.human_turn() in (seat, None):
            if control.next_move() == "person":
                control.act(control.session.legal(seat)[0])
            else:
                control.step()


def test_the_hot_seat_covers_the_screen_before_another_persons_decision() -> None:
    control = _controller(("human", "human", "bot:greedy"))
    assert control.screen_seat is None
    _open_set_up(control)
    seen: list[int] = []
    while len(seen) < 4:
        assert _until(control, {"cover", "person"}) == "cover"
        control.cover()
        seat = control.covered_for
        assert seat is not None and control.screen_seat is None
        assert control.next_move() == "person"  # covered once, not again
        view = control.session.view(seat)
        assert control.offered(view) is None and control.known(view) == {}
        assert control.prompt(None)[1] == "Pass the screen."
        assert not control.reveal() and control.covered  # too soon
        control.tick(COVER_GUARD)
        assert control.reveal() and control.screen_seat == seat and not control.reveal()
        offered = control.offered(view)
        assert offered is not None and offered.seat == seat
        control.act(offered.offer.legal[0])
        if control.session.human_turn() == seat:  # the same person again: no cover
            assert control.next_move() == "person"
            control.act(control.session.legal(seat)[0])
        seen.append(seat)
    assert set(seen) == {0, 1}


def test_a_lan_table_passes_the_set_up_uncovered_then_covers() -> None:
    lan = PeerLan(0, 1)
    control = LanController(lan, Mirror(lan.start), 0, lambda: 0.5)  # type: ignore[arg-type]
    moves: list[tuple[Move, bool]] = []
    for _ in range(20_000):
        control.tick(FRAME)
        move = control.next_move()
        if move == "step":
            control.step()
        elif move == "cover":
            moves.append((move, control.hidden()))
            break
        elif move == "person" and control.auto_pass is None and control.sent_at is None:
            seat = control.session.human_turn()
            assert seat is not None and control.offered(control.session.view(None)) is not None
            moves.append((move, control.hidden()))
            control.act(control.session.legal(seat)[0])
    assert moves[-1] == ("cover", True)
    assert moves[:-1] and all(m == ("person", False) for m in moves[:-1])


def test_a_rules_failure_stops_the_table_with_a_notice(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    control = _controller(("bot:greedy", "bot:random", "bot:greedy"))

    def broken() -> None:
        raise EngineError("no procedure for this frame")

    monkeypatch.setattr(control.session, "step", broken)
    assert control.next_move() == "step"
    assert control.step() is None
    assert control.stuck and "cannot go on" in control.notice
    assert control.next_move() == "stuck"


def test_every_entry_is_autosaved_and_the_end_flushes_once(tmp_path: Path) -> None:
    files = GameFiles(tmp_path, "game")
    control = _controller(("bot:greedy", "bot:random"), scenario="1", files=files)
    assert _until(control, {"over"}, 100_000) == "over"
    assert control.prompt(None)[0] == "The game is over"
    assert control.finish() and not control.finish()
    [info] = list_saves(tmp_path)
    assert info.finished and info.entries == len(control.session.table.records)


def test_an_action_phase_prompt_lists_only_what_is_legal_now() -> None:
    from game.core.actions import act
    from sprites.table.controller import Offered, legal_words
    from sprites.table.intents import Offer

    def offered(*verbs: str) -> Offered:
        return Offered(0, Offer(()), {act(v, slot=f"s{k}"): v for k, v in
                                       enumerate(verbs)})

    why = "pass, discard & draw, Imperium or ME (round 5)"
    assert legal_words(offered("pass", "discard"), why) == "Pass or discard & draw (round 5)"
    assert legal_words(offered("pass", "discard", "imperium", "expedition"), why) == \
        "Pass, discard & draw, play Imperium or send a Military Expedition (round 5)"
    assert legal_words(offered("pass", "route"), "choose the route") == "choose the route"


def test_a_card_played_for_the_side_one_fights_against_says_so() -> None:
    from game.core.actions import act
    from sprites.table.controller import fighting_side, helps_other

    frame = {"attacker": {"seat": -1}, "defender": {"seat": 2}}
    assert fighting_side(frame, 2) == 1 and fighting_side(frame, 0) is None
    siege = act("play", slot="carthage:0:15", use="X", side=0)
    assert helps_other(siege, 1) and not helps_other(siege, 0)
    assert not helps_other(siege, None) and not helps_other(act("pass"), 1)
