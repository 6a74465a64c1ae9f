"""`mare new-scenario --from ID NAME`: a book scenario or one of the user's copied into the
user's scenarios folder as the start of a new one, whose id is NAME: ready to play at once
(`mare simulate --scenario NAME`) and to change in the editor (`mare edit NAME`).

The copy's `scenario.yaml` is written as the editor writes one (`sprites.editor.yaml_out`:
the bundled files' key order and comments); a user scenario's map variant is copied as it is.
A copy is a draft (`draft: true`) exactly while it has problems (a book scenario has none)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from game.content import parse_yaml
from game.rulesets.mediterranean_empires.content import bundled_bundle, bundled_content
from game.rulesets.mediterranean_empires.content.user import SCENARIO_FILE
from net.files.user_scenarios import (
    ScenarioTexts,
    UserScenarioError,
    create_scenario,
    folder_problems,
    id_refusal,
    read_texts,
    scenario_folder,
    user_scenarios_folder,
)


@dataclass(frozen=True)
class Source:
    """What a new scenario starts from: its set-up data, a map variant's files, and words
    naming it ("scenario 3, The Second Punic War")."""

    origin: str
    setup: dict[str, Any]
    map: str | None = None
    layout: str | None = None


def run_new_scenario(source: str, name: str, title: str | None = None) -> int:
    """Copy the scenario `source` names as the user scenario `name`; print where it is and
    how to play it. UserScenarioError or KeyError (one line) when it cannot."""
    refusal = id_refusal(name)
    if refusal:
        raise UserScenarioError(refusal)
    found = scenario_source(source)
    texts, problems = copied(found, name, title)
    folder = create_scenario(name, texts)
    for line in report(name, found.origin, folder, texts, len(problems)):
        print(line)
    return 0


def report(name: str, origin: str, folder: Path, texts: ScenarioTexts, problems: int
           ) -> list[str]:
    """What was written where, and what to do next: play it, or fix its problems."""
    files = ", ".join(n for n, t in (("scenario.yaml", texts.setup), ("map.yaml", texts.map),
                                     ("layout.yaml", texts.layout)) if t is not None)
    lines = [f"{name}: a copy of {origin}, in {folder} ({files})"]
    if not problems:
        return [*lines, f"Play it: mare simulate --scenario {name}   Change it: mare edit {name}"]
    count = f"{problems} problem{'s' * (problems > 1)}"
    return [*lines, f"It is kept as a draft: it has {count} (mare validate {name} lists them); "
                    f"fix them in the editor: mare edit {name}"]


def scenario_source(key: str) -> Source:
    """The scenario `key` names: a book scenario's number or id, else one of the user's (its
    id, folder or `scenario.yaml`); KeyError naming what is known when there is none."""
    try:
        book = bundled_content().setup(key)
    except KeyError:
        return _user_source(key)
    setup = parse_yaml(bundled_bundle().text(book.file) or "", book.file).value
    return Source(f"scenario {book.number}, {book.name}", setup)


def _user_source(key: str) -> Source:
    folder = scenario_folder(key)
    texts = read_texts(folder)
    setup = parse_yaml(texts.setup, f"{folder.name}/{SCENARIO_FILE}").value
    if not isinstance(setup, dict):
        raise UserScenarioError(f"{folder / SCENARIO_FILE} does not hold a mapping of keys; "
                                "there is nothing to copy")
    name = setup.get("name")
    words = f"your scenario {folder.name}" + (f", {name}" if isinstance(name, str) else "")
    return Source(words, setup, texts.map, texts.layout)


def copied(source: Source, name: str, title: str | None) -> tuple[ScenarioTexts, list[Any]]:
    """The new scenario's files (its id `name`, no book number, its name `title` if given; a
    draft while it has problems) and those problems."""
    setup = {key: name if key == "id" else value for key, value in source.setup.items()
             if key != "number"}
    setup.setdefault("id", name)
    if title is not None:
        setup["name"] = " ".join(title.split())
    setup.pop("draft", None)
    texts = ScenarioTexts(setup_text(setup, source.origin), source.map, source.layout)
    problems = folder_problems(user_scenarios_folder() / name, texts)
    if problems:
        setup = {"draft": True, **setup}
        texts = ScenarioTexts(setup_text(setup, source.origin), source.map, source.layout)
    return texts, problems


def setup_text(setup: dict[str, Any], origin: str) -> str:
    """A `scenario.yaml` as the editor writes one, its header saying where it started;
    PyYAML's plain dump for data the editor's writer cannot take (odd values of a
    hand-written scenario, which are its problems anyway)."""
    from sprites.editor import yaml_out

    words = "".join(c for c in " ".join(origin.split()) if c.isprintable())
    header = [*yaml_out.scenario_header(str(setup.get("name") or "")),
              f"# Copied from {words}, by mare new-scenario."]
    try:
        return yaml_out.scenario_text(setup, header)
    except (yaml_out.WriteError, RecursionError):
        body = yaml.safe_dump(setup, sort_keys=False, allow_unicode=True, width=100)
        return "\n".join(header) + "\n" + body
