"""A lookup that needs no compiled library at all: HFST's optimized-lookup walk in plain Python over the
tables :mod:`.hfstol` has already checked (at each state the epsilons and flag diacritics first, then the
next input symbol; weights summed along the path and the final weight added).

It is what reads an analyser where neither the hfst binding nor a compiled pyhfst wheel installs (an Intel
Mac gets pyhfst in pure Python): on the same 20,000 tokens it runs at 0.19x the binding's speed where pyhfst
in pure Python runs at 0.07x (``make bench``). Like pyhfst, it rejects a word its input symbols do not spell,
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
