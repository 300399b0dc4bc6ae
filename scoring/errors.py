"""The one error type for bad input: a one-line message naming the file, the place and the problem."""

from __future__ import annotations


class InputError(Exception):
    """Bad input. ``str()`` gives ``FILE: PLACE: PROBLEM`` on one line; the CLI exits with status 2."""

    def __init__(self, path: str, place: str, problem: str):
        self.path, self.place, self.problem = str(path), place, problem
        super().__init__(self.line())

    def line(self) -> str:
        parts = [self.path, self.place, self.problem]
        return ": ".join(" ".join(str(p).splitlines()) for p in parts if p)


class NotFound(InputError):
    """A name or id that names nothing (a speaker, a campaign, a profile): ``KIND: NAME: problem``."""
