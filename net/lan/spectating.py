"""What a spectator needs before it follows a game of one of its host's scenarios: the
scenario's files. The machine it follows sends them (SCENARIO) right after the signed genesis;
a spectator that already has that rules hash ignores them, one that lacks it takes them — when
it may — checked and kept exactly as a joiner does (`net.lan.sharing`, `net.lan.received`)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from game.core.ruleset import Ruleset
from game.rulesets.mediterranean_empires.content.user import UserRuleset
from net.files.user_scenarios import ruleset_of
from net.lan.errors import LanError
from net.lan.frames import Message, async_read_frame, encode_frame, open_frame
from net.lan.genesis import Genesis
from net.lan.identity import Identity
from net.lan.received import Origin, Shelf, game_ruleset
from net.lan.sharing import SHARE_LIMIT, scenario_message, size_of, take_scenario, texts_of

EARLY_LIMIT = 64
"""Frames a spectator reads past the genesis while it waits for the scenario."""


async def async_spectator_content(reader: asyncio.StreamReader, genesis: Genesis,
                                  root: Path | None, receive: bool, timeout: float
                                  ) -> tuple[Ruleset, list[Message]]:
    """The rule set of the game followed, and the frames read past the genesis meanwhile (to
    be taken in order). LanError when the scenario is refused here or cannot be kept,
    Rejected naming what is wrong with the one sent."""
    try:
        return game_ruleset(genesis, root), []
    except LanError as missing:
        lacking = missing
    early: list[Message] = []
    while len(early) < EARLY_LIMIT:
        message = open_frame(await asyncio.wait_for(async_read_frame(reader), timeout),
                             genesis.key_of)
        if message.type == "SCENARIO":
            return _kept(message, genesis, root, receive), early
        early.append(message)
    raise lacking


def _kept(message: Message, genesis: Genesis, root: Path | None, receive: bool) -> Ruleset:
    """The scenario a SCENARIO carries, checked and kept, as a rule set."""
    shared = take_scenario(message.body, genesis.rules_hash, genesis.scenario)
    if not receive:
        raise LanError(f"this game plays {shared.name}, a scenario you don't have: choose "
                       f"Receive to follow it")
    sender = genesis.machine(message.sender).name
    Shelf(root).keep(shared, Origin(sender, message.sender))
    return ruleset_of(shared.texts)


def scenario_frame(identity: Identity, genesis: Genesis, ruleset: Ruleset) -> bytes | None:
    """The SCENARIO a playing machine sends a spectator after the genesis (None: the game is
    of a rule set's bundled content, or its scenario is too large to send)."""
    texts = texts_of(ruleset)
    if not isinstance(ruleset, UserRuleset) or texts is None or size_of(texts) > SHARE_LIMIT:
        return None
    body = scenario_message(genesis.rules_hash, genesis.scenario, ruleset.user_setup.name,
                            texts)
    return encode_frame(identity, "SCENARIO", body)
