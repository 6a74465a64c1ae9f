"""Content validation (`mare validate`, run in CI): every registered rule set, or one folder."""

from __future__ import annotations

from pathlib import Path

from game.content.bundle import ContentBundle, read_folder, ruleset_dir
from game.content.errors import ContentError
from game.content.node import parse_yaml
from game.rulesets import RulesetEntry, canonical_id, entry, registered


def run_validate(path: str | None, ruleset: str | None = None) -> int:
    """Validate and print one line per rule set; exit 1 on the first error (named)."""
    if path is None:
        for ruleset_id in registered():
            print(f"{ruleset_id}: ok ({validate_entry(entry(ruleset_id))})")
        return 0
    folder = Path(path)
    summary = validate_folder(folder, _ruleset_of(folder, ruleset))
    print(f"{folder.name}: ok ({summary})")
    return 0


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

