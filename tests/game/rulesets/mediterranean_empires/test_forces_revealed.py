"""Face-down declarations re-checked when their cards are opened (rule 5.4.1; rules decision).

In a LAN game only the declaring seat's machine knows its face-down cards, so a modified client
could declare cards its own legal list never offers. Every other table accepts them; when the
battle's reveal opens the force (or a loss on the way opens one of its cards) the declaration is
checked again and a void one is discarded without fighting. Nothing about the declaration is
stored, so honest games keep every state they had before the check existed.
"""

from __future__ import annotations

import hashlib

import pytest

from game.ai.bots import make_bot
from game.core.actions import ArgValue, act
from game.core.encoding import state_hash
from game.core.entries import ActionEntry, ChanceEntry, Entry
from game.core.events import Event
from game.core.records import evolve
from game.core.table import SeededChance, Table, next_entry
from game.rulesets import get_ruleset
from game.rulesets.mediterranean_empires.expedition.forces import Force
from game.rulesets.mediterranean_empires.expedition.muster import lacks_fleet, unfit
from game.rulesets.mediterranean_empires.expedition.reveal import terms
from game.rulesets.mediterranean_empires.frames import ActionPhase, Combat, Expedition
from game.rulesets.mediterranean_empires.state import NEUTRAL
from game.session import bot_session, master_config
from tools.conformance import check_legality_test, check_no_leak, check_round_trip

from .helpers_combat import (
    CARTHAGE,
    IBERIA,
    ROME,
    RULES,
    RULESET,
    add_cards,
    all_of,
    discards,
    do,
    first,
    mechanical,
    new_table,
    owner,
    pass_all,
    roll,
    set_board,
    slot_of,
    start_round,
    take,
    to_phase,
    vp,
)


class Lan:
    """Two machines of one LAN game. `home` drives every seat (it holds all their secrets);
    `away` is another player's machine: it lacks the cheating seat's secrets."""

    def __init__(self, home: Table, cheater: int) -> None:
        self.home = home
        self.away = Table(RULESET, home.config,
                          {s: v for s, v in home.secrets.items() if s != cheater})
        self.away.state = home.state

    def submit(self, entry: Entry) -> tuple[Event, ...]:
        """Apply an entry on both machines; they must agree."""
        events = self.away.submit(entry)
        assert self.home.submit(entry) == events
        assert state_hash(self.home.state) == state_hash(self.away.state)
        return events

    def settle(self) -> tuple[Event, ...]:
        """Answer openings, commits and handoffs (from the secrets of the seat asked)."""
        events: tuple[Event, ...] = ()
        while self.home.decision().kind in ("commit", "open", "handoff"):
            events += self.submit(self.home.mechanical_entry(self.home.decision()))
        return events

    def cheat(self, seat: int, verb: str, **args: ArgValue) -> tuple[Event, ...]:
        """An action the seat's own legal list does not offer, sent by a modified client."""
        return self.submit(ActionEntry(seat, act(verb, **args), ())) + self.settle()

    def do(self, seat: int, verb: str, **args: ArgValue) -> tuple[Event, ...]:
        """A seat's action, with the openings it needs."""
        return self.submit(self.home.action_entry(seat, act(verb, **args))) + self.settle()

    def pass_windows(self) -> tuple[Event, ...]:
        """Everyone asked passes in the Special Event window of an ME setting out."""
        events: tuple[Event, ...] = ()
        while self.home.state.top is not None and self.home.state.top.kind == "declared" \
                and self.home.decision().kind == "action":
            events += self.do(self.home.decision().actor, "pass")
        return events


def _naval_expedition(table: Table, seat: int, cards: tuple[str, ...]) -> tuple[str, ...]:
    """`seat` declares an ME on Syracusae by sea from Carthago, adding `cards`; their slots."""
    do(table, seat, "expedition")
    do(table, seat, "target", to="syracusae")
    do(table, seat, "embark", port="carthago")
    do(table, seat, "land_at", port="syracusae")
    return add_cards(table, seat, cards)


