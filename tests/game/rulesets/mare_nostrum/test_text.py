"""Sentences: one per event, seats named by their empires, places, sites, heroes, wonders
and resources in words."""

from __future__ import annotations

import re

from game.core.events import event
from game.rulesets.mare_nostrum.ruleset import SENTENCES, bundled_ruleset
from game.rulesets.mare_nostrum.text import describe, with_empires
from game.session import bot_session, master_config

EMPIRES = ["rome", "greece", "carthage"]


def test_seats_are_named_by_their_empires() -> None:
    assert with_empires("Player 3 gives wine to Player 1.", EMPIRES) == \
        "Carthage gives wine to Rome."
    assert with_empires("Player 1 waits.", None) == "Player 1 waits."


def test_own_events_read_as_sentences() -> None:
    ruleset = bundled_ruleset()
    ev = event("collected", empires=EMPIRES, seat=1, items=["coin", "coin", "wine"], short=0)
    assert ruleset.describe(ev) == "Greece collects 2 coins, wine."
    ev = event("victory", empires=EMPIRES, seats=[2], victory="titles")
    assert ruleset.describe(ev) == "Carthage wins: holds all three Leader titles (rule 6.4)."
    ev = event("tracks", empires=EMPIRES, seat=0, old=[7, 1, 3], new=[7, 2, 4])
    assert ruleset.describe(ev) == "Rome's Leader tracks: Culture 1 → 2, Military 3 → 4."


def test_unknown_events_fall_back_to_their_facts() -> None:
    assert describe(event("odd_thing", seat=0, place="italia")) == \
        "Player 1: odd thing (place italia)."


def test_builds_and_trades_name_their_items_places_tiles_and_resources() -> None:
    ruleset = bundled_ruleset()
    built = event("built", empires=EMPIRES, seat=0, item="regular_city", place="sardinia.city1",
                  paid=["grain", "legendary:wine"], via="")
    assert ruleset.describe(built) == \
        "Rome builds a city in Sardinia, paying grain, Legendary Wine."
    built = event("built", empires=EMPIRES, seat=1, item="trireme", place="mare_ionium",
                  paid=["coin"], via="pharos", via_name="Lighthouse of Pharos")
    assert ruleset.describe(built) == ("Greece builds a trireme in Mare Ionium with Lighthouse "
                                       "of Pharos, paying coin.")
    wonder = event("built", empires=EMPIRES, seat=2, item="tile", place="temple_of_artemis",
                   name="Temple of Artemis", paid=[], via="")
    assert ruleset.describe(wonder) == "Carthage builds Temple of Artemis, paying nothing."
    claim = event("claimed", empires=EMPIRES, taker=0, giver=2, resource="legendary:gems")
    assert ruleset.describe(claim) == "Rome claims Legendary Gems from Carthage."
    recruited = event("recruited", empires=EMPIRES, seat=2, tile="pyramids", name="Pyramids")
    assert ruleset.describe(recruited) == "Carthage places Pyramids on its mat."
    picked = event("active", empires=EMPIRES, chooser=1, seat=1, phase="build")
    assert ruleset.describe(picked) == "Greece picks itself as the next Active Player (Build)."


def test_several_of_a_resource_are_counted() -> None:
    ruleset = bundled_ruleset()
    gone = event("discarded", empires=EMPIRES, seat=0,
                 items=["coin", "gladiator", "coin", "gladiator", "grain", "grain"])
    assert ruleset.describe(gone) == \
        "Rome discards 2 coins, 2 gladiators, 2 grain at the end of the Build phase."


def test_places_go_by_their_printed_names() -> None:
    ruleset = bundled_ruleset()
    war = event("at_war", empires=EMPIRES, province="cisalpina")
    assert ruleset.describe(war) == "Gallia Cisalpina is At War."
    fortress = event("built", empires=EMPIRES, seat=0, item="fortress", place="cisalpina",
                     paid=["coin", "coin", "coin"], via="")
    assert ruleset.describe(fortress) == \
        "Rome builds a fortress in Gallia Cisalpina, paying 3 coins."
    pillage = event("pillaged", empires=EMPIRES, seat=1, province="cisalpina",
                    site="cisalpina.city1", gained=["coin"])
    assert ruleset.describe(pillage) == \
        "Greece pillages Mediolanum in Gallia Cisalpina and gains coin."
    occupy = event("occupied", empires=EMPIRES, seat=2, site="cisalpina.caravan1")
    assert ruleset.describe(occupy) == "Carthage occupies the sheep caravan in Gallia Cisalpina."
    assert describe(event("at_war", province="cisalpina"), SENTENCES) == "Cisalpina is At War."


LEFT_IDS = re.compile(r"[a-z]+_[a-z]+|[a-z]+\.[a-z]+\d|legendary:|\([a-z_.]+\)")
"""What an id looks like in a sentence: "mare_ionium", "sardinia.city1", "legendary:wine",
"(cisalpina)"."""


def test_a_whole_game_reads_without_ids() -> None:
    ruleset = bundled_ruleset()
    master = b"mn-words-4"
    config = master_config(ruleset, master, "4")
    session = bot_session(ruleset, config, master, ("bot:greedy",) * 4, hash_every=0)
    lines: list[str] = []
    session.run(on_events=lambda _, events: lines.extend(map(ruleset.describe, events)))
    kinds = {line.split(" ", 2)[1] for line in lines}
    assert {"builds", "claims"} <= kinds
    assert [line for line in lines if LEFT_IDS.search(line)] == []


def test_a_battle_says_the_dice_what_is_added_and_the_totals() -> None:
    ruleset = bundled_ruleset()
    fight = event("battle", empires=EMPIRES, seat=1, against=2, rolls=[[], [6, 2]],
                  bonuses=[[["fortress", 5]], [["Ramses II: dice", 1]]], totals=[5, 8],
                  hits=[1, 1], taken=[1, 1], place="creta", sea=False)
    assert ruleset.describe(fight) == ("Greece rolls no dice + 5 (fortress) = 5 (1 hit); "
                                       "Carthage rolls 6 and 2 = 8 (1 hit).")


def test_losses_say_what_is_lost() -> None:
    ruleset = bundled_ruleset()
    def lost(**facts: object) -> str:
        return ruleset.describe(event("losses", empires=EMPIRES, seat=0, place="italia",
                                      **facts))
    assert lost(units=2, fortress=False, sea=True) == "Rome loses 2 triremes."
    assert lost(units=1, fortress=False, sea=False) == "Rome loses 1 legion."
    assert lost(units=2, fortress=True, sea=False) == "Rome loses the fortress and 1 legion."
    assert lost(units=1, fortress=True, sea=False) == "Rome loses the fortress."
