"""Load the eight 35-card decks (decks/<empire>.yaml) and the shared cards (decks/shared.yaml)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.content import ContentBundle, ContentError, Node, parse_yaml
from game.rulesets.mediterranean_empires.content.effect_check import parse_dice, validate_effect
from game.rulesets.mediterranean_empires.content.vocabulary import CARD_TYPES, EMPIRES, TAGS, Effect

DECK_DIR = "decks/"
SHARED_FILE = "decks/shared.yaml"
DECK_SIZE = 35
MAX_COPIES = 6
MAX_CF = 20
CARD_KEYS = ("id", "name", "aliases", "types", "tags", "cf", "abilities", "text", "note")
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class CombatFactor:
    """One combat factor: a fixed number, `dice` d`sides`, or none (the printed dash)."""

    value: int | None = None
    dice: int = 0
    sides: int = 0

    @property
    def is_none(self) -> bool:
        """Whether this is the dash (no CF; in the city column: cannot join an assault)."""
        return self.value is None and self.dice == 0

    @property
    def is_dice(self) -> bool:
        """Whether the CF is rolled."""
        return self.dice > 0


NO_CF = CombatFactor()


@dataclass(frozen=True)
class CombatFactors:
    """The three CF of a Troop/Fleet card: field battle, naval battle, city assault."""

    field: CombatFactor
    naval: CombatFactor
    city: CombatFactor


@dataclass(frozen=True)
class CardDef:
    """One card design (a deck may hold several copies of it)."""

    id: str
    name: str
    aliases: tuple[str, ...]
    types: tuple[str, ...]
    tags: tuple[str, ...]
    cf: CombatFactors | None
    abilities: tuple[Effect, ...]
    text: str
    note: str
    shared: bool

    def has_type(self, card_type: str) -> bool:
        """Whether the card may be played as `card_type`."""
        return card_type in self.types


@dataclass(frozen=True)
class DeckDef:
    """One empire's deck: (card id, copies) in file order."""

    empire: str
    cards: tuple[tuple[str, int], ...]

    @property
    def size(self) -> int:
        """Number of physical cards."""
        return sum(count for _, count in self.cards)

    def count(self, card_id: str) -> int:
        """Copies of one card in this deck (0 if absent)."""
        return sum(n for ident, n in self.cards if ident == card_id)

    def physical_cards(self) -> tuple[str, ...]:
        """One card id per physical card, copies repeated, in file order."""
        return tuple(ident for ident, n in self.cards for _ in range(n))


@dataclass(frozen=True)
class DecksDef:
    """Every card design and the eight decks, in empire order."""

    cards: tuple[CardDef, ...]
    decks: tuple[DeckDef, ...]

    def card(self, card_id: str) -> CardDef:
        """The card with this id (KeyError if unknown)."""
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def deck(self, empire: str) -> DeckDef:
        """The deck of one empire (KeyError if unknown)."""
        for deck in self.decks:
            if deck.empire == empire:
                return deck
        raise KeyError(empire)

    def find(self, name: str) -> CardDef | None:
        """The card whose name or alias matches (case-insensitive), or None."""
        wanted = name.casefold()
        for card in self.cards:
            if wanted in (n.casefold() for n in (card.name, *card.aliases)):
                return card
        return None


def load_decks(bundle: ContentBundle) -> DecksDef:
    """Parse and check the shared cards and the eight decks; raise ContentError on any fault."""
    _check_files(bundle)
    shared_root = _root(bundle, SHARED_FILE).only_keys("cards")
    deck_roots = {empire: _deck_root(bundle, empire) for empire in EMPIRES}
    raw = _collect_definitions(shared_root, deck_roots)
    known = frozenset(raw)
    shared = _shared_ids(shared_root)
    cards = tuple(_card(node, known, ident in shared) for ident, node in raw.items())
    _check_names(cards, raw)
    decks = tuple(_deck(empire, root, shared) for empire, root in deck_roots.items())
    _check_shared_use(shared_root, decks)
    return DecksDef(cards, decks)


def _check_files(bundle: ContentBundle) -> None:
    expected = {SHARED_FILE, *(f"{DECK_DIR}{e}.yaml" for e in EMPIRES)}
    for name in bundle.names(DECK_DIR):
        if name.endswith(".yaml") and name not in expected:
            raise ContentError(name, "", "unexpected deck file; decks are named after empires: "
                               + ", ".join(EMPIRES))


def _root(bundle: ContentBundle, file: str) -> Node:
    text = bundle.text(file)
    if text is None:
        raise ContentError(file, "", "missing file")
    return parse_yaml(text, file)


def _deck_root(bundle: ContentBundle, empire: str) -> Node:
    root = _root(bundle, f"{DECK_DIR}{empire}.yaml").only_keys("empire", "cards")
    if root.child("empire").text() != empire:
        raise root.child("empire").error(f"this file holds the deck of {empire}")
    return root


def _shared_ids(shared_root: Node) -> frozenset[str]:
    return frozenset(node.child("id").value for node in shared_root.child("cards").elements())


