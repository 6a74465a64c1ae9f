"""The LAN table's controller, headless: a real game peer in this process stands in for the
network (its records feed the mirror; a person's answer is signed by it), and a manual clock
lets time pass. The mirror ends on the peer's hash; a pass that is all a person can do is
given after a random 1-3 s, never at once; an answer in flight is not offered twice."""

from __future__ import annotations

from game.ai.random_bot import RandomBot
from game.core.encoding import state_hash
from net.lan.mirror import Mirror
from sprites.table.controller import COVER_GUARD
from sprites.table.lan_controller import AUTO_PASS_SECONDS, LanController
from tests.sprites.peer_lan import PeerLan

FRAME = 1 / 30


def play(person: int, fraction: float = 0.5) -> tuple[PeerLan, LanController, list[float]]:
    """Play a whole game at the controller; the waits before each automatic pass."""
    lan = PeerLan(person)
    control = LanController(lan, Mirror(lan.start), 0, lambda: fraction)  # type: ignore[arg-type]
    waits, waited = [], 0.0
    chooser = RandomBot(b"the person")  # a fixed choice can loop: the dice differ every run
    for _ in range(200_000):
        control.tick(FRAME)
        move = control.next_move()
        if move == "over":
            break
        if move == "step":
            control.step()
        elif move == "person" and control.auto_pass is None and not control.auto_passing:
            assert control.act(chooser.choose({}, control.session.legal(person))) == ()
        waited = waited + FRAME if control.auto_pass is not None else waited
        if control.auto_passing and waited:
            waits.append(waited)
            waited = 0.0
    return lan, control, waits


def test_the_mirror_follows_the_peer_to_the_same_end() -> None:
    lan, control, _ = play(person=0)
    assert control.session.over and lan.peer.over
    assert state_hash(control.session.table.state) == lan.peer.final_hash()
    assert lan.acts and all(seat == 0 for seat, _ in lan.acts)


def test_a_pass_that_is_all_a_person_can_do_waits_a_random_one_to_three_seconds() -> None:
    _, _, waits = play(person=1, fraction=0.25)
    low, high = AUTO_PASS_SECONDS
    assert waits, "no window offered the person nothing but a pass"
    expected = low + (high - low) * 0.25
    assert all(abs(w - expected) <= 2 * FRAME for w in waits), waits


def test_an_answer_in_flight_is_not_offered_again() -> None:
    lan = PeerLan(0)
    lan.peer.act = lambda seat, action: []  # type: ignore[method-assign]
    control = LanController(lan, Mirror(lan.start), 0, lambda: 0.5)  # type: ignore[arg-type]
    while (move := control.next_move()) == "step":
        control.step()
    assert move == "person"
    action = control.session.legal(0)[0]
    assert control.act(action) == ()
    assert control.next_move() == "wait"
    assert control.act(action) is None and control.notice
    assert control.prompt(None)[2] == "Sent — waiting for the table"


def test_two_people_at_one_machine_keep_the_pass_the_screen_cover() -> None:
    lan = PeerLan(0, 1)
    control = LanController(lan, Mirror(lan.start), 0, lambda: 0.5)  # type: ignore[arg-type]
    covers = 0
    seen: set[int] = set()
    for _ in range(20_000):
        control.tick(FRAME)
        move = control.next_move()
        if move == "over" or (len(seen) == 2 and covers >= 2):
            break
        if move == "step":
            control.step()
        elif move == "cover":
            covers += 1
            control.cover()
            assert control.offered(control.session.view(None)) is None
            control.tick(COVER_GUARD)
            assert control.reveal()
        elif move == "person" and control.auto_pass is None and control.sent_at is None:
            seat = control.session.human_turn()
            assert seat is not None and (control.screen_seat in (seat, None))
            seen.add(seat)
            control.act(control.session.legal(seat)[0])
    assert covers >= 2 and seen == {0, 1}
