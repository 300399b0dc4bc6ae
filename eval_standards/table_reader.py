"""A lookup that needs no compiled library at all: HFST's optimized-lookup walk in plain Python over the
tables :mod:`.hfstol` has already checked (at each state the epsilons and flag diacritics first, then the
next input symbol; weights summed along the path and the final weight added).

It is what reads an analyser where neither the hfst binding nor a compiled pyhfst wheel installs (an Intel
Mac gets pyhfst in pure Python): on the same 20,000 tokens it runs at 0.19x the binding's speed where pyhfst
in pure Python runs at 0.07x (``make bench``). Batches of words go through :class:`TableBatch`, the same walk
in numpy for many words at once, at about the C++ command's speed. Like pyhfst, it rejects a word its input symbols do not spell,
and it does not read identity or unknown symbols (:func:`.lookups.problem` refuses such a file).
"""

from __future__ import annotations

import re
from pathlib import Path

from . import hfstol

FLAG = re.compile(r"@([PNRDCU])\.([^.@]+)(?:\.([^@]+))?@")


class TableLookup:
    """An optimized-lookup file's tables, walked one word at a time (the :class:`.lookups.Lookup` interface)."""

    name = "lyss tables (plain Python)"

    def __init__(self, path: Path):
        layout, data = hfstol.read(path)
        index, trans = hfstol.tables(layout, data)
        self._index_in, self._index_to = index["i"].tolist(), index["t"].tolist()
        self._index_weight = index["t"].view("<f4").tolist() if layout.weighted else None
        self._in, self._out, self._to = trans["i"].tolist(), trans["o"].tolist(), trans["t"].tolist()
        self._weight = trans["w"].tolist() if layout.weighted else [0.0] * layout.transitions
        self._flags, features = _flag_operations(layout.alphabet)
        self._no_flags = (0,) * features
        self._text = ["" if k == 0 or k in self._flags else s for k, s in enumerate(layout.alphabet)]
        symbols = {s: k for k, s in enumerate(layout.alphabet[:layout.input_symbols])
                   if s and k not in self._flags and not hfstol.SPECIAL_SYMBOL.fullmatch(s)}
        self._symbols = symbols
        self._tokens = re.compile("|".join(map(re.escape, sorted(symbols, key=len, reverse=True))))

    def readings(self, word: str) -> dict[str, float]:
        pieces = self._tokens.findall(word)
        if not word or "".join(pieces) != word:  # a character outside the alphabet: HFST rejects the word
            return {}
        return self._walk([self._symbols[p] for p in pieces])

    def _walk(self, word: list[int]) -> dict[str, float]:
        """Every path that reads ``word``, depth first on a stack of its own (a word of a thousand letters
        goes as deep as it is long: no recursion limit). A path's output is a chain (symbol, rest)."""
        found: dict[str, float] = {}
        paths: list[tuple] = [(0, 0, None, 0.0, self._no_flags)]
        while paths:
            state, at, out, weight, flags = paths.pop()
            if state >= hfstol.TARGET_TABLE_START:
                here = state - hfstol.TARGET_TABLE_START
                self._epsilons(here + 1, at, out, weight, flags, paths)
                if at < len(word):
                    self._follow(here + 1, word[at], at + 1, out, weight, flags, paths)
                elif self._in[here] == hfstol.NO_SYMBOL and self._out[here] == hfstol.NO_SYMBOL and self._to[here] == 1:
                    self._note(out, weight + self._weight[here], found)
                continue
            if self._index_in[state + 1] == 0:
                self._epsilons(self._index_to[state + 1] - hfstol.TARGET_TABLE_START, at, out, weight, flags, paths)
            if at < len(word):
                entry = state + 1 + word[at]
                if self._index_in[entry] == word[at]:
                    self._follow(self._index_to[entry] - hfstol.TARGET_TABLE_START, word[at], at + 1, out, weight,
                                 flags, paths)
            elif self._index_in[state] == hfstol.NO_SYMBOL and self._index_to[state] != hfstol.NO_TABLE_INDEX:
                self._note(out, weight + (self._index_weight[state] if self._index_weight else 0.0), found)
        return found

    def _epsilons(self, k, at, out, weight, flags, paths) -> None:
        """The transitions from ``k`` that read nothing: epsilons, and the flag diacritics that let the path on."""
        while True:
            symbol = self._in[k]
            if symbol == 0:
                after = flags
            elif symbol in self._flags:
                after = _apply(self._flags[symbol], flags)
            else:
                return
            if after is not None:
                paths.append((self._to[k], at, (self._out[k], out), weight + self._weight[k], after))
            k += 1

    def _follow(self, k, symbol, at, out, weight, flags, paths) -> None:
        """The transitions from ``k`` that read ``symbol``."""
        while self._in[k] == symbol:
            paths.append((self._to[k], at, (self._out[k], out), weight + self._weight[k], flags))
            k += 1

    def _note(self, out, weight, found) -> None:
        texts = []
        while out is not None:
            symbol, out = out
            texts.append(self._text[symbol])
        text = "".join(reversed(texts))
        if text not in found or weight < found[text]:
            found[text] = weight


