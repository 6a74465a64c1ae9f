"""Positions and scripts a user can hand us: impossible, damaged or hostile ones give one line
naming the file (and the key path or step), in bounded time, and leave the next run unharmed."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tools.cli import main

ROOT = Path(__file__).resolve().parents[1]
SB_ROUND5 = ROOT / "game/rulesets/mediterranean_empires/positions/sb_round5.yaml"
GOOD = ROOT / "tools/scripts/round5.yaml"
IBERIA_END = "    cities_at_turn_start: 11"
BOMB = ("x: &a [l, l, l, l, l, l, l, l, l, l]\ny: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
        "z: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
        "w: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
        "v: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
        "u: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
        "t: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n"
        "s: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g, *g]\n"
        "r: [*h, *h, *h, *h, *h, *h, *h, *h, *h, *h]\n")
"""A billion laughs: 10^9 values once its aliases are expanded."""
SMALL_BOMB = ("{seat: carthage, do: pass, x: &a [l, l, l, l, l, l, l, l, l, l], "
              "y: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a], "
              "z: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]}")
"""A step of 1100 values: under the limit, quoted only in part."""


def _truce(until: str) -> Callable[[str], str]:
    line = f"{IBERIA_END}\n    truces: [{{with: rome, card: truce, until: {until}}}]"
    return lambda text: text.replace(IBERIA_END, line)


def _swap(old: str, new: str) -> Callable[[str], str]:
    def change(text: str) -> str:
        assert old in text
        return text.replace(old, new, 1)
    return change


POSITIONS: dict[str, tuple[Callable[[str], str], str]] = {
    "truce until a word": (_truce("round x"), "empires.iberia.truces[0].until: 'round x' is not "
                           "`round T.R` or `turn T` (numbers)"),
    "truce until a past round": (_truce("round 1.2"), "empires.iberia.truces[0].until: round "
                                 "1.2 cannot be a truce's end here"),
    "truce until a later turn": (_truce("turn 3"), "every truce ends with its turn"),
    "truce until a number": (_truce("7"), "until: expected non-empty text, got an integer"),
    "vp below the track": (_swap("vp: 13", "vp: 0"), "empires.rome.vp: 0 is outside 1..80"),
    "vp past the track": (_swap("vp: 13", "vp: 81"), "empires.rome.vp: 81 is outside 1..80"),
    "vp of 30 digits": (_swap("vp: 13", "vp: " + "9" * 30), "is outside 1..80"),
    "vp a decimal": (_swap("vp: 13", "vp: 12.5"), "vp: expected an integer, got a decimal"),
    "capital held by another empire": (
        _swap("vp: 13", "vp: 13\n    capital: carthago"),
        "empires.rome.capital: the capital carthago is held by carthage; a lost capital is "
        "written {city: carthago, held_by: carthage}"),
    "capital said held by the wrong one": (
        _swap("vp: 13", "vp: 13\n    capital: {city: carthago, held_by: iberia}"),
        "empires.rome.capital.held_by: carthago is held by carthage"),
    "round 0 (was 1..None)": (_swap("round: 5", "round: 0"),
                              "round: 0 is below the lowest allowed, 1"),
    "round past End Turn": (_swap("round: 5", "round: 40"), "round: round 39 of a turn always "
                            "rolls End Turn"),
    "event the roll cannot give": (_swap("to_act: event", "to_act: rome\nevent: prosperity"),
                                   "event: the roll of round 5 cannot give prosperity"),
    "passes at the roll": (_swap("enraged: 0", "enraged: 0\npasses: 2"),
                           "passes: passes count from 0 again"),
    "a date as a key": (lambda text: text + "neutral: {2001-01-01: 2}\n",
                        "neutral: keys must be text, got datetime.date(2001, 1, 1)"),
    "a number as an option name": (lambda text: text + "options: {1: 2, a: 3}\n",
                                   "options: keys must be text, got 1"),
    "a 200-byte game id": (lambda text: text + "game_id: " + "ab" * 200 + "\n",
                           "game_id: expected 1 to 64 bytes"),
    "a hand card twice too often": (_swap("velites, militia]", "velites, velites, velites]"),
                                    "no copy of 'velites' left in the rome deck"),
    "an alias bomb": (lambda text: text + BOMB, "invalid YAML: aliases expand it past 100000 "
                      "values"),
    "a recursive alias": (lambda text: text + "x: &a [*a]\n",
                          "invalid YAML: an alias refers to a collection that holds it"),
    "nesting 100 deep": (lambda text: text + "x: " + "[" * 100 + "]" * 100 + "\n",
                         "invalid YAML: it nests deeper than 64 levels"),
    "nesting 5000 deep": (lambda text: text + "x: " + "[" * 5000 + "]" * 5000 + "\n",
                          "invalid YAML: exceeded maximum nesting depth"),
    "the position is a list": (lambda text: "[1, 2]\n", "(top): expected a mapping, got a list"),
}
STEPS: dict[str, tuple[str, str]] = {
    "an alias bomb in a step": ("[{seat: carthage, do: pass, " + BOMB.replace("\n", ", ")[:-2]
                                + "}]", "test.yaml: line 2: invalid YAML: aliases expand it "
                                "past 100000 values"),
    "a step of 1100 values": (f"[{SMALL_BOMB}]", 'step 1 ({"seat": "carthage", "do": "pass", '
                              '"x": ["l", "l", "l", "l", "l", "l", "l", "l", "l", "l"], "y": '
                              '[[…): Carthage cannot act now: chance must'),
    "a recursive alias in a step": ("[&a {seat: carthage, do: pass, x: *a}]",
                                    "invalid YAML: an alias refers to a collection"),
    "nesting 100 deep in a step": ("[{dice: " + "[" * 100 + "]" * 100 + "}]",
                                   "it nests deeper than 64 levels"),
    "a refused action": ("[{dice: [3, 4]}, {seat: carthage, do: fly}]",
                         "fly is not a legal action for Carthage now; Carthage may now: "
                         "discard, expedition, pass"),
    "a refused card": ("[{dice: [3, 4]}, {seat: carthage, do: discard, slot: 'iberia:0:3'}]",
                       "discard slot=iberia:0:3 is not a legal action for Carthage now"),
    "a mapping as an argument": ("[{dice: [3, 4]}, {seat: carthage, do: pass, x: {a: 1}}]",
                                 "x: an argument is text, a whole number, true/false or a list"),
    "a 5000-letter argument": ("[{dice: [3, 4]}, {seat: carthage, do: pass, x: " + "y" * 5000
                               + "}]", "…): pass x=yyyy"),
    "a 30-digit die": ("[{dice: [" + "9" * 30 + ", 4]}]", "for random event is outside 1..6"),
    "a seed of no hex": ("[{seed: xyz}]", "step 1 ({\"seed\": \"xyz\"}): seed: expected "
                         "hexadecimal text"),
    "a date expected": ("[{dice: [3, 4]}, {expect: {round: 2001-01-01}}]",
                        "expect.round: an expected value is text, a number"),
    "an expect path to nothing": ("[{expect: {rome.hand.0: x}}]", "expect.rome.hand.0: no "
                                  "figure 'rome.hand.0' in the view"),
    "steps as a mapping": ("{a: 1}", "test.yaml: steps: expected a list, got a mapping"),
    "a step that is a number": ("[7]", "step 1 (7): expected a mapping, got an integer"),
    "a step with two kinds": ("[{dice: [1], seed: 00}]", "a step has exactly one of"),
}


@pytest.fixture(scope="module")
def baseline() -> str:
    """The output of a good script, which every hostile run must leave unchanged."""
    return _good_output()


def _good_output() -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["script", str(GOOD), "--seat", "rome"]) == 0
    return out.getvalue()


def _refused(script: Path, capsys: pytest.CaptureFixture[str], baseline: str) -> str:
    """Run a script that must fail: one line, no output, in bounded time, nothing harmed."""
    before = {p: p.read_bytes() for p in script.parent.iterdir() if p.is_file()}
    started = time.monotonic()
    assert main(["script", str(script)]) == 1
    assert time.monotonic() - started < 10
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert not captured.out and len(lines) == 1 and len(lines[0]) < 600, captured.err
    assert lines[0].startswith("mare script: error: ") and "Traceback" not in lines[0]
    assert {p: p.read_bytes() for p in script.parent.iterdir() if p.is_file()} == before
    assert _good_output() == baseline
    return lines[0]


@pytest.mark.parametrize("case", sorted(POSITIONS))
def test_an_impossible_position_names_its_file_and_key(tmp_path: Path, case: str, baseline: str,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    change, message = POSITIONS[case]
    position = tmp_path / "bad.yaml"
    position.write_text(change(SB_ROUND5.read_text()))
    script = tmp_path / "test.yaml"
    script.write_text("position: bad.yaml\nsteps: []\n")
    line = _refused(script, capsys, baseline)
    assert f"{position}: " in line and message in line and "None" not in line


@pytest.mark.parametrize("case", sorted(STEPS))
def test_a_hostile_step_is_one_short_line(tmp_path: Path, case: str, baseline: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    steps, message = STEPS[case]
    script = tmp_path / "test.yaml"
    script.write_text(f"position: {SB_ROUND5}\nsteps: {steps}\n")
    line = _refused(script, capsys, baseline)
    assert f"{script}" in line and message in line and "seat 0" not in line


FILES: dict[str, tuple[Callable[[Path], Path], str]] = {
    "non-UTF-8 bytes": (lambda p: _write(p, b"\xff\xfe position"),
                        "not UTF-8 text (byte 0xff at offset 0)"),
    "a folder": (lambda p: p.parent, "is a folder, not a file"),
    "an empty file": (lambda p: _write(p, b""), "(top): expected a mapping, got nothing"),
    "a missing file": (lambda p: p, "no such file"),
    "nesting 100000 deep": (lambda p: _write(p, b"[" * 100_000 + b"]" * 100_000),
                            "line 1: invalid YAML: exceeded maximum nesting depth"),
    "a NUL byte": (lambda p: _write(p, b"position: \x00\n"), "invalid YAML: unacceptable "
                   "character #x0000: control characters are not allowed"),
    "a bare alias bomb": (lambda p: _write(p, BOMB.encode()), "aliases expand it past"),
}


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("case", sorted(FILES))
def test_a_damaged_script_file_names_itself(tmp_path: Path, case: str, baseline: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    make, message = FILES[case]
    target = make(tmp_path / "damaged.yaml")
    line = _refused(target, capsys, baseline)
    assert str(target) in line and message in line


@pytest.mark.parametrize("case", sorted(FILES))
def test_a_damaged_position_file_names_itself(tmp_path: Path, case: str, baseline: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    make, message = FILES[case]
    folder = tmp_path / "positions"
    folder.mkdir()
    target = make(folder / "damaged.yaml")
    script = tmp_path / "test.yaml"
    script.write_text(f"position: {json.dumps(str(target))}\nsteps: []\n")
    line = _refused(script, capsys, baseline)
    assert str(target) in line and message in line


def test_true_is_not_the_number_one(tmp_path: Path, baseline: str,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    position = tmp_path / "round1.yaml"
    position.write_text(SB_ROUND5.read_text().replace("round: 5", "round: 1"))
    script = tmp_path / "test.yaml"
    script.write_text("position: round1.yaml\nsteps: [{dice: [1, 1]}, "  # Prosperity
                      "{seat: carthage, do: choose, option: true}]\n")
    line = _refused(script, capsys, baseline)
    assert line.endswith("choose option=True is not a legal action for Carthage now; legal "
                         "choose actions: choose option=0, choose option=1")
