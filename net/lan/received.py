"""The user scenarios this machine holds, as LAN play sees them: which rules hashes it has, where
a scenario received from another machine is kept (marked with where it came from), and the
rule set a LAN game is played with, found again by its rules hash.

A received scenario is kept in the user scenarios folder like the player's own, byte for byte
as sent, with a `source.yaml` beside it: who sent it (name, fingerprint), the day, its rules
hash. When the player already has a scenario of that id, the copy goes to a free folder
(`<id>_2`, …) and, since a user scenario's id is its folder's name, its `id:` line is changed
to match; `source.yaml` then keeps the line as sent, so the game finds the exact content its
LAN games were played on again (the rules hash covers the whole scenario.yaml) while the copy
plays as any scenario of the player's own. The folder appears whole or not at all: the files
are written into a hidden folder that is then renamed.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from game.content import ContentError, parse_yaml
from game.core.ruleset import Ruleset
from game.rulesets import get_ruleset
from game.rulesets.mediterranean_empires.content import RULESET_ID
from net.files.storage import StorageError, read_bytes, write_atomic
from net.files.user_scenarios import (
    SLUG,
    ScenarioTexts,
    UserScenarioError,
    folder_problems,
    read_texts,
    ruleset_for,
    ruleset_of,
    user_scenarios_folder,
    write_texts,
)
from net.lan.errors import LanError
from net.lan.genesis import Genesis
from net.lan.sharing import SharedScenario, is_user_scenario, texts_of

SOURCE_FILE = "source.yaml"
"""Beside a received scenario's files: where it came from (no part of its rules hash)."""
SOURCE_LIMIT = 64 * 1024
RECEIVING = ".receiving-"
"""The hidden folder a received scenario is written into before it is renamed into place."""
ID_LINE = re.compile(r"^id:[ \t]*\S.*$", re.MULTILINE)
"""A top-level `id:` line of a block-style scenario.yaml (as the editor and the book write)."""
SOURCE_HEAD = ("# Received over the LAN. The game reads this file to find again the games\n"
               "# played on this scenario; it is no part of the scenario (nor of its rules "
               "hash).\n")


def today() -> str:
    """Today's date as a received scenario's source names it (YYYY-MM-DD)."""
    return datetime.date.today().isoformat()


@dataclass(frozen=True)
class Origin:
    """Where a received scenario came from: the sending machine's name and fingerprint."""

    name: str
    fingerprint: str


Stamp = tuple[tuple[str, int, int], ...]


class Shelf:
    """This machine's user scenarios for LAN play: the rules hashes it holds, the one of a
    game found again, and a received scenario kept (the date of receipt from `today`)."""

    def __init__(self, root: Path | None = None, today: Callable[[], str] = today) -> None:
        self._root = root
        self.today = today
        self._seen: dict[Path, tuple[Stamp, str | None]] = {}

    @property
    def root(self) -> Path:
        """The user scenarios folder (the user's own unless one was given)."""
        return self._root if self._root is not None else user_scenarios_folder()

    def hashes(self) -> frozenset[str]:
        """The rules hash of every scenario saved here, received copies as they were sent
        (read again only when a file changed)."""
        found = set()
        for folder in self._folders():
            stamp = _stamp(folder)
            seen = self._seen.get(folder)
            if seen is None or seen[0] != stamp:
                seen = self._seen[folder] = (stamp, _hash_of(folder))
            if seen[1] is not None:
                found.add(seen[1])
        return frozenset(found)

    def _folders(self) -> list[Path]:
        try:
            return [p for p in self.root.iterdir() if not p.name.startswith(".") and p.is_dir()]
        except OSError:
            return []

    def find(self, scenario: str, rules_hash: str) -> ScenarioTexts:
        """The files of a user scenario with that id and rules hash: the player's folder of
        that id (or its autosave), else a received copy; UserScenarioError saying it is gone
        or changed."""
        try:
            texts = texts_of(ruleset_for(RULESET_ID, scenario, rules_hash, self.root))
        except UserScenarioError as gone:
            for folder in self._folders():
                kept = as_received(folder)
                if kept is not None and kept[0] == scenario and kept[1] == rules_hash:
                    return kept[2]
            raise gone from None
        if texts is None:
            raise UserScenarioError(f"{scenario!r} is a scenario of the book, not one of yours")
        return texts

    def holds(self, scenario: str, rules_hash: str) -> bool:
        """Whether this machine has that scenario with that rules hash."""
        try:
            self.find(scenario, rules_hash)
        except UserScenarioError:
            return False
        return True

    def keep(self, shared: SharedScenario, origin: Origin) -> Path | None:
        """Keep a received scenario; its new folder (None: it was already here, nothing was
        written). LanError saying why it could not be kept (nothing is left behind then)."""
        if self.holds(shared.scenario, shared.rules_hash):
            return None
        slug = self._free_slug(shared.scenario)
        texts, id_line = shared.texts, ""
        if slug != shared.scenario:
            texts, id_line = renamed(shared.texts, slug)
        if folder_problems(self.root / slug, texts):
            raise LanError(f"{shared.name} cannot be kept beside your own scenario "
                           f"{shared.scenario!r}: rename yours and receive it again")
        source = _source_text(shared, origin, self.today(), id_line)
        _write_folder(self.root, slug, texts, source)
        return self.root / slug

    def _free_slug(self, scenario: str) -> str:
        """The scenario's id when no folder has it, else the first free `<id>_N`."""
        number, slug = 1, scenario
        while (self.root / slug).exists():
            number += 1
            suffix = f"_{number}"
            slug = scenario[:48 - len(suffix)] + suffix
        return slug


