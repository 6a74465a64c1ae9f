"""Screenshots of a game at the table for tools/screenshots.py: the players page, the table
mid-game (a hand with a card raised, the HUD), a roll on the map, the hot-seat cover, and the
end of the game. The person's seat is played by the greedy bot through the table's intents."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sprites.app import App
    from sprites.clock import ManualClock
    from sprites.table.scene import TableScene

SCENARIO = "08"
FRAME = 1 / 30


def shoot_table(app: App, clock: ManualClock, save: Callable[[App, str], None]) -> None:
    """Render the table scenes of one seeded game into `save`."""
    from game.rulesets.mediterranean_empires.bots.greedy import GreedyBot
    from game.session import GameSession, Secrets
    from sprites import content
    from sprites.scenes.players import PlayersScene
    from sprites.table.anims import Dice
    from sprites.table.end import EndScene
    from sprites.table.scene import TableScene

    setup = content.content().setup(SCENARIO)
    players = PlayersScene(setup)
    app.push(players)
    save(app, "players")
    app.pop()
    keys = Secrets(tuple(bytes([7 + k]) * 32 for k in range(4)), b"shots" * 8, b"bots" * 8)
    session = GameSession.start("mediterranean_empires", SCENARIO,
                                ("human", "bot:greedy", "bot:greedy", "bot:random"), keys)
    table = TableScene(session)
    app.push(table)
    me = GreedyBot(b"the person" * 4)

    def tick() -> None:
        clock.advance(FRAME)
        app.frame([])

    def play_until(done: Callable[[], bool], limit: int = 40000) -> None:
        for _ in range(limit):
            if done() or session.over:
                return
            if table.offer is not None and not table.timeline.busy:
                seat = session.human_turn()
                assert seat is not None
                choice = me.choose(session.view(seat), session.legal(seat))
                from sprites.scenes.base import intent

                app.post(intent("choose", action=choice))
            tick()

    table.fast = True
    play_until(lambda: session.table.state.turn >= 2 and session.table.state.round >= 2
               and table.offer is not None and len(table.cards) >= 6)
    table.fast = False
    table.apply(_intent("fast"))
    table.apply(_intent("fast"))
    _hover_card(app, table, len(table.cards) // 2)
    tick()
    tick()
    save(app, "table")
    app.post(_intent("pointer", pos=(table.hud_rect.right + 40, 300)))
    play_until(lambda: isinstance(table.timeline.current, Dice)
               and table.timeline.current.t > 0.7, 20000)
    save(app, "table_roll")
    table.fast = True
    play_until(lambda: False)
    for _ in range(3000):
        if isinstance(app.stack.top, EndScene):
            break
        tick()
    save(app, "end")
    _cover_shot(app, clock, save)


def _intent(name: str, **args: object):
    from sprites.scenes.base import intent

    return intent(name, **args)


def _hover_card(app: App, table: TableScene, index: int) -> None:
    """Rest the pointer on a hand card so it rises and shows enlarged."""
    card = table.cards[index]
    app.post(_intent("pointer", pos=(card.rect.x + 12, app.size[1] - 6)))


def _cover_shot(app: App, clock: ManualClock, save: Callable[[App, str], None]) -> None:
    """Two people at one screen: the cover that asks to pass the screen."""
    from game.session import GameSession, Secrets
    from sprites.table.menu import leave_to_title
    from sprites.table.scene import TableScene

    leave_to_title(app)
    keys = Secrets((b"a" * 32, b"b" * 32, b"c" * 32), b"cover" * 8, b"bots" * 8)
    session = GameSession.start("mediterranean_empires", "3", ("human", "human", "bot:greedy"),
                                keys)
    table = TableScene(session)
    app.push(table)
    for _ in range(60):
        clock.advance(FRAME)
        app.frame([])
        if table.covered_for is not None:
            break
    save(app, "cover")

