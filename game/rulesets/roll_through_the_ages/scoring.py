"""Game end and scoring: monuments, developments, development bonuses, wealth, tribute and
(Mediterranean) colonies, less skulls; ties go to the most pegged positions, then are
shared. Solitaire plays 8 rounds against a target of 100 (125 with the Mediterranean)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.outcome import IN_PROGRESS, LAST_TURN, Outcome, rank
from game.rulesets.roll_through_the_ages import sheet
from game.rulesets.roll_through_the_ages.content import RttaContent
from game.rulesets.roll_through_the_ages.state import Player, RttaState


@dataclass(frozen=True)
class Score:
    """One player's score, part by part (skulls count against it)."""

    monuments: int
    developments: int
    bonuses: tuple[tuple[str, int], ...]
    """Per development with an end bonus: its points."""
    wealth: int
    tribute: int
    colonies: int
    skulls: int

    @property
    def total(self) -> int:
        """The final score."""
        return (self.monuments + self.developments + sum(p for _, p in self.bonuses)
                + self.wealth + self.tribute + self.colonies - self.skulls)


def owned_colonies(content: RttaContent, state: RttaState, seat: int) -> tuple[int, ...]:
    """Indexes of the colonies a player completed."""
    return tuple(i for i, owner in enumerate(state.board.owners) if owner == seat)


def score(content: RttaContent, state: RttaState, seat: int) -> Score:
    """A player's score as it stands."""
    player = state.player(seat)
    monuments = sum((m.first_vp if player.first[i] else m.later_vp)
                    for i, m in enumerate(content.monuments)
                    if sheet.built(content, player, i))
    developments = sum(content.development(d).vp for d in player.developments)
    colonies = owned_colonies(content, state, seat)
    per_colony = content.values.colony_vp + sheet.owns(player, "empire") + \
        sheet.owns(player, "commerce")
    return Score(monuments, developments, _bonuses(content, state, player, colonies),
                 player.wealth * content.values.wealth_vp, player.tribute,
                 per_colony * len(colonies), player.skulls)


def _bonuses(content: RttaContent, state: RttaState, player: Player,
             colonies: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    mines = sum(content.colonies[i].rewards.count("mine") for i in colonies)
    points = {
        "shipbuilding": player.ships,
        "navy": player.ships,
        "aqueducts": player.food // sheet.AQUEDUCTS_FOOD_PER_POINT,
        "citizenship": sheet.CITIZENSHIP_PER_MONUMENT * sheet.monuments_built(content, player),
        "empire": player.provinces + player.armies,
        "commerce": player.ports + player.ships,
        "metallurgy": mines * content.values.mine_vp_metallurgy,
    }
    if not state.mediterranean:
        del points["metallurgy"]
    return tuple((d, points[d]) for d in player.developments if d in points)


def final_scores(content: RttaContent, state: RttaState) -> tuple[int, ...]:
    """Every player's total."""
    return tuple(score(content, state, seat).total for seat in range(state.seats))


def end_condition(content: RttaContent, state: RttaState) -> str:
    """Why the game ends after this round, or "" when it goes on."""
    if state.solitaire:
        done = state.round >= content.solitaire_rounds
        return f"{content.solitaire_rounds} rounds played" if done else ""
    length = content.length(state.length)
    if any(len(p.developments) >= length.developments for p in state.players):
        return f"a player has {length.developments} developments"
    if any(p.tribute >= length.tribute for p in state.players):
        return f"a player has {length.tribute} tribute"
    if sheet.monuments_claimed(content, state) >= len(content.monuments) - length.monuments_left:
        return "the monuments are built"
    return ""


def target(content: RttaContent, state: RttaState) -> int | None:
    """The solitaire score to beat (None with several players)."""
    if not state.solitaire:
        return None
    if state.mediterranean:
        return content.solitaire_target_mediterranean
    return content.solitaire_target


def outcome(content: RttaContent, state: RttaState) -> Outcome:
    """Highest score wins; ties: most pegged positions, then shared (ruling 24). Solitaire:
    the one player is placed first; the target says whether the score beat it (ruling 25)."""
    keys: dict[int, tuple[tuple[str, int], ...]] = {
        seat: (("score", score(content, state, seat).total),
               ("pegs", sheet.pegged_positions(state.player(seat))))
        for seat in range(state.seats)}
    standings = rank(keys)
    if state.phase != "over":
        return Outcome((), standings, IN_PROGRESS, target(content, state))
    winners = tuple(sorted(s.seat for s in standings if s.place == 1))
    return Outcome(winners, standings, LAST_TURN, target(content, state))
