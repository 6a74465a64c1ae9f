"""Scenario, map and layout data written as YAML that reads like the bundled files: the
schema's key order, one key per line, flow style where the bundled files use it (an empire, a
city, a route per line), their comments, and a header naming the scenario and the tool.

Every text is parsed back and compared with the data before it is returned, so a file the
editor writes always loads as exactly what was edited; `write_files` writes atomically."""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from game.rulesets.mediterranean_empires.content.setups import _KEYS as SETUP_KEYS
from net.files.storage import write_atomic

WIDTH = 100
"""The longest line written in flow style; longer lists go one item per line."""
PROSE_WIDTH = 96
"""Where a description is wrapped (as in the bundled set-ups)."""
SCORING_KEYS = ("key_city", "largest_empire", "largest_empire_tie", "capital_lost",
                "best_progress", "best_progress_tie", "progress_from_turn",
                "final_turn_vp_multiplier")
CITY_KEYS = ("name", "province", "size", "port", "geo", "aliases")
AREA_KEYS = ("name", "strength", "geo", "aliases")
ROUTE_KINDS = ("land", "coastal", "barbarian")
SETUP_COMMENTS = {"draft": (0, "it has problems: kept to work on, not playable yet"),
                  "empires": (32, "in turn order"),
                  "fortification_markers": (33, "per empire, the capital's marker included"),
                  "provinces": (32, "cities in play by size, as the scenario's table lists them"),
                  "scoring": (32, "replaces the standard end-of-turn scoring")}
"""Key → (column, words) of the comments the bundled set-ups carry."""
MAP_COMMENTS = {"barbarian_areas": "strength = dice; geo = the people's heartland (our estimate)",
                "routes": "undirected; each pair once"}
LAYOUT_COMMENTS = {"city_labels": "only crowded cities; every other label sits east (e) of its "
                                  "city"}
TOOL = "the Mare Internum editor (Title → Editor, or mare edit)"
_IDENTIFIER = re.compile(r"^[A-Za-z0-9_]+$")
Lines = list[str]


class WriteError(ValueError):
    """The text written would not load back as the data (a bug, never the user's input)."""


# -- headers --------------------------------------------------------------------------------

def scenario_header(name: str) -> list[str]:
    """The comment lines opening a user scenario's file."""
    return [f"# {_one_line(name) or 'A scenario'}: a Mediterranean Empires scenario.",
            f"# Written by {TOOL}; schema: docs/content-schema.md."]


def map_header(name: str) -> list[str]:
    """The comment lines opening a map variant's map.yaml."""
    return [f"# {_one_line(name) or 'A scenario'}: the geography of its map variant (rules data),",
            f"# written by {TOOL}. geo = [longitude, latitude] in hundredths of a degree."]


def layout_header(name: str) -> list[str]:
    """The comment lines opening a map variant's layout.yaml."""
    return [f"# {_one_line(name) or 'A scenario'}: how its map variant is drawn (presentation "
            "only),", f"# written by {TOOL}. Positions as in map.yaml."]


def _one_line(words: str) -> str:
    return " ".join("".join(c for c in str(words) if c.isprintable() or c.isspace()).split())


# -- the three files ------------------------------------------------------------------------

def scenario_text(setup: Mapping[str, Any], header: Sequence[str] = ()) -> str:
    """A scenario (set-up) file: `draft` first, then the bundled schema's order."""
    lines = list(header)
    for key in _ordered(setup, ("draft", *SETUP_KEYS)):
        lines += _setup_entry(key, setup[key])
    return _checked(lines, setup)


