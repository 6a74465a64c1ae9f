"""Small user scenarios written into temporary folders, for the tests of every layer; and a
game played and saved as it goes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from game.rulesets.mediterranean_empires.content import bundled_bundle, bundled_content
from game.session import GameSession
from net.files.saves import GameFiles


def book_setup(number: int, ident: str, name: str = "") -> dict[str, Any]:
    """A book scenario's data as a user scenario's: no number, another id and name."""
    setup = bundled_content().setup(str(number))
    data = yaml.safe_load(bundled_bundle().text(setup.file) or "")
    data.pop("number")
    data["id"] = ident
    data["name"] = name or f"{setup.name}, again"
    return data


def bundled_map_texts() -> tuple[str, str]:
    """The bundled map.yaml and layout.yaml, as text."""
    bundle = bundled_bundle()
    return bundle.text("map.yaml") or "", bundle.text("layout.yaml") or ""


def write_user(root: Path, ident: str, setup: dict[str, Any] | str,
               map_text: str | None = None, layout_text: str | None = None) -> Path:
    """A scenario folder `root/ident` with these files; the folder."""
    folder = root / ident
    folder.mkdir(parents=True, exist_ok=True)
    text = setup if isinstance(setup, str) else yaml.safe_dump(setup, sort_keys=False)
    (folder / "scenario.yaml").write_text(text, encoding="utf-8")
    for name, body in (("map.yaml", map_text), ("layout.yaml", layout_text)):
        if body is not None:
            (folder / name).write_text(body, encoding="utf-8")
    return folder


def user_root(data_dir: Path) -> Path:
    """The user scenarios folder under a data folder (what MARE_DATA_DIR points to)."""
    return data_dir / "scenarios" / "mediterranean_empires"


def moved_city_map() -> tuple[str, str]:
    """A map variant: Roma moved a little, Ostia added in Italia (size 1, a port, a land route
    to Roma), and its layout (unchanged: a new city needs no label position)."""
    map_text, layout_text = bundled_map_texts()
    data = yaml.safe_load(map_text)
    data["cities"]["roma"]["geo"] = [1260, 4190]
    data["cities"]["ostia"] = {"name": "Ostia", "province": "italia", "size": 1, "port": True,
                               "geo": [1229, 4173]}
    data["routes"]["land"].append(["ostia", "roma"])
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True), layout_text


def for_moved_map(setup: dict[str, Any]) -> dict[str, Any]:
    """A set-up's counts as `moved_city_map` makes them (Italia has one more size-1 city)."""
    italia = setup["provinces"].get("italia")
    if italia is not None:
        italia["size1"] += 1
        italia["total"] += 1
        setup["total_cities"] += 1
    return setup


def with_ostia_war(data: Path) -> Path:
    """The user scenarios folder of data folder `data`, holding `ostia_war` (scenario 1 on a
    map variant with a city moved); the folder."""
    folder = user_root(data)
    moved, layout = moved_city_map()
    write_user(folder, "ostia_war", for_moved_map(book_setup(1, "ostia_war", "The Ostia War")),
               moved, layout)
    return folder


def played(session: GameSession, saves: Path, entries: int) -> tuple[GameSession, GameFiles]:
    """A session played to `entries` records (each person takes their first legal action),
    saved as "game" in `saves` after every entry, the saves flushed."""
    files = GameFiles(saves, "game")
    session.on_entry = files.save
    while len(session.table.records) < entries:
        if session.step() is None:
            seat = session.human_turn()
            assert seat is not None
            session.act(seat, session.legal(seat)[0])
    files.saver.flush()
    return session, files
