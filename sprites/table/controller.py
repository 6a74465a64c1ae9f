"""The table without the screen: who sits in front of it, the hot-seat cover, what the person
there is offered, when the game moves on (bots wait so people can follow) and the autosave.

No pygame: the scene asks `next_move()` whenever no animation holds the game up and does
what it says; tests drive the same calls with a manual clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from game.core.actions import Action, act
from game.core.entries import ActionEntry
from game.core.errors import EngineError
from game.core.events import Event
from game.core.slots import parse_slot
from game.session import HUMAN, GameSession
from net.files.saves import GameFiles, new_name
from sprites import content
from sprites.table.intents import KEYS, Offer, sort_actions
from sprites.table.labels import LabelContext, choice_options, label, prompt_words
from sprites.table.names import Names
from sprites.table.thinking import Thinker, thinks_long

BOT_PAUSE = 0.7
"""Seconds a bot's move waits at normal speed, so people can follow."""
FAST = 6.0
"""Fast-forward multiplies animation speed by this."""
CARD_SIDES = ("force", "attacker", "defender")
"""Where a frame on the view's stack holds cards."""
COVER_GUARD = 0.5
"""Seconds the cover ignores clicks and keys once it is up, so that a click meant for the last
turn cannot show the next person's hand."""

Move = Literal["over", "stuck", "cover", "person", "wait", "step"]
"""What the table does next: show the end; nothing (the rules failed); cover the screen for
another person; wait for the person; wait for a bot's pause to run out; step the game."""


@dataclass(frozen=True)
class Offered:
    """The decision of the person at the screen: the seat, its legal actions sorted by how a
    person answers them, and each action in words."""

    seat: int
    offer: Offer
    labels: dict[Action, str]

    def words(self, actions: list[Action]) -> list[tuple[str, Action]]:
        """(label, action) for some of the actions."""
        return [(self.labels[a], a) for a in actions]


