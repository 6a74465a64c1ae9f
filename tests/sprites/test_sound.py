"""Sound: silent and error-free without a mixer, variants taken in turn, bursts thinned, the
settings' switch and volume followed; the story cues the right sounds; volume round-trips."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.events import Event, event
from game.session import GameSession, Secrets
from sprites import content, sound
from sprites.map.model import MapModel
from sprites.map.picture import picture_from_view
from sprites.scenes.base import intent
from sprites.settings import VOLUMES, Settings, load_settings, save_settings
from sprites.sound import GAP, VARIANTS, Mixer, gain
from sprites.table.anims import CardFlight, Dice
from sprites.table.story import Cue, Where, steps_for
from sprites.table.timeline import Timeline

KEYS = Secrets((b"a" * 32, b"b" * 32, b"c" * 32), b"chance" * 6, b"bots" * 8)


class Recorder:
    """A player that writes down what it is asked."""

    def __init__(self) -> None:
        self.played: list[str] = []
        self.settings: list[tuple[bool, int]] = []

    def play(self, name: str) -> None:
        self.played.append(name)

    def configure(self, enabled: bool, volume: int) -> None:
        self.settings.append((enabled, volume))


@pytest.fixture
def recorder() -> Iterator[Recorder]:
    """The recorder in place of the mixer, for one test."""
    stub = Recorder()
    old = sound.install(stub)
    yield stub
    sound.install(old)


class FakeSound:
    """Stands for a pygame Sound: records its volume and plays."""

    def __init__(self, file: str, log: list[tuple[str, float]]) -> None:
        self.file, self.log, self.volume = file, log, 1.0

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def play(self) -> None:
        self.log.append((self.file, self.volume))


class Bench(Mixer):
    """A mixer whose device always starts and whose sounds are fakes, on a hand clock."""

    def __init__(self) -> None:
        self.now = 100.0
        super().__init__(clock=lambda: self.now)
        self.log: list[tuple[str, float]] = []

    def _start(self) -> bool:
        return True

    def _sound(self, file: str) -> Any:
        return FakeSound(file, self.log)


def test_no_mixer_means_silence_without_errors() -> None:
    before = pygame.mixer.get_init()
    mixer = Mixer()
    for name in [*VARIANTS, "dice", "no such sound"]:
        mixer.play(name)
    assert mixer.ready is False and not mixer.sounds
    assert pygame.mixer.get_init() == before


def test_a_mixer_that_cannot_start_is_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    mixer = Mixer()
    mixer.play("battle")
    mixer.play("click")
    assert mixer.ready is False and not mixer.sounds


def test_a_missing_file_is_silent(tmp_path: Path) -> None:
    mixer = Mixer(folder=tmp_path)
    mixer.ready = True
    mixer.play("card")
    assert mixer.sounds == {"card": None}


def test_dice_take_their_variants_in_turn_and_bursts_are_thinned() -> None:
    bench = Bench()
    for _ in range(4):
        bench.play("dice")
        bench.play("dice")  # the same moment: not started twice
        bench.now += GAP * 1.5
    bench.play("card")
    assert [f for f, _ in bench.log] == ["dice_1", "dice_2", "dice_3", "dice_1", "card"]


def test_the_switch_and_the_volume_are_followed() -> None:
    bench = Bench()
    bench.configure(True, 50)
    bench.play("click")
    bench.configure(False, 100)
    bench.now += 1
    bench.play("click")
    bench.configure(True, 0)
    bench.now += 1
    bench.play("click")
    assert bench.log == [("click", gain(50))]
    assert gain(0) == 0 and gain(100) == 1 and gain(25) < gain(50) < gain(75) < gain(100)


def test_the_module_plays_through_the_installed_player(recorder: Recorder) -> None:
    sound.play("battle")
    sound.configure(Settings(sound=False, volume=25))
    assert recorder.played == ["battle"] and recorder.settings == [(False, 25)]


def test_the_first_sound_follows_the_saved_settings() -> None:
    save_settings(Settings(sound=False, volume=25))
    old = sound.install(None)
    try:
        made = sound.player()
        assert isinstance(made, Mixer) and (made.enabled, made.volume) == (False, 25)
        sound.play("click")
        assert made.ready is None  # switched off: the mixer was never even tried
    finally:
        sound.install(old)


def test_volume_round_trips_and_a_bad_one_is_reset(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    assert Settings().volume == 75 and VOLUMES == (0, 25, 50, 75, 100)
    for volume in VOLUMES:
        save_settings(Settings(volume=volume), path)
        assert load_settings(path) == (Settings(volume=volume), None)
    for bad in ("30", "true", '"75"', "null", "75.0"):
        path.write_text(f'{{"volume": {bad}, "sound": false}}')
        settings, message = load_settings(path)
        assert settings == Settings(sound=False) and message and "volume" in message


def test_the_settings_screen_sets_the_volume(display: pygame.Surface,
                                             recorder: Recorder) -> None:
    from sprites.app import App
    from sprites.scenes.settings_scene import ROWS

    saved: list[Settings] = []
    app = App(Settings(resolution=display.get_size()), save=saved.append)
    app.screen = display
    scene = app.open("settings")
    row = [r.key for r in ROWS].index("volume")
    scene.apply(intent("cycle", row=row, step=1))
    scene.apply(intent("apply"))
    assert app.settings.volume == 100 and saved[-1].volume == 100
    assert recorder.settings == [(True, 100)] and recorder.played == ["click", "click"]
    scene.draw(display)
    scene.apply(intent("back"))
    assert recorder.played == ["click"] * 3


# -- the story's cues ---------------------------------------------------------------------------

def _cues(events: tuple[Event, ...], model: MapModel) -> list[Any]:
    """The steps of one entry's story, played at once (the recorder hears the cues)."""
    session = GameSession.start("mediterranean_empires", "3", ("bot:random",) * 3, KEYS)
    view = session.view(0)
    where = Where((400, 300), (400, 80), {0: (100, 100), 1: (100, 140), 2: (100, 180)},
                  (400, 500), 120)
    data = content.content()
    shown = picture_from_view(view, data.setup(view["scenario"]), data)
    steps = steps_for(events, lambda ev: ev.kind, shown, shown, (0, 0, 0), (0, 0, 0), view,
                      model, where, 0, lambda p: None, False)
    timeline = Timeline()
    timeline.add(*steps)
    timeline.skip()
    return steps


