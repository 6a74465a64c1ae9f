"""A greedy bot for Mediterranean Empires: scores each legal action with simple heuristics.

It sees only its seat's view and the legal actions, plus the public content (card values, city
sizes, event outcomes). Known verbs have their own heuristics (conquer big, weakly defended
cities; keep cards for defence; prefer VP; pass rather than waste a card); any other verb scores
zero, so new verbs work at once. Ties are broken by the bot's own DRBG stream. Scores are
integers in tenths of a VP-ish unit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.core.actions import Action
from game.core.drbg import Drbg
from game.rulesets.mediterranean_empires.rules import Rules, bundled_rules

Scorer = Callable[["Situation", Action], int]
HOPELESS = -1000


class Situation:
    """What the bot reads from one view: its seat, hand, the board and the pending frame."""

    def __init__(self, rules: Rules, view: Mapping[str, Any], memory: dict[str, int]) -> None:
        """Read the view once."""
        self.rules = rules
        self.view = view
        self.memory = memory
        self.seat: int = view["seat"]
        self.me: str = view["seats"][self.seat]["empire"]
        self.hand: dict[str, str | None] = {h["slot"]: h["card"] for h in view["hand"]}
        stack = view.get("stack") or [{}]
        self.top: dict[str, Any] = stack[-1]
        self.frame = str(self.top.get("kind", ""))

    def card_of(self, slot: Any) -> str | None:
        """The card in one of the bot's hand slots (None if unknown)."""
        return self.hand.get(str(slot))

    def value(self, slot: Any) -> int:
        """How much the bot wants to keep a hand card."""
        card = self.card_of(slot)
        return card_value(self.rules, card) if card else 30

    def city(self, city: str) -> dict[str, Any] | None:
        """The view's record of a city (owner, forts), None for an area or a city out of play."""
        return self.view["cities"].get(city)

    def gave_up(self) -> bool:
        """Whether the bot already cancelled an expedition it was building this round."""
        return self.memory.get("cancelled", 0) > 0


def card_value(rules: Rules, card: str) -> int:
    """A card's worth in a fight (tenths): its best CF, +6 a die, or a flat value by type."""
    definition = rules.card(card)
    if definition.cf is not None:
        factors = (definition.cf.field, definition.cf.naval, definition.cf.city)
        return max(10 * (f.value or 0) + 35 * f.dice for f in factors)
    flat = {"L": 45, "D": 35, "A": 35, "I": 40, "X": 25}
    return max((flat.get(t, 10) for t in definition.types), default=10)


def assault_value(rules: Rules, card: str) -> int:
    """A card's city-assault CF in tenths (dice count 3.5 each)."""
    definition = rules.card(card)
    if definition.cf is None:
        return 0
    city = definition.cf.city
    return 10 * (city.value or 0) + 35 * city.dice


# -- per-verb heuristics ------------------------------------------------------------------

def _place(s: Situation, action: Action) -> int:
    city = str(action.arg("city"))
    size = s.rules.content.map.city(city).size
    record = s.city(city) or {}
    if record.get("owner") == s.me:
        return 20 if city == s.view["seats"][s.seat]["capital"] else 5
    return 100 + 20 * size + 5 * len(s.rules.content.map.neighbours(city, "land"))


def _discard(s: Situation, action: Action) -> int:
    keep = s.value(action.arg("slot"))
    if s.frame == "action_phase":
        return 25 - keep  # only a weak card is worth swapping for a fresh draw
    return -keep


def _target(s: Situation, action: Action) -> int:
    node = str(action.arg("to") if action.arg("to") is not None else action.arg("id"))
    if not s.rules.is_city(node):
        return _area_score(s, node)
    record = s.city(node)
    if record is None:
        return 0
    if record["owner"] == s.me:
        return HOPELESS
    size = s.rules.content.map.city(node).size
    rival = 0 if record["owner"] == "neutral" else 40 + 5 * _rank_bonus(s, record["owner"])
    if s.frame != "expedition":
        return 30 * size + rival  # an event's target: hurt a rival where it costs most
    if not _reachable(s, node):
        return -70
    margin = _hand_assault(s) + 35 - _defence(s, node)
    if margin < -35:
        return -70  # below cancelling: no target worth a card
    return 30 * size + rival + margin // 2


