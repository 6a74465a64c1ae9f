"""`mare script`: a position, scripted steps, the public state as JSON, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.cli import main

SCRIPTS = Path(__file__).parent / "scripts"
POSITION = Path(__file__).parents[1] / "game/rulesets/mediterranean_empires/positions"


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_steps_play_from_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["script", str(SCRIPTS / "round5.yaml"), "--legal"], capsys)
    assert out["decision"] == {"actor": "iberia", "kind": "action",
                               "prompt": "iberia: pass, discard & draw, Imperium or ME (round 5)"}
    texts = [e["text"] for e in out["events"]]
    assert texts[0] == "Round 5: the Random Event roll is 3+4 +4 = 11: Campaign Season."
    assert out["events"][0]["fields"] == {"dice": [3, 4], "modifier": 4, "total": 11,
                                          "round": 5, "event": "campaign_season",
                                          "modifiers": [["finished rounds", 4]]}
    assert "Carthage passes." in texts and "Rome discards Treachery to draw a card." in texts
    rome = out["view"]["seats"][1]
    assert rome["discard"] == ["treachery"] and rome["hand_size"] == 9
    assert out["view"]["hand"] == []  # the spectator sees no hand
    assert {"verb": "pass", "args": {}} in out["legal"]
    assert any(a.get("cards") == {a["args"]["slot"]: "viriato"} for a in out["legal"]
               if a["verb"] == "discard")


def test_a_seat_sees_its_own_hand(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["script", str(SCRIPTS / "round5.yaml"), "--seat", "rome"], capsys)
    cards = sorted(h["card"] for h in out["view"]["hand"])
    assert len(cards) == 9 and "treachery" not in cards
    assert cards.count("consul") == 2  # `deck: rest` is in card-id order: a pick of 0 draws it


def test_an_inline_position_and_a_full_action(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    position = (POSITION / "sb_round5.yaml").read_text().replace("\n", "\n  ")
    script = tmp_path / "inline.yaml"
    script.write_text(f"position:\n  {position}\nsteps:\n  - {{dice: [2, 3]}}\n"
                      f"  - {{seat: carthage, action: {{verb: pass}}}}\n")
    out = _run(["script", str(script)], capsys)
    assert out["decision"]["actor"] == "rome"
    assert out["events"][-1] == {"step": 2, "kind": "passed", "text": "Carthage passes.",
                                 "fields": {"seat": 0, "empire": "Carthage"}}


@pytest.mark.parametrize(("steps", "message"), [
    ("[{dice: [3, 4]}, {seat: rome, do: pass}]",
     'bad.yaml: step 2 ({"seat": "rome", "do": "pass"}): Rome cannot act now: Carthage must'),
    ("[{dice: [3, 4]}, {seat: carthage, do: discard, slot_card: consul}]",
     "Carthage holds no consul"),
    ("[{dice: [3, 4]}, {seat: carthage, do: fly}]", "step 2 ("),
    ("[{seat: carthage, do: pass}]", "Carthage cannot act now: chance must (roll the Random "
     "Event of round 5: 2 values (random event: 2 × 1..6))"),
    ("[{dice: [3]}]", "needs 2 values (random event: 2 × 1..6); only 1 are left"),
    ("[{dice: [3, 4, 5]}]", "1 dice value(s) were never used"),
    ("[{dice: [3, 4], seat: rome}]", "exactly one of"),
    ("[{dice: [9, 4]}]", "outside 1..6"),
    ("[{dice: [3, 4]}, {seat: carthage, action: {verb: discard, args: {slot: 'rome:0:1'}}}]",
     "discard slot=rome:0:1 is not a legal action for Carthage now; legal discard actions: "
     "discard slot=carthage:0:24 (siege_engines)"),
    ("[{dice: [3, 4]}, {expect: {rome.vpp: 13}}]",
     "expect.rome.vpp: no figure 'rome.vpp' in the view (an empire's figures: hand, capital"),
    ("[{dice: [3, 4]}, {seat: carthage, do: discard, slot: {a: 1}}]",
     "slot: an argument is text, a whole number, true/false or a list of them"),
])
def test_a_bad_step_is_one_line_naming_it(tmp_path: Path, steps: str, message: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "bad.yaml"
    script.write_text(f"position: {POSITION / 'sb_round5.yaml'}\nsteps: {steps}\n")
    assert main(["script", str(script)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mare script: error: ") and message in err[0]


def test_a_refused_action_names_the_empire_and_its_choices(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "bad.yaml"
    script.write_text(f"position: {POSITION / 'sb_round5.yaml'}\n"
                      "steps: [{dice: [3, 4]}, {seat: carthage, do: fly}]\n")
    assert main(["script", str(script)]) == 1
    err = capsys.readouterr().err
    assert err.endswith("fly is not a legal action for Carthage now; Carthage may now: "
                        "discard, expedition, pass\n")
    assert "seat 0" not in err


def test_a_bad_position_names_its_file_and_key(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "bad.yaml"
    script.write_text("position: {scenario: 3, turn: 1}\nsteps: []\n")
    assert main(["script", str(script)]) == 1
    err = capsys.readouterr().err
    assert "bad.yaml: position" in err and "missing required key" in err


@pytest.mark.parametrize("command", ["script", "simulate", "fuzz"])
def test_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--help"])
    assert exit_info.value.code == 0 and "usage: mare" in capsys.readouterr().out


# -- scripts as a test language ----------------------------------------------------------------

def _script(tmp_path: Path, steps: str, position: str | None = None) -> Path:
    where = tmp_path / "position.yaml"
    where.write_text(position or (POSITION / "sb_round5.yaml").read_text())
    script = tmp_path / "test.yaml"
    script.write_text(f"position: {where.name}\nsteps: {steps}\n")
    return script


def test_a_pending_chance_decision_says_what_values_it_needs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["script", str(_script(tmp_path, "[]"))], capsys)
    assert out["decision"] == {
        "actor": "chance", "kind": "chance", "prompt": "roll the Random Event of round 5",
        "values": 2, "draws": [{"label": "random event", "count": 2, "low": 1, "high": 6}]}
    steps = "[{dice: [3, 4]}, {seat: carthage, do: discard, slot_card: magon}]"
    out = _run(["script", str(_script(tmp_path, steps))], capsys)
    assert out["decision"]["values"] == 1
    assert out["decision"]["draws"] == [{"label": "draw", "count": 1, "low": 0, "high": 23}]


def test_events_carry_their_facts_as_fields(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["script", str(SCRIPTS / "round5.yaml")], capsys)
    by_kind = {e["kind"]: e for e in out["events"]}
    assert by_kind["discard_and_draw"]["fields"] == {"seat": 1, "empire": "Rome",
                                                     "card": "treachery"}
    assert by_kind["drew"]["fields"]["count"] == 1 and by_kind["drew"]["step"] == 4
    assert all(set(e) == {"step", "kind", "fields", "text"} for e in out["events"])


def test_scripted_picks_do_not_depend_on_the_game_id(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    steps = ("[{dice: [3, 4]}, {seat: carthage, do: discard, slot_card: magon}, {dice: [2]},"
             " {seat: rome, do: pass}, {seat: iberia, do: discard, slot_card: sortie},"
             " {dice: [10]}]")
    outs = []
    for game_id in ("", "game_id: '00'\n", "game_id: ffee0123\n"):
        position = (POSITION / "sb_round5.yaml").read_text() + game_id
        outs.append(_run(["script", str(_script(tmp_path, steps, position)), "--seat",
                          "carthage"], capsys))
    assert outs[0] == outs[1] == outs[2]
    hand = outs[0]["view"]["hand"]  # `deck: rest` by card id: pick 2 is the balearic_slingers
    assert hand[0] == {"slot": "carthage:0:2", "card": "balearic_slingers"}
    assert "magon" not in [h["card"] for h in hand]


def test_expect_checks_named_figures(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["script", str(SCRIPTS / "round5.yaml")], capsys)  # its last step is an expect
    assert out["decision"]["actor"] == "iberia"


@pytest.mark.parametrize(("expect", "message"), [
    ("{rome.vp: 12}", "expect failed at step 2: rome.vp is 13, expected 12"),
    ("{carthage.cities: 9, roma.owner: rome, round: 5, hand_size.rome: 7}",
     "expect failed at step 2: carthage.cities is 12, expected 9; hand_size.rome is 9, "
     "expected 7"),
    ("{roma.owner: carthage}", "roma.owner is rome, expected carthage"),
    ("{owner.numantia: iberia, numantia.forts: 3}", "numantia.forts is 2, expected 3"),
    ("{rome.hand: [consul]}", 'rome.hand is ["barbarian_allies", "consul", "engineering"'),
    ("{decision.actor: rome, vascones: subdued}",
     "decision.actor is carthage, expected rome; vascones is free, expected subdued"),
    ("{view.stack.0.kind: turn_end, event: pirates}",
     "view.stack.0.kind is round_end, expected turn_end; event is campaign_season"),
    ("{rome.vp: '13'}", 'rome.vp is 13, expected "13"'),
])
def test_a_failed_expect_names_the_step_and_the_difference(
        tmp_path: Path, expect: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    script = _script(tmp_path, f"[{{dice: [3, 4]}}, {{expect: {expect}}}]")
    assert main(["script", str(script)]) == 1
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and message in err[0] and not captured.out
    assert err[0].startswith(f"mare script: error: {script}: expect failed at step 2: ")


def test_an_expect_that_holds_changes_nothing(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    plain = _run(["script", str(_script(tmp_path, "[{dice: [3, 4]}]"))], capsys)
    expect = ("[{dice: [3, 4]}, {expect: {rome.vp: 13, round: 5, roma.owner: rome, roma: rome,"
              " hand_size.carthage: 9, rome.hand: [velites, militia, hastati, treachery, consul,"
              " barbarian_allies, roman_diplomacy, engineering, storm_at_sea], winners: [],"
              " decision.kind: action, view.truces: []}}]")
    assert _run(["script", str(_script(tmp_path, expect))], capsys) == plain


def test_the_first_verb_takes_its_seat_under_args(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["script", str(SCRIPTS / "foundation_first.yaml")], capsys)
    first = [e for e in out["events"] if e["kind"] == "first_player"]
    assert first and first[0]["fields"]["seat"] == 1 and first[0]["step"] == 10
    assert out["decision"]["actor"] == "rome"
    assert [e["fields"]["city"] for e in out["events"] if e["kind"] == "founded"] == [
        "carthago", "capua", "numantia"]


def test_an_argument_clashing_with_a_step_key_without_args_is_a_yaml_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (SCRIPTS / "foundation_first.yaml").read_text().replace(
        "args: {seat: rome}", "seat: rome")
    script = tmp_path / "clash.yaml"
    script.write_text(text)
    assert main(["script", str(script)]) == 1
    assert "key 'seat' appears twice in one mapping" in capsys.readouterr().err
