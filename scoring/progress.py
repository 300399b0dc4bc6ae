"""Progress of long work, one convention for every package: a callable ``progress(stage, fraction)``
that the work calls now and then; returning ``False`` asks it to stop, which it does by raising
:class:`Cancelled` (the app's Cancel button; the command line's bar never cancels)."""

from __future__ import annotations

from typing import Callable, Optional

Progress = Optional[Callable[[str, float], Optional[bool]]]


class Cancelled(Exception):
    """Raised between steps when the caller's progress callback says stop."""


def report(progress: Progress, stage: str, fraction: float) -> None:
    if progress is not None and progress(stage, fraction) is False:
        raise Cancelled(stage)