def map_text(map_data: Mapping[str, Any], header: Sequence[str] = (),
             notes: Mapping[str, tuple[Any, str]] | None = None) -> str:
    """A map.yaml: provinces, cities grouped by province (a comment per province), barbarian
    areas, routes one per line. `notes`: city → (geo, note) kept as the city's line comment
    while its geo is still that one."""
    lines = list(header)
    for key in _ordered(map_data, ("provinces", "cities", "barbarian_areas", "routes")):
        value, writer = map_data[key], _MAP_WRITERS.get(key)
        if writer is None or not isinstance(value, dict) or not value:
            lines += _block(key, value)
            continue
        entry = writer(value, map_data, notes or {})
        if key in MAP_COMMENTS:
            entry[0] += f"  # {MAP_COMMENTS[key]}"
        lines += entry
    return _checked(lines, map_data)


def layout_text(layout: Mapping[str, Any], header: Sequence[str] = ()) -> str:
    """A layout.yaml: the projection on one line, one line per province, area and city
    label."""
    lines = list(header)
    for key in _ordered(layout, ("projection", "provinces", "barbarian_areas", "city_labels")):
        value = layout[key]
        if key == "projection" and isinstance(value, dict):
            lines.append(f"projection: {flow(value)}")
        elif isinstance(value, dict):
            items = sorted(value.items()) if key == "city_labels" else value.items()
            comment = f"  # {LAYOUT_COMMENTS[key]}" if key in LAYOUT_COMMENTS else ""
            lines += [f"{key}:{comment}" if value else f"{key}: {{}}",
                      *(f"  {_key(k)}: {flow(v)}" for k, v in items)]
        else:
            lines += _block(key, value)
    return _checked(lines, layout)


def write_files(folder: Path, texts: Mapping[str, str | None]) -> None:
    """Write each named file atomically (None: remove it); StorageError if one cannot be."""
    for name, text in texts.items():
        path = folder / name
        if text is None:
            path.unlink(missing_ok=True)
        else:
            write_atomic(path, text.encode("utf-8"))


# -- set-up entries -------------------------------------------------------------------------

def _setup_entry(key: str, value: Any) -> Lines:
    comment = SETUP_COMMENTS.get(key)
    lines = _SETUP_WRITERS.get(key, _plain_entry)(key, value)
    if comment is not None and lines and (key != "draft" or value is True):
        column, words = comment
        lines[0] = f"{lines[0].ljust(column or len(lines[0]) + 2)}# {words}"
    return lines


def _plain_entry(key: str, value: Any) -> Lines:
    if isinstance(value, dict | list) and value:
        return _block(key, value)
    return [f"{key}: {scalar(value)}"]


def _description(key: str, value: Any) -> Lines:
    if not isinstance(value, str) or not _foldable(value):
        return _literal(key, value)
    return [f"{key}: >-", *textwrap.wrap(value, PROSE_WIDTH, initial_indent="  ",
                                          subsequent_indent="  ", break_on_hyphens=False,
                                          break_long_words=False)]


def _literal(key: str, value: Any) -> Lines:
    """Text of several lines as a literal block (as typed), else a quoted scalar."""
    if isinstance(value, str) and _literal_ok(value):
        return [f"{key}: |-", *(f"  {line}" if line else "" for line in value.split("\n"))]
    return [f"{key}: {scalar(value)}"]


def _foldable(text: str) -> bool:
    words = text.split(" ")
    return bool(text) and all(words) and text.isprintable() and not text.startswith("#")


def _literal_ok(text: str) -> bool:
    lines = text.split("\n")
    return (len(lines) > 1 and bool(lines[0]) and not lines[0][0].isspace()
            and lines[-1] != "" and all(line.isprintable() and line == line.rstrip()
                                        for line in lines))


def _list_entry(key: str, value: Any, indent: int = 0) -> Lines:
    """A list on one line when it fits (after `indent` spaces), else one item per line."""
    if isinstance(value, list) and value and indent + len(f"{key}: {flow(value)}") > WIDTH:
        return [f"{key}:", *(f"  - {flow(item)}" for item in value)]
    return [f"{key}: {flow(value)}"]


def _barbarians(key: str, value: Any) -> Lines:
    if isinstance(value, dict) and list(value) == ["all_except"]:
        return [f"{key}:", *(f"  {line}" for line in _list_entry("all_except",
                                                                value["all_except"], 2))]
    return _list_entry(key, value)


