"""The board's tables and tracks (tables.yaml) as frozen definitions, fully validated.

`load_tables` is the entry point; the Random Event table lives in `events_table`, the row and
range checks the tables share in `table_rows`.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.content import ContentBundle, ContentError, Node, parse_yaml
from game.rulesets.mediterranean_empires.content.events_table import (
    RandomEventTable,
    parse_random_event,
)
from game.rulesets.mediterranean_empires.content.table_rows import (
    Outcome,
    check_cover,
    check_faces,
    check_ids,
    check_unique,
    in_range,
    parse_choice,
    row_bounds,
)

TABLES_FILE = "tables.yaml"

SUBDUING_IDS = (
    "difficult_campaign", "migration", "pacification", "terror_spreads", "triumphal_campaign",
)
SUBDUING_MODIFIER_KINDS = ("per_enraged_level", "leader_in_expedition", "area_strength_at_least")
NEUTRAL_REACH = ("land", "coastal", "subdued_barbarian")
VP_AWARDS = ("battle_won", "battle_lost", "barbarian_battle_lost", "barbarian_interception_won",
             "barbarian_interception_lost", "per_city_size")


@dataclass(frozen=True)
class PirateRow:
    """Pirate Attack table: a die face gives the pirate fleet's naval and city-assault CF."""

    roll: int
    naval: int
    city: int


@dataclass(frozen=True)
class PirateTable:
    """Who steers the pirates, what they may hit, and their strength by die face."""

    chooser: str
    target: str
    rows: tuple[PirateRow, ...]

    def row(self, roll: int) -> PirateRow:
        """The row for a die face 1-6."""
        return next(row for row in self.rows if row.roll == roll)


@dataclass(frozen=True)
class NeutralRow:
    """Neutral Attack table: a die face gives the attacking neutral city's CF."""

    roll: int
    cf: int


@dataclass(frozen=True)
class NeutralTable:
    """Who picks the neutral attacker, what it may hit, by which links, and its CF by face."""

    chooser: str
    target: str
    reach: tuple[str, ...]
    rows: tuple[NeutralRow, ...]

    def row(self, roll: int) -> NeutralRow:
        """The row for a die face 1-6."""
        return next(row for row in self.rows if row.roll == roll)


@dataclass(frozen=True)
class SubduingModifier:
    """A modifier of the subduing roll; `strength` is only used by area_strength_at_least."""

    kind: str
    value: int
    strength: int = 0

    def applies(self, leader: bool, area_strength: int) -> bool:
        """Whether a flat (non-per-level) modifier applies."""
        if self.kind == "leader_in_expedition":
            return leader
        return self.kind == "area_strength_at_least" and area_strength >= self.strength


@dataclass(frozen=True)
class SubduingResult:
    """One result of the Barbarian Subduing table; the attacker takes one of `choice`."""

    id: str
    name: str
    low: int | None
    high: int | None
    choice: tuple[Outcome, ...]


@dataclass(frozen=True)
class SubduingTable:
    """The Barbarian Subduing table (rule 7): 1d6 plus modifiers gives a result."""

    dice: int
    modifiers: tuple[SubduingModifier, ...]
    results: tuple[SubduingResult, ...]

    def result_for(self, total: int) -> SubduingResult:
        """The result a modified roll gives."""
        return next(r for r in self.results if in_range(total, r.low, r.high))

    def modifier(self, enraged_level: int, leader: bool, area_strength: int) -> int:
        """The total modifier for the given circumstances."""
        total = 0
        for mod in self.modifiers:
            if mod.kind == "per_enraged_level":
                total += mod.value * enraged_level
            elif mod.applies(leader, area_strength):
                total += mod.value
        return total


@dataclass(frozen=True)
class EnragedTrack:
    """The Enraged Barbarians track: levels 0..max_level and what each level does."""

    max_level: int
    barbarian_dice_per_level: int
    subduing_modifier_per_level: int
    reset_at_turn_end: bool


@dataclass(frozen=True)
class VpSegment:
    """A named stretch of the VP track (rule 4.4)."""

    id: str
    name: str
    low: int
    high: int | None


@dataclass(frozen=True)
class VictoryPoints:
    """The VP track: start, floor, length, the fixed awards and the named segments."""

    start: int
    minimum: int
    track_length: int
    awards: tuple[tuple[str, int], ...]
    segments: tuple[VpSegment, ...]

    def award(self, name: str) -> int:
        """A fixed VP award by name (e.g. battle_won)."""
        return dict(self.awards)[name]

    def segment_for(self, vp: int) -> VpSegment:
        """The segment a VP total falls in."""
        return next(s for s in self.segments if in_range(vp, s.low, s.high))


