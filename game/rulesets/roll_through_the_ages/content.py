"""Roll Through the Ages content: dice, score sheet and colony board as frozen records.

The figures live in `scenarios/roll_through_the_ages/` (`SOURCES.md` says where each comes
from); this module loads and cross-checks them. The records are in `content_records`.
"""

from __future__ import annotations

from functools import cache

from game.content import ContentBundle, Node, read_bundled
from game.rulesets.roll_through_the_ages.content_check import check_content
from game.rulesets.roll_through_the_ages.content_parse import (
    COLONIES_FILE,
    DICE_FILE,
    SHEET_FILE,
    document,
    parse_colonies,
    parse_developments,
    parse_die,
    parse_disasters,
    parse_lengths,
    parse_monuments,
    parse_ports,
    parse_provinces,
    parse_start,
    parse_tracks,
    parse_values,
)
from game.rulesets.roll_through_the_ages.content_records import (
    REWARDS,
    Colony,
    Development,
    Disaster,
    Face,
    GameLength,
    Monument,
    Port,
    Province,
    RttaContent,
    Start,
    Tracks,
    Values,
)

RULESET_ID = "roll_through_the_ages"

__all__ = [
    "REWARDS", "RULESET_ID", "Colony", "Development", "Disaster", "Face", "GameLength",
    "Monument", "Port", "Province", "RttaContent", "Start", "Tracks", "Values",
    "bundled_bundle", "content_from", "load_content", "validate",
]


def bundled_bundle() -> ContentBundle:
    """The content files shipped with the game."""
    return read_bundled(RULESET_ID)


def load_content(bundle: ContentBundle | None = None) -> RttaContent:
    """The content of a bundle (the bundled one, loaded once, when None); ContentError naming
    the file and key of the first problem."""
    return _bundled() if bundle is None else _load(bundle)


@cache
def _bundled() -> RttaContent:
    return _load(bundled_bundle())


def _load(bundle: ContentBundle) -> RttaContent:
    dice, sheet = document(bundle, DICE_FILE), document(bundle, SHEET_FILE)
    return content_from(dice, sheet, document(bundle, COLONIES_FILE), bundle.content_hash)


def content_from(dice: Node, sheet: Node, board: Node, content_hash: str = "") -> RttaContent:
    """The content of the three parsed files (dice, sheet, colony board), cross-checked;
    ContentError naming the file and key of the first problem."""
    sheet.only_keys("developments", "monuments", "ports", "provinces", "disasters", "tracks",
                    "values", "start", "lengths", "solitaire")
    dice.only_keys("empire_die", "fate_die")
    board.only_keys("colonies")
    solitaire = sheet.child("solitaire").only_keys("rounds", "target", "target_mediterranean")
    content = RttaContent(
        empire_die=parse_die(dice.child("empire_die")),
        fate_die=parse_die(dice.child("fate_die")),
        developments=parse_developments(sheet.child("developments")),
        monuments=parse_monuments(sheet.child("monuments")),
        ports=parse_ports(sheet.child("ports")),
        provinces=parse_provinces(sheet.child("provinces")),
        disasters=parse_disasters(sheet.child("disasters")),
        colonies=parse_colonies(board.child("colonies")),
        tracks=parse_tracks(sheet.child("tracks")),
        values=parse_values(sheet.child("values")),
        start=parse_start(sheet.child("start")),
        lengths=parse_lengths(sheet.child("lengths")),
        solitaire_rounds=solitaire.get_int("rounds", None, 1, 100),
        solitaire_target=solitaire.get_int("target", None, 0, 10_000),
        solitaire_target_mediterranean=solitaire.get_int("target_mediterranean", None, 0, 10_000),
        content_hash=content_hash)
    check_content(content)
    return content


def validate(bundle: ContentBundle | None) -> str:
    """`mare validate`'s check: load and cross-check everything; a one-line summary."""
    content = load_content(bundle)
    return (f"{len(content.developments)} developments, {len(content.monuments)} monuments, "
            f"{len(content.ports)} ports, {len(content.provinces)} provinces, "
            f"{len(content.disasters)} disasters, {len(content.colonies)} colonies")