def test_a_naval_expedition_without_a_fleet_is_void_when_revealed() -> None:
    table = new_table({CARTHAGE: ("libyan_spearmen", "gaul_mercenaries")})
    set_board(table, {})
    start_round(table, "fine_weather")
    slots = _naval_expedition(table, CARTHAGE, ("libyan_spearmen", "gaul_mercenaries"))
    lan = Lan(table, CARTHAGE)
    assert act("confirm") not in table.legal(CARTHAGE)  # its own machine never offers it
    assert act("confirm") in RULESET.legal_actions(lan.away.state, CARTHAGE, {})
    before = [vp(table, seat) for seat in range(3)]
    events = lan.cheat(CARTHAGE, "confirm")
    assert first(events, "expedition_declared").get("naval")
    lan.do(CARTHAGE, "land")
    events = lan.pass_windows()
    void = first(events, "force_voided")
    assert void.get("seat") == CARTHAGE and void.get("reason") == "it has no Fleet"
    assert RULESET.describe(void) == ("Carthage's naval expedition is void: it has no Fleet; its "
                                      "cards are discarded.")
    kinds = [e.kind for e in events]  # the assault is announced, then called off at the reveal
    assert kinds.index("combat_started") < kinds.index("force_voided")
    assert not all_of(events, "deployed") and not first(events, "expedition_over").get("won")
    for machine in (lan.home, lan.away):
        state = machine.state
        assert all(state.hidden.card_of(s) is not None for s in slots)
        assert set(slots) <= set(state.seats[CARTHAGE].discard)
        assert not set(slots) & set(state.seats[CARTHAGE].hand)
        assert not any(isinstance(f, Expedition | Combat) for f in state.stack)
    assert owner(table, "syracusae") == NEUTRAL and [vp(table, s) for s in range(3)] == before
    assert isinstance(table.state.top, ActionPhase) and table.state.top.seat == ROME
    _play_on_checked(lan, entries=150)


def _play_on_checked(lan: Lan, entries: int) -> None:
    """Random play goes on after the void ME on both machines, passing the conformance checks
    at every step (no dead end, the legality test agrees with the list, no view leak, every
    state round-trips through its encoding)."""
    table = lan.home
    bots = {s: make_bot("random", b"void-%d" % s) for s in range(3)}
    chance = SeededChance(b"void-chance")
    for _ in range(entries):
        decision = table.decision()
        if decision.is_over:
            break
        if decision.kind == "action":
            assert table.legal(decision.actor), decision.prompt
            check_legality_test(table, decision.actor)
        check_no_leak(table)
        check_round_trip(RULESET, table.state)
        lan.submit(next_entry(table, decision, bots, chance))


def test_an_honest_expedition_losing_its_fleet_on_the_way_is_not_void() -> None:
    table = new_table({CARTHAGE: ("phoenician_quadrireme", "libyan_spearmen"),
                       IBERIA: ("storm_at_sea",)})
    set_board(table, {})
    start_round(table, "fine_weather")
    _naval_expedition(table, CARTHAGE, ("phoenician_quadrireme", "libyan_spearmen"))
    do(table, CARTHAGE, "confirm")
    do(table, CARTHAGE, "land")
    while table.decision().actor != IBERIA:
        do(table, table.decision().actor, "pass")
    do(table, IBERIA, "play", slot=slot_of(table, IBERIA, "storm_at_sea"),
       window="naval_expedition_declared")
    events = roll(table, 5)  # 5 - 1 in Fine Weather: one random card sinks
    events += roll(table, 0)  # the Fleet
    events += pass_all(table)
    assert first(events, "card_lost").get("card") == "phoenician_quadrireme"
    assert not all_of(events, "force_voided") and first(events, "combat_started")


def _capua_attack(table: Table, cards: tuple[str, ...]) -> tuple[str, ...]:
    """Iberia sails from Saguntum to its Neapolis and marches on Roman Capua with `cards`."""
    set_board(table, {IBERIA: ("segeda", "saguntum", "neapolis"), ROME: ("capua",)})
    start_round(table)
    to_phase(table, IBERIA)
    do(table, IBERIA, "expedition")
    do(table, IBERIA, "target", to="capua")
    do(table, IBERIA, "embark", port="saguntum")
    do(table, IBERIA, "land_at", port="neapolis")
    return add_cards(table, IBERIA, cards)


def test_a_fleet_in_a_discard_pile_may_be_one_lost_on_the_way() -> None:
    """The state keeps no list of the cards an ME lost, so a naval force found without a Fleet
    stands while any discard pile holds a Fleet (rules decision 5.4.1)."""
    table = new_table({CARTHAGE: ("libyan_spearmen", "gaul_mercenaries", "phoenician_quadrireme")})
    set_board(table, {})
    start_round(table, "fine_weather")
    fleet = take(table, CARTHAGE, ("phoenician_quadrireme",))
    seats = list(table.state.seats)
    seats[CARTHAGE] = evolve(seats[CARTHAGE], discard=fleet)
    table.state = evolve(table.state, seats=tuple(seats))
    _naval_expedition(table, CARTHAGE, ("libyan_spearmen", "gaul_mercenaries"))
    table.submit(ActionEntry(CARTHAGE, act("confirm"), ()))
    do(table, CARTHAGE, "land")
    events = pass_all(table) + mechanical(table)
    assert first(events, "combat_started") and not all_of(events, "force_voided")
    top = table.state.top
    assert isinstance(top, Combat) and top.step != "reveal"  # revealed, and it fights