@dataclass(frozen=True)
class HandSizeRow:
    """Starting and base hand size for a range of player counts (rule 3.2)."""

    min_players: int
    max_players: int
    cards: int


@dataclass(frozen=True)
class Award:
    """VP and next-turn hand-size change of one scoring line."""

    vp: int
    cards: int


@dataclass(frozen=True)
class ScoringDef:
    """End-of-turn scoring (rule 4.2); scenarios 1 and 2 replace it."""

    key_city: Award
    largest_empire: Award
    largest_empire_tie: Award
    capital_lost: Award
    best_progress: Award
    best_progress_tie: Award
    progress_from_turn: int
    final_turn_vp_multiplier: int


@dataclass(frozen=True)
class TablesDef:
    """Every table and track printed on the board."""

    random_event: RandomEventTable
    pirate_attack: PirateTable
    neutral_attack: NeutralTable
    subduing: SubduingTable
    enraged: EnragedTrack
    victory_points: VictoryPoints
    hand_size: tuple[HandSizeRow, ...]
    turns: int
    longer_play_turns: int
    scoring: ScoringDef

    def hand_size_for(self, players: int) -> int:
        """The base hand size for a player count."""
        for row in self.hand_size:
            if row.min_players <= players <= row.max_players:
                return row.cards
        raise ValueError(f"no hand size for {players} players")


def load_tables(bundle: ContentBundle) -> TablesDef:
    """Load and validate tables.yaml from a content bundle."""
    text = bundle.text(TABLES_FILE)
    if text is None:
        raise ContentError(TABLES_FILE, "", "file is missing")
    return parse_tables(parse_yaml(text, TABLES_FILE))


def parse_tables(root: Node) -> TablesDef:
    """Build the tables from the parsed root of tables.yaml."""
    root.only_keys("random_event", "pirate_attack", "neutral_attack", "barbarian_subduing",
                   "enraged_barbarians", "victory_points", "hand_size", "game_length", "scoring")
    enraged = _enraged(root.child("enraged_barbarians"))
    length = root.child("game_length").only_keys("turns", "longer_play_turns")
    turns = length.get_int("turns", low=1)
    return TablesDef(
        random_event=parse_random_event(root.child("random_event")),
        pirate_attack=_pirates(root.child("pirate_attack")),
        neutral_attack=_neutrals(root.child("neutral_attack")),
        subduing=_subduing(root.child("barbarian_subduing"), enraged),
        enraged=enraged,
        victory_points=_victory_points(root.child("victory_points")),
        hand_size=_hand_size(root.child("hand_size")),
        turns=turns,
        longer_play_turns=length.get_int("longer_play_turns", low=turns),
        scoring=parse_scoring(root.child("scoring")),
    )


def parse_scoring(node: Node) -> ScoringDef:
    """An end-of-turn scoring block (also used by set-ups that override it)."""
    lines = ("key_city", "largest_empire", "largest_empire_tie", "capital_lost",
             "best_progress", "best_progress_tie")
    node.only_keys(*lines, "progress_from_turn", "final_turn_vp_multiplier")
    awards = {name: _award(node.child(name)) for name in lines}
    return ScoringDef(**awards,
                      progress_from_turn=node.get_int("progress_from_turn", low=1),
                      final_turn_vp_multiplier=node.get_int("final_turn_vp_multiplier", low=1))


def _award(node: Node) -> Award:
    node.only_keys("vp", "cards")
    return Award(node.get_int("vp", default=0), node.get_int("cards", default=0))


def _pirates(node: Node) -> PirateTable:
    node.only_keys("chooser", "target", "rows")
    rows = node.child("rows")
    parsed = tuple(_pirate_row(row) for row in rows.elements())
    check_faces(rows, [row.roll for row in parsed])
    return PirateTable(node.child("chooser").choice(("random_player",)),
                       node.child("target").choice(("player_port",)), parsed)


def _pirate_row(node: Node) -> PirateRow:
    node.only_keys("roll", "naval", "city")
    return PirateRow(node.get_int("roll", low=1, high=6), node.get_int("naval", low=0),
                     node.get_int("city", low=0))


