"""Checking an HFST optimized-lookup file (``.hfstol``) before anything loads it.

HFST's C++ reader aborts the whole process (SIGABRT) on a truncated or damaged file, so a file is read
here first: the HFST3 header, the optimized-lookup header, the alphabet, and the two tables, whose
sizes the header fixes (index entries 6 bytes; transitions 8 bytes, 12 when weighted) — the file must
have exactly that length — and every symbol and target in the tables must point inside them.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from scoring.errors import FileProblem

NO_SYMBOL = 0xFFFF
NO_TABLE_INDEX = 0xFFFFFFFF
TARGET_TABLE_START = 2**31
OL_HEADER = struct.Struct("<HHIIII9I")


@dataclass(frozen=True)
class Layout:
    type: str
    weighted: bool
    input_symbols: int
    symbols: int
    index_entries: int
    transitions: int
    bytes: int
    input_multichar: tuple[str, ...] = ()  # input symbols longer than one character (epsilon, flags, tags)
    input_letters: tuple[str, ...] = ()  # input symbols of one character


def _hfst_header(data: bytes) -> tuple[dict[str, str], int]:
    """Properties of the HFST3 header and where the transducer starts (no header: an old bare OL file)."""
    if not data.startswith(b"HFST\0"):
        return {"type": "HFST_OL"}, 0
    if len(data) < 8:
        raise ValueError("truncated HFST header")
    length = struct.unpack_from("<H", data, 5)[0]
    if data[7] != 0 or len(data) < 8 + length:
        raise ValueError("truncated HFST header")
    parts = data[8:8 + length].split(b"\0")
    props = {parts[i].decode("utf-8", "replace"): parts[i + 1].decode("utf-8", "replace")
             for i in range(0, len(parts) - 1, 2)}
    return props, 8 + length


def layout(data: bytes) -> Layout:
    """The file's layout, or ``ValueError`` saying what is wrong with it."""
    props, pos = _hfst_header(data)
    kind = props.get("type", "")
    if kind not in ("HFST_OL", "HFST_OLW"):
        raise ValueError(f"an HFST transducer of type {kind or 'unknown'}, not optimized-lookup "
                         f"(convert it with hfst-fst2fst -O)")
    if len(data) < pos + OL_HEADER.size:
        raise ValueError("truncated before the end of its header")
    ni, ns, n_index, n_trans, *_rest = OL_HEADER.unpack_from(data, pos)
    weighted = bool(_rest[2]) or kind == "HFST_OLW"
    pos += OL_HEADER.size
    if ni > ns:
        raise ValueError("its header is damaged (more input symbols than symbols)")
    multichar, letters = [], []
    for k in range(ns):
        end = data.find(b"\0", pos)
        if end < 0:
            raise ValueError("truncated inside its alphabet")
        try:
            symbol = data[pos:end].decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("its alphabet is damaged (not UTF-8)") from None
        if k < ni and len(symbol) > 1:
            multichar.append(symbol)
        elif k < ni and symbol:
            letters.append(symbol)
        pos = end + 1
    expected = pos + n_index * 6 + n_trans * (12 if weighted else 8)
    if len(data) != expected:
        what = "truncated" if len(data) < expected else "has extra bytes"
        raise ValueError(f"{what}: {len(data):,} bytes, its header says {expected:,}")
    _check_tables(data, pos, ni, ns, n_index, n_trans, weighted)
    return Layout(kind, weighted, ni, ns, n_index, n_trans, len(data), tuple(multichar), tuple(letters))


def _check_tables(data: bytes, pos: int, ni: int, ns: int, n_index: int, n_trans: int, weighted: bool) -> None:
    index = np.frombuffer(data, dtype=np.dtype([("i", "<u2"), ("t", "<u4")]), count=n_index, offset=pos)
    fields = [("i", "<u2"), ("o", "<u2"), ("t", "<u4")] + ([("w", "<f4")] if weighted else [])
    trans = np.frombuffer(data, dtype=np.dtype(fields), count=n_trans, offset=pos + n_index * 6)

    def bad_target(t):
        return ~((t == NO_TABLE_INDEX) | (t < n_index) | ((t >= TARGET_TABLE_START) & (t < TARGET_TABLE_START + n_trans)))

    symbol = lambda s: (s != NO_SYMBOL) & (s >= ns)
    live_index = index["i"] != NO_SYMBOL  # a final entry's target field holds a weight or a flag
    live_trans = trans["i"] != NO_SYMBOL
    if symbol(index["i"]).any() or symbol(trans["i"]).any() or symbol(trans["o"]).any():
        raise ValueError("damaged: a table names a symbol outside its alphabet")
    if bad_target(index["t"][live_index]).any() or bad_target(trans["t"][live_trans]).any():
        raise ValueError("damaged: a table points outside the file")
    # a state a target names must have room for what a lookup reads there: in the index table one entry per
    # input symbol after it, in the transition table at least one transition after its first entry (a
    # target at the very end sends the C++ reader past the table: a crash, or a lookup that never ends)
    targets = np.concatenate([index["t"][live_index], trans["t"][live_trans]]).astype(np.int64)
    to_index = targets[targets < n_index]
    to_trans = targets[(targets >= TARGET_TABLE_START) & (targets != NO_TABLE_INDEX)] - TARGET_TABLE_START
    if (to_index + ni >= n_index).any():
        raise ValueError("damaged: a state in its index table has no room for every input symbol")
    if (to_trans + 1 >= n_trans).any():
        raise ValueError("damaged: a state at the end of its transition table has no transitions")


def check(path: str | Path) -> Layout:
    """The layout of a readable, intact ``.hfstol`` file, or an :class:`InputError` in one line."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise FileProblem(str(path), "", "file not found") from None
    except OSError as exc:
        raise FileProblem(str(path), "", f"cannot read: {exc.strerror}") from None
    try:
        return layout(data)
    except (ValueError, struct.error) as exc:
        raise FileProblem(str(path), "", f"not a usable analyser: {exc}") from None
