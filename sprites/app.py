"""The client's main loop: input → intents → update(dt) → draw, over a stack of scenes."""

from __future__ import annotations

import glob
import importlib
import os
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from sprites import sound
from sprites.clock import Clock, FrameTimer, SystemClock
from sprites.scenes.base import Intent, Scene, SceneStack
from sprites.settings import Settings, save_settings

if TYPE_CHECKING:
    from game.session import GameSession
    from net.files.saves import GameFiles
    from net.lan.facade import Lan

TITLE = "Mare Internum"
FPS_CAP = 120


def choose_presentation(env: Mapping[str, str] | None = None, platform: str | None = None
                        ) -> str | None:
    """The SDL_FRAMEBUFFER_ACCELERATION value to use, or None to leave SDL's default.

    Without a GPU, SDL presents through software OpenGL (12-15 ms a frame here), while its
    plain framebuffer presents in about 1 ms; a Linux machine with no DRI render node has no
    GPU driver, so it gets the plain framebuffer. A value the user set is kept.
    """
    platform = sys.platform if platform is None else platform
    if "SDL_FRAMEBUFFER_ACCELERATION" in (os.environ if env is None else env):
        return None
    if platform.startswith("linux") and not glob.glob("/dev/dri/renderD*"):
        return "0"
    return None


