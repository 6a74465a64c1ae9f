"""Display names of the content's things (cities, areas, cards, events, empires) for labels."""

from __future__ import annotations

from game.rulesets.mediterranean_empires.content import MeContent
from sprites.theme import empire_name


class Names:
    """Looks up printable names; unknown ids come back tidied rather than raising."""

    def __init__(self, content: MeContent) -> None:
        self.content = content
        self._cities = {c.id: c.name for c in content.map.cities}
        self._areas = {a.id: a.name for a in content.map.barbarian_areas}
        self._cards = {c.id: c.name for c in content.decks.cards}

    def is_node(self, node: object) -> bool:
        """Whether a value is a city or barbarian-area id."""
        return isinstance(node, str) and (node in self._cities or node in self._areas)

    def is_city(self, node: str) -> bool:
        """Whether an id is a city's."""
        return node in self._cities

    def node(self, node: str) -> str:
        """A city's or area's name."""
        return self._cities.get(node) or self._areas.get(node) or _tidy(node)

    def card(self, card: str | None) -> str:
        """A card's name ('a hidden card' when unknown)."""
        if card is None:
            return "a hidden card"
        return self._cards.get(card, _tidy(card))

    def empire(self, empire: str) -> str:
        """An empire's name."""
        return empire_name(empire)

    def event(self, event_id: str) -> str:
        """A Random Event's name."""
        if not event_id:
            return ""
        try:
            return self.content.tables.random_event.event(event_id).name
        except (KeyError, StopIteration, AttributeError):
            return _tidy(event_id)

    def event_summary(self, event_id: str) -> str:
        """A Random Event's one-line summary."""
        try:
            return self.content.tables.random_event.event(event_id).summary
        except (KeyError, StopIteration, AttributeError):
            return ""


def _tidy(ident: str) -> str:
    return ident.replace("_", " ").capitalize()
