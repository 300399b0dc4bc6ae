"""Checking an HFST optimized-lookup file (``.hfstol``) before anything loads it.

HFST's C++ reader aborts the whole process (SIGABRT) on a truncated or damaged file, so a file is read
here first: the HFST3 header, the optimized-lookup header, the alphabet, and the two tables, whose
sizes the header fixes (index entries 6 bytes; transitions 8 bytes, 12 when weighted) — the file must
have exactly that length — and every symbol and target in the tables must point inside them.

The same tables, read as a graph, give an analyser's letter pairs (:func:`letter_pairs`): which letters
a word it accepts can start and end with, and which can follow which — a word outside them needs no
lookup.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from scoring.errors import FileProblem

NO_SYMBOL = 0xFFFF
NO_TABLE_INDEX = 0xFFFFFFFF
TARGET_TABLE_START = 2**31
OL_HEADER = struct.Struct("<HHIIII9I")
ANY_SYMBOLS = frozenset({"@_IDENTITY_SYMBOL_@", "@_UNKNOWN_SYMBOL_@", "@_DEFAULT_SYMBOL_@"})


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
    alphabet: tuple[str, ...] = ()  # every symbol, by number
    tables_at: int = 0  # where the index table starts
    reads_any_symbol: bool = False  # a transition on an identity or unknown symbol: libraries differ on those


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
    multichar, letters, alphabet = [], [], []
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
        alphabet.append(symbol)
        pos = end + 1
    expected = pos + n_index * 6 + n_trans * (12 if weighted else 8)
    if len(data) != expected:
        what = "truncated" if len(data) < expected else "has extra bytes"
        raise ValueError(f"{what}: {len(data):,} bytes, its header says {expected:,}")
    _check_tables(data, pos, ni, ns, n_index, n_trans, weighted)
    index, trans = _tables(data, pos, n_index, n_trans, weighted)
    any_symbol = [k for k, name in enumerate(alphabet) if name in ANY_SYMBOLS]
    reads_any = bool(any_symbol) and bool(np.isin(index["i"], any_symbol).any() or np.isin(trans["i"], any_symbol).any())
    return Layout(kind, weighted, ni, ns, n_index, n_trans, len(data), tuple(multichar), tuple(letters),
                  tuple(alphabet), pos, reads_any)


def _tables(data: bytes, pos: int, n_index: int, n_trans: int, weighted: bool) -> tuple[np.ndarray, np.ndarray]:
    """The index table (input symbol, target) and the transition table (input, output, target[, weight])."""
    index = np.frombuffer(data, dtype=np.dtype([("i", "<u2"), ("t", "<u4")]), count=n_index, offset=pos)
    fields = [("i", "<u2"), ("o", "<u2"), ("t", "<u4")] + ([("w", "<f4")] if weighted else [])
    return index, np.frombuffer(data, dtype=np.dtype(fields), count=n_trans, offset=pos + n_index * 6)


def tables(found: Layout, data: bytes) -> tuple[np.ndarray, np.ndarray]:
    """The checked file's index table and transition table (numpy records over ``data``)."""
    return _tables(data, found.tables_at, found.index_entries, found.transitions, found.weighted)


def _check_tables(data: bytes, pos: int, ni: int, ns: int, n_index: int, n_trans: int, weighted: bool) -> None:
    index, trans = _tables(data, pos, n_index, n_trans, weighted)

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
    return read(path)[0]


def read(path: str | Path) -> tuple[Layout, bytes]:
    """A readable, intact ``.hfstol`` file's layout and bytes, or an :class:`InputError` in one line."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise FileProblem(str(path), "", "file not found") from None
    except OSError as exc:
        raise FileProblem(str(path), "", f"cannot read: {exc.strerror}") from None
    try:
        return layout(data), data
    except (ValueError, struct.error) as exc:
        raise FileProblem(str(path), "", f"not a usable analyser: {exc}") from None


# ----------------------------------------------------------------------------- letters that can follow each other

@dataclass(frozen=True)
class LetterPairs:
    """The letters an analyser can read first, last, and after each letter — on some path of the transducer,
    its flag diacritics taken as always allowed. Taking them so only adds paths: a word that starts, ends
    or has two letters in a row outside these has no analysis, and needs no lookup."""
    first: str
    last: str
    following: dict[str, str]

    def possible(self, words: Sequence[str]) -> np.ndarray:
        """For each word (a string of the analyser's one-character input symbols, such as an analyser's
        lookupable word): False when the analyser rejects it for certain, True when it may not. All words
        at once: their characters as letter numbers (0: not a letter), each with what may follow it."""
        number_of, ok_first, ok_next = self._tables
        if not any(words):
            return np.zeros(len(words), dtype=bool)
        lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
        text = np.frombuffer("".join(words).encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        number = number_of[np.minimum(text, len(number_of) - 1)]
        ends = np.cumsum(lengths)
        nonempty = lengths > 0
        following = np.append(number[1:], 0)
        following[ends[nonempty] - 1] = ok_next.shape[1] - 1  # after a word's last letter: its end
        bad = np.append(~ok_next[number, following], False).astype(np.int64)
        starts = ends - lengths
        return nonempty & (np.add.reduceat(bad, starts) == 0) & ok_first[number[np.minimum(starts, len(number) - 1)]]

    @cached_property
    def _tables(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each code point's letter number (0: not a letter; the last entry stands for every code point past
        it); which letters may start a word; which may follow which (the last column: the word's end)."""
        names = sorted(set(self.first) | set(self.last) | set(self.following) | set("".join(self.following.values())))
        number = {name: k + 1 for k, name in enumerate(names)}
        number_of = np.zeros(max(map(ord, names), default=0) + 2, dtype=np.int64)
        number_of[[ord(x) for x in names]] = np.arange(1, len(names) + 1)
        ok_first = np.zeros(len(names) + 1, dtype=bool)
        ok_first[[number[x] for x in self.first]] = True
        ok_next = np.zeros((len(names) + 1, len(names) + 2), dtype=bool)
        for letter, after in self.following.items():
            ok_next[number[letter], [number[x] for x in after]] = True
        ok_next[[number[x] for x in self.last], len(names) + 1] = True
        return number_of, ok_first, ok_next

