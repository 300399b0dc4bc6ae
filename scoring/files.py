"""Files, the one way each: reading (UTF-8 and JSON, every problem one :class:`FileProblem` line),
writing (a temporary file in the same folder, flushed, then an atomic rename: all or nothing; the files
a command read are never its output), the data files the packages ship, and the user's folders."""

from __future__ import annotations

import json
import math
import os
import re
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, TextIO

import platformdirs

from .collector import fewer_collections
from .errors import FileProblem
from .indented import IndentedJSON, encode_basestring
from .parallel import process_each


def refuse_overwriting_inputs(out: str | os.PathLike | None, inputs: Iterable[str | os.PathLike]) -> None:
    """``--out`` must not name one of the inputs (that would replace the input with the result)."""
    if out is None:
        return
    target = Path(out).resolve()
    for given in inputs:
        if Path(given).resolve() == target:
            raise FileProblem(str(out), "--out", "is one of the input files: choose another name, the input is "
                                                "never overwritten")


@contextmanager
def atomic_path(path: str | os.PathLike, tmp_prefix: str | None = None) -> Iterator[Path]:
    """A temporary file beside ``path`` (same suffix) for the block to fill by any means; when the block
    ends it is flushed to disk and replaces ``path``. A missing or read-only folder or a full disk is one
    :class:`FileProblem` and leaves nothing behind; so does an exception in the block (re-raised).
    ``tmp_prefix``: the temporary file is named ``<tmp_prefix><random>.tmp`` (a name its owner recognises
    if a kill leaves it behind)."""
    target = Path(path)
    if not target.parent.is_dir():
        raise FileProblem(str(target), "", f"no such folder: {target.parent}")
    if target.is_dir():
        raise FileProblem(str(target), "", "is a folder, not a file")
    try:
        fd, name = (tempfile.mkstemp(prefix=tmp_prefix, suffix=".tmp", dir=target.parent) if tmp_prefix else
                    tempfile.mkstemp(prefix=f".{target.name}.", suffix=f".tmp{target.suffix}", dir=target.parent))
        os.close(fd)
    except OSError as exc:
        raise FileProblem(str(target), "", f"cannot write here ({exc.strerror})") from None
    tmp = Path(name)
    try:
        yield tmp
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        replace(tmp, target)
    except OSError as exc:
        raise FileProblem(str(target), "", f"cannot write ({exc.strerror}): nothing was written") from None
    finally:
        tmp.unlink(missing_ok=True)


WINDOWS_RESERVED = frozenset({"CON", "PRN", "AUX", "NUL", *(f"COM{k}" for k in range(1, 10)),
                              *(f"LPT{k}" for k in range(1, 10))})
NOT_IN_NAMES = set('<>:"/\\|?*') | {chr(k) for k in range(32)}


def portable_name_problem(name: str) -> str | None:
    """Why a file name cannot be written on every system LYSS runs on (Windows refuses the most: ``<>:"/\\|?*``,
    control characters, a name ending in a dot or space, and CON, PRN, AUX, NUL, COM1-9, LPT1-9 with any
    extension); ``None`` when it can."""
    if not name or name in (".", ".."):
        return "an empty name"
    bad = sorted(set(name) & NOT_IN_NAMES)
    if bad:
        return f"holds {', '.join(repr(c) for c in bad)}, which Windows does not allow in a file name"
    if name[-1] in ". ":
        return "ends with a dot or a space, which Windows drops"
    if name.split(".")[0].rstrip(" ").upper() in WINDOWS_RESERVED:
        return f"{name.split('.')[0]!r} is a name Windows keeps for a device"
    return None


def portable_name(text: str, taken: set[str] | None = None) -> str:
    """``text`` made a file name every system can hold (see :func:`portable_name_problem`): each character
    Windows refuses becomes ``_`` (``llama3:8b`` → ``llama3_8b``: on NTFS a colon names a hidden stream), a
    final dot or space ``_``, a device name gets ``_`` before it. With ``taken`` (the names given so far, in
    any case, as Windows and macOS compare them), a name already there gets ``-2``, ``-3``…, and is added."""
    name = "".join("_" if c in NOT_IN_NAMES else c for c in text) or "_"
    if name[-1] in ". ":
        name = name[:-1] + "_"
    if name.split(".")[0].rstrip(" ").upper() in WINDOWS_RESERVED:
        name = "_" + name
    if taken is not None:
        base, k = name, 1
        while name.casefold() in taken:
            k += 1
            name = f"{base}-{k}"
        taken.add(name.casefold())
    return name


REPLACE_TRIES = 20  # Windows: a replaced file another program holds open (a virus scanner, a sync client, a
REPLACE_PAUSE = 0.05  # reader) refuses the move for a moment: tried again for up to a second


