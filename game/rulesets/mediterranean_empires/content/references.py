"""What the set-up checks read from a loaded map and loaded decks (kept apart from the
loaders, so that a set-up can be checked against a stand-in)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


class _City(_Identified, Protocol):
    @property
    def province(self) -> str: ...

    @property
    def size(self) -> int: ...


class MapLike(Protocol):
    """What the set-up checks read from a loaded map (map.MapDef)."""

    @property
    def cities(self) -> Sequence[_City]: ...

    @property
    def provinces(self) -> Sequence[_Identified]: ...

    @property
    def barbarian_areas(self) -> Sequence[_Identified]: ...


class _Deck(Protocol):
    def count(self, card_id: str) -> int: ...


class DecksLike(Protocol):
    """What the set-up checks read from loaded decks (decks.DecksDef)."""

    def deck(self, empire: str) -> _Deck: ...