def _rows(key: str, value: Any) -> Lines:
    """A list of mappings, one flow mapping per line (the empires)."""
    if not isinstance(value, list) or not value:
        return _plain_entry(key, value)
    return [f"{key}:", *(f"  - {flow(item)}" for item in value)]


def _table(key: str, value: Any) -> Lines:
    """A mapping of flow values, one per line (provinces, removed cards)."""
    if not isinstance(value, dict) or not value:
        return _plain_entry(key, value)
    return [f"{key}:", *(f"  {_key(k)}: {flow(v)}" for k, v in value.items())]


def _scoring(key: str, value: Any) -> Lines:
    if not isinstance(value, dict) or not value:
        return _plain_entry(key, value)
    lines = [f"{key}:"]
    for name in _ordered(value, SCORING_KEYS):
        line = f"  {_key(name)}: {flow(value[name])}"
        if name == "largest_empire_tie" and value[name] == {"vp": 0, "cards": 0}:
            line += "   # a tie gives nobody anything"
        lines.append(line)
    return lines


_SETUP_WRITERS: dict[str, Callable[[str, Any], Lines]] = {
    "description": _description, "empires": _rows, "key_cities": _list_entry,
    "barbarian_areas": _barbarians, "provinces": _table, "removed_cards": _table,
    "scoring": _scoring,
}


# -- map entries ----------------------------------------------------------------------------

Notes = Mapping[str, tuple[Any, str]]


def _provinces(value: dict[str, Any], _map: Mapping[str, Any], _notes: Notes) -> Lines:
    return ["provinces:", *(f"  {_key(k)}: {flow(v)}" for k, v in value.items())]


def _cities(value: dict[str, Any], map_data: Mapping[str, Any], notes: Notes) -> Lines:
    """Cities grouped by province in the provinces' order (then any other), each group under
    a comment with the province's name and its number of cities."""
    provinces = map_data.get("provinces")
    provinces = provinces if isinstance(provinces, dict) else {}
    groups: dict[Any, list[str]] = {p: [] for p in provinces}
    for city, fields in value.items():
        province = fields.get("province") if isinstance(fields, dict) else None
        groups.setdefault(province if isinstance(province, str) else None, []).append(city)
    lines = ["cities:"]
    for province, members in groups.items():
        count = f"{len(members)} {'city' if len(members) == 1 else 'cities'}"
        lines.append(f"  # {_province_name(provinces, province)}: {count}")
        lines += [_city_line(city, value[city], notes.get(city)) for city in members]
    return lines


def _province_name(provinces: Mapping[str, Any], province: str | None) -> str:
    fields = provinces.get(province) if province is not None else None
    if isinstance(fields, dict) and isinstance(fields.get("name"), str):
        return _one_line(fields["name"])
    return "No province" if province is None else f"Unknown province {_one_line(province)}"


def _city_line(city: str, fields: Any, note: tuple[Any, str] | None) -> str:
    line = f"  {_key(city)}: {flow(_fields_in_order(fields, CITY_KEYS))}"
    if note is not None and isinstance(fields, dict) and fields.get("geo") == note[0]:
        line += f"  # {note[1]}"
    return line


def _areas(value: dict[str, Any], _map: Mapping[str, Any], _notes: Notes) -> Lines:
    return ["barbarian_areas:", *(f"  {_key(k)}: {flow(_fields_in_order(v, AREA_KEYS))}"
                                  for k, v in value.items())]


def _routes(value: dict[str, Any], _map: Mapping[str, Any], _notes: Notes) -> Lines:
    lines = ["routes:"]
    for kind in _ordered(value, ROUTE_KINDS):
        pairs = value[kind]
        if isinstance(pairs, list) and pairs:
            lines += [f"  {_key(kind)}:", *(f"    - {flow(pair)}" for pair in pairs)]
        else:
            lines.append(f"  {_key(kind)}: {flow(pairs)}")
    return lines


