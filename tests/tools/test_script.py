"""`mare script`: a position, scripted steps, the public state as JSON, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.cli import main

SCRIPTS = Path(__file__).parent / "scripts"
POSITION = Path(__file__).parents[1] / "game/rulesets/mediterranean_empires/positions"


def _run(argv: list[str], capsys) -> dict:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_steps_play_from_the_position(capsys) -> None:
    out = _run(["script", str(SCRIPTS / "round5.yaml"), "--legal"], capsys)
    assert out["decision"] == {"actor": "iberia", "kind": "action",
                               "prompt": "iberia: pass, discard & draw, Imperium or ME (round 5)"}
    texts = [e["text"] for e in out["events"]]
    assert texts[0] == "Round 5: the Random Event roll is 3+4 +4 = 11: Campaign Season."
    assert "Carthage passes." in texts and "Rome discards Treachery to draw a card." in texts
    rome = out["view"]["seats"][1]
    assert rome["discard"] == ["treachery"] and rome["hand_size"] == 9
    assert out["view"]["hand"] == []  # the spectator sees no hand
    assert {"verb": "pass", "args": {}} in out["legal"]
    assert any(a.get("cards") == {a["args"]["slot"]: "viriato"} for a in out["legal"]
               if a["verb"] == "discard")


def test_a_seat_sees_its_own_hand(capsys) -> None:
    out = _run(["script", str(SCRIPTS / "round5.yaml"), "--seat", "rome"], capsys)
    cards = sorted(h["card"] for h in out["view"]["hand"])
    assert len(cards) == 9 and "treachery" not in cards and "consul" in cards


def test_an_inline_position_and_a_full_action(tmp_path: Path, capsys) -> None:
    position = (POSITION / "sb_round5.yaml").read_text().replace("\n", "\n  ")
    script = tmp_path / "inline.yaml"
    script.write_text(f"position:\n  {position}\nsteps:\n  - {{dice: [2, 3]}}\n"
                      f"  - {{seat: carthage, action: {{verb: pass}}}}\n")
    out = _run(["script", str(script)], capsys)
    assert out["decision"]["actor"] == "rome"
    assert out["events"][-1] == {"step": 2, "kind": "passed", "text": "Carthage passes."}


@pytest.mark.parametrize(("steps", "message"), [
    ("[{dice: [3, 4]}, {seat: rome, do: pass}]",
     'step 2 ({"seat": "rome", "do": "pass"}): rome cannot act now: carthage must'),
    ("[{dice: [3, 4]}, {seat: carthage, do: discard, slot_card: consul}]",
     "carthage holds no consul"),
    ("[{dice: [3, 4]}, {seat: carthage, do: fly}]", "step 2 ("),
    ("[{seat: carthage, do: pass}]", "carthage cannot act now: chance must"),
    ("[{dice: [3]}]", "needs 2 values, only 1 are left"),
    ("[{dice: [3, 4, 5]}]", "1 dice value(s) were never used"),
    ("[{dice: [3, 4], seat: rome}]", "exactly one of"),
    ("[{dice: [9, 4]}]", "outside 1..6"),
    ("[{dice: [3, 4]}, {seat: carthage, action: {verb: discard, args: {slot: 'rome:0:1'}}}]",
     "carthage does not know the card in slot rome:0:1"),
])
def test_a_bad_step_is_one_line_naming_it(tmp_path: Path, steps: str, message: str,
                                          capsys) -> None:
    script = tmp_path / "bad.yaml"
    script.write_text(f"position: {POSITION / 'sb_round5.yaml'}\nsteps: {steps}\n")
    assert main(["script", str(script)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mare script: error: ") and message in err[0]


def test_an_illegal_action_gives_the_engines_reason(tmp_path: Path, capsys) -> None:
    script = tmp_path / "bad.yaml"
    script.write_text(f"position: {POSITION / 'sb_round5.yaml'}\n"
                      "steps: [{dice: [3, 4]}, {seat: carthage, do: fly}]\n")
    assert main(["script", str(script)]) == 1
    assert "fly is not a legal action for seat 0 now" in capsys.readouterr().err


def test_a_bad_position_names_its_file_and_key(tmp_path: Path, capsys) -> None:
    script = tmp_path / "bad.yaml"
    script.write_text("position: {scenario: 3, turn: 1}\nsteps: []\n")
    assert main(["script", str(script)]) == 1
    err = capsys.readouterr().err
    assert "bad.yaml: position" in err and "missing required key" in err


@pytest.mark.parametrize("command", ["script", "simulate", "fuzz"])
def test_help(command: str, capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--help"])
    assert exit_info.value.code == 0 and "usage: mare" in capsys.readouterr().out
