"""The player's own scenarios: one folder each in the user's data folder, listed (a broken one
with its reason, never an exception), read with size limits and written atomically; and the
rule set a game of one is played with, found again from a save's or a log's header.

A folder `<id>/` holds `scenario.yaml` (the bundled set-up schema, no `number`) and, for a map
variant, `map.yaml` and `layout.yaml`; the editor autosaves a draft in `<id>/autosave/` with the
same names. A game of a user scenario records the scenario's id and its rules hash (the
scenario file and the map it is played on; see `game...content.user`). Loading the game looks
the id up in this folder, in the saved files and then the autosave, and uses the one with that
hash: an edited scenario no longer opens the games played on its earlier version, and says so.
"""

from __future__ import annotations

import contextlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.content import ContentBundle, ContentError, parse_yaml
from game.core.ruleset import Ruleset
from game.rulesets import canonical_id, get_ruleset
from game.rulesets.mediterranean_empires.content import RULESET_ID, bundled_content
from game.rulesets.mediterranean_empires.content.check import (
    Problem,
    problem_of,
    scenario_problems,
)
from game.rulesets.mediterranean_empires.content.user import (
    PART_FILES,
    UserRuleset,
    user_bundle,
)
from net.files.folders import user_folder
from net.files.storage import StorageError, read_bytes, write_atomic

AUTOSAVE = "autosave"
"""The sub-folder where the editor autosaves a draft."""
FILE_LIMIT = 4 * 1024 * 1024
"""The largest scenario, map or layout file read (the bundled map is under 200 KB)."""
SLUG = re.compile(r"[a-z][a-z0-9_]{0,47}")
"""A user scenario's id, which is also its folder's name."""
_CACHED = 8
"""How many user scenarios' rule sets are kept built (by rules hash)."""
_rulesets: dict[str, UserRuleset] = {}


class UserScenarioError(ValueError):
    """A user scenario that cannot be read or played; the message says why in one line."""


def user_scenarios_folder() -> Path:
    """Where the user's Mediterranean Empires scenarios live (in the user's data folder)."""
    return user_folder("data") / "scenarios" / RULESET_ID


@dataclass(frozen=True)
class ScenarioTexts:
    """A user scenario's files as text: `scenario.yaml`, and `map.yaml` and `layout.yaml` of a
    map variant (None: absent)."""

    setup: str
    map: str | None = None
    layout: str | None = None

    def bundle(self) -> ContentBundle:
        """The content a game of this scenario is played on."""
        return user_bundle(self.setup, self.map, self.layout)

    def data(self) -> tuple[Any, Any, Any]:
        """The three parts as YAML data (ContentError at the first file that does not parse)."""
        return (parse_yaml(self.setup, PART_FILES["setup"]).value, _data(self.map, "map"),
                _data(self.layout, "layout"))


def _data(text: str | None, part: str) -> Any:
    return None if text is None else parse_yaml(text, PART_FILES[part]).value


@dataclass(frozen=True)
class UserScenario:
    """A user scenario as the menus list it."""

    id: str
    folder: Path
    name: str
    description: str = ""
    draft: bool = False
    """Marked as a draft (saved with problems); never offered to play."""
    own_map: bool = False
    """Has a map variant of its own."""
    problems: tuple[Problem, ...] = ()
    """Every problem of its saved files (its files unreadable: that one reason)."""
    autosaved: bool = False
    """The editor kept an autosave of a draft of it (`<id>/autosave/`)."""
    texts: ScenarioTexts | None = field(default=None, repr=False)

    @property
    def playable(self) -> bool:
        """Whether New Game, simulate and demo may start it."""
        return not self.draft and not self.problems and self.texts is not None

    def why_not(self) -> str:
        """Why it cannot be played, in one line ("" when it can)."""
        if self.draft:
            return f"your scenario {self.id!r} is a draft: finish it in the editor first"
        if self.problems:
            more = len(self.problems) - 1
            also = f" (and {more} more problem{'s' * (more > 1)})" if more else ""
            return f"your scenario {self.id!r} has a problem: {self.problems[0].located()}{also}"
        return ""


def read_texts(folder: Path) -> ScenarioTexts:
    """The files of a scenario folder; UserScenarioError naming a file that cannot be read."""
    texts = [_read(folder / name, name == PART_FILES["setup"]) for name in PART_FILES.values()]
    assert texts[0] is not None
    return ScenarioTexts(texts[0], texts[1], texts[2])


