"""Card play of the Scenarios Book's extended example (scenario 3, rounds 5 and 6), end to end."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from game.core.actions import act
from game.core.events import Event
from game.core.table import Table
from game.rulesets.mediterranean_empires.cards import card_effects
from game.rulesets.mediterranean_empires.cards.cards import card_in
from game.rulesets.mediterranean_empires.state import NEUTRAL
from game.rulesets.mediterranean_empires.text.describe import SENTENCES
from tests.game.rulesets.mediterranean_empires.helpers_cards import (
    CARTHAGE,
    IBERIA,
    ROME,
    RULES,
    do,
    give_cities,
    kinds,
    new_table,
    owner,
    phase,
    play_card,
    roll,
    slot_of,
    vp,
)
from tests.game.rulesets.mediterranean_empires.helpers_combat import add_cards, pass_all

DIPLOMACY = (4, 5)


def _forts(table: Table, city: str) -> int:
    return table.state.board.forts[RULES.city_index(city)]


def _of(events: Sequence[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def test_round_6_barbarian_allies_ambush_sortie_treachery_fortifications() -> None:
    table = new_table({ROME: ["barbarian_allies", "treachery"], CARTHAGE: ["italian_allies"],
                       IBERIA: ["ambush", "sortie", "fortifications"]})
    give_cities(table, IBERIA, "numantia", forts=2)
    give_cities(table, IBERIA, "massilia")
    roll(table, *DIPLOMACY)
    # Carthage discards and draws (it acts first in this set-up's turn order).
    keep = slot_of(table, CARTHAGE, "italian_allies")
    do(table, CARTHAGE, "discard",
       slot=next(s for s in table.state.seats[CARTHAGE].hand if s != keep))
    roll(table, 0)
    start_vp = [vp(table, s) for s in (CARTHAGE, ROME, IBERIA)]
    # Rome sets the Vascones (strength 4) on the Iberian capital.
    play_card(table, ROME, "imperium", "barbarian_allies")
    do(table, ROME, "target", id="0")
    do(table, ROME, "target", id="vascones")
    do(table, ROME, "target", id="numantia")
    # Iberia's Ambush rolls 5: the barbarians lose a die; she does not intercept.
    play_card(table, IBERIA, "play", "ambush")
    roll(table, 5)
    assert table.state.top.dice == 3
    do(table, IBERIA, "pass")
    do(table, IBERIA, "decline")
    # The assault: Iberia plays Sortie (a 2: nothing); 3d6 against 5d6, 15 each.
    do(table, ROME, "pass")
    do(table, IBERIA, "play", side=1, slot=slot_of(table, IBERIA, "sortie"), use="D")
    pass_all(table)
    roll(table, 2)
    events = roll(table, 4, 5, 6, 3, 2, 5, 4, 1)
    attacker, defender = _of(events, "battle_total")
    assert (attacker.get("total"), defender.get("total")) == (15, 15)
    assert owner(table, "numantia") == IBERIA
    assert [vp(table, s) for s in (CARTHAGE, ROME, IBERIA)] == start_vp
    # Diplomacy Season: Rome's second Imperium card, Treachery, takes Italian Allies.
    assert phase(table).seat == ROME and phase(table).imperium_left == 1
    play_card(table, ROME, "imperium", "treachery")
    do(table, ROME, "target", id="carthage")
    allies = slot_of(table, CARTHAGE, "italian_allies")
    roll(table, table.state.seats[CARTHAGE].hand.index(allies))
    assert allies in table.state.seats[ROME].hand and table.secrets[ROME].knows(allies)
    # Iberia fortifies Massilia and stops there.
    assert phase(table).seat == IBERIA
    play_card(table, IBERIA, "imperium", "fortifications")
    do(table, IBERIA, "target", id="massilia")
    assert _forts(table, "massilia") == 2
    assert act("done") in table.legal(IBERIA)
    do(table, IBERIA, "done")
    assert table.state.top.kind == "round_start"


def test_round_5_roman_diplomacy_fails_on_a_2() -> None:
    table = new_table({ROME: ["roman_diplomacy"]})
    give_cities(table, ROME, "capua")
    give_cities(table, NEUTRAL, "neapolis")
    roll(table, 2, 3)
    do(table, CARTHAGE, "pass")
    play_card(table, ROME, "imperium", "roman_diplomacy")
    do(table, ROME, "target", id="neapolis")
    events = roll(table, 2)
    (rolled,) = _of(events, "card_roll")
    assert (rolled.get("need"), rolled.get("success")) == (3, False)
    assert owner(table, "neapolis") == NEUTRAL and phase(table).seat == IBERIA


def test_round_5_sack_and_plunder_after_taking_massilia() -> None:
    table = new_table({IBERIA: ["scutarii", "caetrati", "sack_and_plunder"]})
    give_cities(table, IBERIA, "segeda", "ilerda", "emporion")
    give_cities(table, NEUTRAL, "massilia")
    roll(table, 2, 3)
    do(table, CARTHAGE, "pass")
    do(table, ROME, "pass")
    do(table, IBERIA, "expedition")
    do(table, IBERIA, "target", to="massilia")
    do(table, IBERIA, "route", via="land")
    add_cards(table, IBERIA, ("scutarii", "caetrati"))
    do(table, IBERIA, "confirm")
    pass_all(table)
    pass_all(table)
    roll(table, 3, 3, 4, 3)  # Iberia 1d6 + 11 = 14; Massilia 3d6 = 10
    assert owner(table, "massilia") == IBERIA
    assert table.state.top.kind == "after_conquest" and table.decision().actor == IBERIA
    hand = len(table.state.seats[IBERIA].hand)
    play_card(table, IBERIA, "play", "sack_and_plunder")
    events = roll(table, 0, 0, 0)
    assert _of(events, "drew")[0].get("count") == 3  # one plus Massilia's size 2
    assert len(table.state.seats[IBERIA].hand) == hand - 1 + 3
    assert "sack_and_plunder" in [card_in(table.state, s)
                                  for s in table.state.seats[IBERIA].discard]
    do(table, IBERIA, "pass")
    assert table.state.top.kind == "round_start"


def test_pirates_event_from_the_roll_to_the_fall_of_neapolis() -> None:
    table = new_table({})
    give_cities(table, ROME, "neapolis", "capua")
    roll(table, 2, 3)
    for seat in (CARTHAGE, ROME, IBERIA):
        do(table, seat, "pass")
    before = vp(table, ROME)
    events = roll(table, 5, 6)  # 11 + 1 (one round done) + 2 (everyone passed) = 14
    assert _of(events, "random_event")[0].get("event") == "pirates"
    roll(table, CARTHAGE, 5)  # Carthage steers them; a 5: naval 8, city 6
    do(table, CARTHAGE, "target", id="neapolis")
    pass_all(table)  # nobody plays Storm at Sea
    do(table, ROME, "decline")  # no naval interception
    pass_all(table)
    events = roll(table, 3, 4, 2)  # pirates 1d6 + 6 = 9; Neapolis 2d6 = 6
    assert "raid_over" in kinds(events)
    assert owner(table, "neapolis") == NEUTRAL and vp(table, ROME) == before - 1
    assert phase(table).seat == CARTHAGE


def test_every_card_event_kind_reads_as_a_sentence() -> None:
    package = Path(card_effects.__file__).parent.parent
    emitted: set[str] = set()
    for name in ("cards/card_effects", "cards/city_effects", "cards/steal", "cards/imperium",
                 "barbarians/areas", "barbarians/subduing", "barbarians/attacks",
                 "sequence/fighting_events", "cards/truces"):
        text = (package / f"{name}.py").read_text()
        emitted |= set(re.findall(r'emit\("([a-z_]+)"', text))
    emitted |= {"imperium_played", "card_played"}
    assert emitted and emitted <= set(SENTENCES), emitted - set(SENTENCES)