def test_a_card_lost_on_the_way_voids_the_expedition_when_it_is_opened() -> None:
    table = new_table({CARTHAGE: ("gaul_mercenaries", "hannibal")})
    set_board(table, {CARTHAGE: ("panormos", "messana")})
    start_round(table)
    do(table, CARTHAGE, "expedition")
    do(table, CARTHAGE, "target", to="reghium")
    do(table, CARTHAGE, "route", via="land")
    slots = add_cards(table, CARTHAGE, ("gaul_mercenaries",))
    hannibal = slot_of(table, CARTHAGE, "hannibal")
    lan = Lan(table, CARTHAGE)
    assert act("add", slot=hannibal) not in table.legal(CARTHAGE)  # a Leader
    lan.cheat(CARTHAGE, "add", slot=hannibal)
    lan.cheat(CARTHAGE, "confirm")
    before = [vp(table, seat) for seat in range(3)]
    events: tuple[Event, ...] = ()
    for values in ((1, 4), (1, 4), (1,)):  # one strait 1, one 1 on 2d6: Hannibal is lost
        events += lan.submit(ChanceEntry(values=values)) + lan.settle()
    assert first(events, "card_lost").get("card") == "hannibal"
    void = first(events, "force_voided")
    assert RULESET.describe(void) == ("Carthage's land expedition is void: Hannibal is neither a "
                                      "Troop nor a Fleet; its cards are discarded.")
    assert not all_of(events, "combat_started") and not first(events, "expedition_over").get("won")
    for machine in (lan.home, lan.away):
        assert {hannibal, *slots} <= set(machine.state.seats[CARTHAGE].discard)
        assert not any(isinstance(f, Expedition) for f in machine.state.stack)
    assert owner(table, "reghium") == NEUTRAL and [vp(table, s) for s in range(3)] == before
    _play_on_checked(lan, entries=150)


def test_a_card_lost_to_a_special_event_voids_the_interception() -> None:
    table = new_table({IBERIA: ("greek_allies", "scutarii", "storm_at_sea"),
                       ROME: ("roman_trireme", "consul")})
    _capua_attack(table, ("greek_allies", "scutarii"))
    do(table, IBERIA, "confirm")
    pass_all(table)
    do(table, ROME, "intercept", at="sea")
    do(table, ROME, "embark", port="roma")
    add_cards(table, ROME, ("roman_trireme",))
    consul = slot_of(table, ROME, "consul")
    table.submit(ActionEntry(ROME, act("add", slot=consul), ()))
    table.submit(ActionEntry(ROME, act("confirm"), ()))
    events = mechanical(table)
    events += do(table, IBERIA, "play", slot=slot_of(table, IBERIA, "storm_at_sea"),
                 window="naval_expedition_declared")
    events += roll(table, 5)  # one random card of the interception sinks
    events += roll(table, 1)  # the Consul
    void = first(events, "force_voided", seat=ROME)
    assert RULESET.describe(void) == ("Rome's naval interception is void: Consul is neither a "
                                      "Troop nor a Fleet; its cards are discarded.")
    assert {"consul", "roman_trireme"} <= set(discards(table, ROME))
    top = table.state.top  # the attacker goes on to its target, with no land interception
    assert isinstance(top, Combat) and top.fight == "assault" and top.where == "capua"
    assert first(events, "combat_started").get("fight") == "assault"
    assert not any(a.verb == "intercept" for a in table.legal(ROME))


def test_a_void_interception_is_discarded_and_the_attacker_goes_on() -> None:
    table = new_table({IBERIA: ("greek_allies", "scutarii"), ROME: ("liburna", "hastati")})
    _capua_attack(table, ("greek_allies", "scutarii"))
    do(table, IBERIA, "confirm")
    pass_all(table)
    do(table, ROME, "intercept", at="capua")
    do(table, ROME, "route", via="land")
    liburna = slot_of(table, ROME, "liburna")
    assert act("add", slot=liburna) not in table.legal(ROME)  # a Fleet on a land route
    table.submit(ActionEntry(ROME, act("add", slot=liburna), ()))
    table.submit(ActionEntry(ROME, act("confirm"), ()))
    before = vp(table, ROME), vp(table, IBERIA)
    events = mechanical(table) + pass_all(table)
    void = first(events, "force_voided", seat=ROME)
    assert RULESET.describe(void) == ("Rome's land interception is void: Liburna is a Fleet on "
                                      "a route with no naval leg; its cards are discarded.")
    assert "liburna" in discards(table, ROME) and (vp(table, ROME), vp(table, IBERIA)) == before
    top = table.state.top
    assert isinstance(top, Combat) and top.fight == "assault" and top.where == "capua"
    assert not any(a.verb == "intercept" for a in table.legal(ROME))  # no naval one after it


