"""A force that travelled by sea keeps a Fleet (rules 5.4.1, 5.4.6; docs/rules-decisions.md).

Built from bot games of scenario 3 where an Iberian interception by sea (Greek Allies or
Phoenician Allies its only possible Fleet, with two or three Troops) had that card made a
Troop at the reveal: with no carrying capacity left, every Troop was discarded at random before
any roll, and the battle was fought (and scored) with no Iberian card in it.
"""

from __future__ import annotations

from game.core.events import Event
from game.core.table import Table
from game.rulesets.mediterranean_empires.expedition.forces import Force
from game.rulesets.mediterranean_empires.expedition.losses import OVER_CAPACITY
from tests.game.rulesets.mediterranean_empires.helpers_combat import (
    CARTHAGE,
    IBERIA,
    all_of,
    army,
    combat,
    do,
    first,
    new_table,
    roll,
    top_combat,
)

PUNIC = ("phoenician_quadrireme", "carthaginian_marines")


def _battle(fight: str, iberians: tuple[str, ...], by_sea: bool = True
            ) -> tuple[Table, tuple[Event, ...]]:
    """Carthage (Quadrireme carrying Marines) against an Iberian force whose cards are open
    but not yet given a type, at Gadir."""
    table = new_table({CARTHAGE: PUNIC, IBERIA: iberians})
    punic = army(table, CARTHAGE, PUNIC[:1], use="F")
    punic = Force(CARTHAGE, (*punic.cards, *army(table, CARTHAGE, PUNIC[1:]).cards))
    iberia = army(table, IBERIA, iberians, use="")
    fleets = (True, by_sea)
    return table, combat(table, fight, punic, iberia, "gadir", fleets=fleets)


def _uses(table: Table) -> dict[str, str]:
    """card id → type of the Iberian cards in the combat."""
    return {str(table.state.hidden.card_of(c.slot)): c.use
            for c in top_combat(table).defender.cards}


def test_the_only_possible_fleet_of_a_naval_interception_is_a_fleet_unasked() -> None:
    table, events = _battle("naval", ("greek_allies", "caetrati", "scutarii"))
    assert table.decision().actor != IBERIA
    assert _uses(table) == {"greek_allies": "F", "caetrati": "T", "scutarii": "T"}
    assert not all_of(events, "card_lost")
    assert first(events, "deployed").get("defender_cards") == 3


def test_a_force_landed_from_the_sea_keeps_its_fleet_aside_in_a_field_battle() -> None:
    table, events = _battle("field", ("greek_allies", "caetrati", "celtiberian_warriors"))
    assert _uses(table) == {"greek_allies": "F", "caetrati": "T", "celtiberian_warriors": "T"}
    assert not all_of(events, "card_lost")
    assert first(events, "deployed").get("defender_cards") == 2  # the Fleet sits out


def test_with_a_second_possible_fleet_the_first_may_be_a_troop() -> None:
    table, _ = _battle("naval", ("greek_allies", "greek_allies", "caetrati"))
    first_greek = next(c.slot for c in top_combat(table).defender.cards)
    offered = {(a.arg("slot"), a.arg("type")) for a in table.legal(IBERIA) if a.verb == "use"}
    assert offered == {(first_greek, "T"), (first_greek, "F")}
    events = do(table, IBERIA, "use", slot=first_greek, type="T")
    uses = sorted(c.use for c in top_combat(table).defender.cards)
    assert uses == ["F", "T", "T"]  # the second Greek Allies carries the other two
    assert not all_of(events, "card_lost")


def test_over_capacity_is_still_discarded_at_random_and_says_why() -> None:
    table, _ = _battle("naval", ("greek_allies", "greek_allies", "caetrati", "scutarii",
                                 "celtiberian_warriors"))
    first_greek = next(c.slot for c in top_combat(table).defender.cards)
    do(table, IBERIA, "use", slot=first_greek, type="T")  # 4 Troops, room for 3
    assert [c.use for c in top_combat(table).defender.cards].count("F") == 1
    lost = first(roll(table, 0), "card_lost")
    assert lost.get("seat") == IBERIA and lost.get("reason") == OVER_CAPACITY


def test_a_land_route_offers_no_fleet_to_keep() -> None:
    table, _ = _battle("field", ("greek_allies", "caetrati"), by_sea=False)
    assert _uses(table) == {"greek_allies": "T", "caetrati": "T"}
