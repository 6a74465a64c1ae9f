"""The Mare Nostrum table's control without a screen, on the toy rule set's sealed bids (a
hot seat of two people and a bot): the cover between people, its guard, the sealed choice a
person makes through it, and bots that wait so people can follow."""

from __future__ import annotations

from game.session import GameSession, Secrets
from sprites.mn.control import COVER_GUARD, MnControl


def _control(players: tuple[str, ...]) -> MnControl:
    session = GameSession.start("toy", "sealed", players,
                                Secrets.from_master(b"mn control" * 4, len(players)))
    return MnControl(session, None, animation_speed=0)


def _until_person(control: MnControl, limit: int = 500) -> None:
    """Step chance and bots until a person must choose (or the cover waits for one)."""
    for _ in range(limit):
        move = control.next_move()
        if move in ("person", "over") or control.covered:
            return
        if move == "step":
            control.step()
        else:
            control.tick(0.1)
    raise AssertionError("no person was asked")


def test_two_people_pass_the_screen_between_their_sealed_bids() -> None:
    control = _control(("human", "human"))
    _until_person(control)
    assert control.covered and control.covered_for == 0 and control.person() is None
    assert not control.reveal(), "the cover ignores a click at once"
    control.tick(COVER_GUARD)
    assert control.reveal() and control.person() == 0 and control.sealing()
    assert control.check_offer(("9",)) is not None and control.check_offer(("0",)) is None
    assert control.seal(("0",)) is not None
    assert control.next_move() == "wait" and control.covered_for == 1
    assert control.screen_seat is None, "nothing of seat 0 stays on screen"
    control.tick(COVER_GUARD)
    assert control.reveal() and control.person() == 1


def test_a_refused_bid_leaves_a_notice_and_changes_nothing() -> None:
    control = _control(("human", "bot:random"))
    _until_person(control)
    assert not control.covered and control.person() == 0, "one person: no cover"
    records = len(control.session.table.records)
    assert control.seal(("7",)) is None and control.notice
    assert len(control.session.table.records) == records


def test_bots_wait_their_pause_at_normal_speed() -> None:
    control = _control(("bot:random", "bot:random"))
    control.animation_speed = 100
    moves = set()
    for _ in range(40):
        move = control.next_move()
        moves.add(move)
        if move == "step":
            control.step()
        else:
            control.tick(0.25)
    assert {"wait", "step"} <= moves and control.person() is None
