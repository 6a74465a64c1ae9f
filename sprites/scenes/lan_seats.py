"""The words of a lobby room's seats (who plays each, on which machine), the host's cycle of a
seat through open and each bot on each machine of the room, what holds the start up, and the
offer of the lobby's scenario to a machine that lacks it. No pygame."""

from __future__ import annotations

from game.session import seat_title
from net.lan.facade import Room, RoomSeat
from sprites.scenes.lan_common import RULESET, short_fingerprint, size_words

OPEN = ("", "")
"""(machine, player) of an open seat."""


def bot_kinds(ruleset: str) -> tuple[str, ...]:
    """The rule set's bots ("bot:random", "bot:greedy"…): who may sit at a seat, but a person."""
    from game.session import player_specs

    try:
        return tuple(p for p in player_specs(ruleset or RULESET) if p != "human")
    except KeyError:
        return tuple(p for p in player_specs(RULESET) if p != "human")



def bot_word(player: str) -> str:
    """"greedy" for "bot:greedy"."""
    return player.removeprefix("bot:")


def machine_name(room: Room, fingerprint: str, fallback: str = "") -> str:
    """A machine's name in the room (else the seat's own word for it, else its fingerprint)."""
    return dict(room.machines).get(fingerprint) or fallback or short_fingerprint(fingerprint)


def assignments(room: Room) -> list[tuple[str, str]]:
    """What the host may give a seat, in cycle order: open, then each bot on each machine."""
    bots = bot_kinds(room.ruleset)
    return [OPEN, *((fingerprint, bot) for fingerprint, _ in room.machines for bot in bots)]


def next_assignment(room: Room, seat: RoomSeat, step: int) -> tuple[str, str]:
    """The (machine, player) a seat gets when the host cycles it by `step` (a person's seat
    goes to open first)."""
    cycle = assignments(room)
    current = (seat.machine, seat.player) if seat.player.startswith("bot:") else OPEN
    if seat.machine and not seat.player.startswith("bot:"):
        return OPEN
    index = cycle.index(current) if current in cycle else 0
    return cycle[(index + step) % len(cycle)]


def assignment_words(room: Room, seat: RoomSeat) -> str:
    """The host's seat control: "Open", "Greedy bot · Alice", "Person"."""
    if not seat.machine:
        return "Open"
    if seat.player.startswith("bot:"):
        name = machine_name(room, seat.machine, seat.machine_name)
        return f"{bot_word(seat.player).title()} bot · {name}"
    return "Person"


def who(room: Room, seat: RoomSeat) -> tuple[str, str]:
    """Two lines for a seat: who plays it, and on which machine (with its short fingerprint)."""
    if not seat.machine:
        what = "empire" if seat_title(seat.empire) == seat.empire else "seat"
        return "Open seat", f"Claim it to play this {what}"
    name = machine_name(room, seat.machine, seat.machine_name)
    here = " · this machine" if seat.machine == room.me else ""
    where = f"{name}'s machine · {short_fingerprint(seat.machine)}{here}"
    if seat.player.startswith("bot:"):
        return (f"Bot — {bot_word(seat.player)} on {name}'s machine",
                f"({name}'s machine can see its cards) · {short_fingerprint(seat.machine)}{here}")
    return seat.person or name, f"on {where}"


def mine(room: Room) -> list[RoomSeat]:
    """The seats this machine holds."""
    return [seat for seat in room.seats if seat.machine and seat.machine == room.me]


def ready_here(room: Room) -> bool:
    """Whether this machine holds a seat and has said its people are ready."""
    held = mine(room)
    return bool(held) and all(seat.ready for seat in held)


def missing_words(room: Room) -> str:
    """What still holds the start up, in words ("Waiting for: Rome is open; Ben is not ready;
    Jo's machine is receiving the scenario")."""
    open_seats = [seat_title(s.empire) for s in room.seats if not s.machine]
    waiting = sorted({s.person or s.machine_name for s in room.seats
                      if s.machine and not s.ready})
    parts = [f"{', '.join(open_seats)} {'is' if len(open_seats) == 1 else 'are'} open"] \
        if open_seats else []
    if waiting:
        parts.append(f"{', '.join(waiting)} {'is' if len(waiting) == 1 else 'are'} not ready")
    if room.lacking:
        machines = ", ".join(f"{name}'s machine" for name in room.lacking)
        parts.append(f"{machines} {'has' if len(room.lacking) == 1 else 'have'} not got "
                     f"the scenario yet")
    return "Waiting for the start: " + "; ".join(parts) + "." if parts else ""


def lacks(room: Room) -> bool:
    """Whether this machine lacks the lobby's scenario (offered to it, or on its way)."""
    return room.offer is not None or room.receiving


def offer_words(room: Room) -> str:
    """The offer of the lobby's scenario this machine lacks, or that it is on its way."""
    offer = room.offer
    if offer is None:
        return f"Receiving {room.scenario_name} from the host's machine…"
    return (f"This lobby uses {offer.name}, a scenario you don't have ({size_words(offer.size)})"
            f": Receive it from {offer.host}'s machine, or Refuse and leave.")