def _defence(s: Situation, node: str) -> int:
    """Dice a target defends with, in tenths (city size + markers + 1 for a capital)."""
    if not s.rules.is_city(node):
        strength = s.rules.content.map.barbarian_area(node).strength
        return 35 * (strength + int(s.view.get("enraged", 0)))
    record = s.city(node) or {"forts": 0, "owner": "neutral"}
    capitals = {seat["capital"] for seat in s.view["seats"]}
    capital = 1 if node in capitals and record["owner"] != "neutral" else 0
    return 35 * (s.rules.content.map.city(node).size + record["forts"] + capital)


def _reachable(s: Situation, node: str) -> bool:
    """Next to one of the bot's cities by land or coast, or it holds a Fleet to sail."""
    if _by_sea(s) > 0:
        return True
    links = (s.rules.content.map.neighbours(node, kind) for kind in ("land", "coastal",
                                                                     "barbarian"))
    return any((s.city(other) or {}).get("owner") == s.me for group in links for other in group)


def _area_score(s: Situation, area: str) -> int:
    if s.frame != "expedition":
        return 0
    if not _reachable(s, area):
        return -70
    margin = _hand_field(s) - _defence(s, area)
    return -70 if margin < -35 else 40 + margin // 2


def _rank_bonus(s: Situation, empire: str) -> int:
    """Hurting the VP leader is worth more."""
    vps = sorted((seat["vp"] for seat in s.view["seats"]), reverse=True)
    vp = next(seat["vp"] for seat in s.view["seats"] if seat["empire"] == empire)
    return len(vps) - vps.index(vp)


def _hand_assault(s: Situation) -> int:
    values = sorted((assault_value(s.rules, c) for c in s.hand.values() if c), reverse=True)
    return sum(values[:4])


def _hand_field(s: Situation) -> int:
    values = sorted((_field(s.rules, c) for c in s.hand.values() if c), reverse=True)
    return sum(values[:4])


def _field(rules: Rules, card: str) -> int:
    cf = rules.card(card).cf
    return 0 if cf is None else 10 * (cf.field.value or 0) + 35 * cf.field.dice


def _strength(s: Situation, card: str) -> int:
    """What a card adds against the target being attacked."""
    target = str(s.top.get("target", ""))
    if target and not s.rules.is_city(target):
        return _field(s.rules, card)
    return assault_value(s.rules, card)


def _chosen(s: Situation) -> list[str]:
    cards = s.top.get("force", {}).get("cards", ())
    return [c for c in (s.card_of(card.get("slot")) for card in cards) if c]


def _add(s: Situation, action: Action) -> int:
    card = s.card_of(action.arg("slot"))
    if card is None:
        return -50
    chosen = _chosen(s)
    if int(s.top.get("sea", -1)) >= 0 and s.rules.card(card).has_type("F") \
            and not any(s.rules.card(c).has_type("F") for c in chosen):
        return 60  # a naval leg needs a Fleet first
    return min(_need(s), 40) + _strength(s, card) // 2 - 30 - 10 * len(chosen)


def _need(s: Situation) -> int:
    """How far the ME being built falls short of the target's defence (tenths, >= 0)."""
    target = str(s.top.get("target", ""))
    if not target:
        return 30
    have = 35 + sum(_strength(s, card) for card in _chosen(s))
    return max(0, _defence(s, target) + 20 - have)


def _by_sea(s: Situation) -> int:
    """A naval leg needs a Fleet card in hand (else the ME could never be confirmed)."""
    fleets = [c for c in s.hand.values() if c and s.rules.card(c).has_type("F")]
    return 2 if fleets else -80


def _confirm(s: Situation, action: Action) -> int:
    need = _need(s)
    return 10 if need == 0 else (-10 if need <= 35 else -70)


def _cancel(s: Situation, action: Action) -> int:
    return -60 if s.frame == "expedition" else -20


def _start_expedition(s: Situation, action: Action) -> int:
    if s.gave_up():
        return HOPELESS  # it tried and cancelled this round: do not loop
    if not any(_target_in_reach(s, city, record) for city, record in s.view["cities"].items()):
        return -30
    return 15 if _hand_assault(s) >= 90 else -30


def _target_in_reach(s: Situation, city: str, record: dict[str, Any]) -> bool:
    return record["owner"] != s.me and _reachable(s, city) \
        and _hand_assault(s) + 70 >= _defence(s, city)


def _imperium(s: Situation, action: Action) -> int:
    return 45


def _choose(s: Situation, action: Action) -> int:
    option = int(str(action.arg("option")))
    if s.frame == "event_choice":
        effect = s.rules.content.tables.random_event.event(str(s.top["event"])).effect
        outcome = effect.choice[option]
        return 10 * outcome.vp + 6 * outcome.draw_cards - 8 * outcome.discard_random_cards
    return -option  # elsewhere: the first (usually the stated default) option