def replace(source: str | os.PathLike, target: str | os.PathLike) -> None:
    """``os.replace``, which on Windows fails while another process has ``target`` open (POSIX replaces
    the name and the reader keeps its old file): tried again for a moment there, then the error."""
    for attempt in range(REPLACE_TRIES):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if sys.platform != "win32" or attempt == REPLACE_TRIES - 1:
                raise
            time.sleep(REPLACE_PAUSE)


def write_atomic(path: str | os.PathLike, fill: Callable[[TextIO], None], *, newline: str = "\n") -> None:
    """Create or replace ``path`` with what ``fill(file)`` writes, all or nothing. Lines end with "\n" on every
    system (Python's default is the system's: "\r\n" on Windows, which readers splitting on "\n" keep);
    ``newline=""`` leaves the writer's own (the csv module's)."""
    with atomic_path(path) as tmp, open(tmp, "w", encoding="utf-8", newline=newline) as fh:
        fill(fh)


ONE_LINE_ITEMS_FROM = 10_000  # a longer sequence (a large run's entries) is written one item per line
LINES_PER_BLOCK = 2048  # items of such a sequence encoded by one process (≈ 1.7 MB of text for scored entries: a
#                        block's columns in the processor's cache, 8.0 → 7.0 µs an entry, and less of the first and
#                        last blocks' wait)


@fewer_collections()
def write_json_atomic(path: str | os.PathLike, obj: Any) -> None:
    """JSON (UTF-8, indented, no NaN) written atomically: the bytes of ``json.dumps(obj, ensure_ascii=False,
    indent=2)`` and a line feed. A sequence that builds its items when asked (a scored run's entries), given
    whole or as a value of the top-level dict, is written one item at a time, never held whole.

    A sequence there of more than ``ONE_LINE_ITEMS_FROM`` items is written one item per line (each item
    as ``json.dumps`` writes it without ``indent``): the same JSON value, a third smaller, written by
    json's C encoder — a million entries indented would be about 1.2 GB, mostly spaces."""
    writer = IndentedJSON(default=json_default)
    with atomic_path(path) as tmp, open(tmp, "wb") as fh:
        _write_syncing(fh, _chunks(writer, obj))


SYNCED_EVERY = 32 << 20  # bytes written between two syncs begun while writing goes on


def _write_syncing(fh, chunks: Iterator[bytes]) -> None:
    """Write the chunks, the file so far sent to the disk by a thread every ``SYNCED_EVERY`` bytes while the next
    are made, so that the last sync (``atomic_path``'s, which reports a failure) waits for the rest alone: a 250 MB
    scored card's last sync 0.12 → 0.01 s. A failure of the thread's sync is left to that last one."""
    unsynced, syncing = 0, None
    for chunk in chunks:
        fh.write(chunk)
        unsynced += len(chunk)
        if unsynced >= SYNCED_EVERY and (syncing is None or not syncing.is_alive()):
            fh.flush()
            unsynced = 0
            syncing = threading.Thread(target=_sync_quietly, args=(fh.fileno(),), daemon=True)
            syncing.start()
    if syncing is not None:
        syncing.join()


def _sync_quietly(fd: int) -> None:
    try:
        os.fsync(fd)
    except OSError:  # (reported by the last sync)
        pass


def _chunks(writer: IndentedJSON, value: Any) -> Iterator[bytes]:
    """The file's bytes (UTF-8) in pieces of about a hundred items, or a block of items written on one line each (in
    bytes as its process encoded it: not decoded and encoded again here)."""
    pending: list[str] = []
    for piece in _pieces(writer, value, 0):
        if type(piece) is bytes:
            yield "".join(pending).encode("utf-8")
            pending.clear()
            yield piece
            continue
        pending.append(piece)
        if len(pending) >= 128 or len(piece) > 1 << 16:
            yield "".join(pending).encode("utf-8")
            pending.clear()
    yield ("".join(pending) + "\n").encode("utf-8")


def _pieces(writer: IndentedJSON, value: Any, depth: int) -> Iterator[str | bytes]:
    inner = "\n" + "  " * (depth + 1)
    if _is_long(value):
        yield from _lines(value, inner)
        yield "\n" + "  " * depth + "]"
    elif _is_lazy(value) and len(value):
        for k, item in enumerate(value):
            yield ("[" if k == 0 else ",") + inner + writer.text(item, depth + 1)
        yield "\n" + "  " * depth + "]"
    elif (type(value) is dict and value and all(type(k) is str for k in value)
          and any(_is_lazy(v) or _is_long(v) for v in value.values())):
        for k, (key, item) in enumerate(value.items()):
            yield ("{" if k == 0 else ",") + inner + encode_basestring(key) + ": "
            yield from _pieces(writer, item, depth + 1)
        yield "\n" + "  " * depth + "}"
    else:
        yield writer.text(value, depth)


