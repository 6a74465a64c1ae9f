"""tables.yaml: the designer's End-Turn odds, the worked example's rolls, and loader checks."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Any

import pytest
import yaml

from game.content import ContentError, parse_yaml, read_bundled
from game.rulesets.mediterranean_empires.content.events_table import EVENT_IDS
from game.rulesets.mediterranean_empires.content.table_rows import Outcome
from game.rulesets.mediterranean_empires.content.tables import (
    SUBDUING_IDS,
    TablesDef,
    load_tables,
    parse_tables,
)

# Designer's notes (Scenarios Book): P(End Turn) by round, in hundredths of a percent as printed
# once rounded to two places (the book's "16,76" for round 7 is a typo for 16.67).
DESIGNER_END_TURN = {1: 0, 2: 0, 3: 0, 4: 0, 5: 278, 6: 833, 7: 1667, 8: 2778, 9: 4167,
                     10: 5833, 11: 7222, 12: 8333, 13: 9167, 14: 9722, 15: 10000}


@cache
def tables() -> TablesDef:
    """The bundled tables, loaded once."""
    return load_tables(read_bundled("mediterranean_empires"))


def raw_tables() -> dict[str, Any]:
    """The bundled tables.yaml as plain data, for mutation."""
    return yaml.safe_load(read_bundled("mediterranean_empires").text("tables.yaml") or "")


def end_turn_chance(round_number: int, all_passed: bool = False) -> Fraction:
    """P(End Turn) at the start of a round, by enumerating the 36 outcomes of 2d6."""
    table = tables().random_event
    modifier = table.modifier(round_number, all_passed)
    hits = sum(1 for a, b in product(range(1, 7), repeat=2)
               if table.event_for(a + b + modifier).id == "end_turn")
    return Fraction(hits, 36)


@pytest.mark.parametrize("round_number", sorted(DESIGNER_END_TURN))
def test_end_turn_odds_match_the_designers_notes(round_number: int) -> None:
    chance = end_turn_chance(round_number)
    hundredths = chance * 10000
    assert round(hundredths) == DESIGNER_END_TURN[round_number]


def test_end_turn_odds_are_exact_triangular_sums() -> None:
    # 2d6 >= 17 - round: 0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36 outcomes from round 4 on.
    expected = [0, 0, 0, 0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36]
    assert [end_turn_chance(r) for r in range(1, 16)] == [Fraction(n, 36) for n in expected]


def test_designers_odds_assume_nobody_passed_everything() -> None:
    # With the +2 all-passed bonus the odds rise ("higher, of course", designer's notes).
    assert end_turn_chance(5, all_passed=True) == Fraction(6, 36)
    assert end_turn_chance(3, all_passed=True) == Fraction(1, 36)


@pytest.mark.parametrize(("total", "event"), [
    (9, "diplomacy_season"), (10, "enraged_barbarians"), (14, "pirates"), (16, "end_turn"),
    (17, "end_turn"), (60, "end_turn"), (2, "prosperity"),
])
def test_fixed_points(total: int, event: str) -> None:
    assert tables().random_event.event_for(total).id == event


@pytest.mark.parametrize(("round_number", "roll", "total", "event"), [
    (5, 10, 14, "pirates"),             # "Total 10 + 4 = 14 (Pirates)"
    (6, 4, 9, "diplomacy_season"),      # "die roll: 4. Total: 9. Diplomacy Season"
    (7, 4, 10, "enraged_barbarians"),   # "die roll: 4. Total: 10. Enraged barbarians"
    (8, 9, 16, "end_turn"),             # "die roll: 9 Total: 16. End of turn"
])
def test_extended_example_rolls(round_number: int, roll: int, total: int, event: str) -> None:
    table = tables().random_event
    assert roll + table.modifier(round_number, all_passed=False) == total
    assert table.event_for(total).id == event


def test_event_rows_follow_rulebook_order_and_cover_every_total() -> None:
    events = tables().random_event.events
    assert tuple(e.id for e in events) == EVENT_IDS
    for total in range(2, 80):
        assert sum(1 for e in events if e.covers(total)) == 1


def test_short_play_adds_two_from_round_five() -> None:
    table = tables().random_event
    assert [table.modifier(r, False, short_play=True) for r in (4, 5, 6, 7)] == [3, 6, 7, 8]
    assert table.modifier(3, all_passed=True) == 4


def test_the_modifier_is_the_sum_of_its_named_parts() -> None:
    table = tables().random_event
    assert table.modifiers(1, all_passed=False) == ()
    assert table.modifiers(5, all_passed=True, short_play=True) == (
        ("finished rounds", 4), ("all passed", 2), ("short play", 2))
    assert table.modifiers(3, all_passed=True, short_play=True) == (
        ("finished rounds", 2), ("all passed", 2))
    for args in ((1, True), (4, False, True), (7, True, True)):
        assert table.modifier(*args) == sum(v for _, v in table.modifiers(*args))


def test_event_effects() -> None:
    table = tables().random_event
    assert table.event("prosperity").effect.choice == (Outcome(draw_cards=2), Outcome(vp=2))
    assert table.event("shortage").effect.choice == (Outcome(discard_random_cards=2),
                                                     Outcome(vp=-2))
    assert table.event("fine_weather").effect.shipwreck_rolls is False
    assert table.event("foul_weather").effect.shipwreck_extra_dice == 1
    diplomacy = table.event("diplomacy_season").effect
    assert (diplomacy.imperium_cards_per_action, diplomacy.expeditions_per_action) == (2, 0)
    campaign = table.event("campaign_season").effect
    assert (campaign.imperium_cards_per_action, campaign.expeditions_per_action) == (0, 2)
    assert table.event("going_home").effect.retrieve_types == ("T", "F", "L")
    assert table.event("pirates").effect.table == "pirate_attack"
    assert table.event("neutral_attack").effect.table == "neutral_attack"
    assert table.event("end_turn").effect.ends_turn


def test_pirate_table_matches_the_example_and_grows() -> None:
    pirates = tables().pirate_attack
    assert (pirates.row(5).naval, pirates.row(5).city) == (8, 6)
    assert [r.roll for r in pirates.rows] == [1, 2, 3, 4, 5, 6]
    assert all(a.naval < b.naval and a.city < b.city
               for a, b in zip(pirates.rows, pirates.rows[1:], strict=False))
    assert pirates.target == "player_port"


def test_neutral_attack_table() -> None:
    neutral = tables().neutral_attack
    assert [r.roll for r in neutral.rows] == [1, 2, 3, 4, 5, 6]
    assert neutral.reach == ("land", "coastal", "subdued_barbarian")
    assert neutral.target == "player_city"


def test_subduing_results_and_effects() -> None:
    sub = tables().subduing
    assert tuple(r.id for r in sub.results) == SUBDUING_IDS
    by_id = {r.id: r.choice for r in sub.results}
    assert by_id["difficult_campaign"] == (Outcome(vp=1), Outcome(vp=2, discard_random_cards=1))
    assert by_id["migration"] == (Outcome(vp=2, remove_connected_subdued=1),)
    assert by_id["pacification"] == (Outcome(vp=3, draw_cards=1),)
    assert by_id["terror_spreads"] == (Outcome(vp=4, draw_cards=2, may_subdue_connected=1),)
    assert by_id["triumphal_campaign"] == (Outcome(vp=5, draw_cards=3),)


def test_subduing_modifiers_and_coverage() -> None:
    sub = tables().subduing
    assert sub.modifier(enraged_level=3, leader=False, area_strength=2) == -3
    assert sub.modifier(enraged_level=0, leader=True, area_strength=4) == 2
    assert sub.result_for(1 + sub.modifier(3, False, 2)).id == "difficult_campaign"
    assert sub.result_for(6 + sub.modifier(0, True, 5)).id == "triumphal_campaign"
    for total in range(-2, 9):
        assert sum(1 for r in sub.results if (r.low is None or total >= r.low)
                   and (r.high is None or total <= r.high)) == 1


def test_tracks_hand_size_and_scoring() -> None:
    t = tables()
    assert (t.enraged.max_level, t.enraged.barbarian_dice_per_level,
            t.enraged.subduing_modifier_per_level) == (3, 1, -1)
    assert [t.hand_size_for(n) for n in range(2, 9)] == [14, 14, 12, 12, 12, 10, 10]
    vp = t.victory_points
    assert (vp.start, vp.minimum, vp.award("battle_won"), vp.award("battle_lost")) == (10, 1, 2, -2)
    assert vp.segment_for(10).id == "back_to_barbarism"
    assert vp.segment_for(41).id == "hegemonic_empire"
    assert (t.turns, t.longer_play_turns) == (3, 5)


def test_standard_scoring_reproduces_the_rulebook_example() -> None:
    s = tables().scoring
    # End of turn 2, rule 4.2: Rome has a key city, the best progress, and ties for largest.
    assert s.key_city.cards + s.best_progress.cards + s.largest_empire_tie.cards == 3
    # Scenarios Book, end of turn 1: Carthage largest (16 cards), Iberia one key city (15).
    assert 14 + s.largest_empire.cards == 16
    assert 14 + s.key_city.cards == 15
    assert (s.largest_empire.vp, s.key_city.vp, s.progress_from_turn) == (5, 1, 2)
    assert (s.capital_lost.vp, s.best_progress_tie.vp, s.final_turn_vp_multiplier) == (-3, 2, 2)


def broken(mutate: Callable[[dict[str, Any]], None]) -> ContentError:
    """Mutate the bundled tables, load them, and return the error raised."""
    data = raw_tables()
    mutate(data)
    with pytest.raises(ContentError) as caught:
        parse_tables(parse_yaml(yaml.safe_dump(data, sort_keys=False), "tables.yaml"))
    return caught.value


def events(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The event rows of raw tables data."""
    return data["random_event"]["events"]


