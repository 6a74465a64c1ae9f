"""Step 2: feed each province (not ports) one food, Famine for each unfed one; then the
disaster the skulls showing bring: Revolt, Pestilence (on opponents; on yourself alone),
Civil War; Barbarians and Invasion are battles of step 3. Granaries may turn goods into
food first (ruling 7)."""

from __future__ import annotations

from game.core.actions import Action, act
from game.rulesets.roll_through_the_ages import sheet
from game.rulesets.roll_through_the_ages.building import granary, granary_open
from game.rulesets.roll_through_the_ages.collecting import skulls_showing
from game.rulesets.roll_through_the_ages.content import Disaster, RttaContent
from game.rulesets.roll_through_the_ages.flow import Flow
from game.rulesets.roll_through_the_ages.state import Battle, RttaState


def feed_choices(content: RttaContent, state: RttaState) -> tuple[Action, ...]:
    """Feed now, or first turn one good into food with Granaries."""
    granaries = granary_open(content, state.player(state.turn))
    return (act("feed"), act("granary")) if granaries else (act("feed"),)


def needs_choice(flow: Flow) -> bool:
    """Whether feeding waits for a Granaries choice."""
    return granary_open(flow.content, flow.player())


def feed_action(flow: Flow, action: Action) -> None:
    """Convert one good with Granaries, or feed."""
    if action.verb == "granary":
        return granary(flow)
    feed(flow)


def feed(flow: Flow) -> None:
    """Every province eats one food; each one unfed suffers Famine (1 skull)."""
    player = flow.player()
    eaten = min(player.food, player.provinces)
    famine = player.provinces - eaten
    flow.update(flow.active, food=player.food - eaten, skulls=player.skulls + famine)
    flow.emit("fed", seat=flow.active, food=eaten, famine=famine)
    _disaster(flow)


def _disaster(flow: Flow) -> None:
    skulls = skulls_showing(flow.content, flow.state.current)
    disaster = flow.content.disaster(skulls)
    if disaster is not None:
        _DISASTERS.get(disaster.scope, _self)(flow, disaster)
    flow.go("battles")


def _self(flow: Flow, disaster: Disaster) -> None:
    if disaster.enemy_strength:
        return _battle(flow, disaster)
    _strike(flow, flow.active, disaster)


def _strike(flow: Flow, seat: int, disaster: Disaster) -> None:
    player = flow.player(seat)
    if sheet.immune(flow.content, player, disaster.immunity):
        return flow.emit("spared", seat=seat, disaster=disaster.id, by=disaster.immunity)
    flow.update(seat, skulls=player.skulls + disaster.penalty)
    flow.emit("disaster", seat=seat, disaster=disaster.id, skulls=disaster.penalty,
              by=flow.active)


def _opponents(flow: Flow, disaster: Disaster) -> None:
    """Pestilence strikes every opponent, or the solitaire player (ruling 8)."""
    seats = flow.state.seats
    victims = [flow.active] if seats == 1 else \
        [(flow.active + k) % seats for k in range(1, seats)]
    for seat in victims:
        _strike(flow, seat, disaster)


def _everyone(flow: Flow, disaster: Disaster) -> None:
    """Invasion: every player fights it alone, from the active player round the table."""
    seats = flow.state.seats
    battles = tuple(Battle((flow.active + k) % seats, disaster.id, disaster.enemy_strength)
                    for k in range(seats))
    flow.turn(battles=battles)
    flow.emit("disaster", seat=flow.active, disaster=disaster.id, skulls=0, by=flow.active)


def _battle(flow: Flow, disaster: Disaster) -> None:
    if sheet.immune(flow.content, flow.player(), disaster.immunity):
        return flow.emit("spared", seat=flow.active, disaster=disaster.id, by=disaster.immunity)
    flow.turn(battles=(Battle(flow.active, disaster.id, disaster.enemy_strength),))
    flow.emit("disaster", seat=flow.active, disaster=disaster.id, skulls=0, by=flow.active)


_DISASTERS = {"opponents": _opponents, "everyone": _everyone}
