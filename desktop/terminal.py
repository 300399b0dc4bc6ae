"""What the command line prints: data never steers the terminal.

Control characters inside data (an ANSI escape in an id, a newline in a name that would forge a row)
are shown escaped: :func:`shown` for one field, :class:`EscapingStream` for everything written to
stdout and stderr (it keeps the newlines and tabs the program itself writes)."""

from __future__ import annotations

import io
import sys

# \u escapes: valid inside JSON strings too, so --json output stays JSON
_CONTROLS = {c: f"\\u{c:04x}" for c in [*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0)]}
_STREAM = {c: v for c, v in _CONTROLS.items() if c not in (0x09, 0x0A)}
_FIELD = {**_CONTROLS, 0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t"}
# bidirectional overrides and isolates can reorder what a terminal shows
_FIELD.update({ord(c): f"\\u{ord(c):04x}" for c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"})


def shown(value: object) -> str:
    """One data field on one line: control characters (newlines too) escaped."""
    return str(value).translate(_FIELD)


class EscapingStream(io.TextIOBase):
    """A text stream that escapes control characters other than newline and tab."""

    def __init__(self, target):
        self.target = target

    def write(self, text: str) -> int:
        self.target.write(text.translate(_STREAM))
        return len(text)

    def flush(self) -> None:
        self.target.flush()

    def isatty(self) -> bool:
        return self.target.isatty()

    @property
    def encoding(self):  # noqa: D401
        return getattr(self.target, "encoding", "utf-8")


class ProgressBar:
    """A progress bar on stderr, drawn only when stderr is a terminal (pipes and logs stay clean).
    Call it as the ``progress(stage, fraction)`` of any long work; :meth:`close` ends the line."""

    WIDTH = 30

    def __init__(self, stream=None):
        self.stream = stream or sys.stderr
        self.active = bool(getattr(self.stream, "isatty", lambda: False)())
        self.drawn = False

    def __call__(self, stage: str, fraction: float) -> bool:
        if self.active:
            done = int(self.WIDTH * max(0.0, min(1.0, fraction)))
            self.stream.write(f"\r[{'#' * done}{'.' * (self.WIDTH - done)}] {fraction:4.0%} {shown(stage)[:40]:<40}")
            self.stream.flush()
            self.drawn = True
        return True

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\r" + " " * (self.WIDTH + 48) + "\r")
            self.stream.flush()