def _neutrals(node: Node) -> NeutralTable:
    node.only_keys("chooser", "target", "reach", "rows")
    rows = node.child("rows")
    parsed = tuple(_neutral_row(row) for row in rows.elements())
    check_faces(rows, [row.roll for row in parsed])
    reach = tuple(r.choice(NEUTRAL_REACH) for r in node.child("reach").elements())
    if not reach or len(set(reach)) != len(reach):
        raise node.child("reach").error("reach must list distinct link kinds")
    return NeutralTable(node.child("chooser").choice(("random_player",)),
                        node.child("target").choice(("player_city",)), reach, parsed)


def _neutral_row(node: Node) -> NeutralRow:
    node.only_keys("roll", "cf")
    return NeutralRow(node.get_int("roll", low=1, high=6), node.get_int("cf", low=0))


def _subduing(node: Node, enraged: EnragedTrack) -> SubduingTable:
    node.only_keys("dice", "modifiers", "results")
    dice = node.get_int("dice", low=1, high=1)
    modifiers = tuple(_subduing_modifier(m) for m in node.child("modifiers").elements())
    results_node = node.child("results")
    results = tuple(_subduing_result(r) for r in results_node.elements())
    check_ids(results_node, [r.id for r in results], SUBDUING_IDS)
    low, high = _subduing_extremes(modifiers, enraged.max_level)
    check_cover(results_node, [(r.low, r.high) for r in results], dice + low, 6 * dice + high)
    return SubduingTable(dice, modifiers, results)


def _subduing_modifier(node: Node) -> SubduingModifier:
    node.only_keys("kind", "value", "strength")
    kind = node.child("kind").choice(SUBDUING_MODIFIER_KINDS)
    strength = node.opt("strength")
    if (kind == "area_strength_at_least") != (strength is not None):
        raise node.error("strength is required by area_strength_at_least and only by it")
    return SubduingModifier(kind, node.get_int("value", low=-3, high=3),
                            0 if strength is None else strength.integer(1, 10))


def _subduing_extremes(mods: tuple[SubduingModifier, ...], max_level: int) -> tuple[int, int]:
    """The lowest and highest total modifier the table can see."""
    low = high = 0
    for mod in mods:
        value = mod.value * (max_level if mod.kind == "per_enraged_level" else 1)
        low, high = low + min(0, value), high + max(0, value)
    return low, high


def _subduing_result(node: Node) -> SubduingResult:
    node.only_keys("id", "name", "min", "max", "choice")
    low, high = row_bounds(node)
    return SubduingResult(node.get_text("id"), node.get_text("name"), low, high,
                          parse_choice(node.child("choice")))


def _enraged(node: Node) -> EnragedTrack:
    node.only_keys("max_level", "barbarian_dice_per_level", "subduing_modifier_per_level",
                   "reset_at_turn_end")
    return EnragedTrack(
        max_level=node.get_int("max_level", low=1, high=6),
        barbarian_dice_per_level=node.get_int("barbarian_dice_per_level", low=0, high=3),
        subduing_modifier_per_level=node.get_int("subduing_modifier_per_level", low=-3, high=0),
        reset_at_turn_end=node.get_bool("reset_at_turn_end", True),
    )


def _victory_points(node: Node) -> VictoryPoints:
    node.only_keys("start", "minimum", "track_length", "awards", "segments")
    minimum = node.get_int("minimum", low=0)
    awards_node = node.child("awards").only_keys(*VP_AWARDS)
    awards = tuple((key, awards_node.get_int(key, low=-10, high=10)) for key in VP_AWARDS)
    segments_node = node.child("segments")
    segments = tuple(_segment(s) for s in segments_node.elements())
    check_unique(segments_node, [s.id for s in segments])
    check_cover(segments_node, [(s.low, s.high) for s in segments], minimum, None)
    return VictoryPoints(node.get_int("start", low=minimum), minimum,
                         node.get_int("track_length", low=1), awards, segments)


def _segment(node: Node) -> VpSegment:
    node.only_keys("id", "name", "min", "max")
    return VpSegment(node.get_text("id"), node.get_text("name"), node.get_int("min"),
                     row_bounds(node)[1])


def _hand_size(node: Node) -> tuple[HandSizeRow, ...]:
    rows = []
    for row in node.elements():
        row.only_keys("min_players", "max_players", "cards")
        low = row.get_int("min_players", low=2, high=8)
        rows.append(HandSizeRow(low, row.get_int("max_players", low=low, high=8),
                                row.get_int("cards", low=1)))
    check_cover(node, [(r.min_players, r.max_players) for r in rows], 2, 8)
    return tuple(rows)
