"""Screenshots of a game at the table for tools/screenshots.py: the players page, the table
mid-game (a hand with a card raised, the HUD), a roll on the map, the hot-seat cover, the end
of the game, and the table while the autosave fails (its banner). The person's seat is played
by the greedy bot through the table's intents."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from net.files.autosave import AutoSaver

if TYPE_CHECKING:
    from sprites.app import App
    from sprites.clock import ManualClock
    from sprites.scenes.base import Intent
    from sprites.table.scene import TableScene

SCENARIO = "08"
FRAME = 1 / 30


class FullDisk(AutoSaver):
    """An autosave whose disk is full, for the picture (no disk is filled)."""

    def write(self, path: Path, data: bytes) -> None:
        """Fail at once, as a full disk does."""
        self.error = "the disk is full"


def shoot_table(app: App, clock: ManualClock, save: Callable[[App, str], None]) -> None:
    """Render the table scenes of one seeded game into `save`."""
    from game.session import GameSession, Secrets
    from sprites import content
    from sprites.table.anims import Dice
    from sprites.table.end import EndScene

    app.open("players", content.content().setup(SCENARIO))
    save(app, "players")
    app.pop()
    keys = Secrets(tuple(bytes([7 + k]) * 32 for k in range(4)), b"shots" * 8, b"bots" * 8)
    session = GameSession.start("mediterranean_empires", SCENARIO,
                                ("human", "bot:greedy", "bot:greedy", "bot:random"), keys)
    table = _open_table(app, session)
    display = table.display
    player = Player(app, clock, table)
    player.save_summary = save
    table.control.fast = True
    player.until(lambda: session.table.state.turn >= 2 and session.table.state.round >= 2
                 and display.offered is not None and len(display.hand.cards) >= 6)
    table.apply(_intent("fast"))
    _hover_card(app, table, len(display.hand.cards) // 2)
    player.tick()
    player.tick()
    save(app, "table")
    app.open("help")
    save(app, "help")
    app.pop()
    app.post(_intent("pointer", pos=(display.hud.rect.right + 40, 300)))
    player.until(lambda: isinstance(display.timeline.current, Dice)
                 and display.timeline.current.t > 0.7, 20000)
    save(app, "table_roll")
    table.control.fast = True
    player.until(lambda: False)
    for _ in range(3000):
        if isinstance(app.stack.top, EndScene):
            break
        if not _summary_closed(player):
            player.tick()
    save(app, "end")
    _cover_shot(app, clock, save)
    _autosave_shot(app, clock, save)


class Player:
    """Plays the person's seat with the greedy bot, through the table's intents."""

    def __init__(self, app: App, clock: ManualClock, table: TableScene) -> None:
        from game.rulesets.mediterranean_empires.bots.greedy import GreedyBot

        self.app, self.clock, self.table = app, clock, table
        self.bot = GreedyBot(b"the person" * 4)
        self.save_summary: Callable[[App, str], None] | None = None
        """Saves the first turn summary it closes, when set."""

    def _summary(self) -> bool:
        return _summary_closed(self)

    def tick(self) -> None:
        """One frame, FRAME seconds later."""
        self.clock.advance(FRAME)
        self.app.frame([])

    def until(self, done: Callable[[], bool], limit: int = 40000) -> None:
        """Play (answering for the person, closing each turn's summary once read) until
        `done()` or the end of the game."""
        session, display = self.table.session, self.table.display
        for _ in range(limit):
            if done() or session.over:
                return
            if self._summary():
                continue
            if display.offered is not None and not display.timeline.busy:
                seat = session.human_turn()
                assert seat is not None
                choice = self.bot.choose(session.view(seat), session.legal(seat))
                self.app.post(_intent("choose", action=choice))
            self.tick()


def _summary_closed(player: Player) -> bool:
    """Close the turn summary on top once Continue works; whether one was on top."""
    from sprites.table.turn_summary import TurnSummary

    top = player.app.stack.top
    if not isinstance(top, TurnSummary):
        return False
    if top.ready:
        if player.save_summary is not None:
            player.save_summary(player.app, "turn_summary")
            player.save_summary = None
        top.apply(_intent("continue"))
    player.tick()
    return True


def _open_table(app: App, session: object) -> TableScene:
    from sprites.table.scene import TableScene

    table = app.open("table", session)
    assert isinstance(table, TableScene)
    return table


def _intent(name: str, **args: object) -> Intent:
    from sprites.scenes.base import intent

    return intent(name, **args)


def _hover_card(app: App, table: TableScene, index: int) -> None:
    """Rest the pointer on a hand card so it rises and shows enlarged."""
    card = table.display.hand.cards[index]
    app.post(_intent("pointer", pos=(card.rect.x + 12, app.size[1] - 6)))


def _cover_shot(app: App, clock: ManualClock, save: Callable[[App, str], None]) -> None:
    """Two people at one screen: the cover that asks to pass the screen."""
    from game.session import GameSession, Secrets

    app.back_to("title")
    keys = Secrets((b"a" * 32, b"b" * 32, b"c" * 32), b"cover" * 8, b"bots" * 8)
    session = GameSession.start("mediterranean_empires", "3", ("human", "human", "bot:greedy"),
                                keys)
    table = _open_table(app, session)
    Player(app, clock, table).until(lambda: table.control.covered, 20000)
    for _ in range(30):  # past the half second in which the cover ignores clicks
        clock.advance(FRAME)
        app.frame([])
    save(app, "cover")


def _autosave_shot(app: App, clock: ManualClock, save: Callable[[App, str], None]) -> None:
    """The table while the autosave fails (its disk is full): the banner under the bar."""
    import tempfile

    from game.session import GameSession, Secrets
    from net.files.saves import GameFiles
    from sprites.table.scene import TableScene

    app.back_to("title")
    keys = Secrets(tuple(bytes([40 + k]) * 32 for k in range(4)), b"full" * 8, b"bots" * 8)
    session = GameSession.start("mediterranean_empires", SCENARIO,
                                ("human", "bot:greedy", "bot:greedy", "bot:random"), keys)
    files = GameFiles(Path(tempfile.mkdtemp(prefix="mare-full-")), "game", FullDisk())
    table = app.open_game(session, files)
    assert isinstance(table, TableScene)
    player = Player(app, clock, table)
    table.control.fast = True
    player.until(lambda: session.table.state.turn >= 1 and table.display.offered is not None
                 and len(table.display.hand.cards) >= 5)
    table.apply(_intent("fast"))
    player.tick()
    player.tick()
    save(app, "table_autosave")