def _flag_operations(alphabet) -> tuple[dict[int, tuple[str, int, int]], int]:
    """Each flag symbol's (operation, feature number, value number; 0: none) and how many features there are."""
    features: dict[str, int] = {}
    values: dict[str, int] = {}
    operations = {}
    for k, symbol in enumerate(alphabet):
        match = FLAG.fullmatch(symbol)
        if match:
            op, feature, value = match.groups()
            feature_no = features.setdefault(feature, len(features))
            value_no = values.setdefault(value, len(values) + 1) if value else 0
            operations[k] = (op, feature_no, value_no)
    return operations, len(features)


def _apply(operation: tuple[str, int, int], flags: tuple[int, ...]) -> tuple[int, ...] | None:
    """The feature values after a flag diacritic, or None where it blocks the path (HFST's rules)."""
    op, feature, value = operation
    now = flags[feature]
    if op == "P":
        return flags[:feature] + (value,) + flags[feature + 1:]
    if op == "N":
        return flags[:feature] + (-value,) + flags[feature + 1:]
    if op == "C":
        return flags[:feature] + (0,) + flags[feature + 1:]
    if op == "R":
        return flags if (now != 0 if value == 0 else now == value) else None
    if op == "D":
        return None if (now != 0 if value == 0 else now == value) else flags
    if now == 0 or now == value or (now < 0 and now != -value):  # U: unify
        return flags[:feature] + (value,) + flags[feature + 1:]
    return None



OPERATIONS = {"P": 1, "N": 2, "C": 3, "R": 4, "D": 5, "U": 6}
PACKED_BITS = 63  # every feature's value of a path in one int64 (a file whose features need more is walked singly)