class TableController:
    """One game at this screen, paced for the people in front of it."""

    def __init__(self, session: GameSession, files: GameFiles | None = None,
                 animation_speed: int = 100) -> None:
        self.session = session
        self.files = files
        self.names = Names(content.content())
        self.empires = tuple(str(s["empire"]) for s in session.view(None)["seats"])
        humans = session.humans
        self.screen_seat: int | None = humans[0] if len(humans) == 1 else None
        """The seat whose view the screen shows (None: only the public view)."""
        self.covered_for: int | None = None
        """The person the screen waits for, covered until they are there (hot seat)."""
        self.clock = 0.0
        """Seconds the table has run (from `tick`)."""
        self.covered_at = 0.0
        """The clock when the cover last went up."""
        self.animation_speed = animation_speed
        """The settings' animation speed, in percent (0: instant)."""
        self.fast = False
        self.waited = 0.0
        self.stuck = False
        self.ended = False
        self.notice = ""
        self.copied = -1
        """How many entries the last Save a Copy held (-1: none made)."""
        self.thinker: Thinker | None = None
        """A searching bot's decision under way on a background thread."""
        if files is not None:
            session.on_entry = self.autosave

    @property
    def speed(self) -> float:
        """How fast things play: 1 at normal speed, 0 instant, ×FAST when fast-forwarding."""
        return self.animation_speed / 100 * (FAST if self.fast else 1.0)

    @property
    def covered(self) -> bool:
        """Whether the screen is covered, waiting for the next person."""
        return self.covered_for is not None

    @property
    def cover_ready(self) -> bool:
        """Whether the cover is up and past COVER_GUARD, so that it may be revealed."""
        return self.covered and self.clock - self.covered_at >= COVER_GUARD

    # -- pacing -------------------------------------------------------------------------

    def tick(self, dt: float) -> None:
        """Time passes with nothing animating: the cover ages, a bot's pending move waits."""
        self.clock += dt
        if self._bot_to_move():
            self.waited += dt

    def next_move(self) -> Move:
        """What to do now that no animation holds the game up."""
        if self.stuck:
            return "stuck"
        if self.session.over:
            return "over"
        seat = self.session.human_turn()
        if seat is not None:
            return "cover" if self._must_cover(seat) else "person"
        if self._thinking():
            return "wait"
        return "wait" if self._pausing() else "step"

    def _thinking(self) -> bool:
        """Whether a searching bot is still deciding (its thread starts when it is to move, so
        it thinks during the pause too)."""
        decision = self.session.decision()
        if self.thinker is None and decision.kind == "action" \
                and thinks_long(self.session, decision.actor):
            self.thinker = Thinker(self.session)
        return self.thinker is not None and not self.thinker.done

    @property
    def thinking_seat(self) -> int | None:
        """The seat whose bot is thinking now (for the HUD's mark), if any."""
        thinker = self.thinker
        return thinker.seat if thinker is not None and not thinker.done else None

    def _bot_to_move(self) -> bool:
        decision = self.session.decision()
        return decision.kind == "action" and self.session.players[decision.actor] != HUMAN

    def _pausing(self) -> bool:
        if self.speed <= 0 or self.fast or not self._bot_to_move():
            return False
        return self.waited < BOT_PAUSE / self.speed

    def _must_cover(self, seat: int) -> bool:
        """Whether the screen must be covered before `seat` decides. While nothing is hidden
        it needs none: the screen then shows the public view to whoever decides."""
        if seat in (self.screen_seat, self.covered_for) or len(self.session.humans) < 2:
            return False
        if self.hidden():
            return True
        self.screen_seat = None
        return False

    def hidden(self) -> bool:
        """Whether any card in play is private to someone (before the first deal: none)."""
        return anything_hidden(self.session.view(None))

    def _at_screen(self, seat: int) -> bool:
        """Whether `seat` may decide at the screen: it holds it, or it is open (nothing
        hidden, no one holds it) and not covered."""
        if self.covered:
            return False
        return seat == self.screen_seat or (self.screen_seat is None and not self.hidden())

    # -- the hot seat -------------------------------------------------------------------

    def cover(self) -> None:
        """Hide everything private until the person who must decide takes the screen."""
        self.covered_for, self.screen_seat = self.session.human_turn(), None
        self.covered_at = self.clock

    def reveal(self) -> bool:
        """The person the screen waited for is there; whether the cover was up and past
        COVER_GUARD (earlier, it stays)."""
        if self.covered_for is None or not self.cover_ready:
            return False
        self.screen_seat, self.covered_for = self.covered_for, None
        return True

    def known(self, view: Mapping[str, Any]) -> dict[str, str]:
        """slot → card for the cards on the view's stack the person at the screen knows."""
        if self.screen_seat is None or self.covered:
            return {}
        sides = [f[side] for f in view["stack"] for side in CARD_SIDES
                 if isinstance(f.get(side), dict)]
        slots = tuple(c["slot"] for s in sides for c in s.get("cards", ()))
        leaders = tuple(leader for s in sides for leader in s.get("leaders", ()))
        return self.session.cards_of(self.screen_seat, slots + leaders)

    # -- decisions ----------------------------------------------------------------------

    def offered(self, view: Mapping[str, Any]) -> Offered | None:
        """What the person at the screen may do now, from what they see (None: nothing)."""
        seat = self.session.human_turn()
        if seat is None or not self._at_screen(seat):
            return None
        legal = self.session.legal(seat)
        hand = {h["slot"]: h["card"] for h in view["hand"]}
        slots = tuple(str(a.arg(k)) for a in legal for k in ("slot", "fleet", "id")
                      if a.arg(k) is not None)
        top = view["stack"][-1] if view["stack"] else {}
        ctx = LabelContext(self.names, {**hand, **self.session.cards_of(seat, slots)},
                           self.empires, choice_options(content.content(), top))
        own = fighting_side(top, seat)
        labels = {a: label(a, ctx) + (" · helps the other side" if helps_other(a, own) else "")
                  for a in legal}
        if self.can_undo():
            labels = {a: f"{words} · no undo" if self.session.final(seat, a) else words
                      for a, words in labels.items()}
        return Offered(seat, sort_actions(legal, self.names.is_node, set(hand)), labels)

    def prompt(self, offered: Offered | None) -> tuple[str, str, str]:
        """(who, why, hint) for the decision bar: whose decision it is and why."""
        decision = self.session.decision()
        if decision.is_over:
            return "The game is over", "", ""
        if self.covered_for is not None:
            return f"{self.names.empire(self.empires[self.covered_for])} to play", \
                "Pass the screen.", ""
        said = prompt_words(decision.prompt, self.empires)
        if decision.kind != "action":
            return "", said, ""
        who = self.names.empire(self.empires[decision.actor])
        why = said.partition(" — ")[2] or decision.prompt
        if offered is None:
            kind = "bot" if self.session.players[decision.actor] != HUMAN else "player"
            return f"{who} ({kind}) is deciding", why, ""
        return f"{who}, your decision", legal_words(offered, why), hint(offered.offer)

    # -- the game moves on --------------------------------------------------------------

    def act(self, action: Action) -> tuple[Event, ...] | None:
        """The person at the screen answers; None (and a notice) if the engine refuses."""
        seat = self.session.human_turn()
        assert seat is not None
        try:
            return self.session.act(seat, action)
        except EngineError as exc:
            self.notice = str(exc)
            return None

    def step(self) -> tuple[Event, ...] | None:
        """Answer one decision no person has to; None if a person must, or if the rules
        failed (then the table is stuck, with a notice, and never crashes)."""
        self.waited = 0.0
        thinker, self.thinker = self.thinker, None
        try:
            if thinker is not None:
                entry = thinker.entry_for(self.session)
                return None if entry is None else self.session.submit(entry)
            return self.session.step()
        except EngineError as exc:
            self.notice = f"The game cannot go on: {exc}"
            self.stuck = True
            return None

    def autosave(self, session: GameSession) -> None:
        """Save the game after an entry (in the background)."""
        if self.files is not None:
            self.files.save(session, summary(session))

    @property
    def save_problem(self) -> str:
        """Why the autosave is failing, in plain words ("": it is not)."""
        return (self.files.saver.problem or "") if self.files is not None else ""

    def save_copy(self) -> Path:
        """Write the game under a new name now (the menu's Save a Copy); the log's path, or
        StorageError saying why not."""
        assert self.files is not None
        state = self.session.table.state
        name = new_name(state.scenario) + f"-turn{state.turn}-copy"
        path = self.files.copy_to(self.session, name, summary(self.session))
        self.copied = len(self.session.history)
        return path

    def unsaved(self, wait: float = 0.5) -> str:
        """Why leaving the game now would lose moves, in a few words ("the disk is full"; "":
        the autosave, or a copy made since the last move, holds them all); waits up to `wait`
        s for the autosave to land."""
        files = self.files
        if files is None or self.copied == len(self.session.history) or files.saver.flush(wait):
            return ""
        return files.saver.error or "they are still being written"

    can_load = True
    """Whether the game menu may open another game over this one."""
    undo_allowed = True
    """Whether people may take decisions back (not at a LAN table: the game is not ours)."""

    def can_undo(self) -> bool:
        """Whether the person at the screen has decisions to take back now."""
        seat = self.session.human_turn()
        return (self.undo_allowed and seat is not None and seat == self.screen_seat
                and not self.covered and self.session.undo_point(seat) is not None)

    def returnable(self) -> tuple[str, ...]:
        """Slots added to the screen's person's expedition that a click can take back."""
        seat = self.session.human_turn()
        keep = self.session.undo_point(seat) if seat is not None and self.can_undo() else None
        if keep is None:
            return ()
        added = (r.entry.action for r in self.session.table.records[keep:]
                 if isinstance(r.entry, ActionEntry))
        return tuple(str(a.arg("slot")) for a in added if a.verb == "add")

    def taken_back(self, slot: str) -> bool:
        """Take a card added to the screen's person's expedition back into the hand (while
        its adding can still be undone); whether it was."""
        seat = self.session.human_turn()
        if not self.can_undo() or seat is None:
            return False
        try:
            self.session.take_back(seat, act("add", slot=slot))
        except EngineError:
            return False
        self._saved_shorter()
        return True

    def undo(self) -> bool:
        """Take the screen's person's own decisions back (and save the shorter game);
        whether anything was taken back."""
        seat = self.session.human_turn()
        if not self.can_undo() or seat is None:
            return False
        self.session.undo(seat)
        self._saved_shorter()
        return True

    def _saved_shorter(self) -> None:
        """The save follows a game whose log got shorter."""
        if self.files is not None:
            self.files.rewind(self.session, summary(self.session))
        self.notice = ""

    def kept_words(self) -> str:
        """Where the game is kept when it has no save files, in words."""
        return "This game is not being saved."

    def leave(self) -> None:
        """The people at this screen leave the game (a hot-seat game just stays saved)."""

    def finish(self) -> bool:
        """The game is over: the saves are flushed; whether this is the first time."""
        if self.ended:
            return False
        self.ended = True
        if self.files is not None:
            self.files.saver.flush()
        return True


