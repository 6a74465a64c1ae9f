"""`mare simulate`: one whole game between the named bots, its final standings and hash."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.ruleset import GameConfig, Ruleset
from game.rulesets import entry
from game.session import (
    GameSession,
    bot_session,
    master_config,
    player_specs,
    scenario_info,
    seat_title,
)
from net.files.user_scenarios import resolve_scenario
from tools.demo import parse_seed, play_out


def seat_specs(ruleset: Ruleset, config: GameConfig, text: str | None) -> tuple[str, ...]:
    """One bot spec per seat (default: all random bots); ValueError on a wrong count or name."""
    if text is None:
        return ("bot:random",) * len(config.seats)
    specs = tuple(part.strip() for part in text.split(",") if part.strip())
    if len(specs) != len(config.seats):
        name = scenario_info(ruleset, config.scenario).name
        raise ValueError(f"scenario {name} has {len(config.seats)} seats "
                         f"({', '.join(config.seats)}); --seats names {len(specs)}")
    bots = player_specs(ruleset.id)[1:]
    for spec in specs:
        if f"bot:{spec.removeprefix('bot:')}" not in bots:
            raise ValueError(f"unknown bot {spec!r} for {ruleset.id} (known: {', '.join(bots)})")
    return specs


def game_options(ruleset: Ruleset, texts: Sequence[str]) -> dict[str, Any]:
    """`KEY=VALUE` texts as the rule set's game options; ValueError naming what is wrong."""
    chosen: dict[str, Any] = {}
    for text in texts:
        key, _, value = text.partition("=")
        try:
            option = entry(ruleset.id).option(key.strip())
        except KeyError as exc:
            raise ValueError(exc.args[0]) from None
        values = {str(v).lower(): v for v in option.values}
        if value.strip().lower() not in values:
            allowed = ", ".join(str(v).lower() for v in option.values)
            raise ValueError(f"option {option.key} takes one of {allowed}, not {value!r}")
        chosen[option.key] = values[value.strip().lower()]
    return chosen


def open_seats(ruleset: Ruleset, scenario: str | None, seats: str | None) -> int | None:
    """How many seats `--seats` names when the scenario lets the table choose (else None)."""
    info = scenario_info(ruleset, scenario)
    if info.seats or seats is None:
        return None
    return len([part for part in seats.split(",") if part.strip()])


def run_simulate(ruleset_id: str, scenario: str | None, seats: str | None,
                 seed_text: str | None, log_path: str | None, verbose: bool,
                 options: Sequence[str] = ()) -> int:
    """Play, print the result and `final-hash <hex>` last; returns the exit code."""
    ruleset, scenario = resolve_scenario(ruleset_id, scenario)
    master = parse_seed(seed_text)
    config = master_config(ruleset, master, scenario, open_seats(ruleset, scenario, seats),
                           game_options(ruleset, options))
    specs = seat_specs(ruleset, config, seats)
    session = bot_session(ruleset, config, master, specs)
    log = play_out(session, verbose, log_path)
    for line in result_lines(session):
        print(line)
    print(f"seed {master.hex()}")
    print(f"final-hash {log.final_hash}")
    return 0


def result_lines(session: GameSession) -> list[str]:
    """Per seat in finishing order: place, controller, tie-break figures; then the winners."""
    outcome = session.outcome()
    names = [seat_title(name) for name in session.config.seats]
    lines = []
    for standing in outcome.ranking:
        figures = ", ".join(f"{value} {_label(session.ruleset, key)}"
                            for key, value in standing.keys)
        lines.append(f"{standing.place}. {names[standing.seat]} "
                     f"({session.players[standing.seat]}): {figures}")
    winners = ", ".join(names[w] for w in outcome.winners) or "none"
    lines.append(f"winners: {winners} ({outcome.reason})")
    if outcome.target is not None and len(names) == 1:
        lines.append(target_line(session.ruleset.scores(session.table.state)[0],
                                 outcome.target))
    return lines


def target_line(score: int, target: int) -> str:
    """A one-seat game's score against the target its rules set."""
    gap = score - target
    verdict = f"short by {-gap}" if gap < 0 else f"beaten by {gap}" if gap else "reached"
    return f"score {score} against the target of {target}: {verdict}"


def _label(ruleset: Any, key: str) -> str:
    """A standing figure's name: the rule set's words for it where it has them."""
    words: dict[str, str] = getattr(ruleset, "key_words", {})
    return words.get(key, key.replace("_", " "))
