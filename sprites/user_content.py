"""The player's own scenarios in the client: listed beside the bundled ones, read into the
editor's three parts and written back, previewed, and played — from New Game, or from the
editor as a play test (`start_game`).

The files live in `net.files.user_scenarios.user_scenarios_folder()`; what a game of one is
played with is its `UserRuleset` (`game...content.user`), which New Game keeps by the
scenario's id between its list and the players page.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.content import ContentError
from game.rulesets.mediterranean_empires.content import RULESET_ID, MeContent
from game.rulesets.mediterranean_empires.content.setups import SetupDef
from game.rulesets.mediterranean_empires.content.user import PART_FILES, UserRuleset
from game.session import GameSession
from net.files.user_scenarios import (
    AUTOSAVE,
    ScenarioTexts,
    UserScenario,
    UserScenarioError,
    list_scenarios,
    read_texts,
    resolve_scenario,
    ruleset_of,
    user_scenarios_folder,
    write_texts,
)
from sprites import content

if TYPE_CHECKING:
    from sprites.map.model import MapModel
    from sprites.scenes.base import Host

Parts = tuple[dict[str, Any], dict[str, Any] | None, dict[str, Any] | None]
"""A scenario's setup, map and layout data (map and layout None: the bundled map)."""
_offered: dict[str, UserRuleset] = {}
"""The rule sets of the user scenarios New Game last listed, by scenario id."""


def scenarios_folder() -> Path:
    """Where the player's scenarios live (shown by the editor and `mare --help`)."""
    return user_scenarios_folder()


def scenarios() -> list[UserScenario]:
    """Every user scenario, drafts and broken ones included (each says why it cannot be
    played), by name."""
    return list_scenarios()


def playable(listed: list[UserScenario] | None = None
             ) -> list[tuple[UserScenario, UserRuleset]]:
    """The user scenarios New Game offers (no drafts, no problems; of `listed`, else of the
    folder) with their rule sets."""
    found = []
    for scenario in scenarios() if listed is None else listed:
        if scenario.playable and scenario.texts is not None:
            try:
                found.append((scenario, ruleset_of(scenario.texts)))
            except ContentError:
                continue
    _offered.clear()
    _offered.update((ruleset.user_setup.id, ruleset) for _, ruleset in found)
    return found


def offer(scenario: str) -> str:
    """The id of the scenario `mare play --scenario` names: a book scenario's number or id,
    or one of the user's that may be played (its id or folder), whose rule set is then kept
    as New Game keeps those it lists. KeyError or UserScenarioError saying why not."""
    ruleset, key = resolve_scenario(RULESET_ID, scenario)
    if isinstance(ruleset, UserRuleset):
        _offered[ruleset.user_setup.id] = ruleset
        return ruleset.user_setup.id
    return content.bundled().setup(key or scenario).id


def ruleset_of_setup(setup: SetupDef) -> UserRuleset | None:
    """The rule set of a user scenario New Game listed (None: a book scenario)."""
    return None if setup.number else _offered.get(setup.id)


def content_of(scenario: str) -> MeContent:
    """The content a scenario is played on: the bundled one, or a listed user scenario's."""
    found = _offered.get(scenario)
    return found.rules.content if found is not None else content.bundled()


def map_model_of(scenario: str) -> MapModel:
    """The drawable map of a scenario: its own map variant when it has one."""
    from sprites.map.model import build_model

    found = _offered.get(scenario)
    if found is None:
        return build_model(content.bundled())
    return build_model(found.rules.content, found.layout)


def scenario_title(scenario: str) -> str:
    """How a menu names a scenario: "3. The Second Punic War", or a user scenario's name
    and "(yours)", else its id."""
    for setup in content.bundled().setups:
        if setup.id == scenario:
            return setup.title
    found = _offered.get(scenario)
    if found is None:
        listed = {s.id: s.name for s in scenarios()}
        return f"{listed[scenario]} (yours)" if scenario in listed else scenario
    return f"{found.user_setup.name} (yours)"


# -- the editor's parts -----------------------------------------------------------------------

def load_parts(scenario: str, autosave: bool = False) -> Parts:
    """A user scenario's files (or its autosave) as YAML data for the editor;
    UserScenarioError or ContentError naming what is wrong."""
    folder = scenarios_folder() / scenario
    setup, map_data, layout = read_texts(folder / AUTOSAVE if autosave else folder).data()
    if not isinstance(setup, dict):
        raise UserScenarioError(f"{PART_FILES['setup']} does not hold a mapping of keys")
    return setup, map_data, layout


def save_parts(scenario: str, setup: Mapping[str, Any], map_data: Mapping[str, Any] | None,
               layout: Mapping[str, Any] | None, autosave: bool = False) -> Path:
    """Write a scenario's parts into its folder (or its autosave), each file atomically, as
    the editor writes YAML (a map variant's files taken away when it has none); the folder.
    StorageError saying why not."""
    from sprites.editor.store import city_notes, texts

    folder = scenarios_folder() / scenario
    files = texts({"setup": setup, "map": map_data, "layout": layout}, city_notes())
    write_texts(folder / AUTOSAVE if autosave else folder,
                ScenarioTexts(files[PART_FILES["setup"]] or "", files[PART_FILES["map"]],
                              files[PART_FILES["layout"]]))
    return folder


# -- playing ----------------------------------------------------------------------------------

def new_session(ruleset: UserRuleset, players: tuple[str, ...],
                options: Mapping[str, Any] | None = None) -> GameSession:
    """A new game of a user scenario (keys and chance from the operating system)."""
    from net.files.saves import new_secrets

    return GameSession.start(RULESET_ID, ruleset.user_setup.id, players,
                             new_secrets(len(players)), options, ruleset)


def start_game(app: Host, files: Mapping[str, str | None], players: tuple[str, ...],
               options: Mapping[str, Any] | None = None) -> None:
    """Open the table with a new game of a scenario being edited, given as its files' texts
    (`scenario.yaml`, and `map.yaml` and `layout.yaml` of a map variant); saved as it goes.
    The game opens over the scene below as any game does (`app.open_game`), so the scene a
    play test leaves under the table is where it returns. ContentError naming the first
    problem, UserScenarioError, StorageError: nothing was opened."""
    from net.files.saves import GameFiles, new_name
    from sprites.settings import saves_dir

    texts = ScenarioTexts(_text(files, "setup") or "", _text(files, "map"),
                          _text(files, "layout"))
    ruleset = ruleset_of(texts)
    session = new_session(ruleset, players, options)
    game_files = GameFiles(saves_dir(), new_name(ruleset.user_setup.id))
    game_files.save(session, "Set-up")
    app.open_game(session, game_files)


def _text(files: Mapping[str, str | None], part: str) -> str | None:
    return files.get(PART_FILES[part], files.get(part))
