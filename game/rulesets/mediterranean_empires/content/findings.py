"""Where the content checks report a problem: loading raises the first one, the editor and
`mare validate` of a user scenario keep every one. The checks are written once, against this."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from game.content import ContentError

T = TypeVar("T")


class Findings:
    """Raise the first problem (`collect` False: loading), or keep them all (`collect`)."""

    def __init__(self, collect: bool = False) -> None:
        self.collect = collect
        self.errors: list[ContentError] = []

    def report(self, error: ContentError) -> None:
        """One problem: raised at once when loading, else kept."""
        if not self.collect:
            raise error
        self.errors.append(error)

    def attempt(self, check: Callable[[], T]) -> T | None:
        """The value of a check, or None once its problem is reported (so, when collecting,
        the next check still runs)."""
        try:
            return check()
        except ContentError as error:
            self.report(error)
            return None

    @contextmanager
    def guard(self) -> Iterator[None]:
        """Run the checks inside; a problem they raise is reported and the block left."""
        try:
            yield
        except ContentError as error:
            self.report(error)

    def mark(self) -> int:
        """How many problems are kept so far (compare with `clean_since`)."""
        return len(self.errors)

    def clean_since(self, mark: int) -> bool:
        """Whether no problem was kept since `mark`."""
        return len(self.errors) == mark


RAISE = Findings()
"""The loaders' default: the first problem is raised (keeps nothing, so it may be shared)."""
