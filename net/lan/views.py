"""The plain pictures the client reads of LAN play (facade types), made from the protocol's
own objects in the network thread: a lobby advert as a listing, a lobby as a room, a game
node as the table's status."""

from __future__ import annotations

import time
from typing import Any

from game.rulesets import canonical_id, registered
from game.rulesets.mediterranean_empires.content import RULESET_ID
from net.lan._txt import clean
from net.lan.discovery import LobbyAd
from net.lan.facade import (
    LobbyListing,
    MachineState,
    Room,
    RoomSeat,
    ScenarioOffer,
    TableStatus,
)
from net.lan.genesis import PROTOCOL
from net.lan.node import AWAY_SECONDS, GameNode
from net.lan.peer import GamePeer
from net.lan.play import engine_line


def listing(ad: LobbyAd, hashes: dict[str, str], held: frozenset[str] = frozenset()
            ) -> LobbyListing:
    """One advertised lobby, with why this program cannot join it ("" when it can) and, for
    one of its host's scenarios that is not among `held` (rules hashes), that it will be
    sent."""
    why = why_not(ad, hashes)
    note = shared_note(ad, held) if why in ("", "started") else ""
    return LobbyListing(ad.name, ad.host, ad.fingerprint, ad.ruleset, ad.scenario,
                        ad.open_seats, ad.status, f"{ad.address}:{ad.port}", ad.game_id,
                        why, note, ad.scenario_name if ad.user else "")


def shared_note(ad: LobbyAd, held: frozenset[str]) -> str:
    """"uses <name>, a scenario you don't have — it will be sent to you" for a lobby of its
    host's own scenario whose rules hash this machine does not hold ("" otherwise)."""
    if not _user(ad) or any(h.startswith(ad.content_hash) for h in held):
        return ""
    return f"uses {ad.scenario_name or ad.scenario}, a scenario you don't have — it will " \
           f"be sent to you"


def _user(ad: LobbyAd) -> bool:
    return ad.user and canonical_id(ad.ruleset) == RULESET_ID


def why_not(ad: LobbyAd, hashes: dict[str, str]) -> str:
    """Why a lobby cannot be joined from here, in plain words ("": it can). One of its host's
    own scenarios differs in rules hash from the bundled content by design: not a reason."""
    ours = hashes.get(ad.ruleset)
    if ad.protocol != PROTOCOL:
        return f"another version of the game (protocol {ad.protocol}, ours {PROTOCOL})"
    if ad.engine and ad.engine != engine_line():
        return f"another engine ({ad.engine}, ours {engine_line()})"
    if ad.ruleset not in registered():
        return f"a rule set not installed here ({ad.ruleset})"
    if ours is not None and ours[:8] != ad.content_hash and not _user(ad):
        return f"other rules content (theirs {ad.content_hash}…, ours {ours[:8]}…)"
    if ad.status != "lobby":
        return "started" if ad.status == "playing" else "over"
    return "full" if ad.open_seats <= 0 else ""


def room(role: str, name: str, lobby: dict[str, Any], me: str, address: str,
         offer: ScenarioOffer | None = None, receiving: bool = False) -> Room:
    """A LOBBY body (the host's own, or the last one a joiner received) as the client's room;
    for a joiner also the offer of the lobby's scenario it lacks, or that it is on its way."""
    machines = {str(k): str(v) for k, v in dict(lobby.get("machines", {})).items()}
    seats = tuple(_room_seat(index, seat, machines)
                  for index, seat in enumerate(lobby.get("seats", [])))
    lacking = [str(fp) for fp in lobby.get("lacking", [])]
    ready = bool(seats) and all(s.machine and s.ready and s.machine not in lacking
                                for s in seats)
    order = sorted(machines.items(), key=lambda item: item[0] != lobby.get("host", ""))
    share = lobby.get("share")
    return Room(role, name, str(lobby.get("ruleset", "")), str(lobby.get("scenario", "")),
                tuple(sorted(dict(lobby.get("options", {})).items())), seats, tuple(order), me,
                address, ready, clean(str(share.get("name", "")))[:80]
                if isinstance(share, dict) else "",
                tuple(machines.get(fp, fp[:8]) for fp in lacking), offer, receiving)


def _room_seat(index: int, seat: dict[str, Any], machines: dict[str, str]) -> RoomSeat:
    machine = str(seat.get("machine", ""))
    return RoomSeat(index, str(seat.get("name", "")), machine, machines.get(machine, ""),
                    str(seat.get("person", "")), str(seat.get("player", "")),
                    bool(seat.get("ready", False)))


class WaitClock:
    """Since when the table waits for what it waits for now (a new record starts it again)."""

    def __init__(self) -> None:
        self.key: tuple[str, int] | None = None
        self.since = 0.0

    def seconds(self, key: tuple[str, int], now: float) -> float:
        """Seconds spent waiting for `key` (what is awaited, the ledger's length)."""
        if key != self.key:
            self.key, self.since = key, now
        return now - self.since


def table_status(node: GameNode, now: float | None = None, clock: WaitClock | None = None
                 ) -> TableStatus:
    """How the game stands on the network: each machine's link, whom the table waits for and
    for how long, a pause (that machine is away), a time-out, a frozen table, and (at the end)
    the audit per seat."""
    now = time.monotonic() if now is None else now
    peer = node.peer
    machines = tuple(_machine(node, m.fingerprint, m.name, now) for m in node.genesis.machines)
    waiting = peer.waiting_for() or ""
    paused = node.waiting_since is not None and bool(waiting)
    if paused:
        waited = now - (node.waiting_since or now)
    else:
        waited = (clock or WaitClock()).seconds((waiting, len(peer.ledger)), now)
    shown = f"{waiting}, {int(waited) // 60}:{int(waited) % 60:02d}" if waiting else ""
    result = "" if node.status == "playing" else node.status
    return TableStatus(machines, shown, waited, paused, node.timed_out, peer.stopped or "",
                       node.dump_path, result, audit_lines(peer), peer.final_hash())


def _machine(node: GameNode, fingerprint: str, name: str, now: float) -> MachineState:
    seats = tuple(node.genesis.seat_names[s] for s in node.genesis.seats_of(fingerprint))
    if fingerprint == node.identity.fingerprint:
        state = "this machine"
    elif fingerprint not in node.links:
        state = "reconnecting"
    elif now - node.heard.get(fingerprint, now) > AWAY_SECONDS:
        state = "away"
    else:
        state = "connected"
    return MachineState(fingerprint, name, state, seats)


def audit_lines(peer: GamePeer) -> tuple[str, ...]:
    """Per seat, once the game is over: its decks and face-down plays checked, the problem
    the audit found at that seat, or whose machine refused its audit."""
    if not peer.over or not peer.member:
        return ()
    genesis, names = peer.genesis, peer.genesis.seat_names
    if peer.audit is None:
        missing = sorted(set(genesis.fingerprints()) - set(peer.audits))
        return tuple(f"audit refused by {genesis.machine(fp).name}'s machine" for fp in missing)
    problem = peer.audit.problem
    return tuple(f"{names[s]}: {problem.reason} (entry {problem.index})"
                 if problem is not None and problem.seat in (s, None)
                 else f"{names[s]}: every shuffle and face-down play checked"
                 for s in range(len(names)))
