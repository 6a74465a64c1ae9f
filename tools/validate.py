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


def run_validate(path: str | None) -> int:
    """Validate and print one line per rule set; exit 1 on the first error (named)."""
    targets = [Path(path)] if path else [ruleset_dir(r) for r in bundled_rulesets()]
    if not targets:
        print("no content to validate")
        return 0
    for folder in targets:
        if not folder.is_dir():
            raise ContentError(str(folder), "", "not a content folder")
        summary = validate_folder(folder)
        print(f"{folder.name}: ok ({summary})")
    return 0


def validate_folder(folder: Path) -> str:
    """Validate one rule set's folder; a summary, or ContentError."""
    bundle = read_folder(folder.name, folder)
    _check_yaml_syntax(bundle)
    return _validator(bundle.ruleset)(bundle)


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
