"""Bad input, by kind. Each gives one line (``str()``: ``WHERE: PLACE: PROBLEM``) and the CLI exits with
status 2 for every kind; catching :class:`InputError` catches them all.

- :class:`FileProblem`: a file, its place or its contents (``runs/a.json: entries[3].source: not text``);
- :class:`NotFound`: a name or id that names nothing (``speaker: Bob: no such speaker``);
- :class:`BadValue`: an option's or an answer's value (``--bootstrap: must be at least 1``).
"""

from __future__ import annotations


class InputError(Exception):
    """Bad input of any kind: one line, exit status 2."""

    def __init__(self, where: str, place: str, problem: str, said: dict | None = None):
        self.path, self.place, self.problem = str(where), place, problem
        self.said = said  # the problem as a said line (``review.sentences``), for a face that speaks another language
        super().__init__(self.line())

    def line(self, problem: str | None = None) -> str:
        """The one line; a value longer than anyone reads (a pasted file, a 5,000-character code) is cut.
        ``problem``: the problem in other words (the app's language)."""
        parts = [_cut(self.path, PATH_SHOWN), _cut(self.place, VALUE_SHOWN), problem or self.problem]
        return ": ".join(" ".join(str(p).splitlines()) for p in parts if p)

    def shown_place(self) -> str:
        """The place as :meth:`line` shows it (for a face that says the problem in its own words)."""
        return " ".join(_cut(self.place, VALUE_SHOWN).splitlines())


PATH_SHOWN = 400  # characters of a file name or option a message shows…
VALUE_SHOWN = 100  # …and of the value or place it names


def _cut(text: object, limit: int) -> str:
    text = str(text)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


class FileProblem(InputError):
    """A file that is missing, unreadable, misplaced or wrong inside: ``FILE: PLACE: PROBLEM``."""


class NotFound(InputError):
    """A name or id that names nothing (a speaker, a campaign, a profile): ``KIND: NAME: problem``."""


class BadValue(InputError):
    """A value given on the command line or as an answer that is not allowed: ``OPTION: VALUE: problem``."""