def _lines(items: Sequence, inner: str) -> Iterator[bytes]:
    """A long sequence's items one per line, in blocks of ``LINES_PER_BLOCK``; with several cores the blocks
    are encoded in forked processes, as many at once as there are cores (encoding is most of the time a large run
    takes to write; a scored run's entries give their text themselves, ``json_texts``), and written here in order."""
    line = json.JSONEncoder(ensure_ascii=False, allow_nan=False, default=json_default).encode
    texts = getattr(items, "json_texts", None)  # a sequence that writes its items' text itself (a scored run's entries)

    def block(bounds: tuple[int, int]) -> bytes:
        found = texts(*bounds) if texts is not None else [line(items[k]) for k in range(*bounds)]
        if not found:
            return b""
        return (("[" if bounds[0] == 0 else ",") + inner + ("," + inner).join(found)).encode("utf-8")

    blocks = [(i, min(i + LINES_PER_BLOCK, len(items))) for i in range(0, len(items), LINES_PER_BLOCK)]
    cores = os.cpu_count() or 1
    yield from process_each(block, blocks, cores) if cores > 1 else map(block, blocks)  # by spawn: here (a closure)


def _is_long(value: Any) -> bool:
    """A list, or a sequence that builds its items, of more than ``ONE_LINE_ITEMS_FROM`` items."""
    return (type(value) is list or _is_lazy(value)) and len(value) > ONE_LINE_ITEMS_FROM


def _is_lazy(value: Any) -> bool:
    """A sequence json does not know (not a list or tuple) that builds its items when asked."""
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes, bytearray, list, tuple))


def json_default(value: Any) -> Any:
    """``default=`` for ``json.dumps``: a sequence that builds its items when asked (a scored run's
    entries) becomes the list it stands for."""
    return list(_lazy_sequence(value))


def _lazy_sequence(value: Any) -> Sequence:
    if isinstance(value, Sequence) and not isinstance(value, (str, bytes)):
        return value
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def write_text_atomic(path: str | os.PathLike, text: str) -> None:
    write_atomic(path, lambda fh: fh.write(text))


# ----------------------------------------------------------------------------- reading bytes