class TableBatch:
    """The same walk for many words at once, in numpy: the words of a batch as a trie of their symbols, every
    path moved on one transition per step — the C++ reader's stack of paths, for all the words together, and
    a beginning several words share walked once — each path's output kept as a link to the path it came from,
    its flag diacritics' values packed in one integer. The readings are exactly :class:`TableLookup`'s: the
    same paths, taken in another order. On ``make bench``'s 20,000 tokens and 4,000 accepted ones it runs at
    about the speed of the C++ ``hfst-optimized-lookup`` command (0.7–1.2× here), ten times the one-word reader.

    A path on an index-table state takes its run of epsilons and flags (found through the state's entry 0)
    and, for each symbol that some word continues with, the run of transitions reading it (its entry for that
    symbol); a path on a transition-table state both runs from the transition after it. Two arrays made once
    give each run's length: how many silent transitions follow each transition, how many read one symbol."""

    name = "lyss tables (numpy, many words at once)"

    def __init__(self, path: Path):
        import numpy as np  # deferred: the single-word walker above needs none

        self.np = np
        layout, data = hfstol.read(path)
        index, trans = hfstol.tables(layout, data)
        self.index_in = index["i"].astype(np.int64)
        self.index_to = index["t"].astype(np.int64)
        self.index_weight = index["t"].view("<f4").astype(np.float64) if layout.weighted else None
        self.t_in = trans["i"].astype(np.int64)
        self.t_to = trans["t"].astype(np.int64)
        self.t_weight = trans["w"].astype(np.float64) if layout.weighted else None
        flags = _flag_operations(layout.alphabet)[0]
        self.text = ["" if k == 0 or k in flags else s for k, s in enumerate(layout.alphabet)]
        writes = np.zeros(hfstol.NO_SYMBOL + 1, dtype=bool)
        writes[:len(self.text)] = [bool(t) for t in self.text]
        self.t_out = trans["o"].astype(np.int32)
        self.t_writes = writes[trans["o"]]
        self.final_trans = (trans["i"] == hfstol.NO_SYMBOL) & (trans["o"] == hfstol.NO_SYMBOL) & (trans["t"] == 1)
        self.final_index = (index["i"] == hfstol.NO_SYMBOL) & (index["t"] != hfstol.NO_TABLE_INDEX)
        # each index state's run of epsilons and flags: where it starts in the transition table (-1: none)
        epsilon = np.r_[index["i"][1:] == 0, False]
        self.epsilon_first = np.where(epsilon, np.r_[index["t"][1:].astype(np.int64), 0] - hfstol.TARGET_TABLE_START, -1)
        packing = _packing(flags)
        self.packed = packing is not None
        self.is_flag = np.zeros(hfstol.NO_SYMBOL + 1, dtype=bool)
        self.is_flag[list(flags)] = True
        self.no_flags = 0
        if packing is not None:
            operations, self.no_flags = packing
            self.flag_tables = _flag_tables(np, operations)
        silent = (trans["i"] == 0) | np.isin(trans["i"], list(flags))
        self.silent_run = _run_lengths(silent, silent)
        self.same_run = _run_lengths(trans["i"] != hfstol.NO_SYMBOL, np.r_[trans["i"][1:] == trans["i"][:-1], False])
        self.symbols = {s: k for k, s in enumerate(layout.alphabet[:layout.input_symbols])
                        if s and k not in flags and not hfstol.SPECIAL_SYMBOL.fullmatch(s)}
        self.tokens = re.compile("|".join(map(re.escape, sorted(self.symbols, key=len, reverse=True))))
        self.single = None if self.packed else TableLookup(path)

    def readings_many(self, words: list[str], per_batch: int = 20000) -> dict[str, dict[str, float]]:
        """Each word's readings (as :meth:`TableLookup.readings`), the words walked ``per_batch`` at a time."""
        if self.single is not None:
            return {w: self.single.readings(w) for w in dict.fromkeys(words)}
        found: dict[str, dict[str, float]] = {}
        spelled = []
        for word in dict.fromkeys(words):
            pieces = self.tokens.findall(word)
            if word and "".join(pieces) == word:
                spelled.append((word, [self.symbols[p] for p in pieces]))
            else:
                found[word] = {}  # a character outside the alphabet: HFST rejects the word
        for start in range(0, len(spelled), per_batch):
            found.update(self._walk(spelled[start:start + per_batch]))
        return found

    def _walk(self, batch: list[tuple[str, list[int]]]) -> dict[str, dict[str, float]]:
        np = self.np
        start = hfstol.TARGET_TABLE_START
        trie = _Trie(np, [symbols for _, symbols in batch])
        # the paths: where in the words' trie (the symbols read so far), state, output link, flag values, weight
        at = np.zeros(1, dtype=np.int64)
        state = np.zeros(1, dtype=np.int64)
        node = np.full(1, -1, dtype=np.int64)  # the output's last symbol-writing link; -1: nothing yet
        packed = np.full(1, self.no_flags, dtype=np.int64)
        weight = np.zeros(1) if self.t_weight is not None else None
        parents, outputs, ends = [], [], []
        links = 0
        while len(state):
            in_trans = state >= start
            t_rows, i_rows = np.flatnonzero(in_trans), np.flatnonzero(~in_trans)
            here = state[t_rows] - start
            index_state = state[i_rows]
            # readings: paths where a word ends, on a final state
            t_end = t_rows[(trie.word[at[t_rows]] >= 0) & self.final_trans[here]]
            i_end = i_rows[(trie.word[at[i_rows]] >= 0) & self.final_index[index_state]]
            if len(t_end) or len(i_end):
                end_rows = np.concatenate([t_end, i_end])
                end_weight = None
                if weight is not None:
                    end_weight = weight[end_rows] + np.concatenate(
                        [self.t_weight[state[t_end] - start], self.index_weight[state[i_end]]])
                ends.append((trie.word[at[end_rows]], node[end_rows], end_weight))
            # silent runs: after a transition-table state, or through an index state's entry 0
            epsilon_first = self.epsilon_first[index_state]
            epsilon = epsilon_first >= 0
            s_rows = np.concatenate([t_rows, i_rows[epsilon]])
            s_first = np.concatenate([here + 1, epsilon_first[epsilon]])
            # symbol runs: each next symbol of the words that go on from here, after a transition-table state
            # or through the index state's entry for it
            t_rows, t_child = _expand(np, t_rows, trie.first[at[t_rows]], trie.count[at[t_rows]])
            t_first = state[t_rows] - start + 1
            same = self.t_in[t_first] == trie.symbol[t_child]
            t_rows, t_child, t_first = t_rows[same], t_child[same], t_first[same]
            i_rows, i_child = _expand(np, i_rows, trie.first[at[i_rows]], trie.count[at[i_rows]])
            i_symbol = trie.symbol[i_child]
            entry = state[i_rows] + 1 + i_symbol
            found = self.index_in[entry] == i_symbol
            i_rows, i_child, i_first = i_rows[found], i_child[found], self.index_to[entry[found]] - start
            f_rows, f_first = np.concatenate([t_rows, i_rows]), np.concatenate([t_first, i_first])
            f_child = np.concatenate([t_child, i_child])
            s_rows, s_k = _expand(np, s_rows, s_first, self.silent_run[s_first])
            f_run = self.same_run[f_first]
            f_child = np.repeat(f_child, f_run) if len(f_run) and f_run.max() > 1 else f_child
            f_rows, f_k = _expand(np, f_rows, f_first, f_run)
            s_packed = packed[s_rows]
            s_symbol = self.t_in[s_k]
            flagged = np.flatnonzero(self.is_flag[s_symbol])
            if len(flagged):
                go, s_packed[flagged] = _apply_packed(np, self.flag_tables, s_symbol[flagged], s_packed[flagged])
                if not go.all():
                    keep = np.ones(len(s_rows), dtype=bool)
                    keep[flagged[~go]] = False
                    s_rows, s_k, s_packed = s_rows[keep], s_k[keep], s_packed[keep]
            rows = np.concatenate([s_rows, f_rows])
            k = np.concatenate([s_k, f_k])
            node = node[rows]
            writing = np.flatnonzero(self.t_writes[k])
            if len(writing):
                parents.append(node[writing])
                outputs.append(self.t_out[k[writing]])
                node[writing] = links + np.arange(len(writing))
                links += len(writing)
            if weight is not None:
                weight = weight[rows] + self.t_weight[k]
            at = np.concatenate([at[s_rows], trie.child[f_child]])
            state, packed = self.t_to[k], np.concatenate([s_packed, packed[f_rows]])
        return self._readings(batch, ends, parents, outputs)

    def _readings(self, batch, ends, parents, outputs) -> dict[str, dict[str, float]]:
        """Each reading's text, read back along its links (all readings a step at a time), its lowest weight."""
        np = self.np
        found: dict[str, dict[str, float]] = {w: {} for w, _ in batch}
        if not ends:
            return found
        parents = np.concatenate(parents) if parents else np.zeros(0, dtype=np.int64)
        outputs = np.concatenate(outputs) if outputs else np.zeros(0, dtype=np.int32)
        rows = np.concatenate([e[0] for e in ends])
        cursor = np.concatenate([e[1] for e in ends])
        weights = np.concatenate([e[2] for e in ends]).tolist() if ends[0][2] is not None else [0.0] * len(rows)
        pieces = []
        while (cursor >= 0).any():
            live = cursor >= 0
            at = np.maximum(cursor, 0)
            pieces.append(np.where(live, outputs[at], -1))
            cursor = np.where(live, parents[at], -1)
        text = self.text
        columns = np.stack(pieces[::-1], axis=1).tolist() if pieces else [[] for _ in rows]
        for row, symbols, w in zip(rows.tolist(), columns, weights):
            reading = "".join([text[s] for s in symbols if s >= 0])
            seen = found[batch[row][0]]
            if reading not in seen or w < seen[reading]:
                seen[reading] = w
        return found


