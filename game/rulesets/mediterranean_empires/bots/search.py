"""The search bot: tries its most promising actions in sampled worlds and keeps the one whose
rollouts end best (determinized Monte Carlo search over its own decisions).

At each decision with a choice it ranks the legal actions by the greedy heuristics and keeps
the first `width`. For each of `worlds` samples it deals the cards it cannot see consistently
with what it has seen (`world.sample_cards`: never another seat's secrets), then plays every
kept action in that same world with the same dice (common random numbers: the actions are
compared on equal luck), followed by a rollout in which every seat plays the greedy
heuristics until the action has played out (`depth` entries at most); `rollout.evaluate`
judges where it stops, turn-end awards to come included. A level with a `probe` replaces,
after that many worlds, each candidate no world has told apart from a better-ranked one by
the next action of the ranking (many top actions reach the same position by the time the
rollout stops). The budget is a count of rollouts (worlds × width, plus the refills' probe
worlds), so games stay reproducible; a front end may add a wall-clock stop.
See docs/ai.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.core.actions import Action
from game.core.drbg import Drbg
from game.core.table import Controller
from game.rulesets.mediterranean_empires.bots.greedy import GreedyBot
from game.rulesets.mediterranean_empires.bots.rollout import GreedyPolicy, evaluate, settled
from game.rulesets.mediterranean_empires.bots.world import Simulator, public_state, sample_cards
from game.rulesets.mediterranean_empires.ruleset import MeRuleset, bundled_ruleset
from game.rulesets.mediterranean_empires.state import MeState


@dataclass(frozen=True)
class Level:
    """How hard a search bot tries: sampled worlds, actions tried, entries per rollout."""

    key: str
    words: str
    """The level's name in menus: what it does."""
    worlds: int
    """Sampled worlds per decision (0: no search, the heuristics alone)."""
    width: int
    """The best actions by the heuristics tried in each world."""
    depth: int
    """Entries each rollout plays at most before the position is judged."""
    settle: bool = False
    """Whether a rollout stops once the action has played out (`rollout.settled`)."""
    slips: int = 0
    """Out of 100 decisions, how many take one of the next-best actions instead (easy)."""
    probe: int = 0
    """After this many worlds, a candidate that scored exactly as a better-ranked one in every
    world so far gives its place to the next action by the heuristics (0: never)."""

    @property
    def budget(self) -> int:
        """Rollouts per decision at most (each of up to `width` refills replays the probe)."""
        return (self.worlds + self.probe) * self.width


LEVELS = {
    "easy": Level("easy", "Easy — plays by rules of thumb, and slips", 0, 1, 0, slips=60),
    "normal": Level("normal", "Normal — weighs its two best moves", 4, 2, 80, settle=True),
    "hard": Level("hard", "Hard — looks several moves ahead", 48, 6, 80, settle=True, probe=4),
}
"""The levels, weakest first; `bot:search` alone is normal."""
DEFAULT_LEVEL = "normal"


