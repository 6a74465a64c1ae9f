"""The Scenarios Book's extended example of play, end to end: scenario 3, turn 1, rounds 5-8,
the end-of-turn scoring and the refills, from the position before round 5's roll.

Every die is the one the book prints (it gives each Random Event roll as a total: we split it
into two dice). Where it gives none (who steers the pirates, random card picks, the cards drawn)
we choose values that give the printed outcome. Our order of play is the
scenario's (Carthage, Rome, Iberia); the book's narrative lets Rome act first each round, which
changes no figure it prints. Assumptions about the position: positions/sb_scenario3_round5.yaml.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.core.decision import CHANCE
from game.core.records import evolve
from game.rulesets.mediterranean_empires.combat.records import ATTACKER, DEFENDER
from game.rulesets.mediterranean_empires.flow import Flow
from game.rulesets.mediterranean_empires.scoring import Line, scoring_lines
from game.rulesets.mediterranean_empires.state import NEUTRAL
from game.rulesets.mediterranean_empires.text.describe import SENTENCES, describe
from tests.game.rulesets.mediterranean_empires.helpers_sb import (
    RULES,
    Replay,
    every,
    first,
    totals,
)

CARTHAGE, ROME, IBERIA = 0, 1, 2
POSITION = "sb_scenario3_round5.yaml"
NAVAL = "naval_expedition_declared"


@dataclass(frozen=True)
class Played:
    """The example played through: the table after the refills, and figures kept on the way."""

    game: Replay
    refills: dict[int, int]
    """Cards each seat drew to refill its hand."""
    progress: tuple[Line, ...]
    """The scoring lines had the turn ended as turn 2 (the book's aside on Progress)."""


@pytest.fixture(scope="module")
def example() -> Played:
    """The whole example, asserting each printed figure as it comes; stops after the refills."""
    game = Replay(POSITION)
    for part in (round_5_pirates, round_5_reghium, round_5_massilia, round_6, round_7_storms,
                 round_7_sea_and_walls, round_7_rest):
        part(game)
    progress = scoring_lines(Flow(RULES, evolve(game.state, turn=2)))
    return Played(game, round_8_end_turn(game), progress)


def test_the_position_matches_the_book() -> None:
    game = Replay(POSITION)
    assert (game.state.turn, game.state.round + 1, game.state.enraged) == (1, 5, 0)
    assert game.vp() == (10, 11, 10)  # our assumption: 10 each, +1 for Nicaea
    assert game.cities() == (12, 13, 11)  # Rome: 12 + Nicaea
    assert game.forts("numantia") == 2 and game.owner("massilia") == NEUTRAL
    assert game.hand_sizes() == (9, 9, 12)
    assert {"storm_at_sea", "engineering", "roman_diplomacy", "consul", "barbarian_allies",
            "treachery"} <= set(game.hand(ROME))
    assert {"siege_engines", "gaul_mercenaries", "libyan_elite_phalanx", "garrison",
            "italian_allies", "phoenician_quadrireme", "carthaginian_marines",
            "magon"} <= set(game.hand(CARTHAGE))
    assert {"scutarii", "caetrati", "sack_and_plunder", "ambush", "sortie", "fortifications",
            "slingers", "greek_allies", "storm_at_sea", "viriato"} <= set(game.hand(IBERIA))


# -- round 5 -----------------------------------------------------------------------------------

def round_5_pirates(game: Replay) -> None:
    """Pirates (10 + 4 = 14) steered by Carthage take Neapolis, 13 against 10."""
    rolled = first(game.roll(4, 6), "random_event")
    assert (rolled.get("total"), rolled.get("event")) == (14, "pirates")
    # Chance picks Carthage (the book: "randomly chosen"); the Pirate Attack roll is 5.
    assert first(game.roll(CARTHAGE, 5), "raid_roll").get("roll") == 5
    game.do(CARTHAGE, "target", id="neapolis")
    game.passes(CARTHAGE, ROME, IBERIA)  # no Storm at Sea
    game.do(ROME, "decline")  # no naval interception
    assert (game.strength(ATTACKER), game.strength(DEFENDER)) == ((1, 6), (2, 0))
    game.passes(CARTHAGE)
    game.play(ROME, "engineering", use="D", side=DEFENDER)
    # Iberia holds nothing she could play here, so she is passed over (the book: she declines).
    assert game.actor() == CARTHAGE
    game.play(CARTHAGE, "siege_engines", use="A", side=ATTACKER)
    game.passes(ROME, CARTHAGE)
    assert (game.strength(ATTACKER), game.strength(DEFENDER)) == ((2, 6), (3, 0))
    events = game.roll(3, 4, 2, 5, 3)
    assert totals(events) == (13, 10)
    assert game.owner("neapolis") == NEUTRAL and game.forts("neapolis") == 1
    assert game.vp()[ROME] == 10 and game.cities()[ROME] == 12
    assert game.pile(ROME)[-1] == "engineering" and game.pile(CARTHAGE)[-1] == "siege_engines"


def round_5_reghium(game: Replay) -> None:
    """Carthage takes Reghium after a shipwreck (13 against 11); Rome's Diplomacy fails."""
    game.do(CARTHAGE, "expedition")
    game.do(CARTHAGE, "target", to="reghium")
    game.do(CARTHAGE, "route", via="land")
    game.play(CARTHAGE, "gaul_mercenaries", "add")
    game.play(CARTHAGE, "libyan_elite_phalanx", "add")
    assert first(game.do(CARTHAGE, "confirm"), "expedition_declared").get("crossings") == 2
    game.roll(1, 3)  # one 1: roll 2d6 for it
    assert first(game.roll(4, 1), "shipwreck_checks").get("lost") == 1
    lost = game.roll(game.index_in(game.state.top.force, "gaul_mercenaries"))
    assert first(lost, "card_lost").get("card") == "gaul_mercenaries"
    game.passes(ROME, IBERIA)  # no Special Event against the ME
    game.do(ROME, "decline")  # a sea-borne interception would need a Fleet card
    assert (game.strength(ATTACKER), game.strength(DEFENDER)) == ((1, 11), (2, 0))
    game.passes(CARTHAGE)
    game.play(ROME, "consul", use="L", side=DEFENDER)
    game.passes(CARTHAGE, ROME)
    assert game.strength(DEFENDER) == (3, 0)
    assert totals(game.roll(2, 2, 5, 4)) == (13, 11)
    back = game.roll(5, 3)  # the Phalanx comes back on 5; the Consul stays out on 3
    assert [e.get("card") for e in every(back, "recovered")] == ["libyan_elite_phalanx"]
    assert game.owner("reghium") == CARTHAGE and game.forts("reghium") == 1
    assert game.vp()[:2] == (11, 9) and game.cities()[:2] == (13, 11)
    assert "libyan_elite_phalanx" in game.hand(CARTHAGE) and game.pile(ROME)[-1] == "consul"
    game.play(ROME, "roman_diplomacy", "imperium")
    game.do(ROME, "target", id="neapolis")
    rolled = first(game.roll(2), "card_roll")
    assert (rolled.get("need"), rolled.get("success")) == (3, False)
    assert game.owner("neapolis") == NEUTRAL


def round_5_massilia(game: Replay) -> None:
    """Iberia takes neutral Massilia despite a Carthaginian Garrison (14 against 12) and plays
    Sack & Plunder for 3 cards."""
    game.do(IBERIA, "expedition")
    game.do(IBERIA, "target", to="massilia")
    game.do(IBERIA, "route", via="land")
    game.play(IBERIA, "scutarii", "add")
    game.play(IBERIA, "caetrati", "add")
    game.do(IBERIA, "confirm")
    game.passes(ROME)  # Carthage holds no card against a land ME and is not asked
    assert (game.strength(ATTACKER), game.strength(DEFENDER)) == ((1, 11), (3, 0))
    game.passes(IBERIA)
    game.play(CARTHAGE, "garrison", use="D", side=DEFENDER)
    game.passes(ROME, IBERIA, CARTHAGE)
    assert game.strength(DEFENDER) == (4, 0)
    assert totals(game.roll(3, 3, 4, 3, 2)) == (14, 12)
    assert game.owner("massilia") == IBERIA and game.forts("massilia") == 1
    assert game.vp()[IBERIA] == 12 and game.cities()[IBERIA] == 12
    assert game.pile(CARTHAGE)[-1] == "garrison"
    game.play(IBERIA, "sack_and_plunder")
    drew = game.draw(IBERIA, "celtiberian_warriors", "scutarii", "caetrati")
    assert first(drew, "drew").get("count") == 3  # one plus Massilia's size
    game.passes(IBERIA)
    assert game.hand_sizes() == (6, 6, 12)


# -- round 6 -----------------------------------------------------------------------------------

def round_6(game: Replay) -> None:
    """Diplomacy Season (4 + 5 = 9): the Vascones, cut to 3 dice by Ambush, are repulsed from
    Numantia on a 15-15 tie; Treachery takes Italian Allies; Massilia gets a second marker."""
    rolled = first(game.roll(2, 2), "random_event")
    assert (rolled.get("total"), rolled.get("event")) == (9, "diplomacy_season")
    game.play(CARTHAGE, "numidian_cavalry", "discard")  # Carthage acts first in our order
    game.draw(CARTHAGE, "balearic_slingers")
    before = game.vp()
    game.play(ROME, "barbarian_allies", "imperium")
    game.do(ROME, "target", id="0")  # set an area on a city
    game.do(ROME, "target", id="vascones")
    attack = first(game.do(ROME, "target", id="numantia"), "barbarian_attack")
    assert attack.get("dice") == 4
    game.play(IBERIA, "ambush")
    assert first(game.roll(5), "barbarian_dice_lost").get("dice") == 3
    game.passes(IBERIA)
    game.do(IBERIA, "decline")  # no interception
    assert (game.strength(ATTACKER), game.strength(DEFENDER)) == ((3, 0), (5, 0))
    game.passes(ROME)
    game.play(IBERIA, "sortie", use="D", side=DEFENDER)
    game.passes(CARTHAGE, ROME, IBERIA)
    assert first(game.roll(2), "combat_card_roll").get("outcome") == "nothing"
    events = game.roll(4, 5, 6, 3, 2, 5, 4, 1)
    assert totals(events) == (15, 15)
    assert first(events, "combat_won").get("attacker_won") is False
    assert game.owner("numantia") == IBERIA and game.vp() == before
    assert game.cities() == (13, 11, 12)
    game.play(ROME, "treachery", "imperium")
    game.do(ROME, "target", id="carthage")
    allies = game.slot(CARTHAGE, "italian_allies")
    game.roll(game.state.seats[CARTHAGE].hand.index(allies))
    assert game.slot(ROME, "italian_allies") == allies  # now Rome's, and Rome knows it
    game.play(IBERIA, "fortifications", "imperium")
    game.do(IBERIA, "target", id="massilia")
    assert game.forts("massilia") == 2
    game.do(IBERIA, "done")
    assert game.hand_sizes() == (5, 5, 9)


# -- round 7 -----------------------------------------------------------------------------------

def round_7_storms(game: Replay) -> None:
    """Enraged Barbarians (4 + 6 = 10, level 0 → 1); Carthage sails for Massilia, straight at
    its walls; two Storms at Sea (2, 3) do nothing."""
    rolled = first(game.roll(1, 3), "random_event")
    assert (rolled.get("total"), rolled.get("event")) == (10, "enraged_barbarians")
    assert game.state.enraged == 1
    game.do(CARTHAGE, "expedition")
    game.do(CARTHAGE, "target", to="massilia")
    game.do(CARTHAGE, "embark", port="carthago")
    game.do(CARTHAGE, "land_at", port="massilia")
    for card in ("libyan_elite_phalanx", "phoenician_quadrireme", "carthaginian_marines"):
        game.play(CARTHAGE, card, "add")
    game.do(CARTHAGE, "confirm")
    game.only(CARTHAGE, "direct")  # the Quadrireme's City Assault CF 2 reaches Massilia's size
    game.play(IBERIA, "storm_at_sea", window=NAVAL)
    assert first(game.roll(2), "combat_card_roll").get("outcome") == "nothing"
    game.play(ROME, "storm_at_sea", window=NAVAL)
    assert first(game.roll(3), "combat_card_roll").get("outcome") == "nothing"
    game.passes(IBERIA, ROME)


def round_7_sea_and_walls(game: Replay) -> None:
    """Iberia intercepts at sea and loses her one ship at Battle Opening (Carthage +2, Iberia
    −2); her casualty roll of 2 costs Carthage its Marines; the assault fails 18 against 18."""
    assert "massilia" not in [a.arg("at") for a in game.options(IBERIA, "intercept")]
    game.do(IBERIA, "intercept", at="sea")
    game.do(IBERIA, "embark", port="massilia")
    game.play(IBERIA, "greek_allies", "add")
    game.play(IBERIA, "slingers", "add")
    game.do(IBERIA, "confirm")
    game.passes(CARTHAGE, ROME)  # nobody plays Storm at Sea on the Iberian fleet; Greek
    # Allies, its one possible Fleet, is a Fleet unasked (rule 5.4.1)
    assert (game.strength(ATTACKER), game.strength(DEFENDER)) == ((1, 10), (1, 4))
    game.play(CARTHAGE, "magon", use="L", side=ATTACKER)
    game.passes(IBERIA, ROME, CARTHAGE)
    assert game.strength(ATTACKER) == (2, 10)
    assert first(game.roll(5), "opening_roll").get("hit") is True  # the Quadrireme rams
    sunk = game.roll(0)  # the one Iberian ship goes down with the Slingers
    assert first(sunk, "card_lost").get("cargo") == 1
    assert first(sunk, "combat_won").get("winner") == CARTHAGE
    assert game.vp() == (13, 9, 10)
    casualty = first(game.roll(2), "casualty_roll")  # 2 ≤ the 2 cards Iberia deployed
    assert (casualty.get("deployed"), casualty.get("hit")) == (2, True)
    lost = game.roll(game.index_in(game.state.top.attacker, "carthaginian_marines"))
    assert first(lost, "card_lost").get("card") == "carthaginian_marines"
    recovery = first(game.roll(1, 2, 3), "recovery_rolls")  # Iberia's 2 cards, the Marines
    assert (len(recovery.get("rolls")), recovery.get("returned")) == (3, 0)  # no 6
    game.do(IBERIA, "decline")  # the ME stays at sea: no land interception at Massilia
    game.passes(CARTHAGE, IBERIA, ROME)
    assert (game.strength(ATTACKER), game.strength(DEFENDER)) == ((2, 13), (4, 0))
    events = game.roll(1, 4, 4, 5, 3, 6)
    assert totals(events) == (18, 18)
    assert first(events, "combat_won").get("winner") == IBERIA
    game.roll(2)  # the Phalanx's own recovery roll fails: all cards are discarded
    assert game.owner("massilia") == IBERIA and game.hand(CARTHAGE) == ["balearic_slingers"]
    assert {"libyan_elite_phalanx", "phoenician_quadrireme", "carthaginian_marines",
            "magon"} <= set(game.pile(CARTHAGE))


def round_7_rest(game: Replay) -> None:
    """Rome and Iberia each discard a card and draw another."""
    game.play(ROME, "velites", "discard")
    game.draw(ROME, "principes")
    game.play(IBERIA, "iberian_cavalry", "discard")
    game.draw(IBERIA, "celtiberian_warriors")
    assert game.hand(ROME) == ["equites", "italian_allies", "principes", "triarii"]
    assert game.slot(ROME, "italian_allies").startswith("carthage:")


# -- round 8: End Turn, scoring, refills ---------------------------------------------------------

def round_8_end_turn(game: Replay) -> dict[int, int]:
    """End Turn (9 + 7 = 16); Carthage +5 for the largest empire (13 cities), Iberia +1 for
    Massilia; no progress award in turn 1; hands refilled to 14 + bonuses."""
    assert game.cities() == (13, 11, 12)
    assert game.hand_sizes() == (1, 4, 6)
    events = game.roll(4, 5)
    rolled = first(events, "random_event")
    assert (sum(rolled.get("dice")), rolled.get("modifier"), rolled.get("total"),
            rolled.get("event")) == (9, 7, 16, "end_turn")
    assert [(e.get("seat"), e.get("what"), e.get("vp"), e.get("cards"))
            for e in every(events, "scored")] == [(CARTHAGE, "largest empire", 5, 2),
                                                  (IBERIA, "key city", 1, 1)]
    assert game.vp() == (18, 9, 11)
    refills: dict[int, int] = {}
    for seat in (CARTHAGE, ROME, IBERIA):  # each deck reshuffled with its discards, then drawn
        request = game.table.decision().chance
        assert game.actor() == CHANCE and request is not None
        refills[seat] = first(game.roll(*[0] * request.value_count()), "drew",
                              seat=seat).get("count")
    return refills


# -- the figures after the turn ------------------------------------------------------------------

def test_the_turn_ends_with_the_printed_scores(example: Played) -> None:
    game = example.game
    assert game.vp() == (18, 9, 11)
    assert game.cities() == (13, 11, 12)
    assert game.state.turn == 2 and game.state.enraged == 0
    assert game.table.decision().prompt == "roll the Random Event of round 1"


def test_hands_are_refilled_to_the_limits(example: Played) -> None:
    assert example.game.hand_sizes() == (16, 14, 15)  # 14, +2 Carthage, +1 Iberia
    assert example.refills[ROME] == 10  # 3 Roman cards and Italian Allies kept


def test_refills_follow_the_narrative(example: Played) -> None:
    # Carthage still holds the card it drew in round 6 (1 card); Iberia holds Viriato, her two
    # unnamed cards (one swapped in round 7) and Sack & Plunder's three draws (6 cards).
    assert example.refills == {CARTHAGE: 15, ROME: 10, IBERIA: 9}


@pytest.mark.xfail(strict=True, reason="the book's own narrative leaves Carthage 1 card and "
                   "Iberia 6 (it prints 0 and 2): see docs/rules-decisions.md")
def test_refills_as_printed(example: Played) -> None:
    assert example.refills == {CARTHAGE: 16, ROME: 10, IBERIA: 13}


def test_progress_would_have_paid_in_a_later_turn(example: Played) -> None:
    lines = [(line.seat, line.what, line.vp) for line in example.progress
             if "progress" in line.what]
    assert lines == [(CARTHAGE, "best progress (tied)", 2), (IBERIA, "best progress (tied)", 2)]


def test_the_log_reads_as_plain_sentences(example: Played) -> None:
    log = example.game.log
    assert {e.kind for e in log} <= set(SENTENCES)
    lines = [describe(RULES, e) for e in log]
    assert "City assault at Massilia: Iberia against the neutral city's men." in lines
    assert "Round 8: the Random Event roll is 4+5 +7 = 16: End Turn." in lines
    assert "Carthage scores largest empire: +5 VP, +2 cards next turn." in lines