class _Trie:
    """The words of a batch as a trie of their symbols, in arrays: each node's children (``first``, ``count``:
    where they lie in ``symbol`` and ``child``) and the word ending there (``word``, -1: none). Words that share
    a beginning share the walk of it."""

    def __init__(self, np, words: list[list[int]]):
        children: list[dict[int, int]] = [{}]
        ends = [-1]
        for number, symbols in enumerate(words):
            at = 0
            for symbol in symbols:
                nxt = children[at].get(symbol)
                if nxt is None:
                    nxt = children[at][symbol] = len(children)
                    children.append({})
                    ends.append(-1)
                at = nxt
            ends[at] = number
        self.word = np.array(ends, dtype=np.int64)
        self.count = np.array([len(c) for c in children], dtype=np.int64)
        self.first = np.cumsum(self.count) - self.count
        self.symbol = np.array([s for c in children for s in c], dtype=np.int64)
        self.child = np.array([n for c in children for n in c.values()], dtype=np.int64)


def _packing(flags: dict[int, tuple[str, int, int]]) -> tuple[dict[int, tuple[int, int, int, int, int]], int] | None:
    """How a path's flag values fit in one int64: each flag symbol's (operation, bit shift, field width, the
    feature's offset, value) — a feature's value v is kept as v + offset, offset its largest value, so that
    −v (a negative setting) fits too — and the packed value of a path that has set nothing. ``None`` when the
    features need more than :data:`PACKED_BITS` bits."""
    numbers: dict[int, dict[int, int]] = {}  # each feature's values numbered 1, 2, … of its own
    for _, feature, value in flags.values():
        if value:
            numbers.setdefault(feature, {}).setdefault(value, len(numbers.get(feature, {})) + 1)
    flags = {symbol: (op, feature, numbers[feature][value] if value else 0)
             for symbol, (op, feature, value) in flags.items()}
    largest = {feature: len(numbers.get(feature, {})) for _, feature, _ in flags.values()}
    shifts, widths, bits = {}, {}, 0
    for feature in sorted(largest):
        widths[feature] = (2 * largest[feature]).bit_length()
        shifts[feature], bits = bits, bits + widths[feature]
    if bits > PACKED_BITS:
        return None
    initial = sum(largest[f] << shifts[f] for f in largest)
    return {symbol: (OPERATIONS[op], shifts[feature], widths[feature], largest[feature], value)
            for symbol, (op, feature, value) in flags.items()}, initial


