"""Sending a host's own scenario to the machines of its lobby that lack it (protocol v2,
sharing version 1), without I/O: the table a lobby of a user scenario is for, what the LOBBY
says of it, the SCENARIO message that carries its files, and the checks a receiving machine
runs before it keeps anything.

A lobby playing one of its host's scenarios names it in every LOBBY (`share`: its name and
size in bytes). A machine without that rules hash asks for it (FETCH) once its person agreed;
the host answers SCENARIO {v, rules_hash, scenario, name, files}. The receiver rebuilds the
rules hash from the files with the very `user_bundle` the game is played on, and refuses, by a
named reason, a copy that does not give the lobby's hash, cannot be played, is too large, is of
another sharing version or is malformed: nothing is kept then. A machine that holds the
scenario (received, or its own already) says HAVE, and only then may it take a seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.content import ContentError
from game.core.ruleset import Ruleset
from game.rulesets import canonical_id, get_ruleset
from game.rulesets.mediterranean_empires.content import RULESET_ID, bundled_bundle
from game.rulesets.mediterranean_empires.content.check import scenario_problems
from game.rulesets.mediterranean_empires.content.user import PART_FILES, UserRuleset
from game.session import make_config, scenario_info
from net.files.user_scenarios import SLUG, ScenarioTexts, UserScenarioError, playable_ruleset
from net.lan.admission import Table
from net.lan.errors import LanError, Rejected

SHARING_VERSION = 1
"""The version of the SCENARIO message (its `v`); a receiver refuses any other."""
SHARE_LIMIT = 512 * 1024
"""The most bytes of file text one SCENARIO carries: far above any map variant (the bundled
map is 28 KB) and, escaped as JSON, well under the 1 MiB frame cap."""
SCENARIO_FILE, MAP_FILE, LAYOUT_FILE = PART_FILES["setup"], PART_FILES["map"], PART_FILES["layout"]
FILES = (SCENARIO_FILE, MAP_FILE, LAYOUT_FILE)
"""The files a SCENARIO may carry: scenario.yaml, and map.yaml and layout.yaml of a variant."""
FETCH_LIMIT = 3
"""How many times the host sends one scenario to one machine (a joiner asking on and on
would only make it send the same bytes again)."""


@dataclass(frozen=True)
class SharedScenario:
    """A user scenario as received and checked: its files give `rules_hash` and it plays."""

    scenario: str
    name: str
    rules_hash: str
    texts: ScenarioTexts


def is_user_scenario(ruleset_id: str, scenario: str) -> bool:
    """Whether a scenario of a rule set is a user scenario (not one its content bundles)."""
    if canonical_id(ruleset_id) != RULESET_ID:
        return False
    return all(info.id != scenario for info in get_ruleset(ruleset_id).scenarios())


def hostable_ruleset(ruleset_id: str, scenario: str, root: Path) -> Ruleset:
    """The rule set a lobby of this scenario plays: the rule set's own for one it bundles
    (by number or id), else the playable user scenario of that id in `root`; LanError saying
    why there is none (unknown, a draft, a problem)."""
    ruleset = get_ruleset(ruleset_id)
    try:
        scenario_info(ruleset, scenario)
        return ruleset
    except KeyError as unknown:
        if canonical_id(ruleset_id) != RULESET_ID or not SLUG.fullmatch(scenario) \
                or not (root / scenario).is_dir():
            raise LanError(str(unknown.args[0])) from None
    try:
        return playable_ruleset(root / scenario)
    except (UserScenarioError, ContentError) as exc:
        raise LanError(str(exc)) from None


def texts_of(ruleset: Ruleset) -> ScenarioTexts | None:
    """The files of the user scenario a rule set plays (None: a rule set's bundled content):
    its scenario.yaml, and the map and drawing only where they are its own."""
    if not isinstance(ruleset, UserRuleset):
        return None
    bundle, base = ruleset.bundle, bundled_bundle()
    map_text, layout = bundle.text(MAP_FILE), bundle.text(LAYOUT_FILE)
    variant = map_text is not None and map_text != base.text(MAP_FILE)
    own_layout = layout is not None and (variant or layout != base.text(LAYOUT_FILE))
    texts = ScenarioTexts(bundle.text(SCENARIO_FILE) or "", map_text if variant else None,
                          layout if own_layout else None)
    return texts if texts.bundle().content_hash == bundle.content_hash else \
        ScenarioTexts(texts.setup, map_text, layout)


def files_of(texts: ScenarioTexts) -> dict[str, str]:
    """A scenario's files by name (a map variant's only when it has one)."""
    named = {SCENARIO_FILE: texts.setup, MAP_FILE: texts.map, LAYOUT_FILE: texts.layout}
    return {name: text for name, text in named.items() if text is not None}


def size_of(texts: ScenarioTexts) -> int:
    """The bytes of a scenario's files, as UTF-8."""
    return sum(len(text.encode("utf-8")) for text in files_of(texts).values())


