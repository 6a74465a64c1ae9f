"""Rule 3.2 / 4.3.4: the Leader tracks follow what each empire holds; rule 5: the titles.

Trade counts controlled caravans and markets, Culture controlled cities and temples,
Military legions, triremes and fortresses, each plus the owned tiles' Leader Bonuses (a
copied power brings no bonus, rule 10). Occupied buildings count for their occupier. Above
XV a marker shows its '+' side and counts on from I (rule 5).
"""

from __future__ import annotations

from game.core.records import memo
from game.rulesets.mare_nostrum.content_records import TRACKS, MnContent
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.state import NOBODY, MnState

TRACK_TOP = 15
"""The last printed level; beyond it the marker flips to its '+' side (rule 5)."""
SITE_TRACK = {"caravan": 0, "market": 0, "city": 1, "temple": 1}


def track_values(content: MnContent, state: MnState, seat: int) -> tuple[int, int, int]:
    """What the seat's three tracks should read now (rule 5: count the elements)."""
    return all_tracks(content, state)[seat]


def all_tracks(content: MnContent, state: MnState) -> tuple[tuple[int, int, int], ...]:
    """Every seat's track values, counted in one pass over the board, once per state."""
    return memo(state, ("tracks", id(content)), lambda: _count(content, state))


def _count(content: MnContent, state: MnState) -> tuple[tuple[int, int, int], ...]:
    values = [[0, 0, 0] for _ in range(state.seats)]
    tracks = site_tracks(content)
    for area in state.provinces:
        for site in area.buildings:
            holder = area.holder(site)
            if holder != NOBODY:
                values[holder][tracks[site]] += 1
        for seat, legions in enumerate(area.legions):
            values[seat][2] += legions
        if area.fortress != NOBODY:
            values[area.fortress][2] += 1
    for waters in state.seas:
        for seat, triremes in enumerate(waters.triremes):
            values[seat][2] += triremes
    for seat, player in enumerate(state.players):
        for tile in player.tiles:
            bonus = content.tile(tile).bonus
            for at, track in enumerate(TRACKS):
                values[seat][at] += bonus.value(track)
    return tuple((v[0], v[1], v[2]) for v in values)


def site_tracks(content: MnContent) -> dict[str, int]:
    """Every site id → the track its building counts on (0 trade, 1 culture)."""
    return memo(content, "site_tracks", lambda: {
        site.id: SITE_TRACK[site.kind] for province in content.provinces
        for site in province.sites})


def adjust(flow: Flow, seats: tuple[int, ...]) -> None:
    """Move the seats' markers to what they hold (rule 3.2 after a Build turn, 4.3.4)."""
    for seat in seats:
        old = flow.player(seat).tracks
        new = track_values(flow.content, flow.state, seat)
        if new != old:
            flow.update(seat, tracks=new)
            flow.emit("tracks", seat=seat, old=list(old), new=list(new))


def adjust_all(flow: Flow) -> None:
    """Every seat's markers to what it holds."""
    adjust(flow, tuple(range(flow.state.seats)))


def level(value: int) -> tuple[bool, int]:
    """(on the '+' side, printed level) of a track value: 18 → (True, 3) (rule 5)."""
    return (True, value - TRACK_TOP) if value > TRACK_TOP else (False, value)


def leaders(state: MnState, track: int) -> tuple[int, ...]:
    """The seats tied highest on a track, in seat order."""
    best = max(player.tracks[track] for player in state.players)
    return tuple(seat for seat, p in enumerate(state.players) if p.tracks[track] == best)


def awards_pending(state: MnState) -> tuple[int, ...]:
    """Tracks whose tie the previous holder must decide: he is not among the tied (ruling
    MN-9); when he is among them he keeps the title."""
    return tuple(track for track in range(3)
                 if len(leaders(state, track)) > 1
                 and state.titles[track] not in leaders(state, track)
                 and state.titles[track] != NOBODY)


def claim_titles(flow: Flow) -> None:
    """Rule 5: each clear highest takes the title; a tie including the holder stays with
    him; a tie without him waits for his award (`award`)."""
    pending = awards_pending(flow.state)
    for track in range(3):
        tied = leaders(flow.state, track)
        if track in pending:
            continue
        keeper = flow.state.titles[track] if flow.state.titles[track] in tied else tied[0]
        set_title(flow, track, keeper)


def set_title(flow: Flow, track: int, seat: int) -> None:
    """Give one title (an event when it changes hands)."""
    titles = flow.state.titles
    if titles[track] == seat:
        return
    new = tuple(seat if at == track else holder for at, holder in enumerate(titles))
    flow.set(titles=(new[0], new[1], new[2]))
    flow.emit("title", track=TRACKS[track], seat=seat, previous=titles[track])