def _retrieve(s: Situation, action: Action) -> int:
    return 20  # the view lists discard piles by card, not slot: any card beats none


def _play(s: Situation, action: Action) -> int:
    """Play cards for its own side of a fight, against MEs on its cities, or at their moment."""
    if s.card_of(action.arg("slot")) is None:
        return -40
    if s.frame == "combat":
        side = _my_side(s)
        if side is None or action.arg("side") != side:
            return -40
        return 15 if action.arg("use") in ("L", "D", "A", "X") else 5
    if s.frame == "declared":
        return 20 if _attacked_city_is_mine(s) else -20
    return 20  # a window of its own: a barbarian attack on it, after a conquest


def _my_side(s: Situation) -> int | None:
    """0 when the bot attacks in the combat on top, 1 when it defends, None otherwise."""
    for side, key in enumerate(("attacker", "defender")):
        if (s.top.get(key) or {}).get("seat") == s.seat:
            return side
    return None


def _attacked_city_is_mine(s: Situation) -> bool:
    for frame in reversed(s.view.get("stack") or []):
        if frame.get("kind") == "expedition" and frame.get("target"):
            return (s.city(str(frame["target"])) or {}).get("owner") == s.me
    return False


def _intercept(s: Situation, action: Action) -> int:
    if s.gave_up() or (action.arg("at") == "sea" and _by_sea(s) < 0):
        return HOPELESS
    return 10 if _hand_field(s) >= 120 else -10


def _use(s: Situation, action: Action) -> int:
    return {"T": 5, "F": 3}.get(str(action.arg("type")), 0)


SCORERS: dict[str, Scorer] = {
    "place": _place, "discard": _discard, "target": _target, "add": _add,
    "confirm": _confirm, "cancel": _cancel, "expedition": _start_expedition,
    "imperium": _imperium, "choose": _choose, "retrieve": _retrieve, "play": _play,
    "intercept": _intercept, "use": _use,
    "route": lambda s, a: 5 if a.arg("via") == "land" else _by_sea(s),
    "embark": lambda s, a: _by_sea(s),
    "stay": lambda s, a: 5, "flee": lambda s, a: 0,
}


class GreedyBot:
    """Picks the highest-scoring legal action; ties broken by its own DRBG."""

    def __init__(self, seed: bytes, rules: Rules | None = None, ruleset: Any = None) -> None:
        self._drbg = Drbg(seed, "greedy-bot")
        self._rules = rules or (ruleset.rules if ruleset is not None else bundled_rules())
        self._memory: dict[str, int] = {}

    def choose(self, view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
        """The best legal action by the heuristics."""
        if not legal:
            raise ValueError("a decision with no legal action is a dead end")
        situation = Situation(self._rules, view, self._remember(view))
        scores = [self.score(situation, action) for action in legal]
        best = max(scores)
        chosen = self._drbg.choice([a for a, s in zip(legal, scores, strict=True) if s == best])
        if chosen.verb == "cancel":
            self._memory["cancelled"] = self._memory.get("cancelled", 0) + 1
        return chosen

    def ranked(self, view: Mapping[str, Any], legal: tuple[Action, ...]) -> list[Action]:
        """The legal actions best first by the heuristics (ties in listed order); hopeless
        ones are left out unless nothing else is legal."""
        situation = Situation(self._rules, view, self._remember(view))
        scores = [self.score(situation, action) for action in legal]
        order = sorted(range(len(legal)), key=lambda index: -scores[index])
        kept = [legal[index] for index in order if scores[index] > HOPELESS]
        return kept or [legal[order[0]]]

    def note(self, view: Mapping[str, Any], action: Action) -> None:
        """Remember an action chosen by someone else for this bot's seat, as `choose` does
        (a cancelled expedition is not tried again this round)."""
        memory = self._remember(view)
        if action.verb == "cancel":
            memory["cancelled"] = memory.get("cancelled", 0) + 1

    def score(self, situation: Situation, action: Action) -> int:
        """The heuristic score of one action (0 for verbs without a heuristic)."""
        scorer = SCORERS.get(action.verb)
        return scorer(situation, action) if scorer else 0

    def _remember(self, view: Mapping[str, Any]) -> dict[str, int]:
        """Memory lasts one round: what the bot gave up doing in it."""
        key = 1000 * int(view["turn"]) + int(view["round"])
        if self._memory.get("round") != key:
            self._memory = {"round": key}
        return self._memory
