"""User scenarios: a scenario file of the bundled schema with, optionally, a map variant of its
own (a whole `map.yaml` and its `layout.yaml`), played with the bundled decks and tables.

One pass checks a user scenario, with the same loaders as the bundled content: it raises the
first problem when a scenario is loaded to be played, and collects every problem for the
editor and `mare validate` (`check.scenario_problems`). Reading the files is the caller's:
`net.files.user_scenarios` finds them in the user's folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

from game.content import ContentBundle, ContentError, Node, parse_yaml
from game.core.ruleset import ScenarioInfo
from game.rulesets.mediterranean_empires.content import (
    PRESENTATION_FILES,
    RULESET_ID,
    MeContent,
    bundled_bundle,
    bundled_content,
    bundled_layout,
)
from game.rulesets.mediterranean_empires.content.findings import RAISE, Findings
from game.rulesets.mediterranean_empires.content.layout import LAYOUT_FILE, LayoutDef, read_layout
from game.rulesets.mediterranean_empires.content.map import MAP_FILE, MapDef, read_map
from game.rulesets.mediterranean_empires.content.setups import (
    BARBARIAN_IDS,
    PROVINCE_IDS,
    SETUPS_DIR,
    SetupDef,
    check_against_decks,
    check_against_map,
    read_setup,
)
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.ruleset import MeRuleset

SCENARIO_FILE = "scenario.yaml"
PART_FILES = {"setup": SCENARIO_FILE, "map": MAP_FILE, "layout": LAYOUT_FILE}
"""The file of each part of a user scenario (the parts as the editor's draft names them)."""


@dataclass(frozen=True)
class UserParts:
    """A user scenario as checked: its set-up, the map it is played on and that map's drawing
    (None where a problem left nothing to build; the layout also when it is the bundled one)."""

    setup: SetupDef | None
    map: MapDef | None
    layout: LayoutDef | None


def user_bundle(setup_text: str, map_text: str | None = None,
                layout_text: str | None = None) -> ContentBundle:
    """The content of a user scenario: the bundled decks and tables, its `scenario.yaml`, and
    its map variant (else the bundled map and drawing). The rules hash covers the scenario
    file and the map it is played on; `layout.yaml` stays outside it, as for the bundled
    content. A map variant without a layout has none in the bundle (a problem when loaded)."""
    base = _base()
    kept = tuple((name, text) for name, text in base.files
                 if name not in (MAP_FILE, LAYOUT_FILE)
                 and not name.startswith((SETUPS_DIR, *PRESENTATION_FILES)))
    own = {SCENARIO_FILE: setup_text, MAP_FILE: map_text or base.text(MAP_FILE),
           LAYOUT_FILE: layout_text or (None if map_text else base.text(LAYOUT_FILE))}
    files = kept + tuple((name, text) for name, text in own.items() if text is not None)
    return ContentBundle(RULESET_ID, tuple(sorted(files)), PRESENTATION_FILES)


@cache
def _base() -> ContentBundle:
    """The bundled files (read once: they never change while the program runs)."""
    return bundled_bundle()


def is_user_bundle(bundle: ContentBundle) -> bool:
    """Whether a bundle holds a user scenario (else it is a rule set's whole content)."""
    return bundle.text(SCENARIO_FILE) is not None


def check_user_scenario(setup: Node, map_root: Node | None, layout: Node | None,
                        findings: Findings = RAISE) -> UserParts:
    """Every check of a user scenario (`map_root` None: the bundled map; `layout` None: the
    bundled drawing, or none for a map variant), each problem reported to `findings`."""
    base = bundled_content()
    map_def = base.map if map_root is None else _variant_map(map_root, findings)
    whole = map_def is not None and (map_root is None or _whole(map_root, map_def))
    drawing = _drawing(layout, map_root is not None, map_def if whole else None, findings)
    parsed = read_setup(setup, findings, user=True, areas=area_order(map_def))
    if parsed is not None:
        with findings.guard():
            if whole and map_def is not None:
                check_against_map(parsed, setup, map_def, findings)
            check_against_decks(parsed, setup, base.decks, findings)
            _check_not_bundled(parsed, setup, base)
    return UserParts(parsed, map_def, drawing)


def area_order(map_def: MapDef | None) -> tuple[str, ...]:
    """A map's barbarian areas in the order `barbarian_areas: all` lists them: the book's
    order, then areas a map variant adds, by id."""
    if map_def is None:
        return BARBARIAN_IDS
    ids = {area.id for area in map_def.barbarian_areas}
    return (*(a for a in BARBARIAN_IDS if a in ids), *sorted(ids - set(BARBARIAN_IDS)))


def _variant_map(root: Node, findings: Findings) -> MapDef | None:
    """A map variant checked as the bundled map is (not against the books' facts: changing
    the map is its point), and with only the rule set's provinces (cards name them)."""
    map_def = read_map(root, findings)
    for province in () if map_def is None else map_def.provinces:
        if province.id not in PROVINCE_IDS:
            findings.report(root.child("provinces").child(province.id).error(
                f"{province.id!r} is not a province of Mediterranean Empires "
                f"(they are {', '.join(PROVINCE_IDS)})"))
    return map_def


def _whole(root: Node, map_def: MapDef) -> bool:
    """Whether every city and area a map file lists passed its checks (else checking the
    scenario or the drawing against it would name places that are only misspelt)."""
    listed = root.as_dict_value()
    ids = {str(k) for key in ("cities", "barbarian_areas")
           if isinstance(listed.get(key), dict) for k in listed[key]}
    return ids == set(map_def.node_ids)


def _drawing(layout: Node | None, variant: bool, map_def: MapDef | None,
             findings: Findings) -> LayoutDef | None:
    if layout is None:
        if variant:
            findings.report(ContentError(LAYOUT_FILE, "", "a map variant needs its "
                                         "layout.yaml, which says how it is drawn"))
        return None
    return None if map_def is None else findings.attempt(lambda: read_layout(layout, map_def))


def _check_not_bundled(setup: SetupDef, root: Node, base: MeContent) -> None:
    for bundled in base.setups:
        if setup.id == bundled.id:
            raise root.child("id").error(f"the id {setup.id} is that of the book's scenario "
                                         f"{bundled.number}, {bundled.name}")


def load_user_content(bundle: ContentBundle) -> MeContent:
    """A user scenario's content, checked (ContentError naming the first problem's file and
    key path). Its decks and tables are the bundled ones (`user_bundle` carries them)."""
    roots = _roots(bundle)
    parts = check_user_scenario(*roots)
    assert parts.setup is not None and parts.map is not None
    base = bundled_content()
    return MeContent(parts.map, base.decks, base.tables, (parts.setup,), bundle.content_hash)


def _roots(bundle: ContentBundle) -> tuple[Node, Node | None, Node | None]:
    """The parsed parts of a user bundle; a map or drawing that is the bundled one: None."""
    setup = bundle.text(SCENARIO_FILE)
    if setup is None:
        raise ContentError(SCENARIO_FILE, "", "file is missing")
    base = _base()
    map_text, layout_text = bundle.text(MAP_FILE), bundle.text(LAYOUT_FILE)
    variant = map_text is not None and map_text != base.text(MAP_FILE)
    own_layout = layout_text is not None and (variant or layout_text != base.text(LAYOUT_FILE))
    return (parse_yaml(setup, SCENARIO_FILE),
            parse_yaml(map_text, MAP_FILE) if variant and map_text else None,
            parse_yaml(layout_text, LAYOUT_FILE) if own_layout and layout_text else None)


class UserRuleset(MeRuleset):
    """Mediterranean Empires over a user scenario's content (its one scenario, its map)."""

    def __init__(self, bundle: ContentBundle, content: MeContent | None = None) -> None:
        super().__init__(Rules(content or load_user_content(bundle)))
        self.bundle = bundle

    @property
    def user_setup(self) -> SetupDef:
        """The user scenario."""
        return self.rules.content.setups[0]

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        """The one scenario, named without a book number."""
        s = self.user_setup
        return (ScenarioInfo(s.id, s.name, tuple(e.empire.capitalize() for e in s.empires),
                             s.description, s.players, s.players),)

    @cached_property
    def layout(self) -> LayoutDef:
        """How the scenario's map is drawn (the bundled drawing unless it has its own)."""
        layout = _roots(self.bundle)[2]
        return bundled_layout() if layout is None else read_layout(layout, self.rules.content.map)
