"""The libraries that look a word up in an optimized-lookup file, behind one small interface.

Every installation has LYSS's own reader (:mod:`.table_reader`): one word at a time in plain Python (0.19x
the binding's speed), many at once in numpy (about the C++ command's speed: batches go through it wherever
ALTLab's library does not take them, see :mod:`.analysers`). Where they install, faster single lookups are
used: the ``hfst`` binding (no Windows wheel), else ``pyhfst``'s compiled wheel (Apache-2.0; Linux, Windows,
Apple-silicon macOS: 0.24x; its pure-Python fallback, 0.07x, is not used) where it reads the file's flag
diacritics as HFST does (:func:`wheels_read_its_flags`). Each gives a
word's readings — output text, flag diacritics left out, with the lowest weight of the paths that spell it —
and the tests hold them equal word for word.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Protocol

from . import hfstol
from .table_reader import TableLookup

BINDING = "hfst"
WHEELS = "pyhfst"
TABLES = TableLookup.name


class Lookup(Protocol):
    name: str

    def readings(self, word: str) -> dict[str, float]:
        """Each output text of ``word`` with its lowest weight; empty when the file rejects it."""


class BindingLookup:
    """The hfst binding's lookup (HFST's own C++ library)."""

    name = BINDING

    def __init__(self, path: Path):
        import hfst  # deferred: the compiled HFST library is optional (no Windows wheel)
        stream = hfst.HfstInputStream(str(path))
        try:
            self._fst = stream.read()
        finally:
            stream.close()
        self._is_flag = hfst.is_diacritic

    def readings(self, word: str) -> dict[str, float]:
        seen: dict[str, float] = {}
        for weight, symbols in self._fst.lookup(word, output="raw"):
            text = "".join(s for s in symbols if s and not self._is_flag(s))
            if text not in seen or weight < seen[text]:
                seen[text] = weight
        return seen


class WheelLookup:
    """pyhfst's compiled lookup. It skips an input character outside the file's alphabet where HFST rejects the
    word (``Lungen`` read as ``L``): a word is looked up only when the file's input symbols spell it, the
    longest first, as HFST's tokenizer reads it. A file that reads characters outside its alphabet (an
    identity or unknown symbol) is not looked up this way at all (:func:`problem`)."""

    name = WHEELS

    def __init__(self, path: Path, layout: hfstol.Layout):
        import pyhfst  # deferred: imported where a lookup is first needed
        self._fst = pyhfst.HfstInputStream(str(path), cache=False).read()
        symbols = [s for s in layout.alphabet[1:layout.input_symbols] if s and not hfstol.SPECIAL_SYMBOL.fullmatch(s)]
        self._spelled = re.compile("(?:%s)*" % "|".join(map(re.escape, sorted(symbols, key=len, reverse=True))))

    def readings(self, word: str) -> dict[str, float]:
        if not self._spelled.fullmatch(word):
            return {}
        seen: dict[str, float] = {}
        for text, weight in self._fst.lookup(word):
            if text not in seen or weight < seen[text]:
                seen[text] = weight
        return seen


def binding_problem() -> str | None:
    """Why the hfst binding cannot be used here (``None`` when its compiled module imports)."""
    try:
        import hfst  # noqa: F401  deferred: probing whether the optional library imports
        import hfst.libhfst  # noqa: F401  deferred: the compiled SWIG module, not a pure-Python shell
    except ImportError as exc:
        return f"the hfst library is not installed ({exc})"
    return None


def wheels_problem() -> str | None:
    """Why pyhfst's compiled lookup cannot be used here (``None`` when it can)."""
    try:
        import pyhfst  # deferred: probing whether it is installed
    except ImportError as exc:
        return f"pyhfst is not installed ({exc})"
    return None if pyhfst.CYTHON else "pyhfst has no compiled wheel here (its pure-Python lookup is slower than LYSS's)"


def problem(layout: hfstol.Layout) -> str | None:
    """Why no lookup installed here reads this file as HFST does (``None``: one does)."""
    if binding_problem() is None or not layout.reads_any_symbol:
        return None
    return ("this analyser reads characters outside its alphabet (an identity or unknown symbol), which only "
            f"the hfst binding reads as HFST does, and {binding_problem()}")


FLAG = re.compile(r"@([PNRDCU])\.([^.@]+)(?:\.[^@]+)?@")


def wheels_read_its_flags(layout: hfstol.Layout) -> bool:
    """Whether pyhfst reads this file's flag diacritics as HFST does. It does not always where a feature is
    both set negatively and unified, or where a flag's name is five characters or fewer (``@C.F@``): on 150
    small generated transducers it read 11 otherwise than the binding, each of them with one of these; LYSS's
    reader read all 150 as the binding does (tests/test_wheels_lookup.py). Checked when a file is opened."""
    operations: dict[str, set[str]] = {}
    for symbol in layout.alphabet:
        found = FLAG.fullmatch(symbol)
        if found:
            if len(symbol) <= 5:
                return False
            operations.setdefault(found.group(2), set()).add(found.group(1))
    return not any({"N", "U"} <= ops for ops in operations.values())


def open_lookup(path: Path, layout: hfstol.Layout) -> Lookup:
    """The fastest lookup of ``path`` installed here that gives HFST's readings (see :func:`problem`)."""
    return {BINDING: lambda: BindingLookup(path), WHEELS: lambda: WheelLookup(path, layout),
            TABLES: lambda: TableLookup(path)}[name_for(layout)]()


def name_for(layout: hfstol.Layout) -> str:
    """The lookup this file is read with here: the binding, else pyhfst where it reads the file's flags as
    HFST does, else LYSS's own reader."""
    if binding_problem() is None:
        return BINDING
    return WHEELS if wheels_problem() is None and wheels_read_its_flags(layout) else TABLES


def name_here() -> str:
    """The lookup a file without risky flags is read with here."""
    if binding_problem() is None:
        return BINDING
    return WHEELS if wheels_problem() is None else TABLES
