"""The conformance suite's sealed-choice checks catch what they are for: a view that shows
another seat's sealed choice, samples the check refuses, a check that takes nonsense."""

from __future__ import annotations

import re
from typing import Any

import pytest

from game.core.ruleset import ViewRequest
from game.core.sealed import Choice, Pick
from game.rulesets._toy.rules import ToyRuleset
from game.rulesets._toy.state import ToyState
from game.session import master_config
from tools.conformance import ConformanceError, check_log, checked_game


class PeekingView(ToyRuleset):
    """Shows every seal's commitment: a view that depends on others' sealed choices."""

    def view(self, state: ToyState, request: ViewRequest) -> Any:
        view = dict(super().view(state, request))
        view["seals"] = [c.hex() for c in state.sealed.commitments] if state.sealed else []
        return view


class RememberingView(ToyRuleset):
    """Carries the last viewer's own bid over to the next viewer (a leak through a cache)."""

    last: int | None = None

    def view(self, state: ToyState, request: ViewRequest) -> Any:
        view: dict[str, Any] = dict(super().view(state, request))
        view["my_bid"], RememberingView.last = RememberingView.last, view["my_bid"]
        return view


class BadSamples(ToyRuleset):
    """Samples bids its own check refuses."""

    def sample_sealed(self, state: ToyState, seat: int, name: str, pick: Pick) -> Choice:
        return ("7",)


class TakesAnything(ToyRuleset):
    """Accepts any sealed choice at all."""

    def check_sealed(self, state: ToyState, seat: int, name: str, choice: Choice) -> str | None:
        return None


@pytest.mark.parametrize(("rules", "words"), [
    (PeekingView(), "view depends on sealed choices of bid:1 before their reveal"),
    (RememberingView(), "view depends on sealed choices"),
    (BadSamples(), re.escape("sample_sealed gave seat 0 ('7',) for bid:1, which check_sealed "
                             "refuses: a bid is one of 0, 1, 2")),
    (TakesAnything(), "check_sealed accepts nonsense for bid:1"),
])
def test_the_sealed_checks_catch_a_faulty_rule_set(rules: ToyRuleset, words: str) -> None:
    config = master_config(rules, b"faulty", "sealed", 2)
    with pytest.raises(ConformanceError, match=words):
        checked_game(rules, config, b"faulty")


def test_the_toy_sealed_bids_pass_every_check() -> None:
    rules = ToyRuleset()
    for seats in (2, 4):
        report = checked_game(rules, master_config(rules, b"bids", "sealed", seats), b"bids")
        assert report.log.finished and report.audit is not None and report.audit.ok
        check_log(rules, report)
