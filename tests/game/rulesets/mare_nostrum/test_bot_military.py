"""The greedy bot's Move & Battle choices (rule 4): marches by expected hits, optional sea
battles only when they pay, legions lost before the Fortress, and the conquest choice."""

from __future__ import annotations

from game.core.actions import act
from game.core.records import evolve
from game.rulesets.mare_nostrum.bots import military
from game.rulesets.mare_nostrum.bots.seen import Seen
from game.rulesets.mare_nostrum.state import MnState, MoveState, put
from tests.game.rulesets.mare_nostrum.helpers_mn import content, start

ROME, GREECE, CARTHAGE = 0, 1, 4
CONTENT = content()
DONE = act("done")


def _moving(seat: int, step: str, state: MnState | None = None) -> MnState:
    state = state or start()
    return evolve(state, phase="move", step="turns",
                  move=MoveState(active=seat, step=step))


def _legions(state: MnState, province: str, seat: int, count: int,
             fortress: bool = False) -> MnState:
    area = state.area(province)
    area = evolve(area, legions=put(area.legions, seat, count),
                  fortress=seat if fortress else area.fortress)
    at = [a.id for a in state.provinces].index(province)
    return evolve(state, provinces=put(state.provinces, at, area))


def _triremes(state: MnState, sea: str, seat: int, count: int) -> MnState:
    at = [w.id for w in state.seas].index(sea)
    waters = state.seas[at]
    return evolve(state, seas=put(state.seas, at,
                                  evolve(waters, triremes=put(waters.triremes, seat, count))))


def test_legions_march_where_they_can_win_not_into_a_fortified_army() -> None:
    state = _legions(_moving(ROME, "legions"), "cisalpina", ROME, 3)
    state = _legions(state, "dalmatia", GREECE, 4, fortress=True)
    seen = Seen(CONTENT, state, ROME)
    into_dalmatia = act("march", province="cisalpina", to="dalmatia")
    into_gallia = act("march", province="cisalpina", to="gallia")
    assert military.march_choice(seen, (into_dalmatia, into_gallia, DONE)) == into_gallia
    assert military.march_choice(seen, (into_dalmatia, DONE)) == DONE


def test_the_capitals_last_legion_stays_home() -> None:
    seen = Seen(CONTENT, _moving(ROME, "legions"), ROME)
    leave = act("march", province="italia", to="cisalpina")
    assert military.march_choice(seen, (leave, DONE)) == DONE


def test_a_sea_battle_is_fought_only_when_it_pays() -> None:
    fight = act("battle", sea="mare_tyrrhenum", against=CARTHAGE)
    weak = _triremes(_moving(ROME, "sea_battles"), "mare_tyrrhenum", CARTHAGE, 3)
    assert military.battle_choice(Seen(CONTENT, weak, ROME), (fight, DONE)) == DONE
    strong = _triremes(_triremes(weak, "mare_tyrrhenum", ROME, 4), "mare_tyrrhenum",
                       CARTHAGE, 1)
    assert military.battle_choice(Seen(CONTENT, strong, ROME), (fight, DONE)) == fight


def test_legions_are_lost_before_the_fortress() -> None:
    legal = (act("lose", fortress=False), act("lose", fortress=True))
    seen = Seen(CONTENT, _moving(ROME, "land_battles"), ROME)
    assert military.loss_choice(seen, legal) == legal[0]


def test_a_conqueror_occupies_a_legendary_city_rather_than_pillage() -> None:
    state = _legions(_moving(GREECE, "conquest"), "sicilia", GREECE, 2)
    area = state.area("sicilia")
    at = [a.id for a in state.provinces].index("sicilia")
    area = evolve(area, buildings=tuple(sorted((*area.buildings, "sicilia.city1"))))
    state = evolve(state, provinces=put(state.provinces, at, area),
                   move=evolve(state.move, conquests=("sicilia",)))
    legal = (act("keep"), act("pillage", site="sicilia.caravan1"),
             act("pillage", site="sicilia.city1", take="legendary"),
             act("occupy", site="sicilia.caravan1"), act("occupy", site="sicilia.city1"),
             act("occupy_marker"))
    seen = Seen(CONTENT, state, GREECE)
    assert military.conquest_choice(seen, legal) == act("occupy", site="sicilia.city1")
