"""Rules 10 and 11: every tile's power has a hook, and who holds a power."""

from __future__ import annotations

from game.rulesets.mare_nostrum.powers import HOOKS, has_power, holder
from tests.game.rulesets.mare_nostrum.helpers_mn import content, flow


def test_every_tile_is_registered() -> None:
    assert set(HOOKS) == {tile.id for tile in content().tiles}


def test_owned_or_copied_powers_are_held() -> None:
    f = flow()
    assert has_power(f.state, 0, "caesar") and not has_power(f.state, 1, "caesar")
    f.update(1, copied="circe")
    assert has_power(f.state, 1, "circe") and holder(f.state, "circe") == 1
