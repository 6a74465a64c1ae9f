"""Cross-checks of loaded Roll Through the Ages content: what each file alone cannot show.

Every check raises a ContentError naming the file and the key of the first problem.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.content import ContentError
from game.rulesets.roll_through_the_ages.content_parse import (
    COLONIES_FILE,
    DICE_FILE,
    SHEET_FILE,
)
from game.rulesets.roll_through_the_ages.content_records import (
    Colony,
    Face,
    Port,
    Province,
    RttaContent,
)

DIE_FACES = 6
DEVELOPMENT_IDS = frozenset({
    "leadership", "granaries", "dyemaking", "formations", "medicine", "shipbuilding",
    "irrigation", "metallurgy", "religion", "architecture", "coinage", "aqueducts", "navy",
    "roads", "citizenship", "empire", "commerce"})
"""The developments whose effects the rules implement (step 5): the sheet names exactly these."""
LENGTH_IDS = ("short", "full")
COLONY_SIZES = (1, 2, 3, 4)
"""The Mediterranean solitaire die founds a colony of each of these sizes."""


def check_content(content: RttaContent) -> None:
    """Every cross-check; ContentError on the first problem."""
    _check_die(content.empire_die, "empire_die", fated=False)
    _check_die(content.fate_die, "fate_die", fated=True)
    _check_developments(content)
    _unique(SHEET_FILE, "monuments", (m.id for m in content.monuments))
    _check_numbered(SHEET_FILE, "ports", content.ports)
    _check_numbered(SHEET_FILE, "provinces", content.provinces)
    _check_disasters(content)
    _check_colonies(content.colonies)
    _check_start(content)
    _check_lengths(content)


def _unique(file: str, key: str, ids: Iterable[str | int]) -> None:
    seen: set[str | int] = set()
    for index, id in enumerate(ids):
        if id in seen:
            raise ContentError(file, f"{key}[{index}]", f"{id!r} appears twice")
        seen.add(id)


def _check_die(faces: tuple[Face, ...], key: str, fated: bool) -> None:
    if len(faces) != DIE_FACES:
        raise ContentError(DICE_FILE, key, f"a die has {DIE_FACES} faces, not {len(faces)}")
    _unique(DICE_FILE, key, (face.id for face in faces))
    if fated:
        _unique(DICE_FILE, f"{key} fate", (face.fate for face in faces if face.fate))
        return
    for index, face in enumerate(faces):
        if face.fate or face.food_per_food_die:
            raise ContentError(DICE_FILE, f"{key}[{index}]",
                               "only a Fate die face may call a fate or change food per die")


def _check_developments(content: RttaContent) -> None:
    ids = [development.id for development in content.developments]
    _unique(SHEET_FILE, "developments", ids)
    for index, id in enumerate(ids):
        if id not in DEVELOPMENT_IDS:
            raise ContentError(SHEET_FILE, f"developments[{index}].id",
                               f"{id!r} is not a development the rules know")
    missing = sorted(DEVELOPMENT_IDS - set(ids))
    if missing:
        raise ContentError(SHEET_FILE, "developments", f"missing {', '.join(missing)}")
    costs = [development.cost for development in content.developments]
    if costs != sorted(costs):
        raise ContentError(SHEET_FILE, "developments", "must be listed by cost, cheapest first")


def _check_numbered(file: str, key: str, records: Sequence[Port | Province]) -> None:
    """Numbered 1, 2, … in order, #1 pre-built (nothing to fill, nothing gained)."""
    if not records:
        raise ContentError(file, key, "at least the pre-built #1 is needed")
    for index, record in enumerate(records):
        if record.number != index + 1:
            raise ContentError(file, f"{key}[{index}].number", f"expected {index + 1}")
    first = records[0]
    if any(value for name, value in vars(first).items() if name != "number"):
        raise ContentError(file, f"{key}[0]", "#1 is pre-built: every figure must be 0")


def _check_disasters(content: RttaContent) -> None:
    _unique(SHEET_FILE, "disasters", (d.skulls for d in content.disasters))
    _unique(SHEET_FILE, "disasters", (d.id for d in content.disasters))
    protections = {d.id for d in content.developments} | {m.id for m in content.monuments}
    for index, disaster in enumerate(content.disasters):
        if disaster.immunity and disaster.immunity not in protections:
            raise ContentError(SHEET_FILE, f"disasters[{index}].immunity",
                               f"{disaster.immunity!r} is no development or monument")
    known = {d.id for d in content.disasters}
    for index, monument in enumerate(content.monuments):
        if monument.immunity and monument.immunity not in known:
            raise ContentError(SHEET_FILE, f"monuments[{index}].immunity",
                               f"{monument.immunity!r} is no disaster")


def _check_colonies(colonies: tuple[Colony, ...]) -> None:
    _unique(COLONIES_FILE, "colonies", (colony.id for colony in colonies))
    for index, colony in enumerate(colonies):
        if not colony.rewards:
            raise ContentError(COLONIES_FILE, f"colonies[{index}].rewards",
                               "a colony gives at least one reward")
    for size in COLONY_SIZES:
        if not any(c.size == size and not c.four_players_only for c in colonies):
            raise ContentError(COLONIES_FILE, "colonies",
                               f"the solitaire die needs a size-{size} colony open to 1-3 "
                               f"players")


def _check_start(content: RttaContent) -> None:
    start, tracks = content.start, content.tracks
    for key, value, cap in (("food", start.food, tracks.food), ("goods", start.goods, tracks.goods),
                            ("armies", start.armies, tracks.armies),
                            ("conquest_boxes", start.conquest_boxes, tracks.conquest_boxes)):
        if value > cap:
            raise ContentError(SHEET_FILE, f"start.{key}", f"{value} is beyond its track ({cap})")
    most = max(len(content.ports), len(content.provinces))
    if not 1 <= start.dice <= start.max_dice <= most:
        raise ContentError(SHEET_FILE, "start", f"dice {start.dice} and max_dice "
                                                f"{start.max_dice} must fit 1..{most}")
    if not content.values.goods_per_wealth or not content.values.goods_per_wealth_coinage:
        raise ContentError(SHEET_FILE, "values", "goods per wealth must be at least 1")


def _check_lengths(content: RttaContent) -> None:
    ids = [length.id for length in content.lengths]
    _unique(SHEET_FILE, "lengths", ids)
    if sorted(ids) != sorted(LENGTH_IDS):
        raise ContentError(SHEET_FILE, "lengths", f"expected exactly {', '.join(LENGTH_IDS)}")
    for index, length in enumerate(content.lengths):
        if length.monuments_left >= len(content.monuments):
            raise ContentError(SHEET_FILE, f"lengths[{index}].monuments_left",
                               "must leave at least one monument to build")
