"""Content validation (`mare validate`, run in CI): every bundled rule set, or one folder."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path

from game.content.bundle import ContentBundle, bundled_rulesets, read_folder, ruleset_dir
from game.content.errors import ContentError
from game.content.node import parse_yaml

VALIDATORS: dict[str, str] = {
    "mediterranean_empires": "game.rulesets.mediterranean_empires.content:validate_bundle",
}
"""Rule set id → "module:function" taking a ContentBundle and returning a summary line."""


def run_validate(path: str | None, ruleset: str | None = None) -> int:
    """Validate and print one line per rule set; exit 1 on the first error (named)."""
    if path is None:
        targets = [(ruleset_dir(r), r) for r in bundled_rulesets()]
    else:
        targets = [(Path(path), _ruleset_of(Path(path), ruleset))]
    if not targets:
        print("no content to validate")
        return 0
    for folder, ruleset_id in targets:
        summary = validate_folder(folder, ruleset_id)
        print(f"{folder.name}: ok ({summary})")
    return 0


def validate_folder(folder: Path, ruleset: str) -> str:
    """Validate one rule set's folder; a summary, or ContentError."""
    if not folder.is_dir():
        raise ContentError(str(folder), "", "not a content folder")
    bundle = read_folder(ruleset, folder)
    _check_yaml_syntax(bundle)
    return _validator(bundle.ruleset)(bundle)


def _ruleset_of(folder: Path, ruleset: str | None) -> str:
    key = (ruleset or folder.name).replace("-", "_")
    if key in VALIDATORS or key in bundled_rulesets():
        return key
    raise ContentError(str(folder), "", f"cannot tell which rule set this folder holds; name it "
                       f"after one ({', '.join(sorted(VALIDATORS))}) or pass --ruleset")


def _check_yaml_syntax(bundle: ContentBundle) -> None:
    for name, text in bundle.files:
        if name.endswith(".yaml"):
            parse_yaml(text, name)


def _validator(ruleset: str) -> Callable[[ContentBundle], str]:
    spec = VALIDATORS.get(ruleset)
    if spec is None:
        return lambda bundle: f"{len(bundle.files)} files parse"
    module_name, function = spec.split(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return lambda bundle: f"{len(bundle.files)} files parse"
    check = getattr(module, function, None)
    if check is None:
        return lambda bundle: f"{len(bundle.files)} files parse (no full validator yet)"
    return check


if __name__ == "__main__":
    import sys

    from tools.cli import main

    sys.exit(main(["validate", *sys.argv[1:]]))