def _read_text(path: Path) -> str:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise FileProblem(str(path), "", "file not found") from None
    except IsADirectoryError:
        raise FileProblem(str(path), "", "is a folder, not a file") from None
    except OSError as exc:
        raise FileProblem(str(path), "", f"cannot read: {exc.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise FileProblem(str(path), f"line {line} (byte {exc.start})", "not UTF-8 text") from None
    return text.lstrip("\ufeff")


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_json(path: Path, text: str, where: str = "") -> Any:
    """JSON text read from ``path`` (named in the messages), checked as :func:`read_json` checks it."""
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        place = where or f"line {exc.lineno} column {exc.colno}"
        raise FileProblem(str(path), place, f"invalid JSON: {exc.msg}") from None
    except ValueError as exc:  # NaN / Infinity, an integer of thousands of digits
        raise FileProblem(str(path), where or "JSON", str(exc)) from None
    except RecursionError:
        raise FileProblem(str(path), where or "JSON", f"nested more than {MAX_DEPTH} levels deep") from None
    _check_text(path, value, where, maybe_surrogates=maybe_surrogates(text),
                may_nest_deep=text.count("[") + text.count("{") >= MAX_DEPTH)
    return value


def json_lines(path: Path, text: str) -> Iterator[tuple[int, Any]]:
    """(line number, value) of each non-blank line of a JSON Lines text, each line parsed and checked as
    :func:`parse_json` parses it alone — the same values, the same one-line problems — but read in place
    by one decoder (no copy of each line, no decoder made per line). Lines end at a line feed only: a
    JSON string may hold U+2028 or U+0085 as they are."""
    surrogates = maybe_surrogates(text)
    start, lineno = 0, 0
    while start < len(text):
        lineno += 1
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        value = _line_value(path, text, start, end, lineno)
        if value is not _BLANK:
            maybe = surrogates and _MAYBE_SURROGATE.search(text, start, end) is not None
            deep = end - start >= MAX_DEPTH and text.count("[", start, end) + text.count("{", start, end) >= MAX_DEPTH
            if maybe or deep:  # (most lines: too short to nest that deep, no surrogate)
                _check_text(path, value, f"line {lineno}", maybe_surrogates=maybe, may_nest_deep=deep)
            yield lineno, value
        start = end + 1


def _line_value(path: Path, text: str, start: int, end: int, lineno: int) -> Any:
    """The value of line ``lineno``, ``text[start:end]``, or ``_BLANK`` for a line of white space; a value that
    does not end on its line, or any error, is left to :func:`parse_json` on the line alone (its message)."""
    at = start if text.startswith("{", start) else _JSON_SPACE.match(text, start).end()  # (most lines: an object)
    if at == end:
        return _BLANK
    try:
        value, stop = _DECODER.raw_decode(text, at)
    except (ValueError, RecursionError):
        stop = None
    if stop is not None and (stop == end or (stop < end and _JSON_SPACE.match(text, stop).end() == end)):
        return value
    line = text[start:end]
    return _BLANK if not line.strip() else parse_json(path, line, f"line {lineno}")


_BLANK = object()
_DECODER = json.JSONDecoder(parse_constant=_reject_constant)
_JSON_SPACE = re.compile(r"[ \t\r]*")  # JSON's white space within a line
MAX_DEPTH = 500


def _check_text(path: Path, value: Any, where: str, maybe_surrogates: bool = True, may_nest_deep: bool = True) -> None:
    """No lone surrogate (``"\\ud800"`` is valid JSON but not text) and no absurd nesting, anywhere. Where
    the text holds no surrogate and no escape of one, only the nesting is looked at (strings are most of
    a file's values), and not even that where it holds too few brackets to nest that deep."""
    if not maybe_surrogates:
        if may_nest_deep:
            _check_depth(path, value, where)
        return
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise FileProblem(str(path), where or "JSON", f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(item, str):
            if _SURROGATE.search(item):
                raise FileProblem(str(path), where or "JSON", "holds a lone surrogate (\\ud800-\\udfff), not text")
        elif isinstance(item, dict):
            stack.extend((k, depth + 1) for k in item)
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)


def _check_depth(path: Path, value: Any, where: str) -> None:
    stack = [(value, 0)] if isinstance(value, (dict, list)) else []
    while stack:
        item, depth = stack.pop()
        if depth >= MAX_DEPTH and item:  # what it holds lies deeper than MAX_DEPTH
            raise FileProblem(str(path), where or "JSON", f"nested more than {MAX_DEPTH} levels deep")
        stack.extend([(v, depth + 1) for v in (item.values() if isinstance(item, dict) else item)
                      if isinstance(v, (dict, list))])


_SURROGATE = re.compile("[\ud800-\udfff]")
# a surrogate in parsed JSON comes from an escape of one (UTF-8 text cannot hold one) or from a text given
# as a string that holds one
_MAYBE_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def maybe_surrogates(text: str) -> bool:
    """Whether ``text`` holds an escape of a surrogate or a surrogate (``_MAYBE_SURROGATE`` finds one) — looked for
    apart: an escape by its literal start, a surrogate only in a text that is not ASCII (a 300,000-entry card:
    270 → 20 ms)."""
    return _ESCAPED_SURROGATE.search(text) is not None or (not text.isascii() and _SURROGATE.search(text) is not None)


def read_json(path: str | os.PathLike) -> Any:
    """A JSON file, or an :class:`InputError` naming the file, the place and the problem
    (missing, not UTF-8, invalid JSON, NaN/Infinity)."""
    path = Path(path)
    return parse_json(path, _read_text(path))


def read_text(path: str | os.PathLike) -> str:
    """A UTF-8 text file, or an :class:`InputError` naming the file and the problem."""
    return _read_text(Path(path))


# ----------------------------------------------------------------------------- shipped data and folders

def packaged_text(package: str, name: str) -> str:
    """A data file shipped inside a package (``scoring``, ``review``, ``eval_standards``)."""
    return resources.files(package).joinpath(name).read_text("utf-8")


def packaged_json(package: str, name: str) -> Any:
    return json.loads(packaged_text(package, name))


def is_packaged(package: str, name: str) -> bool:
    return resources.files(package).joinpath(name).is_file()


def cache_dir() -> Path | None:
    """``LYSS_CACHE_DIR``, else the user's cache folder; ``LYSS_CACHE_DIR=off`` disables caching."""
    env = os.environ.get("LYSS_CACHE_DIR")
    if env == "off":
        return None
    if env:
        return Path(env)
    return Path(platformdirs.user_cache_dir("lyss", appauthor=False))


def user_data_dir() -> Path:
    """``LYSS_DATA_DIR``, else the user's data folder (added analysers, cards, glosses)."""
    env = os.environ.get("LYSS_DATA_DIR")
    if env:
        return Path(env)
    return Path(platformdirs.user_data_dir("lyss", appauthor=False))


def finite(value: Any) -> Any:
    """``value`` with every NaN or infinite number replaced by ``None``: JSON has no such numbers, and a
    statistic that could not be computed is null (its reason travels beside it)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, Sequence) and not isinstance(value, (str, bytes)):
        return [finite(v) for v in value]
    return value


def json_text(value: Any, **options: Any) -> str:
    """Valid JSON for printing (never ``NaN`` or ``Infinity``), UTF-8 as it is."""
    return json.dumps(finite(value), ensure_ascii=False, allow_nan=False, **options)