def fighting_side(frame: Mapping[str, Any], seat: int) -> int | None:
    """0 if `seat` attacks in the fight on top of the stack, 1 if it defends, else None."""
    for index, key in enumerate(("attacker", "defender")):
        side = frame.get(key)
        if isinstance(side, dict) and side.get("seat") == seat:
            return index
    return None


def helps_other(action: Action, own: int | None) -> bool:
    """Whether a card played in a fight goes to the side the player fights against."""
    side = action.arg("side")
    return action.verb == "play" and own is not None and side is not None and side != own


ROUND_CHOICES = (("pass", "pass"), ("discard", "discard & draw"),
                 ("imperium", "play Imperium"), ("expedition", "send a Military Expedition"),
                 ("done", "end your action"))
"""An action phase's choices in words, in the order the rules give them (rule 5)."""


def legal_words(offered: Offered, why: str) -> str:
    """An action phase's prompt listing only what is legal now ("pass or discard & draw
    (round 5)"); any other prompt as the rules word it."""
    _, bracket, rest = why.partition(" (round")
    verbs = {action.verb for action in offered.labels}
    if not verbs <= {verb for verb, _ in ROUND_CHOICES} or not bracket:
        return why
    words = [said for verb, said in ROUND_CHOICES if verb in verbs]
    listed = ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]
    return f"{listed[:1].upper()}{listed[1:]}{bracket}{rest}"


