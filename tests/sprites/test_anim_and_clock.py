"""Easing curves, tweens and clocks: pure and steppable."""

from __future__ import annotations

import pytest

from sprites.anim import (
    Easing,
    Tween,
    ease_in_out_cubic,
    ease_in_out_sine,
    ease_out_back,
    ease_out_cubic,
    linear,
    scaled_duration,
)
from sprites.clock import FrameTimer, ManualClock


@pytest.mark.parametrize("curve", [linear, ease_in_out_cubic, ease_out_cubic, ease_out_back,
                                   ease_in_out_sine])
def test_easings_start_at_zero_and_end_at_one(curve: Easing) -> None:
    assert curve(0.0) == pytest.approx(0.0, abs=1e-9)
    assert curve(1.0) == pytest.approx(1.0)
    assert curve(-3) == pytest.approx(0.0, abs=1e-9) and curve(7) == pytest.approx(1.0)


def test_a_tween_steps_to_its_end_and_stays_there() -> None:
    tween = Tween(10.0, 20.0, 0.5, linear)
    assert tween.step(0.25) == pytest.approx(15.0)
    assert not tween.done
    assert tween.step(1.0) == pytest.approx(20.0) and tween.done


def test_animation_speed_scales_durations() -> None:
    assert scaled_duration(1.0, 200) == pytest.approx(0.5)
    assert scaled_duration(1.0, 50) == pytest.approx(2.0)
    assert scaled_duration(1.0, 0) == 0.0


def test_the_frame_timer_reads_the_injected_clock_and_caps_stalls() -> None:
    clock = ManualClock()
    timer = FrameTimer(clock)
    clock.advance(0.016)
    assert timer.tick() == pytest.approx(0.016)
    clock.advance(5.0)
    assert timer.tick() == pytest.approx(FrameTimer.MAX_STEP)
    assert timer.tick() == 0.0
    with pytest.raises(ValueError):
        clock.advance(-1)