def test_rejects_unknown_key() -> None:
    error = broken(lambda d: events(d)[3].update(colour="red"))
    assert error.file == "tables.yaml"
    assert error.path == "random_event.events[3]"
    assert "colour" in error.message


def test_rejects_gap_in_event_ranges() -> None:
    error = broken(lambda d: events(d)[4].update(min=11, max=11))
    assert error.path == "random_event.events[4]"


def test_rejects_closed_end_turn() -> None:
    error = broken(lambda d: events(d)[10].update(max=20))
    assert error.path == "random_event.events[10]"
    assert "higher" in error.message


def test_rejects_events_out_of_order() -> None:
    def swap(d: dict[str, Any]) -> None:
        rows = events(d)
        rows[0]["id"], rows[1]["id"] = rows[1]["id"], rows[0]["id"]
    assert broken(swap).path == "random_event.events"


def test_rejects_missing_pirate_face() -> None:
    error = broken(lambda d: d["pirate_attack"]["rows"].pop())
    assert error.path == "pirate_attack.rows"


def test_rejects_subduing_table_not_reaching_the_lowest_total() -> None:
    error = broken(lambda d: d["barbarian_subduing"]["results"][0].update(min=0))
    assert error.path == "barbarian_subduing.results[0]"
    assert "-2" in error.message


def test_rejects_unknown_outcome_key_and_table() -> None:
    error = broken(lambda d: events(d)[0]["effect"]["choice"][0].update(gold=3))
    assert error.path == "random_event.events[0].effect.choice[0]"
    error = broken(lambda d: events(d)[8]["effect"].update(table="storm"))
    assert error.path == "random_event.events[8].effect.table"


def test_rejects_hand_size_gap() -> None:
    error = broken(lambda d: d["hand_size"][1].update(max_players=5))
    assert error.path == "hand_size[2]"


def test_rejects_strength_on_the_wrong_modifier() -> None:
    error = broken(lambda d: d["barbarian_subduing"]["modifiers"][1].update(strength=3))
    assert error.path == "barbarian_subduing.modifiers[1]"