class App:
    """Owns the window, the scene stack, the clock and the settings."""

    SCENES: ClassVar[dict[str, str]] = {
        "title": "sprites.scenes.title:TitleScene",
        "settings": "sprites.scenes.settings_scene:SettingsScene",
        "new_game": "sprites.scenes.scenarios:ScenarioScene",
        "players": "sprites.scenes.players:PlayersScene",
        "ruleset_players": "sprites.scenes.ruleset_pages:RulesetPlayersScene",
        "load": "sprites.scenes.load:LoadScene",
        "map": "sprites.scenes.map_scene:MapScene",
        "table": "sprites.table.scene:TableScene",
        "rtta": "sprites.rtta.scene:RttaScene",
        "mare_nostrum": "sprites.mn.scene:MnScene",
        "game_menu": "sprites.table.menu:GameMenu",
        "help": "sprites.table.help:HelpScene",
        "pile": "sprites.table.piles:PileScene",
        "end": "sprites.table.end:EndScene",
        "turn_summary": "sprites.table.turn_summary:TurnSummary",
        "lan_name": "sprites.scenes.lan_name:LanNameScene",
        "lan_browser": "sprites.scenes.lan_browser:LanBrowserScene",
        "lan_room": "sprites.scenes.lan_room:LanRoomScene",
        "lan_resume": "sprites.scenes.lan_resume:LanResumeScene",
        "lan_table": "sprites.table.lan_scene:LanTableScene",
        "lan_rtta": "sprites.rtta.lan_scene:LanRttaScene",
        "lan_mare_nostrum": "sprites.mn.lan_scene:LanMnScene",
        "lan_pause": "sprites.table.lan_dialogs:PauseDialog",
        "lan_frozen": "sprites.table.lan_dialogs:FrozenDialog",
        "lessons": "sprites.tutorial.lessons:LessonsScene",
        "lesson": "sprites.tutorial.scene:TutorialScene",
        "lesson_end": "sprites.tutorial.closing:LessonEnd",
        "map_editor": "sprites.editor.map_scene:MapEditorScene",
        "editor": "sprites.editor.start_page:EditorStartScene",
        "scenario_editor": "sprites.editor.scene:ScenarioEditorScene",
        "editor_return": "sprites.editor.playtest:BackToEditor",
    }
    """Scenes by name, as "module:class" (imported when first opened, so that no scene
    module imports another); a rule set names its table scene in its registry entry."""

    def __init__(self, settings: Settings, clock: Clock | None = None,
                 message: str | None = None, save: Callable[[Settings], None] | None = None,
                 lan_factory: Callable[[App], Lan] | None = None) -> None:
        self.settings = settings
        self.clock = clock or SystemClock()
        self.timer = FrameTimer(self.clock)
        self.stack = SceneStack()
        self.running = True
        self.message = message
        """A one-off notice for the player (e.g. settings that could not be read)."""
        self._save = save or save_settings
        self._queue: list[Intent] = []
        self.screen: pygame.Surface | None = None
        self.frames = 0
        self._lan_factory = lan_factory
        self._lan: Lan | None = None

    # -- LAN play ----------------------------------------------------------------------

    @property
    def lan(self) -> Lan:
        """The handle on LAN play, made on first use (its network thread starts then)."""
        if self._lan is None:
            if self._lan_factory is not None:
                self._lan = self._lan_factory(self)
            else:
                from net.lan.service import LanService

                self._lan = LanService.for_client(self.settings.player_name)
        return self._lan

    def close_lan(self) -> None:
        """Stop LAN play (leaves a room, adjourns a game) if it was ever started."""
        lan, self._lan = self._lan, None
        if lan is not None:
            lan.close()

    # -- display -----------------------------------------------------------------------

    def open_display(self) -> pygame.Surface:
        """Create (or re-create) the window from the settings (and the sound's switch)."""
        sound.configure(self.settings)
        mode = choose_presentation()
        if mode is not None:
            os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = mode
        pygame.display.init()
        check_display()
        pygame.display.set_caption(TITLE)
        flags = pygame.FULLSCREEN if self.settings.fullscreen else 0
        size = (0, 0) if self.settings.fullscreen else self.settings.resolution
        self.screen = pygame.display.set_mode(size, flags)
        pygame.key.set_repeat(350, 40)
        return self.screen

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        assert self.screen is not None
        return self.screen.get_size()

    def ui(self, px: float) -> int:
        """A design size (for a 1080-line screen at 100 %) in pixels for this window."""
        height = self.size[1] if self.screen is not None else 1080
        return max(1, round(px * self.settings.ui_scale / 100 * max(0.7, height / 1080)))

    def apply_settings(self, settings: Settings) -> str | None:
        """Adopt and save new settings; reopen the window if its mode changed. An error
        message if saving failed (the settings still apply)."""
        reopen = (settings.resolution, settings.fullscreen) != (self.settings.resolution,
                                                                self.settings.fullscreen)
        self.settings = settings
        sound.configure(settings)
        if reopen and self.screen is not None:
            self.open_display()
        for scene in self.stack:
            scene.resized()
        try:
            self._save(settings)
        except OSError as exc:
            return f"Settings apply now but could not be saved: {exc}"
        return None

    # -- scenes ------------------------------------------------------------------------

    def push(self, scene: Scene) -> None:
        """Show a scene over the current one."""
        self.stack.push(scene, self)

    def pop(self) -> None:
        """Close the top scene (the app stops when none is left)."""
        self.stack.pop(self)
        if not len(self.stack):
            self.running = False

    def scene_class(self, name: str) -> type[Scene]:
        """The scene class registered under a name; KeyError naming the known ones."""
        if name not in self.SCENES:
            raise KeyError(f"no scene {name!r} (known: {', '.join(sorted(self.SCENES))})")
        module, _, attr = self.SCENES[name].partition(":")
        found: type[Scene] = getattr(importlib.import_module(module), attr)
        return found

    def open(self, name: str, *args: Any) -> Scene:
        """Show the scene registered under `name`, made from `args`, over the current one."""
        scene = self.scene_class(name)(*args)
        self.push(scene)
        return scene

    def back_to(self, name: str) -> None:
        """Close the scenes above the nearest one registered under `name` (not the last)."""
        wanted = self.scene_class(name)
        while len(self.stack) > 1 and not isinstance(self.stack.top, wanted):
            self.pop()

    def open_game(self, session: GameSession, files: GameFiles | None) -> Scene:
        """Show a game over the title screen, at the table its rule set names."""
        from game.rulesets import entry

        self.back_to("title")
        return self.open(entry(session.config.ruleset).table_scene, session, files)

    def post(self, intent: Intent) -> None:
        """Queue an intent for the top scene (applied at the start of the next frame)."""
        self._queue.append(intent)

    def quit(self) -> None:
        """Stop after this frame."""
        self.running = False

    # -- the loop ----------------------------------------------------------------------

    def frame(self, events: list[pygame.event.Event] | None = None) -> None:
        """One turn of the loop: input → intents → update(dt) → draw."""
        events = pygame.event.get() if events is None else events
        for event in events:
            if event.type == pygame.QUIT:
                self.quit()
            elif self.stack.top is not None:
                self._queue.extend(self.stack.top.intents(event))
        queued, self._queue = self._queue, []
        for intent in queued:
            if self.stack.top is not None:
                self.stack.top.apply(intent)
        dt = self.timer.tick()
        if self.stack.top is not None:
            self.stack.top.update(dt)
        self.draw()
        self.frames += 1

    def draw(self) -> None:
        """Draw the visible scenes and present what changed."""
        if self.screen is None:
            return
        dirty: list[pygame.Rect] | None = []
        for scene in self.stack.visible():
            rects = scene.draw(self.screen)
            dirty = None if rects is None or dirty is None else dirty + rects
        if dirty is None:
            pygame.display.flip()
        elif dirty:
            pygame.display.update(dirty)

    def run(self, max_frames: int | None = None) -> None:
        """Loop until quit (or for max_frames frames)."""
        limiter = pygame.time.Clock()
        stopped = True  # the app stops here (quit, no scene left, a crash): LAN play too
        try:
            while self.running and len(self.stack) and (max_frames is None
                                                        or self.frames < max_frames):
                self.frame()
                limiter.tick(FPS_CAP)
            stopped = not (self.running and len(self.stack))
        finally:
            if stopped:
                self.close_lan()


class NoDisplayError(RuntimeError):
    """No screen to open a window on."""


def check_display() -> None:
    """Refuse SDL's invisible fallback drivers unless someone asked for them on purpose.

    Without a desktop session SDL falls back to an off-screen driver and the game would run
    in a window nobody can see.
    """
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER") != driver:
        pygame.display.quit()
        raise NoDisplayError("no display found: run the game in a desktop session "
                             "(or under Xvfb for screenshots and benchmarks)")