def _read(path: Path, required: bool) -> str | None:
    try:
        if not required and not path.exists():
            return None
        return read_bytes(path, FILE_LIMIT).decode("utf-8")
    except StorageError as exc:
        raise UserScenarioError(f"{path.name} cannot be read: {exc}") from None
    except OSError as exc:
        raise UserScenarioError(f"{path.name} cannot be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise UserScenarioError(f"{path.name} is not UTF-8 text (byte {exc.start})") from None


def folder_problems(folder: Path, texts: ScenarioTexts) -> list[Problem]:
    """Every problem of a scenario's files, and an id that is not its folder's name."""
    try:
        setup, map_data, layout = texts.data()
    except ContentError as error:
        return [problem_of(error, {}, frozenset())]
    problems = scenario_problems(setup, map_data, layout)
    ident = setup.get("id") if isinstance(setup, dict) else None
    if isinstance(ident, str) and ident != folder.name:
        problems.append(Problem(f"The id {ident} is not the folder's name, {folder.name}: a "
                                "user scenario's id is its folder's name.", ("setup", "id")))
    return problems


def read_scenario(folder: Path) -> UserScenario:
    """A scenario folder as the menus list it (never raises: what is wrong is a problem)."""
    try:
        return _scenario(folder)
    except OSError as exc:
        return _broken(folder, f"the folder cannot be read: {exc.strerror or exc}", False)


def _scenario(folder: Path) -> UserScenario:
    autosaved = (folder / AUTOSAVE / PART_FILES["setup"]).is_file()
    if not SLUG.fullmatch(folder.name):
        return _broken(folder, "the folder's name is not an id (lowercase letters, digits and "
                               "underscores, starting with a letter)", autosaved)
    if not os.path.lexists(folder / PART_FILES["setup"]):
        kept = ": only the editor's autosave of a draft, which the editor opens" * autosaved
        return _broken(folder, f"the folder holds no {PART_FILES['setup']}{kept}", autosaved)
    try:
        texts = read_texts(folder)
    except UserScenarioError as exc:
        return _broken(folder, str(exc), autosaved)
    setup = _plain_setup(texts)
    return UserScenario(folder.name, folder, str(setup.get("name") or folder.name),
                        str(setup.get("description") or ""), setup.get("draft") is True,
                        texts.map is not None, tuple(folder_problems(folder, texts)),
                        autosaved, texts)


def _plain_setup(texts: ScenarioTexts) -> dict[str, Any]:
    try:
        value = parse_yaml(texts.setup, PART_FILES["setup"]).value
    except ContentError:
        return {}
    return value if isinstance(value, dict) else {}


def _broken(folder: Path, reason: str, autosaved: bool) -> UserScenario:
    named_file = reason.split(" ", 1)[0] in PART_FILES.values()  # "scenario.yaml is ..."
    sentence = (reason if named_file else reason[:1].upper() + reason[1:]) + \
        ("" if reason.endswith(".") else ".")
    return UserScenario(folder.name, folder, folder.name, problems=(Problem(sentence),),
                        autosaved=autosaved)


def list_scenarios(root: Path | None = None) -> list[UserScenario]:
    """Every scenario folder in the user's folder (drafts and broken ones included), by name."""
    base = root if root is not None else user_scenarios_folder()
    try:
        folders = [p for p in base.iterdir() if not p.name.startswith(".") and p.is_dir()]
    except OSError:
        return []
    return sorted(map(read_scenario, folders), key=lambda s: (s.name.casefold(), s.id))


def write_texts(folder: Path, texts: ScenarioTexts) -> None:
    """Write a scenario's files into its folder (each atomically; the map and layout last
    written are taken away when it has none); StorageError saying why not."""
    for part, text in (("map", texts.map), ("layout", texts.layout), ("setup", texts.setup)):
        path = folder / PART_FILES[part]
        if text is not None:
            write_atomic(path, text.encode("utf-8"))
            continue
        try:
            path.unlink(missing_ok=True)
        except OSError as exc:
            raise StorageError(f"cannot remove {path}: {exc.strerror or exc}") from None


def id_refusal(name: str, root: Path | None = None) -> str:
    """Why `name` cannot be a new user scenario's id, in one line ("" when it can): not an id,
    a book scenario's id, or already a scenario of the folder (or the editor's unsaved one)."""
    base = root if root is not None else user_scenarios_folder()
    if not SLUG.fullmatch(name):
        return (f"{name!r} is not a scenario id: lowercase letters, digits and underscores, "
                "starting with a letter, at most 48")
    for book in bundled_content().setups:
        if book.id == name:
            return f"{name!r} is the id of the book's scenario {book.number}, {book.name}"
    if os.path.lexists(base / name):
        return f"you already have a scenario {name!r} in {base}"
    if os.path.lexists(base / f".{name}"):
        return f"the editor keeps an unsaved scenario {name!r} in {base / f'.{name}'}"
    return ""


def create_scenario(name: str, texts: ScenarioTexts, root: Path | None = None) -> Path:
    """A new scenario folder `name` holding these files; UserScenarioError saying why the name
    is refused (`id_refusal`), StorageError when it cannot be written (nothing is left)."""
    base = root if root is not None else user_scenarios_folder()
    refusal = id_refusal(name, base)
    if refusal:
        raise UserScenarioError(refusal)
    folder = base / name
    try:
        base.mkdir(parents=True, exist_ok=True)
        folder.mkdir()
    except FileExistsError:
        raise UserScenarioError(f"you already have a scenario {name!r} in {base}") from None
    except OSError as exc:
        raise StorageError(f"cannot create {folder}: {exc.strerror or exc}") from None
    try:
        write_texts(folder, texts)
    except StorageError:
        _remove_new(folder)
        raise
    return folder


def _remove_new(folder: Path) -> None:
    """Take away a folder this program just made, with the files it wrote there."""
    with contextlib.suppress(OSError):
        for name in PART_FILES.values():
            (folder / name).unlink(missing_ok=True)
        folder.rmdir()


# -- the rule set of a user scenario --------------------------------------------------------

def ruleset_of(texts: ScenarioTexts) -> UserRuleset:
    """The rule set over a user scenario's content (built once per rules hash); ContentError
    naming its first problem."""
    bundle = texts.bundle()
    found = _rulesets.get(bundle.content_hash)
    if found is None:
        found = UserRuleset(bundle)
        while len(_rulesets) >= _CACHED:
            del _rulesets[next(iter(_rulesets))]
        _rulesets[bundle.content_hash] = found
    return found


def playable_ruleset(folder: Path) -> UserRuleset:
    """The rule set of a scenario folder that may be played; UserScenarioError saying why
    not (a draft, its first problem, unreadable)."""
    scenario = read_scenario(folder)
    if not scenario.playable or scenario.texts is None:
        raise UserScenarioError(scenario.why_not())
    return ruleset_of(scenario.texts)


def resolve_scenario(ruleset_id: str, scenario: str | None) -> tuple[Ruleset, str | None]:
    """The rule set and scenario id a command names: a bundled scenario (number or id), a
    user scenario's folder or its `scenario.yaml`, or a user scenario's id."""
    ruleset = get_ruleset(ruleset_id)
    if scenario is None or canonical_id(ruleset_id) != RULESET_ID or _bundled(scenario):
        return ruleset, scenario
    user = playable_ruleset(scenario_folder(scenario))
    return user, user.user_setup.id


def scenario_folder(scenario: str) -> Path:
    """The folder of a user scenario named by its folder, its `scenario.yaml` or its id;
    KeyError naming what is known when there is none."""
    path = Path(scenario)
    folder = path.parent if path.name == PART_FILES["setup"] else path
    if ("/" in scenario or "\\" in scenario or path.is_dir()) and folder.is_dir():
        return folder
    if SLUG.fullmatch(scenario) and (user_scenarios_folder() / scenario).is_dir():
        return user_scenarios_folder() / scenario
    known = ", ".join(f"{s.number} ({s.id})" for s in bundled_content().setups)
    raise KeyError(f"no scenario {scenario!r}: not a scenario folder, nor a book scenario "
                   f"({known}), nor one of yours in {user_scenarios_folder()}")


def ruleset_in(folder: Path) -> UserRuleset:
    """The rule set over a scenario folder's files, draft or not; UserScenarioError or
    ContentError saying why there is none."""
    return ruleset_of(read_texts(folder))


def _bundled(key: str) -> bool:
    try:
        bundled_content().setup(key)
    except KeyError:
        return False
    return True


def ruleset_for(ruleset_id: str, scenario: str, content_hash: str,
                root: Path | None = None) -> Ruleset:
    """The rule set a recorded game was played with: the bundled one for a book scenario,
    else the user scenario of that id with the game's rules hash (its saved files, else its
    autosave); UserScenarioError saying it is gone or changed."""
    ruleset = get_ruleset(ruleset_id)
    if canonical_id(ruleset_id) != RULESET_ID or any(s.id == scenario
                                                     for s in ruleset.scenarios()):
        return ruleset
    base = root if root is not None else user_scenarios_folder()
    folder = base / scenario
    if not SLUG.fullmatch(scenario) or not folder.is_dir():
        raise UserScenarioError(f"the game is of your scenario {scenario!r}, which is no longer "
                                f"in {base} (it was deleted or renamed)")
    now = ""
    for candidate in (folder, folder / AUTOSAVE):
        try:
            texts = read_texts(candidate)
        except UserScenarioError:
            continue
        found = texts.bundle().content_hash
        if found == content_hash:
            return _loaded(scenario, texts)
        now = now or found
    raise UserScenarioError(f"your scenario {scenario!r} is not what it was when the game "
                            f"began: it was edited since, or this version's rules differ "
                            f"(rules hash now {now[:12] or 'unreadable'}, the game's "
                            f"{content_hash[:12]})")


def _loaded(scenario: str, texts: ScenarioTexts) -> UserRuleset:
    try:
        return ruleset_of(texts)
    except ContentError as exc:
        raise UserScenarioError(f"your scenario {scenario!r} no longer loads: {exc}") from None
