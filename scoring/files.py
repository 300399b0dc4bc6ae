"""Writing files the one safe way: through a temporary file in the same folder and an atomic rename,
flushed to disk; a missing folder, a read-only folder or a full disk is one :class:`InputError` and
leaves nothing behind; the files a command read are never its output."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterable, TextIO

from .errors import FileProblem


def refuse_overwriting_inputs(out: str | os.PathLike | None, inputs: Iterable[str | os.PathLike]) -> None:
    """``--out`` must not name one of the inputs (that would replace the input with the result)."""
    if out is None:
        return
    target = Path(out).resolve()
    for given in inputs:
        if Path(given).resolve() == target:
            raise FileProblem(str(out), "--out", "is one of the input files: choose another name, the input is "
                                                "never overwritten")


def write_atomic(path: str | os.PathLike, fill: Callable[[TextIO], None], *, newline: str | None = None) -> None:
    """Create or replace ``path`` with what ``fill(file)`` writes, all or nothing."""
    target = Path(path)
    if not target.parent.is_dir():
        raise FileProblem(str(target), "", f"no such folder: {target.parent}")
    if target.is_dir():
        raise FileProblem(str(target), "", "is a folder, not a file")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise FileProblem(str(target), "", f"cannot write here ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline=newline) as fh:
            fill(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        raise FileProblem(str(target), "", f"cannot write ({exc.strerror}): nothing was written") from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def write_json_atomic(path: str | os.PathLike, obj: Any) -> None:
    """JSON (UTF-8, indented, no NaN) written atomically."""
    def fill(fh: TextIO) -> None:
        json.dump(obj, fh, ensure_ascii=False, indent=2, allow_nan=False)
        fh.write("\n")
    write_atomic(path, fill)
