"""The readable log: every event kind a game emits reads as one plain sentence."""

from __future__ import annotations

from functools import cache

from game.ai.bots import make_bot
from game.core.entries import Entry
from game.core.events import Event
from game.core.table import SeededChance, play
from game.rulesets.mediterranean_empires.ruleset import MeRuleset
from game.rulesets.mediterranean_empires.text.describe import SENTENCES
from game.session import bot_session, derive, master_config

RULESET = MeRuleset()


def _events(scenario: str, seed: bytes) -> list[Event]:
    config = master_config(RULESET, seed, scenario)
    table = bot_session(RULESET, config, seed, hash_every=0).table
    bots = {s: make_bot(("greedy", "random")[s % 2], derive(seed, f"bot:{s}"))
            for s in range(len(config.seats))}
    seen: list[Event] = []

    def keep(entry: Entry, events: tuple[Event, ...]) -> None:
        seen.extend(events)

    play(table, bots, SeededChance(derive(seed, "chance")), on_events=keep)
    return seen


@cache
def _played() -> tuple[Event, ...]:
    return tuple(ev for scenario, seed in (("3", b"s1"), ("8", b"s5"))
                 for ev in _events(scenario, seed))


def test_every_emitted_kind_has_its_own_sentence() -> None:
    missing = sorted({ev.kind for ev in _played()} - set(SENTENCES))
    assert not missing, f"event kinds without a sentence: {missing}"


def test_sentences_are_one_plain_line_with_every_fact_filled_in() -> None:
    for ev in _played():
        text = RULESET.describe(ev)
        assert text and "\n" not in text and text[-1] in ".!)", (ev.kind, text)
        assert "None" not in text and "{" not in text, (ev.kind, ev.facts, text)


def test_sentences_name_places_and_count_in_words_never_by_id() -> None:
    """Whole bot games: no sentence shows a city or area id, nor a "(s)" plural."""
    import re

    from game.rulesets.mediterranean_empires.rules import bundled_rules
    from game.session import GameSession, Secrets

    rules = bundled_rules()
    for scenario, seats in (("3", 3), ("8", 4)):
        keys = Secrets(tuple(bytes([k]) * 32 for k in range(seats)), b"s" * 32, b"b" * 32)
        game = GameSession.start("mediterranean_empires", scenario, ("bot:random",) * seats,
                                 keys)
        game.run()
        for _, events in game.history:
            for ev in events:
                text = game.describe(ev)
                ids = [w for w in re.findall(r"\b[a-z][a-z0-9_]+\b", text)
                       if rules.is_city(w) or rules.content.map.is_barbarian_area(w)]
                assert not ids and "(s)" not in text, text


def test_a_force_named_after_the_colon_starts_in_lower_case() -> None:
    from game.core.events import event

    started = event("combat_started", attacker=-1, attacker_name="neutral", defender=2,
                    defender_name="Rome", fight="field", where="capua")
    assert RULESET.describe(started) == "Field battle at Capua: the neutral city's men " \
                                        "against Rome."


def test_a_landing_chosen_before_the_crossing_is_told_as_to_come() -> None:
    from game.core.events import event

    chosen = event("landing", seat=1, empire="Carthage", target="gadir")
    forced = event("landing", seat=1, empire="Carthage", target="gadir", forced=True)
    assert RULESET.describe(chosen) == "Carthage will land beside Gadir."
    assert RULESET.describe(forced) == "Carthage lands beside Gadir (too weak to storm it " \
                                       "from the sea)."


def test_a_card_roll_says_what_the_weather_added() -> None:
    from game.core.events import event

    fine = event("combat_card_roll", card="storm_at_sea", dice=(5,), total=4, outcome="nothing")
    calm = event("combat_card_roll", card="storm_at_sea", dice=(5,), total=5, outcome="nothing")
    assert RULESET.describe(fine) == "Storm at Sea roll: 5, -1 for the weather (total 4): " \
                                     "nothing."
    assert RULESET.describe(calm) == "Storm at Sea roll: 5 (total 5): nothing."


def test_the_interception_and_landing_prompts_say_whose_expedition() -> None:
    from game.session import GameSession, Secrets

    keys = Secrets(tuple(bytes([k]) * 32 for k in range(3)), b"d" * 32, b"j" * 32)
    game = GameSession.start("mediterranean_empires", "3", ("bot:random",) * 3, keys)
    asked, landing = [], []
    while game.next_entry() is not None:
        prompt = game.decision().prompt
        if "intercept" in prompt:
            asked.append(prompt)
        if "land beside the port" in prompt:
            landing.append(prompt)
        game.step()
    assert asked and all("expedition against " in prompt and prompt.endswith(", or decline")
                         for prompt in asked), asked[:3]
    empires = {seat["empire"] for seat in game.view(None)["seats"]}
    assert landing and all(p.partition(": ")[0] in empires
                           and p.endswith("if the Fleets are strong enough")
                           for p in landing), landing[:3]
