"""The greedy bot for Mare Nostrum: Empires (`bot:greedy`): every decision picks the legal
action its valuation rates best — the Build plan (`economy`), the trade (`trading`), moves
and battles by expected hits (`military`) and the races (`races`). It reads only its own
view (`seen`): never another seat's screen or sealed offer. It is deterministic; its seed
would only pick among the legal actions if no chooser answered (the tests check it never
happens)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.core.actions import Action
from game.core.drbg import Drbg
from game.core.sealed import Choice, SealedRequest
from game.rulesets.mare_nostrum.bots import economy, military, races, trading
from game.rulesets.mare_nostrum.bots.seen import Seen, read
from game.rulesets.mare_nostrum.content import load_content
from game.rulesets.mare_nostrum.content_records import MnContent

Chooser = Callable[[Seen, tuple[Action, ...]], Action]

BY_VERB: tuple[tuple[str, Chooser], ...] = (
    ("choose_active", races.active_choice),
    ("award", races.award_choice),
    ("perseus", races.perseus_choice),
    ("temple_bonus", races.temple_choice),
    ("colossus", races.colossus_choice),
    ("copy", races.copy_choice),
    ("peace", races.peace_choice),
    ("no_peace", races.peace_choice),
    ("marker", trading.marker_choice),
    ("claim", trading.claim_choice),
    ("give", trading.give_choice),
    ("pay", economy.pay_choice),
    ("confirm", economy.pay_choice),
    ("lose", military.loss_choice),
    ("sail", military.sail_choice),
    ("march", military.march_choice),
    ("post", military.march_choice),
    ("battle", military.battle_choice),
    ("occupy", military.conquest_choice),
    ("pillage", military.conquest_choice),
    ("occupy_marker", military.conquest_choice),
)
"""The chooser of a decision whose legal list holds the verb (first match wins)."""
BY_STEP: dict[tuple[str, str], Chooser] = {
    ("build", "keep"): economy.keep_choice,
    ("build", "build"): economy.build_choice,
    ("move", "triremes"): military.sail_choice,
    ("move", "sea_battles"): military.battle_choice,
    ("move", "legions"): military.march_choice,
    ("move", "conquest"): military.conquest_choice,
    ("move", "occupy"): military.conquest_choice,
}
"""The chooser by phase and step when no verb decides (a lone `done` or `keep`)."""


def chooser_for(seen: Seen, legal: tuple[Action, ...]) -> Chooser | None:
    """Which chooser answers this decision."""
    verbs = {a.verb for a in legal}
    for verb, chooser in BY_VERB:
        if verb in verbs:
            return chooser
    state = seen.state
    if state.phase == "build":
        step = "keep" if state.build.keeping == seen.seat else "build"
        return BY_STEP[("build", step)]
    return BY_STEP.get((state.phase, state.move.step))


class GreedyBot:
    """Picks, in every decision, the legal action its valuation rates best."""

    def __init__(self, seed: bytes, ruleset: Any = None) -> None:
        self._drbg = Drbg(seed, "mn-greedy-bot")
        self._content: MnContent = ruleset.content if ruleset is not None else load_content()
        self.unplanned = 0
        """Decisions where no chooser answered with a legal action (a random legal one was
        taken instead); the tests check it stays 0."""

    def choose(self, view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
        """The best legal action for the seat the view belongs to."""
        if not legal:
            raise ValueError("a decision with no legal action is a dead end")
        seen = read(self._content, view)
        chooser = chooser_for(seen, legal)
        chosen = chooser(seen, legal) if chooser is not None else None
        if chosen is not None and chosen in legal:
            return chosen
        self.unplanned += 1
        return self._drbg.choice(legal)

    def choose_sealed(self, view: Mapping[str, Any], request: SealedRequest) -> Choice:
        """The sealed trade offer: what its coming Build phase needs least (rule 2.1)."""
        return trading.sealed_offer(read(self._content, view, request.seat), request)