def letter_pairs(data: bytes, found: Layout) -> LetterPairs | None:
    """What the unweighted transducer in ``data`` can read letter by letter, read off its tables exactly as
    ``hfst-optimized-lookup`` walks them (below); None for a weighted one, and for one whose lookups may
    read characters outside its alphabet (a transition on an identity or unknown symbol). For an analyser only: a word it
    is asked about never spells one of its multi-character input symbols, so it reads one letter at a
    time — a transition on a multi-character symbol is never taken.

    The walk: a state in the index table at ``i`` is final when entry ``i`` has target 1; its epsilon and
    flag transitions start where entry ``i+1`` points (when that entry's input is 0), those on input symbol
    ``a`` where entry ``i+1+a`` points (when that entry's input is ``a``). A state in the transition table
    at ``j`` is final when transition ``j`` has target 1; its epsilon and flag transitions, and those on
    the input of transition ``j+1``, start at ``j+1``. From a start, the transitions read are the run with
    the same input (epsilons and flags: the run of either)."""
    if found.weighted or found.reads_any_symbol or found.index_entries <= found.input_symbols:
        return None
    index, trans = _tables(data, found.tables_at, found.index_entries, found.transitions, False)
    letters = np.array([k for k in range(1, found.input_symbols) if len(found.alphabet[k]) == 1], dtype=np.int64)
    if not len(letters):
        return None
    column = np.full(NO_SYMBOL + 1, -1, dtype=np.int64)  # symbol number -> its letter's column
    column[letters] = np.arange(len(letters))
    silent = np.zeros(NO_SYMBOL + 1, dtype=bool)  # epsilon, flags (and any other special symbol): read no letter
    silent[0] = True
    silent[[k for k, name in enumerate(found.alphabet) if SPECIAL_SYMBOL.fullmatch(name)]] = True
    graph = _graph(index, trans, column, silent)
    reads, final = _closure(graph, len(letters))
    follows, ends = _after_each_letter(reads, final, graph.letter_dst, graph.letter, len(letters))
    names = [found.alphabet[k] for k in letters]
    spell = lambda mask: "".join(name for k, name in enumerate(names) if mask[k])
    return LetterPairs(first=spell(_bits([bits[0] for bits in reads], len(names))), last="".join(n for n, e in zip(names, ends) if e),
                       following={name: spell(follows[k]) for k, name in enumerate(names) if follows[k].any()})


SPECIAL_SYMBOL = re.compile(r"@[^@]*@")  # how HFST writes its special symbols and flag diacritics


