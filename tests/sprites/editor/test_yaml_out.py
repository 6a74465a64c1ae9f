"""The YAML the editors write: the bundled files written back are the same text (their own
headers given), any data reads back exactly as it was, and files are written atomically."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from game.content import parse_yaml
from sprites.editor import yaml_out

CONTENT = Path(__file__).resolve().parents[3] / "scenarios" / "mediterranean_empires"
SETUPS = sorted((CONTENT / "setups").glob("*.yaml"))


@pytest.mark.parametrize("path", SETUPS, ids=lambda p: p.stem)
def test_every_bundled_setup_is_written_back_as_it_is(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    written = yaml_out.scenario_text(data, yaml_out.header_of(text))
    assert yaml.safe_load(written) == data
    assert written == text


def test_the_bundled_map_and_layout_are_written_back_as_they_are() -> None:
    for name, write in (("map.yaml", lambda d, t: yaml_out.map_text(
            d, yaml_out.header_of(t), yaml_out.city_notes(t))),
                        ("layout.yaml", lambda d, t: yaml_out.layout_text(
                            d, yaml_out.header_of(t)))):
        text = (CONTENT / name).read_text(encoding="utf-8")
        data = yaml.safe_load(text)
        written = write(data, text)
        assert yaml.safe_load(written) == data
        assert written == text, name


def test_a_moved_city_loses_its_source_note_and_groups_follow_the_provinces() -> None:
    text = (CONTENT / "map.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    data["cities"]["roma"]["geo"] = [1250, 4190]
    data["cities"]["messana"]["province"] = "italia"
    written = yaml_out.map_text(data, yaml_out.map_header("What if"), yaml_out.city_notes(text))
    lines = written.split("\n")
    roma = next(line for line in lines if line.startswith("  roma:"))
    assert "#" not in roma and "  # Italia: 12 cities" in lines
    assert lines.index("  # Italia: 12 cities") < lines.index(next(
        line for line in lines if line.startswith("  messana:")))
    assert written.startswith("# What if: the geography of its map variant")
    assert yaml.safe_load(written) == data


def test_a_user_scenario_reads_like_the_bundled_files() -> None:
    data = yaml.safe_load((CONTENT / "setups" / "04_medic_wars.yaml").read_text("utf-8"))
    data.pop("number")
    data = {**data, "id": "my_wars", "draft": True, "description": "Two lines.\nOf text."}
    written = yaml_out.scenario_text(data, yaml_out.scenario_header("My wars"))
    lines = written.split("\n")
    assert lines[0] == "# My wars: a Mediterranean Empires scenario."
    assert lines[2].startswith("draft: true  # ") and lines[3] == "id: my_wars"
    assert "description: |-" in lines and "  - {empire: greece, capital: athenai}" in lines
    assert yaml.safe_load(written) == data
    parse_yaml(written, "scenario.yaml")  # the game's own reader takes it


@pytest.mark.parametrize("value", [
    "true", "123", "yes", "null", "Rome: the war", "# not a comment", "  spaces  ",
    "tab\there", "- dash", "[bracket", "Ünïcödé", "", "a\n\nb", "trailing\n", "quote \"x\" 'y'",
    "ends with space ", "line\n  indented", "\u0007 bell"])
def test_any_text_reads_back_exactly(value: str) -> None:
    data = {"name": value, "description": value, "key_cities": [value, "ok"],
            "provinces": {value or "x": {"size1": 1}}, "extra": {value: [value]}}
    written = yaml_out.scenario_text(data, yaml_out.scenario_header(value))
    assert yaml.safe_load(written) == data
    assert yaml.safe_load(yaml_out.map_text({"provinces": {"p": {"name": value}},
                                             "cities": {"c": {"name": value, "province": value}}},
                                            yaml_out.map_header(value))) is not None


def test_values_of_the_wrong_shape_are_written_all_the_same() -> None:
    data = {"empires": "rome", "provinces": [1, 2], "scoring": 3, "barbarian_areas": {"a": 1},
            "hand_size": "14", "turns": None, "key_cities": {"x": [1]}}
    assert yaml.safe_load(yaml_out.scenario_text(data)) == data
    odd_map = {"cities": {"a": "b"}, "routes": {"land": "x", "sea": [["a", "b"]]},
               "barbarian_areas": [1]}
    assert yaml.safe_load(yaml_out.map_text(odd_map)) == odd_map


def test_files_are_written_atomically_and_removed_when_none(tmp_path: Path) -> None:
    yaml_out.write_files(tmp_path / "s", {"scenario.yaml": "a: 1\n", "map.yaml": "b: 2\n"})
    assert sorted(p.name for p in (tmp_path / "s").iterdir()) == ["map.yaml", "scenario.yaml"]
    yaml_out.write_files(tmp_path / "s", {"scenario.yaml": "a: 2\n", "map.yaml": None})
    assert [p.name for p in (tmp_path / "s").iterdir()] == ["scenario.yaml"]
    assert (tmp_path / "s" / "scenario.yaml").read_text() == "a: 2\n"