def lobby_table(ruleset: Ruleset, scenario: str | None,
                options: Mapping[str, Any] | None = None, seats: int | None = None) -> Table:
    """What a lobby of this scenario is for; for a user scenario also its files, name and the
    rule set's bundled rules hash. LanError when it is too large to be sent to joiners."""
    config = make_config(ruleset, scenario, b"\x00" * 16, options, seats)
    texts = texts_of(ruleset)
    if texts is None:
        return Table(ruleset.id, ruleset.content_hash(), config.scenario, config.seats,
                     config.options)
    assert isinstance(ruleset, UserRuleset)
    name, size = ruleset.user_setup.name, size_of(texts)
    if size > SHARE_LIMIT:
        raise LanError(f"your scenario {name} is too large to send over the LAN "
                       f"({size // 1024} KB; at most {SHARE_LIMIT // 1024} KB)")
    return Table(ruleset.id, ruleset.content_hash(), config.scenario, config.seats,
                 config.options, get_ruleset(ruleset.id).content_hash(), texts, name)


def share_of(table: Table) -> dict[str, Any] | None:
    """What the LOBBY says of the scenario a joiner may lack (None: bundled content)."""
    if table.texts is None:
        return None
    return {"name": table.scenario_name, "bytes": size_of(table.texts)}


def scenario_body(table: Table) -> dict[str, Any]:
    """The SCENARIO body carrying a lobby's user scenario."""
    assert table.texts is not None
    return scenario_message(table.rules_hash, table.scenario, table.scenario_name, table.texts)


def scenario_message(rules_hash: str, scenario: str, name: str,
                     texts: ScenarioTexts) -> dict[str, Any]:
    """A SCENARIO body: the sharing version, what it is, and its files."""
    return {"v": SHARING_VERSION, "rules_hash": rules_hash, "scenario": scenario,
            "name": name, "files": files_of(texts)}


def read_scenario_body(body: Mapping[str, Any]) -> tuple[str, ScenarioTexts]:
    """(the rules hash it claims, its files) of a SCENARIO body of this sharing version, of the
    right shape and within the size limit; Rejected naming why not ("scenario-version",
    "scenario-malformed", "scenario-size")."""
    if body.get("v") != SHARING_VERSION:
        raise Rejected("scenario-version", f"a scenario was sent in sharing version "
                                           f"{str(body.get('v'))[:12]}; this program reads "
                                           f"version {SHARING_VERSION}")
    texts = _texts(body.get("files"))
    if not all(type(body.get(key)) is str for key in ("name", "rules_hash", "scenario")):
        raise Rejected("scenario-malformed", "a SCENARIO names its scenario, id and rules "
                                             "hash in text")
    return str(body["rules_hash"]), texts


def take_scenario(body: Mapping[str, Any], rules_hash: str, scenario: str) -> SharedScenario:
    """The scenario a SCENARIO carries, once its files give the lobby's rules hash and it can
    be played; Rejected naming why not (those of `read_scenario_body`, and
    "scenario-unexpected", "scenario-hash", "scenario-problem")."""
    _, texts = read_scenario_body(body)
    if body.get("scenario") != scenario:
        raise Rejected("scenario-unexpected", "the host sent another scenario than the one "
                                              "its lobby plays: nothing was kept")
    found = texts.bundle().content_hash
    if found != rules_hash:
        raise Rejected("scenario-hash", f"the scenario sent does not give the lobby's rules "
                                        f"hash (it gives {found[:8]}…, the lobby's is "
                                        f"{rules_hash[:8]}…): nothing was kept")
    return SharedScenario(scenario, _check(texts, scenario), rules_hash, texts)


def _texts(files: Any) -> ScenarioTexts:
    """The files of a SCENARIO body, within the size limit."""
    if (type(files) is not dict or SCENARIO_FILE not in files or not set(files) <= set(FILES)
            or any(type(text) is not str for text in files.values())):
        raise Rejected("scenario-malformed", "a SCENARIO carries its files as name → text: "
                                             "scenario.yaml, and map.yaml and layout.yaml of "
                                             "a map variant")
    texts = ScenarioTexts(files[SCENARIO_FILE], files.get(MAP_FILE), files.get(LAYOUT_FILE))
    try:
        size = size_of(texts)
    except UnicodeEncodeError:
        raise Rejected("scenario-malformed", "a file sent is not UTF-8 text") from None
    if size > SHARE_LIMIT:
        raise Rejected("scenario-size", f"a scenario of {size // 1024} KB was sent; at most "
                                        f"{SHARE_LIMIT // 1024} KB are taken")
    return texts


def _check(texts: ScenarioTexts, scenario: str) -> str:
    """The name of a scenario sent, once it is one that can be played."""
    try:
        setup, map_data, layout = texts.data()
        problems = scenario_problems(setup, map_data, layout)
    except ContentError as exc:
        raise Rejected("scenario-problem", f"the scenario sent cannot be read: {exc}") from None
    if not isinstance(setup, dict) or setup.get("id") != scenario or setup.get("draft"):
        raise Rejected("scenario-problem", "the scenario sent is a draft, or not the one the "
                                           "lobby names")
    if problems:
        raise Rejected("scenario-problem", f"the scenario sent cannot be played: "
                                           f"{problems[0].located()}")
    return str(setup.get("name") or scenario)