def test_an_interception_against_a_void_expedition_goes_home() -> None:
    table = new_table({IBERIA: ("scutarii", "caetrati"), ROME: ("hastati",)})
    slots = _capua_attack(table, ("scutarii", "caetrati"))
    table.submit(ActionEntry(IBERIA, act("confirm"), ()))  # a naval leg and no Fleet
    pass_all(table)
    hand = table.state.seats[ROME].hand
    do(table, ROME, "intercept", at="capua")
    do(table, ROME, "route", via="land")
    hastati = add_cards(table, ROME, ("hastati",))
    do(table, ROME, "confirm")
    events = pass_all(table)
    assert first(events, "force_voided").get("seat") == IBERIA
    assert first(events, "expedition_cancelled").get("seat") == ROME
    assert not first(events, "expedition_over", seat=IBERIA).get("won")
    assert table.state.seats[ROME].hand == hand  # the interception's card is back
    assert table.state.hidden.card_of(hastati[0]) is None  # and was never shown
    assert set(slots) <= set(table.state.seats[IBERIA].discard)
    assert owner(table, "capua") == ROME  # the field battle is announced, then called off
    assert first(events, "combat_started").get("fight") == "field"
    assert not all_of(events, "deployed")
    assert not any(isinstance(f, Expedition | Combat) for f in table.state.stack)


def test_unfit_cards_say_why() -> None:
    assert unfit(RULES, "hastati", False, "carthage") == ""
    assert unfit(RULES, "liburna", True, "carthage") == ""
    assert unfit(RULES, "consul", True, "") == "Consul is neither a Troop nor a Fleet"
    assert "may not be used against Greece" in unfit(RULES, "greek_allies", True, "greece")
    assert lacks_fleet(RULES, True, ("hastati",)) and not lacks_fleet(RULES, False, ("hastati",))
    assert not lacks_fleet(RULES, True, ("hastati", None))  # a card nobody else knows


def test_a_turned_expedition_is_not_held_to_its_new_enemy() -> None:
    """Under free passage (rule 8.2) a refusal may turn an ME against another empire after its
    cards were declared, so the re-check leaves forbidden_against to the battle's own discard
    (rules decision 5.4.1); an interception always fights the ME it intercepts."""
    table = new_table({}, options=(("free_passage", True),))
    set_board(table, {ROME: ("capua",)})
    attack = Expedition(IBERIA, "attack", "strike", Force(IBERIA), target="capua",
                        path=("saguntum", "capua"))
    assert terms(RULES, table.state, attack) == (False, "")
    assert terms(RULES, evolve(table.state, options=()), attack) == (False, "rome")
    interception = Expedition(ROME, "naval", "fight", Force(ROME), target="capua", sea=1,
                              enemy=Force(IBERIA))
    assert terms(RULES, table.state, interception) == (True, "iberia")


HONEST_GAMES = (
    ("3", "a1", "b82caefaf8dc083080307d3269eaefbbb97edf314c36fcb1bc5ea8b2b6f35bb4"),
    ("8", "e5", "375a6f7750a3dc54594b412d6914b6961385dc2e3b6cf5ef3c0233f01e502421"),
)
"""`mare demo --scenario S --seed X` bot games and the SHA-256 of their state hashes after
every entry, as played before the re-check existed (scenario 8's played again on the map with
the Pella-Ambrakia route: the engine gives the old hash on the old map)."""


@pytest.mark.parametrize(("scenario", "seed", "chain"), HONEST_GAMES)
def test_honest_bot_games_keep_every_state_they_had_before_the_check(scenario: str, seed: str,
                                                                     chain: str) -> None:
    """The re-check changes nothing in honest play (no state field, entry or decision is
    added), so logs and saves written before it still replay: `mare replay` compares the state
    hash after every entry, not only the final one. A deliberate engine change may update these."""
    ruleset = get_ruleset("mediterranean-empires")
    master = bytes.fromhex(seed)
    session = bot_session(ruleset, master_config(ruleset, master, scenario, None), master)
    session.run()
    hashes = "".join(record.state_hash for record in session.log().records)
    assert all(record.state_hash for record in session.log().records)
    assert hashlib.sha256(hashes.encode()).hexdigest() == chain
