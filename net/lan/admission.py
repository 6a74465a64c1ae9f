"""Who may come into a lobby and what a lobby's messages must hold: the table it is for, the
lobby HELLO, the reasons a machine is refused, and the checks of a joiner's fields."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from game.core.log import ENGINE_VERSION
from net.files.user_scenarios import ScenarioTexts
from net.lan.errors import Rejected
from net.lan.frames import encode_frame, hello_body
from net.lan.genesis import PROTOCOL
from net.lan.identity import Identity

PERSON_LENGTH = 40
CLOSED = "the host closed the lobby"


@dataclass(frozen=True)
class Table:
    """What the lobby is for: rule set, its rules hash, scenario, options and seat names; for
    one of the host's own scenarios also its files (what joiners who lack it are sent), its
    name, and the rule set's own rules hash, which a joiner must have to play it."""

    ruleset: str
    rules_hash: str
    scenario: str
    seat_names: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()
    base_hash: str = ""
    """The rules hash of the rule set's bundled content ("": the same as `rules_hash`)."""
    texts: ScenarioTexts | None = field(default=None, repr=False)
    """A user scenario's files (None: the rule set's bundled content)."""
    scenario_name: str = ""

    @property
    def admits(self) -> str:
        """The rules hash a joining machine must have installed for this rule set."""
        return self.base_hash or self.rules_hash


def person_name(text: str) -> str:
    """A person's name as the lobby keeps it: no control characters, at most 40 characters."""
    return "".join(c for c in text if unicodedata.category(c) != "Cc").strip()[:PERSON_LENGTH]


def is_bot(player: str) -> bool:
    """Whether a seat's player is a bot ("bot:NAME"), always ready, rather than a person."""
    return player.startswith("bot:")


def player_spec(player: object) -> str:
    """The player as named, "human" or "bot:NAME"; Rejected("malformed") otherwise."""
    if player == "human" or (isinstance(player, str) and is_bot(player) and len(player) <= 64):
        return player
    raise Rejected("malformed", f'a player is "human" or "bot:NAME", not {str(player)[:64]!r}')


def body_field(body: dict[str, Any], key: str, kind: type, default: object = None) -> Any:
    """body[key], which must be of exactly `kind` (`default` when absent and given)."""
    value = body.get(key, default)
    if type(value) is not kind:
        raise Rejected("malformed", f"{key!r} is not {kind.__name__}")
    return value


def hello(identity: Identity, hashes: dict[str, str], name: str, address: str,
          purpose: str) -> bytes:
    """A HELLO for the lobby: what this machine runs (the rules hash of every rule set it
    has) and who it is."""
    return encode_frame(identity, "HELLO", hello_body(
        identity, protocol=PROTOCOL, engine=ENGINE_VERSION, hashes=hashes, name=name,
        address=address, purpose=purpose))


def refusal(table: Table, body: dict[str, Any], started: bool, full: bool) -> Rejected | None:
    """Why a machine may not join (None: it may), named as the REFUSE says it."""
    if body.get("protocol") != PROTOCOL:
        return Rejected("protocol", f"protocol differs: yours {body.get('protocol')}, "
                                    f"host's {PROTOCOL}")
    if str(body.get("engine", "")).split(".")[:2] != ENGINE_VERSION.split(".")[:2]:
        return Rejected("engine", f"engine differs: yours {body.get('engine')}, host's "
                                  f"{ENGINE_VERSION}")
    hashes = body.get("hashes")
    theirs = hashes.get(table.ruleset) if isinstance(hashes, dict) else None
    if theirs is None:
        return Rejected("rules-content", f"{table.ruleset} is not installed on your machine")
    if theirs != table.admits:
        return Rejected("rules-content", f"content differs: yours {str(theirs)[:8]}…, host's "
                                         f"{table.admits[:8]}…")
    if started:
        return Rejected("started", "the game has started")
    return Rejected("lobby-full", "the lobby is full") if full else None
