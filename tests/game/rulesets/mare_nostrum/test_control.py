"""Rule 3.1.1 on the bundled map: adjacent and adjoining provinces, where Control may go."""

from __future__ import annotations

from game.rulesets.mare_nostrum.content import load_content
from game.rulesets.mare_nostrum.control import adjoining, control_sites, linked, reachable

CONTENT = load_content()
GREEK = ("achaea", "thracia", "dacia")


def test_adjacent_provinces_share_a_land_border() -> None:
    assert "germania" in linked(CONTENT, "dacia", frozenset())
    assert "asia" not in reachable(CONTENT, GREEK, frozenset())


def test_adjoining_needs_an_unbroken_chain_of_own_triremes() -> None:
    assert adjoining(CONTENT, "achaea", frozenset()) == frozenset()
    assert "asia" in adjoining(CONTENT, "achaea", frozenset({"mare_aegaeum"}))
    chain = frozenset({"mare_ionium", "mare_africum"})
    assert "cyrenaica" in adjoining(CONTENT, "italia", chain)
    assert "cyrenaica" not in adjoining(CONTENT, "italia", frozenset({"mare_africum"}))


def test_control_sites_leave_out_barred_and_covered_provinces() -> None:
    barred = frozenset({*GREEK, "dalmatia", "macedonia"})
    found = control_sites(CONTENT, 5, GREEK, frozenset(), barred)
    assert "germania" in found
    assert not {"asia", "dalmatia", "macedonia", *GREEK} & set(found)
    near_babylon = control_sites(CONTENT, 4, ("cilicia",), frozenset(), frozenset())
    assert "mesopotamia" not in near_babylon
    assert "mesopotamia" in control_sites(CONTENT, 5, ("cilicia",), frozenset(), frozenset())
