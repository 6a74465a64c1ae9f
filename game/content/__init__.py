"""Content loading: YAML text in, frozen definitions out, with errors naming file and key path."""

from game.content.bundle import ContentBundle, bundled_rulesets, read_bundled, ruleset_dir
from game.content.errors import ContentError
from game.content.node import Node, parse_yaml

__all__ = [
    "ContentBundle",
    "ContentError",
    "Node",
    "bundled_rulesets",
    "parse_yaml",
    "read_bundled",
    "ruleset_dir",
]