def _flag_tables(np, operations: dict[int, tuple[int, int, int, int, int]]) -> dict[str, "np.ndarray"]:
    """Per flag symbol, what :func:`_apply_packed` needs, its feature's field kept in place (never shifted
    down): the field's mask; the field holding no value, the flag's value, its negative; what a flag that sets
    a value leaves (the path's bits without the field, or all of them where it only tests); the bits it sets;
    and which of the eight outcomes of three tests (holds no value, holds the flag's, holds another negative
    one) let the path on."""
    size = max(operations, default=0) + 1
    tables = {name: np.zeros(size, dtype=np.int64) for name in ("field", "none", "value", "negative", "keep", "set")}
    tables["passes"] = np.zeros(size, dtype=np.int64)
    every = sum(1 << pattern for pattern in range(8))
    for symbol, (op, shift, width, offset, value) in operations.items():
        field = ((1 << width) - 1) << shift
        tables["field"][symbol], tables["none"][symbol] = field, offset << shift
        tables["value"][symbol], tables["negative"][symbol] = (value + offset) << shift, (offset - value) << shift
        sets = op in (OPERATIONS["P"], OPERATIONS["N"], OPERATIONS["C"], OPERATIONS["U"])
        tables["keep"][symbol] = ~field if sets else -1
        new = {OPERATIONS["P"]: value, OPERATIONS["N"]: -value, OPERATIONS["C"]: 0, OPERATIONS["U"]: value}.get(op, 0)
        tables["set"][symbol] = (new + offset) << shift if sets else 0
        def passes(none: bool, same: bool, other_negative: bool) -> bool:
            if op == OPERATIONS["R"]:
                return same if value else not none
            if op == OPERATIONS["D"]:
                return not same if value else none
            if op == OPERATIONS["U"]:
                return none or same or other_negative
            return True
        tables["passes"][symbol] = every if not any(op == OPERATIONS[o] for o in "RDU") else sum(
            1 << pattern for pattern in range(8) if passes(bool(pattern & 1), bool(pattern & 2), bool(pattern & 4)))
    return tables


def _apply_packed(np, tables, symbol, packed):
    """Flag diacritics on many paths at once, by :func:`_apply`'s rules: which paths go on, their new values."""
    field = packed & tables["field"][symbol]
    none = tables["none"][symbol]
    outcome = (field == none).astype(np.int64) | ((field == tables["value"][symbol]) << 1) | \
        (((field < none) & (field != tables["negative"][symbol])) << 2)
    go = ((tables["passes"][symbol] >> outcome) & 1).astype(bool)
    return go, (packed & tables["keep"][symbol]) | tables["set"][symbol]


def _run_lengths(member, continues):
    """For each position, how many positions from it on are ``member``, each next one continuing the run
    (``continues[k]``: position k+1 is in k's run); 0 where ``member`` is false."""
    import numpy as np  # deferred: as above
    n = len(member)
    ends = np.flatnonzero(~(member & np.r_[continues[:-1] & member[1:], False]))  # where each run stops
    last = ends[np.minimum(np.searchsorted(ends, np.arange(n)), len(ends) - 1)] if len(ends) else np.full(n, n - 1)
    return np.where(member, last - np.arange(n) + 1, 0)


def _expand(np, rows, first, count):
    """Each row repeated ``count`` times, with the transition numbers first, first+1, … of its run."""
    if len(count) and count.min() == count.max() == 1:
        return rows, first
    ends = np.cumsum(count)
    return np.repeat(rows, count), np.repeat(first - (ends - count), count) + np.arange(ends[-1] if len(ends) else 0)
