"""`mare content-stats [RULESET] [--scenario ID] [--json]`: the figures the books fix, derived
from the data; of a user scenario's content too (its map variant, its set-up)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import product
from typing import Any

from game.rulesets.mediterranean_empires.content import RULESET_ID, MeContent, bundled_content
from game.rulesets.mediterranean_empires.content.events_table import RandomEventTable
from game.rulesets.mediterranean_empires.content.setups import SetupDef
from game.rulesets.mediterranean_empires.content.user import UserRuleset
from game.rulesets.roll_through_the_ages.content import Colony, RttaContent, load_content
from net.files.user_scenarios import resolve_scenario

SUPPORTED = ("mediterranean_empires", "roll_through_the_ages")
ROUNDS = range(1, 16)


def content_stats(content: MeContent, setups: tuple[SetupDef, ...] = ()) -> dict[str, Any]:
    """Cities, ports, routes, barbarian areas, decks, End-Turn odds and scenarios (these
    scenarios only, when given)."""
    return {
        "content_hash": content.content_hash,
        "cities": _cities(content),
        "ports": sum(city.port for city in content.map.cities),
        "routes": dict(sorted(Counter(route.kind for route in content.map.routes).items())),
        "barbarian_areas": {"count": len(content.map.barbarian_areas),
                            "strength": {a.id: a.strength for a in content.map.barbarian_areas}},
        "decks": {deck.empire: _deck(content, deck.empire) for deck in content.decks.decks},
        "end_turn_probability": end_turn_odds(content.tables.random_event),
        "scenarios": {_key(s): _scenario(content, s) for s in setups or content.setups},
    }


def _key(setup: SetupDef) -> str:
    """A book scenario's number ("03"), a user scenario's id."""
    return f"{setup.number:02d}" if setup.number else setup.id


def end_turn_odds(table: RandomEventTable) -> dict[str, dict[str, str]]:
    """P(End Turn) at the start of each round, by exact enumeration (no all-passed bonus)."""
    odds = {}
    for round_number in ROUNDS:
        modifier = table.modifier(round_number, all_passed=False)
        faces = list(product(range(1, 7), repeat=table.dice))
        hits = sum(table.event_for(sum(f) + modifier).id == "end_turn" for f in faces)
        chance = Fraction(hits, len(faces))
        odds[str(round_number)] = {"fraction": f"{chance.numerator}/{chance.denominator}",
                                   "percent": _percent(chance)}
    return odds


def _percent(chance: Fraction) -> str:
    hundredths = round(chance * 10000)
    return f"{hundredths // 100}.{hundredths % 100:02d}"


def _cities(content: MeContent) -> dict[str, Any]:
    cities = content.map.cities
    by_province: dict[str, Counter[int]] = {p.id: Counter() for p in content.map.provinces}
    for city in cities:
        by_province[city.province][city.size] += 1
    return {
        "total": len(cities),
        "by_size": {str(size): sum(c.size == size for c in cities) for size in (1, 2, 3)},
        "by_province": {p: {"total": sum(n.values()),
                            "by_size": {str(s): n[s] for s in (1, 2, 3)}}
                        for p, n in by_province.items()},
    }


def _deck(content: MeContent, empire: str) -> dict[str, Any]:
    deck = content.decks.deck(empire)
    by_type: Counter[str] = Counter()
    for card_id, count in deck.cards:
        for card_type in content.decks.card(card_id).types:
            by_type[card_type] += count
    return {"cards": deck.size, "designs": len(deck.cards),
            "by_type": {t: by_type[t] for t in "TFLDAIX"}}


def _scenario(content: MeContent, setup: SetupDef) -> dict[str, Any]:
    provinces = {p.province for p in setup.provinces}
    in_play = [c for c in content.map.cities if c.province in provinces]
    return {
        "id": setup.id, "name": setup.name, "players": setup.players,
        "empires": [f"{e.empire}@{e.capital}" for e in setup.empires],
        "cities_in_play": len(in_play),
        "cities_in_play_by_size": {str(s): sum(c.size == s for c in in_play) for s in (1, 2, 3)},
        "book_total": setup.total_cities,
        "key_cities": list(setup.key_cities),
        "barbarian_areas": len(setup.barbarian_areas),
    }


def run_content_stats(ruleset: str, as_json: bool, scenario: str | None = None) -> int:
    """Print the figures as JSON, or as a short readable summary: of the bundled content, or
    of the content a scenario is played on (a book scenario, or one of the user's with its
    map variant) with that scenario alone."""
    key = ruleset.replace("-", "_")
    if key not in SUPPORTED:
        raise KeyError(f"no content statistics for {ruleset!r} (known: {', '.join(SUPPORTED)})")
    if key == "roll_through_the_ages":
        return _print_rtta(as_json, scenario)
    content, setups = scenario_content(scenario) if scenario else (bundled_content(), ())
    stats = content_stats(content, setups)
    if as_json:
        print(json.dumps(stats, indent=2, sort_keys=False, ensure_ascii=False))
        return 0
    print(_summary(stats))
    return 0


def scenario_content(scenario: str) -> tuple[MeContent, tuple[SetupDef, ...]]:
    """The content a scenario is played on and the scenario (a user scenario must be
    playable: UserScenarioError saying why not)."""
    ruleset, key = resolve_scenario(RULESET_ID, scenario)
    content = ruleset.rules.content if isinstance(ruleset, UserRuleset) else bundled_content()
    return content, (content.setup(key or ""),)


def _summary(stats: dict[str, Any]) -> str:
    cities = stats["cities"]
    sizes = "/".join(cities["by_size"][s] and str(cities["by_size"][s]) for s in "123")
    odds = ", ".join(f"{r}: {v['percent']}%" for r, v in stats["end_turn_probability"].items()
                     if v["percent"] != "0.00")
    lines = [
        f"cities: {cities['total']} (sizes 1/2/3: {sizes}), ports {stats['ports']}",
        f"routes: {', '.join(f'{k} {v}' for k, v in stats['routes'].items())}",
        f"barbarian areas: {stats['barbarian_areas']['count']}",
        "decks: " + ", ".join(f"{e} {d['cards']}" for e, d in stats["decks"].items()),
        f"End Turn by round: {odds}",
    ]
    lines += [f"scenario {n} {s['name']}: {s['players']} players, {s['cities_in_play']} cities"
              for n, s in stats["scenarios"].items()]
    return "\n".join(lines)


def rtta_stats(content: RttaContent) -> dict[str, Any]:
    """Roll Through the Ages: the sheet's counts, the colony board by size, each die's faces."""
    colonies = content.colonies
    open_to_three = [c for c in colonies if not c.four_players_only]
    return {
        "content_hash": content.content_hash,
        "developments": len(content.developments),
        "monuments": len(content.monuments),
        "ports": len(content.ports),
        "provinces": len(content.provinces),
        "disasters": len(content.disasters),
        "colonies": {"total": len(colonies), "holes": sum(c.size for c in colonies),
                     "by_size": _by_size(colonies),
                     "four_players_only": len(colonies) - len(open_to_three),
                     "one_to_three_players": {"total": len(open_to_three),
                                              "holes": sum(c.size for c in open_to_three),
                                              "by_size": _by_size(open_to_three)}},
        "rewards": dict(sorted(Counter(r for c in colonies for r in c.rewards).items())),
        "dice": {"empire": [face.id for face in content.empire_die],
                 "fate": [face.id for face in content.fate_die]},
    }


def _by_size(colonies: Sequence[Colony]) -> dict[str, int]:
    return {str(size): sum(c.size == size for c in colonies) for size in (1, 2, 3, 4)}


def _print_rtta(as_json: bool, scenario: str | None) -> int:
    if scenario:
        raise KeyError("Roll Through the Ages has no scenarios: --scenario does not apply")
    stats = rtta_stats(load_content())
    if as_json:
        print(json.dumps(stats, indent=2, ensure_ascii=False))
        return 0
    colonies = stats["colonies"]
    sizes = "/".join(str(n) for n in colonies["by_size"].values())
    print(f"developments {stats['developments']}, monuments {stats['monuments']}, ports "
          f"{stats['ports']}, provinces {stats['provinces']}, disasters {stats['disasters']}\n"
          f"colonies: {colonies['total']} (sizes 1/2/3/4: {sizes}), {colonies['holes']} holes, "
          f"{colonies['four_players_only']} for 4 players only\n"
          f"empire die: {', '.join(stats['dice']['empire'])}\n"
          f"fate die: {', '.join(stats['dice']['fate'])}")
    return 0