def _collect_definitions(shared_root: Node, deck_roots: dict[str, Node]) -> dict[str, Node]:
    """Every card definition node by id, shared first; duplicate ids fail."""
    found: dict[str, Node] = {}
    sources = [shared_root, *deck_roots.values()]
    for index, root in enumerate(sources):
        for entry in root.child("cards").elements():
            if index > 0 and entry.has("shared"):
                continue
            id_node = entry.child("id")
            ident = id_node.text()
            if not _ID.match(ident):
                raise id_node.error("ids are lowercase ASCII letters, digits and underscores")
            if ident in found:
                raise id_node.error(f"card id {ident!r} is already defined in "
                                    f"{found[ident].file}")
            found[ident] = entry
    return found


def _card(node: Node, known: frozenset[str], shared: bool) -> CardDef:
    allowed = CARD_KEYS if shared else (*CARD_KEYS, "count")
    node.only_keys(*allowed)
    types = _words(node.child("types"), CARD_TYPES, "card type")
    tags = _words(node.child("tags"), TAGS, "tag") if node.opt("tags") is not None else ()
    abilities = node.opt("abilities")
    effects = tuple(validate_effect(e, types, known) for e in abilities.elements()) \
        if abilities is not None else ()
    aliases = node.child("aliases").str_list() if node.opt("aliases") is not None else ()
    return CardDef(node.get_text("id"), node.get_text("name"), aliases, types, tags,
                   _combat_factors(node, types), effects, node.get_text("text").strip(),
                   node.get_text("note").strip(), shared)


def _words(node: Node, allowed: tuple[str, ...], what: str) -> tuple[str, ...]:
    words = tuple(element.choice(allowed) for element in node.elements())
    if not words:
        raise node.error(f"at least one {what} is needed")
    if len(set(words)) != len(words):
        raise node.error(f"repeated {what}")
    return words


def _combat_factors(node: Node, types: tuple[str, ...]) -> CombatFactors | None:
    fights = "T" in types or "F" in types
    cf_node = node.opt("cf")
    if not fights:
        if node.has("cf"):
            raise ContentError(node.file, f"{node.path}.cf",
                               "only Troop or Fleet cards carry combat factors")
        return None
    if cf_node is None:
        raise ContentError(node.file, f"{node.path}.cf", "a Troop or Fleet card needs cf")
    cf_node.only_keys("field", "naval", "city")
    for key in ("field", "naval", "city"):
        if not cf_node.has(key):
            raise ContentError(node.file, f"{cf_node.path}.{key}",
                               "missing required key (use null for the dash)")
    factors = CombatFactors(*(_factor(cf_node, key) for key in ("field", "naval", "city")))
    _check_factors(cf_node, types, factors)
    return factors


def _factor(cf_node: Node, key: str) -> CombatFactor:
    child = cf_node.opt(key)
    if child is None:
        return NO_CF
    if isinstance(child.value, str):
        count, sides = parse_dice(child)
        return CombatFactor(None, count, sides)
    return CombatFactor(child.integer(0, MAX_CF))


def _check_factors(cf_node: Node, types: tuple[str, ...], factors: CombatFactors) -> None:
    # A Fleet's naval CF is also how many Troop cards it carries (rulebook §2), so it is fixed.
    if "F" in types and (factors.naval.value is None or factors.naval.value < 1):
        raise cf_node.child("naval").error("a Fleet's naval CF must be a whole number of at "
                                           "least 1 (it is its carrying capacity)")
    if all(f.is_none for f in (factors.field, factors.naval, factors.city)):
        raise cf_node.error("a Troop or Fleet card needs at least one combat factor")


def _check_names(cards: tuple[CardDef, ...], raw: dict[str, Node]) -> None:
    seen: dict[str, str] = {}
    for card in cards:
        for name in (card.name, *card.aliases):
            key = name.casefold()
            if key in seen and seen[key] != card.id:
                raise raw[card.id].child("name").error(
                    f"name or alias {name!r} is also used by card {seen[key]!r}")
            seen[key] = card.id


def _deck(empire: str, root: Node, shared: frozenset[str]) -> DeckDef:
    entries: list[tuple[str, int]] = []
    for entry in root.child("cards").elements():
        if entry.has("shared"):
            entry.only_keys("shared", "count")
            ident = entry.get_text("shared")
            if ident not in shared:
                raise entry.child("shared").error(f"unknown shared card {ident!r}")
        else:
            ident = entry.get_text("id")
        if any(ident == other for other, _ in entries):
            raise entry.error(f"card {ident!r} is listed twice in this deck")
        entries.append((ident, entry.get_int("count", 1, 1, MAX_COPIES)))
    deck = DeckDef(empire, tuple(entries))
    if deck.size != DECK_SIZE:
        raise root.child("cards").error(f"the deck holds {deck.size} cards; every deck holds "
                                        f"{DECK_SIZE}")
    return deck


def _check_shared_use(shared_root: Node, decks: tuple[DeckDef, ...]) -> None:
    for node in shared_root.child("cards").elements():
        ident = node.get_text("id")
        users = [deck.empire for deck in decks if deck.count(ident)]
        if len(users) < 2:
            raise node.child("id").error(f"a shared card must be in at least two decks; "
                                         f"{ident!r} is in {', '.join(users) or 'none'}")
