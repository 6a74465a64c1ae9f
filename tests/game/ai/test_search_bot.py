"""The search bot: its levels, sampled worlds that keep what it knows, determinism, and no
channel to other seats' secrets."""

from __future__ import annotations

from collections import Counter

from game.ai.bots import bot_names, make_bot
from game.core.drbg import Drbg
from game.core.records import evolve
from game.core.slots import slot_id
from game.core.table import LazyView, Table
from game.rulesets.mediterranean_empires.bots.search import LEVELS, SearchBot
from game.rulesets.mediterranean_empires.bots.world import public_state, sample_cards
from game.rulesets.mediterranean_empires.ruleset import bundled_ruleset
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
