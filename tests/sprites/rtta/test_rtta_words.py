"""Every action the engine offers reads as a sentence, and every one a click on the table
answers has a place there."""

from __future__ import annotations

import random

from game.session import GameSession, Secrets
from sprites.rtta.words import label, printed_names, target

PLACES = ("die:", "province", "port", "monument:", "army", "ship", "dev:", "colony:")


def test_every_offered_action_has_words_and_a_place_or_a_button() -> None:
    players = ("bot:random",) * 3
    session = GameSession.start("roll_through_the_ages", None, players,
                                Secrets.from_master(b"words" * 6, 3), {"mediterranean": True})
    pick = random.Random(3)
    names = printed_names(session.ruleset.content)  # type: ignore[attr-defined]
    seen: set[str] = set()
    while not session.over and len(session.table.records) < 1500:
        decision = session.decision()
        if decision.kind == "action":
            phase = session.table.state.phase
            for action in session.legal(decision.actor):
                words = label(action, phase, names)
                assert words[:1].isupper() and "_" not in words, (action, words)
                place = target(action)
                assert place == "" or place.startswith(PLACES), action
                seen.add(action.verb)
            session.submit(session.table.action_entry(
                decision.actor, pick.choice(session.legal(decision.actor))))
        else:
            session.step()
    assert {"reroll", "stop", "setup", "done", "buy", "peg"} <= seen
