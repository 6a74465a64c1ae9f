"""End-of-turn scoring (rule 4.2) and the final ranking (rule 4.4)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.outcome import (
    AUTOMATIC_VICTORY,
    IN_PROGRESS,
    LAST_TURN,
    Outcome,
    Standing,
    rank,
)
from game.rulesets.mediterranean_empires.content.tables import Award, ScoringDef
from game.rulesets.mediterranean_empires.control import change_vp
from game.rulesets.mediterranean_empires.flow import Flow
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState


@dataclass(frozen=True)
class Line:
    """One scoring line for one seat: what for, the VP and the hand-size change."""

    seat: int
    what: str
    vp: int
    cards: int


def scoring_lines(flow: Flow) -> tuple[Line, ...]:
    """Every award of this turn's end, per seat, in seat order."""
    state, rules = flow.state, flow.rules
    setup = rules.scenario(state.scenario)
    table, multiplier = scoring_table(flow)
    lines: list[Line] = []
    for seat in range(len(state.seats)):
        keys = sum(1 for city in setup.key_cities if _holds(flow, seat, city))
        lines += [_line(seat, "key city", table.key_city, multiplier)] * keys
        if not _holds(flow, seat, state.seats[seat].capital):
            lines.append(_line(seat, "capital lost", table.capital_lost, multiplier))
    lines += _best(state, [state.cities_of(s) for s in range(len(state.seats))],
                   "largest empire", table.largest_empire, table.largest_empire_tie, multiplier)
    if state.turn >= table.progress_from_turn:
        progress = [state.cities_of(s) - state.seats[s].cities_at_turn_start
                    for s in range(len(state.seats))]
        lines += _best(state, progress, "best progress", table.best_progress,
                       table.best_progress_tie, multiplier)
    return tuple(sorted(lines, key=lambda line: line.seat))


def scoring_table(flow: Flow) -> tuple[ScoringDef, int]:
    """The scoring this turn's end uses (the scenario's own, else the standard) and its VP
    multiplier."""
    state, rules = flow.state, flow.rules
    table = rules.scenario(state.scenario).scoring or rules.content.tables.scoring
    return table, table.final_turn_vp_multiplier if state.turn >= 3 else 1


def apply_scoring(flow: Flow) -> None:
    """Award the lines: VP now, hand-size changes for the coming refill; then the standings."""
    for line in scoring_lines(flow):
        flow.emit("scored", seat=line.seat, what=line.what, vp=line.vp, cards=line.cards)
        change_vp(flow, line.seat, line.vp, line.what)
        flow.update_seat(line.seat, hand_bonus=flow.seat(line.seat).hand_bonus + line.cards)
    state, seats = flow.state, range(len(flow.state.seats))
    own = flow.rules.scenario(state.scenario).scoring is not None
    flow.emit("turn_scored", turn=state.turn, vp=tuple(state.seats[s].vp for s in seats),
              empires=tuple(flow.empire_name(s) for s in seats),
              scoring="scenario" if own else "standard", multiplier=scoring_table(flow)[1])


def ranking(state: MeState, key_cities: tuple[str, ...], city_ids: tuple[str, ...]
            ) -> tuple[int, ...]:
    """Winners by VP, then cities, then key cities held; all still tied win (rule 4.4)."""
    keys = {s: tie_keys(state, s, key_cities, city_ids) for s in range(len(state.seats))}
    best = max(keys.values())
    return tuple(s for s in range(len(state.seats)) if keys[s] == best)


KEY_WORDS = {"vp": "VP"}
"""The tie-break keys in words where the key itself does not read well, for every front end."""


def tie_keys(state: MeState, seat: int, key_cities: tuple[str, ...],
             city_ids: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The figures rule 4.4 compares, in order: VP, cities, key cities held."""
    keys = sum(1 for c in key_cities if state.board.owner[city_ids.index(c)] == seat)
    return (("vp", state.seats[seat].vp), ("cities", state.cities_of(seat)),
            ("key cities", keys))


def game_outcome(rules: Rules, state: MeState) -> Outcome:
    """Standings by rule 4.4's keys; the winners and why the game ended once it has."""
    setup = rules.scenario(state.scenario)
    seats = range(len(state.seats))
    standings = rank({s: tie_keys(state, s, setup.key_cities, rules.city_ids) for s in seats})
    if not state.winners:
        return Outcome((), standings, IN_PROGRESS)
    needed = setup.automatic_victory_cities
    sole = state.winners[0] if len(state.winners) == 1 else None
    if sole is None or not needed or state.cities_of(sole) < needed:
        return Outcome(state.winners, standings, LAST_TURN)
    return Outcome(state.winners, _winner_first(standings, sole), AUTOMATIC_VICTORY)


def _winner_first(standings: tuple[Standing, ...], winner: int) -> tuple[Standing, ...]:
    """An automatic victory ranks its winner first, the others after it by rule 4.4's keys."""
    first = next(s for s in standings if s.seat == winner)
    others = rank({s.seat: s.keys for s in standings if s.seat != winner})
    return (Standing(winner, 1, first.keys),
            *(Standing(s.seat, s.place + 1, s.keys) for s in others))


def _line(seat: int, what: str, award: Award, multiplier: int) -> Line:
    return Line(seat, what, award.vp * multiplier, award.cards)


def _best(state: MeState, values: list[int], what: str, award: Award, tie: Award,
          multiplier: int) -> list[Line]:
    top = max(values)
    leaders = [s for s, v in enumerate(values) if v == top]
    if what == "best progress" and top <= 0:
        return []
    chosen = award if len(leaders) == 1 else tie
    name = what if len(leaders) == 1 else f"{what} (tied)"
    return [_line(s, name, chosen, multiplier) for s in leaders
            if chosen.vp or chosen.cards]


def _holds(flow: Flow, seat: int, city: str) -> bool:
    return flow.state.board.owner[flow.rules.city_index(city)] == seat


__all__ = ["ScoringDef", "apply_scoring", "ranking", "scoring_lines", "scoring_table"]