class SearchBot:
    """Chooses by determinized rollouts from the public state and its own knowledge."""

    def __init__(self, seed: bytes, level: Level | None = None,
                 ruleset: MeRuleset | None = None) -> None:
        self.level = level or LEVELS[DEFAULT_LEVEL]
        self.ruleset = ruleset or bundled_ruleset()
        self._drbg = Drbg(seed, f"search-bot:{self.level.key}")
        self._greedy = GreedyBot(seed, self.ruleset.rules)
        self.stop: Callable[[], bool] | None = None
        """Set by a front end that wants a wall-clock limit: asked after each world (at least
        one is searched); None keeps the bot's games reproducible."""
        self.rollouts = 0
        """Rollouts played by the last decision (0: it did not search)."""
        self.searches = 0
        """Decisions it searched so far."""

    @property
    def thinks_long(self) -> bool:
        """Whether its decisions take noticeable time (a front end runs them off its frame
        loop)."""
        return self.level.worlds > 0

    def choose(self, view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
        """The action whose rollouts ended best (the heuristics' choice without a search)."""
        if not legal:
            raise ValueError("a decision with no legal action is a dead end")
        self.rollouts = 0
        state, known = public_state(view)
        if len(legal) == 1 or self.level.worlds == 0 or state is None:
            return self._quick(view, legal)
        ranked = self._greedy.ranked(view, legal)
        candidates, spare = ranked[: self.level.width], ranked[self.level.width:]
        chosen = candidates[0] if len(candidates) == 1 else self._search(state, known,
                                                                         candidates, spare)
        self._greedy.note(view, chosen)
        return chosen

    def _quick(self, view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
        """The heuristics' choice, or now and then (easy) one of the next best."""
        if len(legal) > 1 and self._drbg.below(100) < self.level.slips:
            chosen = self._drbg.choice(self._greedy.ranked(view, legal)[:3])
            self._greedy.note(view, chosen)
            return chosen
        return self._greedy.choose(view, legal)

    def _search(self, state: MeState, known: Mapping[str, str], candidates: list[Action],
                spare: list[Action]) -> Action:
        """The candidate with the best total over the sampled worlds (ties: the first)."""
        values: list[list[int]] = [[] for _ in candidates]
        seeds: list[bytes] = []
        self.searches += 1
        for _ in range(self.level.worlds):
            seeds.append(self._drbg.read(32))
            for index, value in enumerate(self._world(state, known, candidates, seeds[-1])):
                values[index].append(value)
            if len(seeds) == self.level.probe:
                self._refill(state, known, candidates, spare, values, seeds)
            if self.stop is not None and self.stop():
                break
        totals = [sum(row) for row in values]
        return candidates[max(range(len(candidates)), key=lambda i: (totals[i], -i))]

    def _refill(self, state: MeState, known: Mapping[str, str], candidates: list[Action],
                spare: list[Action], values: list[list[int]], seeds: list[bytes]) -> None:
        """Replace each candidate that no world told apart from a better-ranked one by the
        next action of the heuristics, played in the same worlds."""
        index, refills = 1, self.level.width
        while index < len(candidates):
            if values[index] not in values[:index] or not spare or not refills:
                index += 1
                continue
            candidates[index], refills = spare.pop(0), refills - 1
            values[index] = [self._world(state, known, [candidates[index]], seed)[0]
                             for seed in seeds]

    def _world(self, state: MeState, known: Mapping[str, str], candidates: list[Action],
               seed: bytes) -> list[int]:
        """Each candidate's value in one sampled world, all with the same dice."""
        cards = sample_cards(state.hidden, known, Drbg(seed, "deal"))
        return [self._rollout(state, action, cards, seed) for action in candidates]

    def _rollout(self, state: MeState, action: Action, cards: dict[str, str],
                 seed: bytes) -> int:
        """Play `action`, then greedy play until it has played out (or `depth` entries); the
        position's value."""
        rules, seat = self.ruleset.rules, self.ruleset.decision(state).actor
        simulator = Simulator(self.ruleset, cards, Drbg(seed, "dice"))
        policy = GreedyPolicy(rules, len(state.seats), seed, cards)
        until = settled if self.level.settle else None
        after = simulator.run(simulator.act(state, seat, action), policy, self.level.depth,
                              until)
        self.rollouts += 1
        return evaluate(rules, after, seat)


def search_bot(level: str) -> Callable[..., Controller]:
    """A factory of search bots at one level (for the rule set's entry)."""
    return lambda seed, ruleset=None: SearchBot(seed, LEVELS[level], ruleset)


def search_bots() -> dict[str, Callable[..., Controller]]:
    """The entry's bots: `search:LEVEL` for each level (`search` alone is an alias)."""
    return {f"search:{key}": search_bot(key) for key in LEVELS}


SEARCH_ALIASES = {"search": f"search:{DEFAULT_LEVEL}"}
"""`bot:search` plays the default level."""