def _states(entry_target: np.ndarray, entry_input: np.ndarray, target: np.ndarray,
            inputs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The states, as masks: the positions in the index table and in the transition table that a target
    names (and the start, index position 0)."""
    named = np.concatenate([entry_target[entry_input != NO_SYMBOL], target[inputs != NO_SYMBOL]])
    in_index = np.zeros(len(entry_target), dtype=bool)
    in_index[named[named < len(entry_target)]] = True
    in_index[0] = True
    in_trans = np.zeros(len(target), dtype=bool)
    in_trans[named[(named >= TARGET_TABLE_START) & (named != NO_TABLE_INDEX)] - TARGET_TABLE_START] = True
    return in_index, in_trans


def _run_end(keys: np.ndarray) -> np.ndarray:
    """For each position, where the run of equal keys holding it ends (exclusive)."""
    ends = np.append(np.flatnonzero(keys[1:] != keys[:-1]) + 1, len(keys))
    return np.repeat(ends, np.diff(ends, prepend=0))


def _runs(owners: np.ndarray, starts: np.ndarray, run_end: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(owner, position) for every position from each start to the end of its run."""
    lengths = run_end[starts] - starts
    before = np.cumsum(lengths) - lengths
    return np.repeat(owners, lengths), np.repeat(starts - before, lengths) + np.arange(lengths.sum())


@dataclass
class _Graph:
    """The transducer as a graph of nodes (index position ``i`` is node ``i``, transition position ``j`` node
    ``len(index) + j``): per state, the letters it reads (a letter column each, several rows per state);
    its silent transitions (epsilons, flags); every transition on a letter (its column and target node);
    which nodes are final states."""
    nodes: int
    reader: np.ndarray
    read: np.ndarray
    silent_src: np.ndarray
    silent_dst: np.ndarray
    letter: np.ndarray
    letter_dst: np.ndarray
    final: np.ndarray


def _graph(index: np.ndarray, trans: np.ndarray, column: np.ndarray, silent: np.ndarray) -> _Graph:
    entry_input, entry_target = index["i"].astype(np.int64), index["t"].astype(np.int64)
    inputs, target = trans["i"].astype(np.int64), trans["t"].astype(np.int64)
    node = np.where(target >= TARGET_TABLE_START, len(index) + target - TARGET_TABLE_START, target)
    in_index, in_trans = _states(entry_target, entry_input, target, inputs)
    # where each state's transitions start — transition-table state j: at j + 1 (epsilons and flags, then
    # one input); index-table state i: where entry i + 1 + a points, for input a (epsilons, flags: a = 0);
    # read backwards, the entry e with input a belongs to state e - 1 - a
    entry = np.flatnonzero((entry_input == 0) | (column[entry_input] >= 0))
    entry = entry[entry - 1 - entry_input[entry] >= 0]
    entry = entry[in_index[entry - 1 - entry_input[entry]]]
    owners = np.concatenate([len(index) + np.flatnonzero(in_trans), entry - 1 - entry_input[entry]])
    starts = np.concatenate([np.flatnonzero(in_trans) + 1, entry_target[entry] - TARGET_TABLE_START])
    inside = (starts >= 0) & (starts < len(trans))
    owners, starts = owners[inside], starts[inside]
    is_silent = silent[inputs]
    opens_silent = is_silent[starts]
    silent_src, silent_pos = _runs(owners[opens_silent], starts[opens_silent],
                                   _run_end(np.where(is_silent, -1, np.arange(len(trans)))))
    live = target[silent_pos] != NO_TABLE_INDEX
    reads = column[inputs[starts]] >= 0
    on_letter = (column[inputs] >= 0) & (target != NO_TABLE_INDEX)  # every one: a few unreachable add letters only
    return _Graph(nodes=len(index) + len(trans), reader=owners[reads], read=column[inputs[starts[reads]]],
                  silent_src=silent_src[live], silent_dst=node[silent_pos[live]],
                  letter=column[inputs[on_letter]], letter_dst=node[on_letter],
                  final=np.concatenate([entry_target == 1, target == 1]))


def _closure(graph: _Graph, letters: int) -> tuple[list[np.ndarray], np.ndarray]:
    """Per node: the letters it can read next, through any silent transitions (one bit per letter column,
    in 64-bit words: a list of one array per word), and whether it can end (reach a final state through
    them). Silent edges are followed until nothing changes (each round one step further)."""
    reads = []
    for word in range(-(-letters // 64)):
        mine = (graph.read // 64) == word
        bits = np.zeros(graph.nodes, dtype=np.uint64)
        np.bitwise_or.at(bits, graph.reader[mine], np.left_shift(np.uint64(1), (graph.read[mine] % 64).astype(np.uint64)))
        reads.append(bits)
    final = graph.final.copy()
    order = np.argsort(graph.silent_src, kind="stable")
    src, dst = graph.silent_src[order], graph.silent_dst[order]
    owners, first = np.unique(src, return_index=True)
    changed = True
    while changed and len(owners):
        changed = False
        for bits in (*reads, final):
            more = bits[owners] | (np.logical_or if bits.dtype == bool else np.bitwise_or).reduceat(bits[dst], first)
            if (more != bits[owners]).any():
                bits[owners] = more
                changed = True
    return reads, final


def _bits(words: list[np.ndarray], letters: int) -> np.ndarray:
    """Bit masks (one array per 64-bit word, of one or more rows) as booleans, one column per letter."""
    column = np.arange(letters)
    stacked = np.stack(words, axis=-1)
    return ((stacked[..., column // 64] >> (column % 64).astype(np.uint64)) & np.uint64(1)).astype(bool)


def _after_each_letter(reads: list[np.ndarray], final: np.ndarray, letter_dst: np.ndarray, letter: np.ndarray,
                       letters: int) -> tuple[np.ndarray, np.ndarray]:
    """For each letter column: which letters can follow it (a boolean row) and whether a word can end
    after it."""
    follows = np.zeros((letters, letters), dtype=bool)
    ends = np.zeros(letters, dtype=bool)
    order = np.argsort(letter.astype(np.int16), kind="stable")  # a radix sort
    letter, dst = letter[order], letter_dst[order]
    which, first = np.unique(letter, return_index=True)
    if len(which):
        follows[which] = _bits([np.bitwise_or.reduceat(bits[dst], first) for bits in reads], letters)
        ends[which] = np.logical_or.reduceat(final[dst], first)
    return follows, ends
