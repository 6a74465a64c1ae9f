"""`mare content-stats`: the figures the books fix, asserted from the command's own output."""

from __future__ import annotations

import json

import pytest

from tools.cli import main

DESIGNER_END_TURN = {  # Scenarios Book, designer's notes (percent, two decimals)
    1: "0.00", 2: "0.00", 3: "0.00", 4: "0.00", 5: "2.78", 6: "8.33", 7: "16.67", 8: "27.78",
    9: "41.67", 10: "58.33", 11: "72.22", 12: "83.33", 13: "91.67", 14: "97.22", 15: "100.00",
}
EMPIRES = ("greece", "macedonia", "carthage", "rome", "iberia", "gaul", "persia", "egypt")


@pytest.fixture(scope="module")
def stats() -> dict:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["content-stats", "mediterranean-empires", "--json"]) == 0
    return json.loads(out.getvalue())


def test_cities_by_size_and_province(stats: dict) -> None:
    cities = stats["cities"]
    assert cities["total"] == 140
    assert cities["by_size"] == {"1": 79, "2": 50, "3": 11}
    provinces = cities["by_province"]
    assert len(provinces) == 17 and provinces["germania"]["total"] == 0
    assert provinces["helade"]["by_size"] == {"1": 12, "2": 10, "3": 1}
    assert provinces["mikra_asia"]["total"] + provinces["helade"]["total"] == 29
    assert provinces["corsica_sardinia_sicilia"]["by_size"] == {"1": 4, "2": 1, "3": 1}
    assert provinces["pannonia"]["by_size"] == {"1": 2, "2": 1, "3": 0}
    assert provinces["illyricum"]["by_size"] == {"1": 2, "2": 2, "3": 0}
    assert sum(p["total"] for p in provinces.values()) == 140


def test_ports_routes_and_barbarians(stats: dict) -> None:
    assert 0 < stats["ports"] < 140
    assert set(stats["routes"]) == {"land", "coastal", "barbarian"}
    assert all(n > 0 for n in stats["routes"].values())
    assert stats["barbarian_areas"]["count"] == 25
    assert stats["barbarian_areas"]["strength"]["vascones"] == 4


def test_eight_decks_of_35(stats: dict) -> None:
    assert tuple(stats["decks"]) == EMPIRES or set(stats["decks"]) == set(EMPIRES)
    for deck in stats["decks"].values():
        assert deck["cards"] == 35
        assert deck["by_type"]["T"] > 0 and deck["by_type"]["I"] > 0


def test_end_turn_odds_match_the_designer_for_every_round(stats: dict) -> None:
    got = {int(r): v["percent"] for r, v in stats["end_turn_probability"].items()}
    assert got == DESIGNER_END_TURN
    assert stats["end_turn_probability"]["5"]["fraction"] == "1/36"


def test_every_scenario_puts_its_book_total_of_cities_in_play(stats: dict) -> None:
    assert len(stats["scenarios"]) == 13
    for number, scenario in stats["scenarios"].items():
        assert scenario["cities_in_play"] == scenario["book_total"], number
    assert stats["scenarios"]["02"]["cities_in_play"] == 29
    assert stats["scenarios"]["13"]["cities_in_play"] == 140
    assert stats["scenarios"]["13"]["players"] == 8


def test_unknown_ruleset_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content-stats", "chess"]) == 1
    assert "no content statistics" in capsys.readouterr().err
