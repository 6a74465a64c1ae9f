"""A host's own scenario over the lobby's link (`net.lan.sharing` has the messages): the host's
side — which machines have it, sending it to one that asks — and a joiner's — whether this
machine holds it, the offer its person answers, asking for it, checking and keeping what comes,
and saying HAVE. Both return the frames to send; the joiner's `Shelf` is its only I/O."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from net.files.user_scenarios import ScenarioTexts, UserScenarioError
from net.lan._txt import clean
from net.lan.admission import Table
from net.lan.errors import LanError, Rejected
from net.lan.facade import ScenarioOffer
from net.lan.frames import Message, encode_frame
from net.lan.identity import Identity
from net.lan.received import Origin, Shelf
from net.lan.sharing import FETCH_LIMIT, read_scenario_body, scenario_body, take_scenario

HELD_LIMIT = 64
"""The most rules hashes the host remembers one machine holding."""
WHY_LENGTH = 200


@dataclass
class HostShare:
    """The host's side: the user scenarios each machine said it holds (HAVE), and how often
    each asked for one (FETCH)."""

    holding: dict[str, set[str]] = field(default_factory=dict)
    fetches: dict[tuple[str, str], int] = field(default_factory=dict)

    def holds(self, table: Table, machine: str) -> bool:
        """Whether a machine has the table's content (bundled content: every machine let in)."""
        return table.texts is None or table.rules_hash in self.holding.get(machine, ())

    def has(self, machine: str, rules_hash: str) -> None:
        """A HAVE: the machine holds the user scenario of that rules hash."""
        held = self.holding.setdefault(machine, set())
        if len(held) < HELD_LIMIT:
            held.add(rules_hash[:64])

    def fetched(self, identity: Identity, table: Table, machine: str,
                rules_hash: str) -> list[tuple[str | None, bytes]]:
        """A FETCH: the table's scenario to that machine (a few times at most; nothing when the
        table changed since it asked)."""
        asked = self.fetches.get((machine, rules_hash), 0)
        if table.texts is None or rules_hash != table.rules_hash or asked >= FETCH_LIMIT:
            return []
        self.fetches[(machine, rules_hash)] = asked + 1
        return [(machine, encode_frame(identity, "SCENARIO", scenario_body(table)))]

    @staticmethod
    def left_words(table: Table, name: str, body: Mapping[str, Any]) -> str:
        """What the host's person is told of a LEAVE ("" for a plain one)."""
        why = body.get("why")
        if body.get("refused") == table.rules_hash and table.texts is not None:
            return f"{name}'s machine refused {table.scenario_name} and left the lobby"
        if isinstance(why, str) and why:
            return f"{name}'s machine left the lobby: {clean(why)[:WHY_LENGTH]}"
        return ""

    def forget(self, machine: str) -> None:
        """The machine left the lobby."""
        self.holding.pop(machine, None)


@dataclass
class Taker:
    """A joiner's side: this machine's scenarios (`shelf`; None: it keeps none), the offer of a
    lobby's scenario it lacks, and what it told the host. An automatic joiner answers an offer
    with `receive` at once; a person answers through `answer`."""

    identity: Identity
    shelf: Shelf | None = None
    receive: bool = True
    offer: ScenarioOffer | None = None
    fetching: str = ""
    """The rules hash asked for and not yet come."""
    told: set[str] = field(default_factory=set)
    """The rules hashes this machine told the host it holds."""
    content: ScenarioTexts | None = None
    """The files of the last user scenario found or received (a game's content is looked up
    by its rules hash, here first)."""
    failure: Rejected | None = None
    """Why a scenario sent was not kept."""
    closed: str = ""
    """Why this machine left the lobby over its scenario ("" while it has not)."""

    def holds(self, lobby: Mapping[str, Any]) -> bool:
        """Whether this machine has the lobby's content (and told the host so)."""
        return not isinstance(lobby.get("share"), dict) or lobby.get("rules_hash") in self.told

    def seen(self, lobby: Mapping[str, Any], host: str, auto: bool) -> list[bytes]:
        """A LOBBY: HAVE when this machine holds its user scenario; else an offer for the
        person, or (automatic) the answer at once."""
        share, rules_hash = lobby.get("share"), str(lobby.get("rules_hash", ""))
        if self.holds(lobby) or not isinstance(share, dict):
            self.offer = None
            return []
        scenario = str(lobby.get("scenario", ""))
        if self.fetching == rules_hash or (self.offer and self.offer.rules_hash == rules_hash):
            return []
        found = self._find(scenario, rules_hash)
        if found is not None:
            self.content = found
            return [self._have(rules_hash)]
        size = share.get("bytes")
        self.offer = ScenarioOffer(clean(str(share.get("name") or scenario))[:80], scenario,
                                   rules_hash, size if type(size) is int else 0, host)
        return self.answer(self.receive) if auto else []

    def _find(self, scenario: str, rules_hash: str) -> ScenarioTexts | None:
        if self.shelf is None:
            return None
        try:
            return self.shelf.find(scenario, rules_hash)
        except UserScenarioError:
            return None

    def answer(self, receive: bool) -> list[bytes]:
        """The person's answer to the offer: FETCH it, or refuse it and leave the lobby."""
        offer, self.offer = self.offer, None
        if offer is None:
            return []
        if receive and self.shelf is not None:
            self.fetching = offer.rules_hash
            return [encode_frame(self.identity, "FETCH", {"rules_hash": offer.rules_hash})]
        self.closed = f"you refused {offer.name}, the scenario the lobby plays, and left it"
        return [encode_frame(self.identity, "LEAVE", {"refused": offer.rules_hash})]

    def received(self, message: Message, lobby: Mapping[str, Any], host: str) -> list[bytes]:
        """A SCENARIO: kept once its files give the lobby's rules hash and it plays, then HAVE;
        one of a table changed since, or never asked for, is ignored. One that fails its
        checks or cannot be kept: nothing is kept, this machine leaves the lobby."""
        if not self.fetching:
            return []
        try:
            claimed, _ = read_scenario_body(message.body)
        except Rejected as why:
            return self._give_up(why)
        if claimed != self.fetching or claimed != lobby.get("rules_hash"):
            self.fetching = "" if claimed == self.fetching else self.fetching
            return []
        self.fetching = ""
        try:
            shared = take_scenario(message.body, claimed, str(lobby.get("scenario", "")))
            assert self.shelf is not None
            self.shelf.keep(shared, Origin(host, message.sender))
        except Rejected as why:
            return self._give_up(why)
        except LanError as exc:
            return self._give_up(Rejected("scenario-keep", str(exc)))
        self.content = shared.texts
        return [self._have(claimed)]

    def _have(self, rules_hash: str) -> bytes:
        self.told.add(rules_hash)
        self.offer = None
        return encode_frame(self.identity, "HAVE", {"rules_hash": rules_hash})

    def _give_up(self, why: Rejected) -> list[bytes]:
        self.failure, self.fetching = why, ""
        self.closed = str(why)
        return [encode_frame(self.identity, "LEAVE", {"why": str(why)[:WHY_LENGTH]})]
