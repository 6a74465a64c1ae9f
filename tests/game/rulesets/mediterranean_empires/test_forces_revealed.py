"""Face-down declarations re-checked when the force is revealed (rule 5.4.1; rules decision).

In a LAN game only the declaring seat's machine knows its face-down cards, so a modified client
could declare cards its own legal list never offers. Every other table accepts them; when the
force is revealed before its battle the declaration is checked again and a void one is discarded
without fighting.
"""

from __future__ import annotations

from game.ai.bots import make_bot
from game.core.actions import ArgValue, act
from game.core.encoding import state_hash
from game.core.entries import ActionEntry, Entry
from game.core.events import Event
from game.core.table import SeededChance, Table, next_entry
from game.rulesets.mediterranean_empires.expedition.muster import lacks_fleet, unfit
from game.rulesets.mediterranean_empires.frames import ActionPhase, Combat, Expedition
from game.rulesets.mediterranean_empires.state import NEUTRAL
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

    def cheat(self, seat: int, verb: str) -> tuple[Event, ...]:
        """An action the seat's own legal list does not offer, sent by a modified client."""
        return self.submit(ActionEntry(seat, act(verb), ())) + self.settle()

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
    assert not all_of(events, "combat_started") and not first(events, "expedition_over").get("won")
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
    assert owner(table, "capua") == ROME and not all_of(events, "combat_started")
    assert not any(isinstance(f, Expedition | Combat) for f in table.state.stack)


def test_unfit_cards_say_why() -> None:
    assert unfit(RULES, "hastati", False, "carthage") == ""
    assert unfit(RULES, "liburna", True, "carthage") == ""
    assert unfit(RULES, "consul", True, "") == "Consul is neither a Troop nor a Fleet"
    assert "may not be used against Greece" in unfit(RULES, "greek_allies", True, "greece")
    assert lacks_fleet(RULES, True, ("hastati",)) and not lacks_fleet(RULES, False, ("hastati",))
    assert not lacks_fleet(RULES, True, ("hastati", None))  # a card nobody else knows