def _stamp(folder: Path) -> Stamp:
    """When and how large each file of a scenario folder was last written."""
    found = []
    for name in ("scenario.yaml", "map.yaml", "layout.yaml", SOURCE_FILE):
        with contextlib.suppress(OSError):
            info = (folder / name).stat()
            found.append((name, info.st_mtime_ns, info.st_size))
    return tuple(found)


def _hash_of(folder: Path) -> str | None:
    """The rules hash of a folder's scenario (a received copy's as sent); None: unreadable."""
    kept = as_received(folder)
    if kept is not None:
        return kept[1]
    try:
        return read_texts(folder).bundle().content_hash
    except (UserScenarioError, ContentError):
        return None


def as_received(folder: Path) -> tuple[str, str, ScenarioTexts] | None:
    """(id, rules hash, files) of a received copy as it was sent; None when the folder is
    not one, or its files no longer give the hash it was received with (edited since)."""
    source = _source(folder)
    if source is None:
        return None
    try:
        texts = read_texts(folder)
    except UserScenarioError:
        return None
    line = source.get("id_line")
    sent = _restored(texts, folder.name, line) if isinstance(line, str) else texts
    rules_hash, ident = source.get("rules_hash"), source.get("id")
    if sent is None or sent.bundle().content_hash != rules_hash or not isinstance(ident, str):
        return None
    return ident, rules_hash, sent


def _source(folder: Path) -> dict[str, Any] | None:
    path = folder / SOURCE_FILE
    if not path.is_file():
        return None
    try:
        value = parse_yaml(read_bytes(path, SOURCE_LIMIT).decode("utf-8"), SOURCE_FILE).value
    except (StorageError, UnicodeDecodeError, ContentError):
        return None
    return value if isinstance(value, dict) else None


def renamed(texts: ScenarioTexts, slug: str) -> tuple[ScenarioTexts, str]:
    """The files with the scenario's top-level `id:` line saying `slug`, and that line as it
    was; LanError when the file has no such line (not written in block style)."""
    found = ID_LINE.search(texts.setup)
    if found is None:
        raise LanError("the scenario received has no `id:` line of its own to change, and "
                       "you already have a scenario of its id: rename yours and receive it "
                       "again")
    setup = texts.setup[:found.start()] + f"id: {slug}" + texts.setup[found.end():]
    return ScenarioTexts(setup, texts.map, texts.layout), found.group(0)


def _restored(texts: ScenarioTexts, slug: str, line: str) -> ScenarioTexts | None:
    """The files of a renamed copy with its `id:` line as it was sent (None: not renamed as
    this program renames)."""
    found = ID_LINE.search(texts.setup)
    if found is None or found.group(0) != f"id: {slug}" or not ID_LINE.fullmatch(line):
        return None
    setup = texts.setup[:found.start()] + line + texts.setup[found.end():]
    return ScenarioTexts(setup, texts.map, texts.layout)


def _source_text(shared: SharedScenario, origin: Origin, date: str, id_line: str) -> str:
    data: dict[str, Any] = {"received_from": {"name": origin.name,
                                              "fingerprint": origin.fingerprint, "date": date},
                            "id": shared.scenario, "rules_hash": shared.rules_hash}
    if id_line:
        data["id_line"] = id_line
    return SOURCE_HEAD + yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def _write_folder(root: Path, slug: str, texts: ScenarioTexts, source: str) -> None:
    """Write a scenario folder whole: into a hidden folder, then renamed into place."""
    if not SLUG.fullmatch(slug):
        raise LanError(f"{slug!r} is not a scenario id")
    temp = root / f"{RECEIVING}{slug}-{os.urandom(4).hex()}"
    try:
        temp.mkdir(parents=True)
        write_texts(temp, texts)
        write_atomic(temp / SOURCE_FILE, source.encode("utf-8"))
        os.rename(temp, root / slug)
        _sync_folder(root)
    except OSError as exc:
        shutil.rmtree(temp, ignore_errors=True)
        reason = exc.reason if isinstance(exc, StorageError) else (exc.strerror or str(exc))
        raise LanError(f"the scenario received could not be kept: {reason}") from None


def _sync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (where the system allows opening a folder)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def game_ruleset(genesis: Genesis, root: Path | None = None,
                 known: ScenarioTexts | None = None) -> Ruleset:
    """The rule set a LAN game is played with: the rule set's own for its bundled scenarios,
    else the user scenario with the genesis's id and rules hash — `known` when it gives that
    hash, else found on this machine (`Shelf.find`). LanError when it is not here."""
    if not is_user_scenario(genesis.ruleset, genesis.scenario):
        return get_ruleset(genesis.ruleset)
    try:
        if known is not None and known.bundle().content_hash == genesis.rules_hash:
            return ruleset_of(known)
        return ruleset_of(Shelf(root).find(genesis.scenario, genesis.rules_hash))
    except (UserScenarioError, ContentError) as exc:
        raise LanError(str(exc)) from None