_MAP_WRITERS: dict[str, Callable[[dict[str, Any], Mapping[str, Any], Notes], Lines]] = {
    "provinces": _provinces, "cities": _cities, "barbarian_areas": _areas, "routes": _routes,
}


def _fields_in_order(fields: Any, order: tuple[str, ...]) -> Any:
    if not isinstance(fields, dict):
        return fields
    return {key: fields[key] for key in _ordered(fields, order)}


# -- scalars and flow -----------------------------------------------------------------------

def flow(value: Any) -> str:
    """A value in YAML flow style: bare words where they read back the same, else quoted as
    JSON strings are (valid YAML)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(flow(item) for item in value) + "]"
    if isinstance(value, str):
        return value if _bare(value) else _quoted(value)
    return scalar(value)


def scalar(value: Any) -> str:
    """A value after `key: ` in block style (words with spaces may stay bare)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return value if _plain_in_block(value) else _quoted(value)
    if isinstance(value, dict | list | tuple):
        return flow(value)
    return _dumped(value)


def _dumped(value: Any) -> str:
    """Any other YAML scalar (a date, …) as PyYAML writes it, so that it reads back the same."""
    return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True).strip() \
        .removesuffix("...").strip()


def _bare(text: str) -> bool:
    return text.isascii() and bool(_IDENTIFIER.match(text)) and _reads_back(text)


def _plain_in_block(text: str) -> bool:
    return (text == text.strip() and text.isprintable() and bool(text)
            and not text.startswith(("#", "&", "*", "!", "|", ">", "%", "@", "`", "'", '"',
                                     "[", "{", "-", "?", ":", ","))
            and _reads_back(text))


def _reads_back(text: str) -> bool:
    try:
        return yaml.safe_load(f"k: {text}") == {"k": text}
    except yaml.YAMLError:
        return False


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _key(key: Any) -> str:
    return key if isinstance(key, str) and _bare(key) else flow(key) if isinstance(key, str) \
        else scalar(key)


# -- shared ---------------------------------------------------------------------------------

def _ordered(data: Mapping[str, Any], order: Sequence[str]) -> list[str]:
    """The keys of `data`: those of `order` first in that order, then the others as they
    come."""
    return [k for k in order if k in data] + [k for k in data if k not in order]


def _block(key: str, value: Any) -> Lines:
    """Anything else, as PyYAML writes it in block style."""
    text = yaml.safe_dump({key: value}, sort_keys=False, allow_unicode=True,
                          default_flow_style=False, width=WIDTH)
    return text.rstrip("\n").split("\n")


def _checked(lines: Lines, data: Mapping[str, Any]) -> str:
    text = "\n".join(lines) + "\n"
    try:
        back = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise WriteError(f"the YAML written does not parse: {exc}") from None
    if back != dict(data) and not (back is None and not data):
        raise WriteError("the YAML written does not read back as the data")
    return text



def city_notes(text: str) -> dict[str, tuple[Any, str]]:
    """The line comments of a map.yaml's cities (their sources), by city, with the geo they
    were written for (see `map_text`)."""
    data = yaml.safe_load(text) or {}
    cities = data.get("cities") if isinstance(data, dict) else None
    found = {}
    for match in _CITY_NOTE.finditer(text):
        fields = cities.get(match["city"]) if isinstance(cities, dict) else None
        if isinstance(fields, dict):
            found[match["city"]] = (fields.get("geo"), match["note"])
    return found


_CITY_NOTE = re.compile(r"^  (?P<city>[a-z0-9_]+): \{.*\}  # (?P<note>[^\n]*)$", re.MULTILINE)


def header_of(text: str) -> list[str]:
    """The comment lines a file opens with."""
    lines = []
    for line in text.split("\n"):
        if not line.startswith("#"):
            break
        lines.append(line)
    return lines