@pytest.mark.parametrize(("events", "heard"), [
    ((event("battle_total", seat=0, cf=5, dice=(3, 4)), event("battle_total", seat=1, dice=(2,)),
      event("combat_won", fight=1)), ["dice", "dice"]),
    ((event("imperium_played", seat=0, card="consul"), event("discarded", seat=0, card="consul")),
     ["card"]),
    ((event("card_played", seat=1, card="consul"),), ["card"]),
    ((event("discarded", seat=0, card="consul"), event("card_lost", seat=0, card="consul")),
     ["discard", "discard"]),
    ((event("drew", seat=2, count=2),), ["card"]),
    ((event("interception_declined"), event("combat_started", fight=1), event("deployed")),
     ["battle"]),
    ((event("random_event", roll=5), event("turn_ended", turn=2), event("scored", seat=0),
      event("game_over")), ["dice", "turn_end"]),
    ((event("card_roll", seat=0, roll=0), event("founded", seat=0)), []),
])
def test_the_story_cues_the_right_sounds(display: pygame.Surface, model: MapModel,
                                         recorder: Recorder, events: tuple[Event, ...],
                                         heard: list[str]) -> None:
    steps = _cues(events, model)
    assert recorder.played == heard
    for k, step in enumerate(steps):  # dice and flights start with their sound
        if isinstance(step, Dice | CardFlight):
            assert isinstance(steps[k - 1], Cue) or isinstance(steps[k - 2], Cue)
