"""The search bot: its levels, sampled worlds that keep what it knows, determinism, and no
channel to other seats' secrets."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace

from game.ai.bots import bot_names, make_bot
from game.core.actions import Action
from game.core.drbg import Drbg
from game.core.records import evolve
from game.core.slots import slot_id
from game.core.table import LazyView, Table
from game.rulesets.mediterranean_empires.bots.rollout import (
    FITTED,
    GreedyPolicy,
    awards,
    evaluate,
    fitted,
    settled,
)
from game.rulesets.mediterranean_empires.bots.search import LEVELS, Level, SearchBot
from game.rulesets.mediterranean_empires.bots.world import Simulator, public_state, sample_cards
from game.rulesets.mediterranean_empires.flow import Flow
from game.rulesets.mediterranean_empires.ruleset import bundled_ruleset
from game.rulesets.mediterranean_empires.scoring import scoring_lines
from game.rulesets.mediterranean_empires.state import MeState
from game.session import bot_session, master_config

RULESET = bundled_ruleset()


def _midgame(entries: int = 120, scenario: str = "3") -> Table:
    """A greedy game of `scenario` stopped at the first choice after `entries` entries."""
    config = master_config(RULESET, b"search-test", scenario)
    session = bot_session(RULESET, config, b"search-test", ("bot:greedy",) * len(config.seats))
    table = session.table
    while len(table.records) < entries or table.decision().kind != "action" \
            or len(table.legal(table.decision().actor)) < 2:
        session.step()
    return table


def test_every_level_is_a_bot_of_the_rule_set() -> None:
    names = bot_names("mediterranean_empires")
    assert {f"bot:search:{key}" for key in LEVELS} <= set(names) and "bot:search" not in names
    bot = make_bot("bot:search:hard", b"s" * 32)
    assert isinstance(bot, SearchBot) and bot.level.key == "hard" and bot.thinks_long
    assert not SearchBot(b"s", LEVELS["easy"]).thinks_long


def test_the_levels_spend_more_as_they_go_up() -> None:
    budgets = [LEVELS[key].budget * LEVELS[key].depth for key in ("easy", "normal", "hard")]
    assert budgets == sorted(budgets) and budgets[0] == 0


def test_a_sampled_world_keeps_what_the_seat_knows_and_each_shuffle() -> None:
    table = _midgame()
    seat = table.decision().actor
    hidden, known = table.state.hidden, table.secrets[seat].known()
    cards = sample_cards(hidden, known, Drbg(b"w", "deal"))
    assert all(cards[slot] == card for slot, card in {**hidden.revealed, **known}.items())
    for deck in hidden.decks:
        for shuffle in deck.epochs:
            dealt = [cards[slot_id(deck.id, shuffle.epoch, i)] for i in range(len(shuffle.cards))]
            assert Counter(dealt) == Counter(shuffle.cards)


def test_the_view_hands_a_bot_the_public_state_and_its_own_knowledge_only() -> None:
    table = _midgame()
    seat = table.decision().actor
    state, known = public_state(table.view_lazy(seat))
    assert state is table.state and known == table.secrets[seat].known()
    assert public_state({"seat": seat}) == (None, {})


def test_the_search_is_reproducible_and_legal() -> None:
    table = _midgame()
    seat = table.decision().actor
    legal = table.legal(seat)
    choices = [SearchBot(b"same", LEVELS["normal"]).choose(table.view_lazy(seat), legal)
               for _ in range(2)]
    assert choices[0] == choices[1] and choices[0] in legal


def test_other_seats_commitments_do_not_change_its_choice() -> None:
    """The only trace of another seat's secrets in the public state is its commitments: with
    them replaced the bot decides the same."""
    table = _midgame()
    seat = table.decision().actor
    legal, known = table.legal(seat), table.secrets[seat].known()
    hidden = table.state.hidden
    decks = tuple(d if d.owner == seat else evolve(d, epochs=tuple(
        evolve(e, commitments=(b"\x01" * 32,) * len(e.commitments)) for e in d.epochs))
        for d in hidden.decks)
    other = evolve(table.state, hidden=evolve(hidden, decks=decks))
    views = [LazyView(lambda: table.view(seat), state, known) for state in (table.state, other)]
    bots = [SearchBot(b"same", LEVELS["normal"]) for _ in views]
    assert bots[0].choose(views[0], legal) == bots[1].choose(views[1], legal)
    assert bots[0].rollouts > 0


def test_easy_plays_at_once_without_searching() -> None:
    table = _midgame()
    seat = table.decision().actor
    bot = SearchBot(b"e", LEVELS["easy"])
    assert bot.choose(table.view_lazy(seat), table.legal(seat)) in table.legal(seat)
    assert bot.rollouts == 0


def test_a_plain_view_falls_back_to_the_heuristics() -> None:
    table = _midgame()
    seat = table.decision().actor
    bot = SearchBot(b"p", LEVELS["hard"])
    assert bot.choose(table.view(seat), table.legal(seat)) in table.legal(seat)
    assert bot.rollouts == 0


def test_a_settled_rollout_stops_once_the_action_has_played_out() -> None:
    table = _midgame()
    state, seat = table.state, table.decision().actor
    cards = sample_cards(state.hidden, table.secrets[seat].known(), Drbg(b"w", "deal"))
    simulator = Simulator(RULESET, cards, Drbg(b"w", "dice"))
    policy = GreedyPolicy(RULESET.rules, len(state.seats), b"w", cards)
    after = simulator.run(simulator.act(state, seat, table.legal(seat)[0]), policy, 400,
                          settled)
    assert settled(after) or RULESET.decision(after).is_over


def test_the_evaluation_counts_the_turn_end_awards_still_to_come() -> None:
    state = _midgame(300).state
    pending = awards(RULESET.rules, state)
    for seat in range(len(state.seats)):
        lines = scoring_lines(Flow(RULESET.rules, state))
        assert pending[seat] == sum(line.vp for line in lines if line.seat == seat)
    assert any(pending)


def test_the_fitted_weights_cover_every_turn_and_round() -> None:
    state = _midgame(300).state
    for turn in range(1, state.last_turn + 1):
        for round_ in range(1, 12):
            assert fitted(evolve(state, turn=turn, round=round_)) in FITTED.values()


def test_a_vp_more_is_worth_more() -> None:
    state = _midgame(300).state
    seat = 0
    seats = tuple(evolve(s, vp=s.vp + 1) if i == seat else s for i, s in enumerate(state.seats))
    richer = evolve(state, seats=seats)
    assert evaluate(RULESET.rules, richer, seat) > evaluate(RULESET.rules, state, seat)


class _Scored(SearchBot):
    """A search bot whose every world scores an action by a fixed table (no rollouts)."""

    def __init__(self, level: Level, scores: dict[Action, int]) -> None:
        super().__init__(b"scored", level)
        self.scores = scores

    def _world(self, state: MeState, known: Mapping[str, str], candidates: list[Action],
               seed: bytes) -> list[int]:
        return [self.scores[action] for action in candidates]


def test_a_candidate_no_world_tells_apart_gives_its_place_to_the_next() -> None:
    state = _midgame().state
    actions = [Action(f"verb{i}") for i in range(5)]
    scores = dict(zip(actions, (5, 5, 3, 9, 1), strict=True))
    probing = replace(LEVELS["hard"], worlds=6, width=3, probe=2)
    chosen = _Scored(probing, scores)._search(state, {}, actions[:3], actions[3:])
    assert chosen == actions[3]
    blind = replace(probing, probe=0)
    assert _Scored(blind, scores)._search(state, {}, actions[:3], actions[3:]) == actions[0]


def test_a_search_never_plays_more_rollouts_than_its_budget() -> None:
    table = _midgame()
    seat = table.decision().actor
    level = replace(LEVELS["hard"], worlds=6, probe=2)
    bot = SearchBot(b"budget", level)
    bot.choose(table.view_lazy(seat), table.legal(seat))
    assert 0 < bot.rollouts <= level.budget
