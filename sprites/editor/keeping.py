"""Keeping a scenario being edited on disk: where it is saved (its folder, named from its
name when it is first saved), Save (a draft while it has problems), the autosave a few
seconds after a change, and discarding the autosave when the changes are thrown away."""

from __future__ import annotations

from pathlib import Path

from net.files.storage import StorageError
from sprites.editor import store
from sprites.editor.document import Draft

AUTOSAVE_SECONDS = 3.0
"""How long after the first unsaved change the draft is autosaved."""


class Keeper:
    """The scenario's folder and the state of its files."""

    def __init__(self, folder: Path, saved: bool) -> None:
        self.folder = folder
        """Where the scenario is saved (before its first save: where its autosave goes)."""
        self.saved = saved
        """Whether the folder holds a saved scenario.yaml."""
        self.due: float | None = None
        """Seconds left until the next autosave (None: nothing to autosave)."""
        self.problem = ""
        """Why the last save or autosave failed ("" when it did not)."""
        self.autosaves = 0

    @classmethod
    def new(cls, name: str) -> Keeper:
        """A keeper for a scenario never saved: its autosave goes into a hidden folder of its
        own (".<id>") until it is saved under its name."""
        root = store.scenarios_folder()
        return cls(root / f".{store.slug(name, store.taken_names(root))}", saved=False)

    @property
    def id(self) -> str:
        """The scenario's id: its folder's name (the hidden folder's without the dot)."""
        return self.folder.name.lstrip(".")

    def unsaved(self, draft: Draft) -> bool:
        """Whether closing now would lose changes."""
        return draft.dirty or not self.saved

    def changed(self) -> None:
        """The draft changed: autosave soon (not later than the first change asked)."""
        if self.due is None:
            self.due = AUTOSAVE_SECONDS

    def tick(self, dt: float, draft: Draft) -> bool:
        """Count down; autosave when due. Whether an autosave was written."""
        if self.due is None:
            return False
        self.due -= dt
        if self.due > 0:
            return False
        return self.autosave(draft)

    def autosave(self, draft: Draft) -> bool:
        """Autosave now (or take the autosave away when the draft is as saved)."""
        self.due = None
        try:
            if self.unsaved(draft):
                store.autosave(self.folder, draft.parts)
                self.autosaves += 1
            else:
                store.clear_autosave(self.folder)
        except StorageError as exc:
            self.problem = f"The autosave failed: {exc.reason}."
            self.due = AUTOSAVE_SECONDS * 3
            return False
        self.problem = ""
        return True

    def save(self, draft: Draft, problems: int) -> str:
        """Save the draft (marked a draft while it has problems); what happened, in words.
        StorageError when it cannot be written (nothing changed on disk then)."""
        folder = self.folder if self.saved else self._first_folder(draft)
        store.save(folder, draft.parts, draft=problems > 0)
        if folder != self.folder:
            store.clear_autosave(self.folder)
        self.folder, self.saved, self.problem = folder, True, ""
        draft.parts["setup"]["id"] = folder.name
        store.clear_autosave(folder)
        draft.mark_saved()
        self.due = None
        if problems:
            return (f"Saved as a draft in {folder.name}: fix its {problems} problem"
                    f"{'s' if problems > 1 else ''} to play it.")
        return f"Saved in {folder.name}."

    def _first_folder(self, draft: Draft) -> Path:
        """The folder named after the scenario as it is now called (its autosave's if that
        name is the same)."""
        root = self.folder.parent
        taken = store.taken_names(root) - ({self.id} if self.folder.name.startswith(".")
                                           and not (root / self.id).exists() else set())
        return root / store.slug(str(draft.setup.get("name", "")), taken)

    def discard(self) -> None:
        """Throw the unsaved changes away: the autosave goes (and a folder never saved)."""
        self.due = None
        store.clear_autosave(self.folder)
