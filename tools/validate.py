"""Content validation (`mare validate`, run in CI): every registered rule set, or one folder."""

from __future__ import annotations

from pathlib import Path

from game.content.bundle import ContentBundle, read_folder, ruleset_dir
from game.content.errors import ContentError
from game.content.node import parse_yaml
from game.rulesets import RulesetEntry, canonical_id, entry, registered
from game.rulesets.mediterranean_empires.content.check import Problem, scenario_warnings
from game.rulesets.mediterranean_empires.content.user import SCENARIO_FILE
from net.files.user_scenarios import (
    AUTOSAVE,
    SLUG,
    UserScenario,
    read_scenario,
    user_scenarios_folder,
)


def run_validate(path: str | None, ruleset: str | None = None) -> int:
    """Validate and print one line per rule set (exit 1 on the first error, named) and every
    problem of the user's scenarios; or of the content, the user scenarios or the user
    scenario's id PATH names."""
    if path is None:
        for ruleset_id in registered():
            print(f"{ruleset_id}: ok ({validate_entry(entry(ruleset_id))})")
        return validate_users_folder()
    folder = _user_id_folder(path) or Path(path)
    scenarios = user_scenario_folders(folder)
    if scenarios is not None:
        return validate_user_scenarios(folder, scenarios)
    summary = validate_folder(folder, _ruleset_of(folder, ruleset))
    print(f"{folder.name}: ok ({summary})")
    return 0


def validate_users_folder() -> int:
    """Every problem of the scenarios in the user's folder (exit 1 when one has any)."""
    root = user_scenarios_folder()
    folders = user_scenario_folders(root) if root.is_dir() else None
    if not folders:
        print(f"your scenarios: none yet (in {root})")
        return 0
    return validate_user_scenarios(root, folders)


def _user_id_folder(path: str) -> Path | None:
    """The folder of the user scenario whose id PATH is, when PATH names nothing else."""
    folder = user_scenarios_folder() / path
    if SLUG.fullmatch(path) and not Path(path).exists() and folder.is_dir():
        return folder
    return None


def user_scenario_folders(path: Path) -> list[Path] | None:
    """The user scenario folders PATH names: a scenario's `scenario.yaml`, its folder, the
    user's scenarios folder or another folder of them (None: PATH is something else)."""
    if path.name == SCENARIO_FILE and path.is_file():
        return [path.parent]
    if not path.is_dir() or (path / "setups").is_dir():
        return None
    if (path / SCENARIO_FILE).exists() or _in_users_folder(path):
        return [path]
    folders = sorted(p for p in path.iterdir() if p.is_dir() and not p.name.startswith("."))
    marks = (SCENARIO_FILE, AUTOSAVE)
    if any((p / mark).exists() for p in folders for mark in marks):
        return folders
    return folders if path.resolve() == user_scenarios_folder().resolve() else None


def _in_users_folder(path: Path) -> bool:
    """Whether PATH is one of the folders of the user's scenarios folder."""
    return path.resolve().parent == user_scenarios_folder().resolve()


def validate_user_scenarios(path: Path, folders: list[Path]) -> int:
    """Print every problem and warning of each user scenario, one line each naming its file
    and key path (from inside PATH when it holds several scenarios), then a line per
    scenario, and for several a last line of the totals; exit 1 when any has a problem."""
    if not folders:
        print(f"{path}: no scenarios yet")
        return 0
    several = path not in (folders[0], folders[0] / SCENARIO_FILE) or len(folders) > 1
    failed = 0
    for folder in folders:
        scenario = read_scenario(folder)
        shown = Path(folder.name) if several else folder
        for problem in scenario.problems:
            print(problem_line(shown, problem))
        warnings = _warnings(scenario)
        for warning in warnings:
            print(problem_line(shown, warning, "warning: "))
        failed += bool(scenario.problems)
        print(f"{folder.name}: {_verdict(scenario, len(warnings))}")
    if several:
        count = f"{len(folders)} scenario{'s' * (len(folders) > 1)}"
        print(f"{path}: {count}, {failed or 'none'} with problems")
    return 1 if failed else 0


def _warnings(scenario: UserScenario) -> list[Problem]:
    """What would play badly, once there is no problem."""
    if scenario.problems or scenario.texts is None:
        return []
    return scenario_warnings(*scenario.texts.data())


def problem_line(folder: Path, problem: Problem, kind: str = "") -> str:
    """`FOLDER/FILE: KEY.PATH: sentence` (the file and key path where the problem lies)."""
    place = folder / problem.file if problem.file else folder
    path = f"{problem.key_path}: " if problem.key_path else ""
    return f"{place}: {path}{kind}{problem.sentence}"


def _verdict(scenario: UserScenario, warnings: int) -> str:
    count = len(scenario.problems)
    draft = " (a draft)" if scenario.draft else ""
    if count:
        return f"{count} problem{'s' * (count > 1)}{draft}"
    notes = f", {warnings} warning{'s' * (warnings > 1)}" if warnings else ""
    return f"ok{draft}{notes}"


def validate_entry(ruleset: RulesetEntry) -> str:
    """Validate a rule set's bundled content (its own checks when it has no content folder)."""
    if ruleset.content_folder is None:
        return ruleset.validate(None)
    return validate_folder(ruleset_dir(ruleset.content_folder), ruleset.id)


def validate_folder(folder: Path, ruleset: str) -> str:
    """Validate one rule set's folder; a summary, or ContentError."""
    if not folder.exists():
        raise ContentError(str(folder), "", "no such file or folder")
    if not folder.is_dir():
        raise ContentError(str(folder), "", "not a content folder (give the rule set's folder)")
    declared = entry(ruleset)
    bundle = read_folder(declared.id, folder, declared.presentation)
    _check_yaml_syntax(bundle)
    return declared.validate(bundle)


def _ruleset_of(folder: Path, ruleset: str | None) -> str:
    if not folder.exists():
        raise ContentError(str(folder), "", "no such file or folder")
    key = canonical_id(ruleset or folder.name)
    if key in registered():
        return key
    known = ", ".join(r for r in registered() if entry(r).content_folder)
    raise ContentError(str(folder), "", f"cannot tell which rule set this folder holds; name it "
                       f"after one ({known}) or pass --ruleset")


def _check_yaml_syntax(bundle: ContentBundle) -> None:
    for name, text in bundle.files:
        if name.endswith(".yaml"):
            parse_yaml(text, name)