def summary(session: GameSession) -> str:
    """Where the game stands, for the Load screen ("Turn 2, round 3")."""
    state = session.table.state
    return f"Turn {state.turn}, round {state.round}" if state.turn else "Set-up"


def anything_hidden(view: Mapping[str, Any]) -> bool:
    """Whether a public view has a card someone may know and others not: a card in a hand, or
    one face down on the stack or in a discard pile."""
    seats = view["seats"]
    return (any(s["hand_size"] for s in seats)
            or any(card is None for s in seats for card in s["discard"])
            or any(slot not in view["open_cards"] for slot in slots_in(view["stack"])))


def slots_in(plain: Any) -> list[str]:
    """Every slot id (deck:epoch:index) in plain data, such as a view's stack."""
    if isinstance(plain, str):
        return [plain] if is_slot(plain) else []
    items = plain.values() if isinstance(plain, dict) else plain if isinstance(plain, list) else ()
    return [slot for item in items for slot in slots_in(item)]


def is_slot(text: str) -> bool:
    """Whether a string is a slot id."""
    try:
        parse_slot(text)
    except ValueError:
        return False
    return True


KEY_WORDS = {"pass": "P passes", "decline": "P declines", "confirm": "Enter confirms",
             "done": "Enter: done", "cancel": "Esc cancels"}
"""What a key does, by the verb it stands for now (`intents.KEYS`: the first legal verb)."""


def hint(offer: Offer) -> str:
    """How to answer an offer, in words, with only the keys that do something now."""
    ways = [words for words, found in (("click a glowing place on the map", offer.targets),
                                       ("click a glowing card", offer.cards),
                                       ("use a button", offer.buttons)) if found]
    keys = _key_words(offer)
    text = " · ".join(ways) + (f" ({', '.join(keys)})" if keys else "")
    return text[:1].upper() + text[1:]


def _key_words(offer: Offer) -> list[str]:
    """What each key does now, for the keys that answer the offer."""
    said = []
    for verbs in KEYS.values():
        verb = next((v for v in verbs if offer.allows(Action(v))), None)
        if verb is not None:
            said.append(KEY_WORDS[verb])
    return said
