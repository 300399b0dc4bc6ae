"""Per-entry records kept by column: what each entry's behavioural and compliance checks found, in numpy
arrays (one per field) instead of a dict per entry.

An entry's record as nested dicts of Python numbers takes about 2 KB; as columns, a byte a field and
8 more for a field that ever holds a number (about 0.15 KB), and a worker process hands its part back as a
few arrays. Only non-empty lists and other objects are kept one by one. Each entry's record is rebuilt, equal to the dict
it was built from (same keys in the same order, same types), only when it is asked for; the metrics read the columns,
and a large run's entries are written from them as JSON text a field at a time (:meth:`Rows.texts`), the text json
gives of those dicts.
"""

from __future__ import annotations

import json
import sys
from array import array
from collections.abc import Sequence
from functools import lru_cache
from json.encoder import encode_basestring
from typing import Any

import numpy as np

from . import exact

# what a field holds in one entry
MISSING, NONE, INT, FLOAT, OBJECT, DICT, LIST = range(7)  # LIST: kept as a tuple (smaller), given as a list
NO_ITEMS: tuple = ()  # an empty list is not kept: a LIST code with no object is one
EXACT_INT = 2 ** 53  # integers a float64 holds exactly


class Rows(Sequence):
    """Records of n entries. ``rows[i]`` is entry i's record as a dict; :meth:`numbers` and :meth:`held`
    are a field's column (a field is named by its path, ``"cs/leaked"``)."""

    def __init__(self, n: int, children: dict[str, list[str]], codes: dict[str, np.ndarray],
                 numbers: dict[str, np.ndarray], objects: dict[str, dict[int, Any]]):
        self.n, self.children, self.codes, self.numbers_by_path, self.objects = n, children, codes, numbers, objects
        self._layouts: dict[str, list] = {}

    def __getstate__(self) -> dict:  # a worker's part, sent back: the arrays, not the views of them
        return {**self.__dict__, "_layouts": {}}

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self.n))]
        if not -self.n <= i < self.n:
            raise IndexError(i)
        return self._dict("", i % self.n)

    def _dict(self, path: str, i: int) -> dict:
        out = {}
        layout = self._layouts.get(path)
        if layout is None:
            layout = self._layout(path)
        for key, field, codes, numbers in layout:
            code = codes[i]
            if code != MISSING:
                out[key] = self._value(field, code, 0.0 if numbers is None else numbers[i], i)
        return out

    def _layout(self, path: str) -> list:
        """A path's keys, fields and columns, as views whose items are Python ints and floats (an entry's
        dict is built without a numpy scalar per field)."""
        layout = []
        for key in self.children.get(path, ()):
            field = f"{path}/{key}" if path else key
            numbers = self.numbers_by_path.get(field)
            layout.append((key, field, memoryview(np.ascontiguousarray(self.codes[field], dtype=np.uint8)),
                           None if numbers is None else memoryview(np.ascontiguousarray(numbers))))
        self._layouts[path] = layout
        return layout

    def _value(self, field: str, code: int, number: float, i: int) -> Any:
        """Entry i's value of a field, as its record's dict holds it (its code and number given)."""
        if code == FLOAT:
            return float(number)  # (a column of whole numbers is kept as integers: see compact_numbers)
        if code == INT:
            return int(number)
        if code == NONE:
            return None
        if code == DICT:
            return self._dict(field, i)
        if code == LIST:
            return list(self.objects.get(field, {}).get(i, NO_ITEMS))
        if code == OBJECT:
            return self.objects[field][i]
        raise KeyError(field)

    def values(self, field: str, start: int, end: int) -> list:
        """Entries ``start`` to ``end``'s values of a field, as their records' dicts hold them (KeyError where an
        entry has none)."""
        codes = self.codes.get(field)
        if codes is None:
            raise KeyError(field)
        codes = codes[start:end]
        numbers = self.numbers_by_path.get(field)
        numbers = np.zeros(end - start) if numbers is None else numbers[start:end]
        kinds = np.unique(codes).tolist()
        if kinds == [FLOAT]:
            return numbers.astype(np.float64, copy=False).tolist()
        if kinds == [INT]:
            return numbers.astype(np.int64).tolist()
        if kinds == [NONE]:
            return [None] * (end - start)
        return [self._value(field, code, number, i)
                for i, code, number in zip(range(start, end), codes.tolist(), numbers.tolist())]

    def _listed(self, field: str, start: int, end: int) -> bool:
        """Whether an entry from ``start`` to ``end`` holds a non-empty list or an object in this field."""
        found = self.objects.get(field) or {}
        if len(found) < end - start:
            return any(start <= i < end for i in found)
        return any(i in found for i in range(start, end))

    def texts(self, path: str, start: int, end: int, unless_empty: str = "") -> list[str]:
        """``json.dumps`` (``ensure_ascii=False``) of entries ``start`` to ``end``'s dicts at ``path``, written from
        the columns a field at a time (no dict is built); the field ``unless_empty`` is left out where it holds
        nothing (None, an empty list, 0), as the breakdown leaves it out."""
        fields: list[list[str] | str] = []  # each field's text in each entry, or one text for them all
        gaps = False
        for key in self.children.get(path, ()):
            field = f"{path}/{key}" if path else key
            codes = self.codes[field][start:end]
            kinds = np.unique(codes).tolist()
            prefix = _key_text(key)
            numbers = self.numbers_by_path.get(field)
            if kinds == [MISSING] or (key == unless_empty and kinds == [LIST] and not self._listed(field, start, end)):
                continue
            if kinds == [LIST] and not self._listed(field, start, end):  # (most lists: empty)
                fields.append(prefix + "[]")
                continue
            if kinds == [NONE] and key != unless_empty:  # (a check that applies to no entry here)
                fields.append(prefix + "null")
                continue
            if key != unless_empty and kinds == [FLOAT]:
                floats = numbers[start:end].astype(np.float64, copy=False)
                fields.append(prefix + number_texts(floats[:1])[0] if _one_value(floats)
                              else [prefix + text for text in number_texts(floats)])
            elif key != unless_empty and kinds == [INT]:
                whole = numbers[start:end].astype(np.int64)
                fields.append(prefix + str(int(whole[0])) if _one_value(whole)
                              else [prefix + text for text in map(str, whole.tolist())])
            elif key != unless_empty and kinds == [DICT]:
                fields.append([prefix + text for text in self.texts(field, start, end)])
            else:  # mixed, or a field left out where empty: entry by entry
                values = self.values(field, start, end) if MISSING not in kinds else [
                    _ABSENT if code == MISSING else self._value(field, code, 0.0 if numbers is None else numbers[i], i)
                    for i, code in zip(range(start, end), codes.tolist())]
                column = [None if value is _ABSENT or (key == unless_empty and not value) else prefix + json_value(value)
                          for value in values]
                gaps = gaps or None in column
                fields.append(column)
        if all(type(f) is str for f in fields):  # (a check that found the same in every entry here: one text)
            return ["{" + ", ".join(fields) + "}"] * (end - start)
        columns = [[f] * (end - start) if type(f) is str else f for f in fields]
        if gaps:
            return ["{" + ", ".join([part for part in parts if part is not None]) + "}" for parts in zip(*columns)]
        return list(map("{%s}".__mod__, map(", ".join, zip(*columns))))

    def numbers(self, field: str, none: float = 0.0) -> np.ndarray:
        """A numeric field of every entry (``none`` where it is None or absent)."""
        codes, values = self.codes.get(field), self.numbers_by_path.get(field)
        if codes is None or values is None:
            return np.full(self.n, none)
        out = values.astype(np.float64)  # (a copy: the column stays as it is)
        out[(codes != INT) & (codes != FLOAT)] = none
        return out

    def held(self, field: str) -> np.ndarray:
        """Where a field holds something other than None."""
        codes = self.codes.get(field)
        return np.zeros(self.n, dtype=bool) if codes is None else (codes != NONE) & (codes != MISSING)

    # --------------------------------------------------------------------------- parts and the cache

    def plain(self) -> dict:
        """A JSON structure with arrays (what the cache stores)."""
        return {"n": self.n, "children": self.children, "codes": self.codes, "numbers": self.numbers_by_path,
                "objects": dict(self.objects)}  # (json writes a dict's whole-number keys as texts)

    @classmethod
    def from_plain(cls, value: Any) -> "Rows":
        """Back from :meth:`plain`; ValueError when it is not such a structure (a damaged cache)."""
        try:
            n = int(value["n"])
            children = {str(p): [str(k) for k in keys] for p, keys in value["children"].items()}
            codes = {f: np.asarray(a, dtype=np.uint8) for f, a in value["codes"].items()}
            numbers = {f: _number_column(np.asarray(a)) for f, a in value["numbers"].items()}
            objects = {f: found if all(type(i) is int for i in found) else {int(i): v for i, v in found.items()}
                       for f, found in value["objects"].items()}  # (kept as they are when in memory: not copied)
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            raise ValueError(f"not per-entry records: {exc}") from None
        fields = {f"{p}/{k}" if p else k for p, keys in children.items() for k in keys}
        if (set(codes) != fields or not set(numbers) <= fields or not set(objects) <= fields
                or any(a.shape != (n,) for a in (*codes.values(), *numbers.values()))
                or any(not 0 <= i < n for found in objects.values() for i in found)
                or any(int(a.max(initial=0)) > LIST for a in codes.values())
                or any(f not in numbers and bool(((a == INT) | (a == FLOAT)).any()) for f, a in codes.items())):
            raise ValueError("not per-entry records: fields and lengths disagree")
        return cls(n, children, codes, numbers, objects)


_ENCODE = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode


def json_value(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False, allow_nan=False)`` (a text, None, a bool, a number or an empty list
    written at once: most values of an entry)."""
    kind = type(value)
    if kind is str:
        return encode_basestring(value)
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return int.__repr__(value)
    if kind is float:
        return number_text(value)
    if kind is list:
        if not value:
            return "[]"
        if all(type(x) is str for x in value):  # (words: a list of texts, as json writes one)
            return "[" + ", ".join(map(encode_basestring, value)) + "]"
    return _ENCODE(value)


_ABSENT = object()


def _one_value(values: np.ndarray) -> bool:
    """Whether every value of a column is its first, bit for bit (a negative zero is not a zero's value; a column of
    NaN is one value: written, or refused, as its first is)."""
    bits = values.view(np.uint64) if values.dtype == np.float64 else values
    return bool(bits.size) and bool((bits == bits[0]).all())


def number_texts(values: np.ndarray) -> list[str]:
    """Floats as json writes them (each one's ``repr``); a NaN or an infinity refused as json refuses it. A column whose
    values repeat (flags, shares of a few weights, zeros; the scores of short segments: BLEU's take a hundred values in
    10,000 entries, chrF++'s six thousand) writes each value once (a float's ``repr`` takes 0.1 to 0.4 µs; sorting to
    find the values and picking a text from a list, a fifth of that); a zero's sign is kept (``-0.0`` is written as json
    writes it)."""
    if not np.isfinite(values).all():
        raise ValueError("Out of range float values are not JSON compliant")
    if len(values) >= FEW_VALUES_FROM and len(np.unique(values[:FEW_VALUES_FROM])) * 4 <= FEW_VALUES_FROM * 3:
        found, which = np.unique(values, return_inverse=True)
        if len(found) * 4 <= len(values) * 3 and not (np.signbit(values) & (values == 0)).any():
            return list(map(list(map(float.__repr__, found.tolist())).__getitem__, which.ravel().tolist()))
    return list(map(float.__repr__, values.tolist()))


FEW_VALUES_FROM = 256  # values looked at first: a column whose first ones repeat (three in four different or fewer) is
#                        written by value


def number_text(x: float) -> str:
    """A number as json writes it (a float's ``repr``; a NaN or an infinity refused as json refuses it)."""
    if type(x) is not float:
        return _ENCODE(x)
    if x - x == 0.0:  # (NaN and ±inf give NaN)
        return float.__repr__(x)
    raise ValueError("Out of range float values are not JSON compliant: " + repr(x))


@lru_cache(maxsize=1024)
def _key_text(key: str) -> str:
    return encode_basestring(key) + ": "


class RowsBuilder:
    """Fills the columns of n entries' records, one dict at a time."""

    def __init__(self, n: int):
        self.n = n
        self.children: dict[str, list[str]] = {"": []}
        self.codes: dict[str, array] = {}  # set item by item: array's items are faster to set than numpy's
        self.numbers: dict[str, array] = {}  # only the fields that hold a number somewhere
        self.objects: dict[str, dict[int, Any]] = {}
        self._slots: dict[str, dict[str, list]] = {}  # path → key → its field and columns: nothing built per entry

    def set(self, i: int, record: dict) -> None:
        self._put_dict("", record, i)

    def set_columns(self, columns: dict, path: str = "") -> None:
        """Every entry's record at ``path`` a field at a time — each key's n values in a list (entry i's the i-th), or
        a dict of such lists where every entry holds a dict — as :meth:`set` of each entry's dict puts them."""
        if not self.n:
            return  # (no entry: no field)
        slots = self._slots.get(path) or self._new_path(path)
        for key, column in columns.items():
            slot = slots.get(key)
            if slot is None:
                slot = slots[key] = self._new_field(path, key)
            if type(column) is dict:
                np.frombuffer(slot[1], dtype=np.uint8)[:] = DICT
                self.set_columns(column, slot[0])
            elif not self._put_column(slot, column):
                for i, value in enumerate(column):  # any other mixture: value by value
                    self._put_dict(path, {key: value}, i)

    def _put_column(self, slot: list, values: list) -> bool:
        """A field's n values of one kind set at once (whole numbers, floats, None, lists); False for any other."""
        kinds = set(map(type, values))
        if kinds == {int} or kinds == {float}:
            numbers = np.array(values, dtype=np.int64 if kinds == {int} else np.float64)  # (past int64: OverflowError)
            if kinds == {int} and not ((-EXACT_INT < numbers) & (numbers < EXACT_INT)).all():
                return False
            if slot[2] is None:
                slot[2] = self.numbers[slot[0]] = array("d", bytes(8 * self.n))
            np.frombuffer(slot[2], dtype=np.float64)[:] = numbers
            np.frombuffer(slot[1], dtype=np.uint8)[:] = INT if kinds == {int} else FLOAT
        elif kinds == {type(None)}:
            np.frombuffer(slot[1], dtype=np.uint8)[:] = NONE
        elif kinds == {list}:
            np.frombuffer(slot[1], dtype=np.uint8)[:] = LIST
            held = [(i, value) for i, value in enumerate(values) if value]
            if held:
                objects = self.objects.setdefault(slot[0], {})
                for i, value in held:
                    objects[i] = tuple(sys.intern(x) if type(x) is str else x for x in value)
        else:
            return False
        return True

    def _put_dict(self, path: str, record: dict, i: int) -> None:
        slots = self._slots.get(path) or self._new_path(path)
        for key, value in record.items():
            slot = slots.get(key)
            if slot is None:
                slot = slots[key] = self._new_field(path, key)
            field, codes, numbers = slot
            kind = type(value)
            if kind is float or (kind is int and -EXACT_INT < value < EXACT_INT):
                if numbers is None:
                    numbers = slot[2] = self.numbers[field] = array("d", bytes(8 * self.n))
                numbers[i] = value
                codes[i] = FLOAT if kind is float else INT
            elif value is None:
                codes[i] = NONE
            elif kind is dict:
                self._put_dict(field, value, i)
                codes[i] = DICT
            elif kind is list:  # words mostly: one copy of each, however many entries
                if value:
                    self.objects.setdefault(field, {})[i] = tuple(sys.intern(x) if type(x) is str else x
                                                                  for x in value)
                codes[i] = LIST
            else:
                self.objects.setdefault(field, {})[i] = value
                codes[i] = OBJECT

    def _new_path(self, path: str) -> dict[str, list]:
        """A dict's place: its keys' slots (none yet) and its children (as first set)."""
        slots = self._slots.setdefault(path, {})
        self.children.setdefault(path, [])
        return slots

    def _new_field(self, path: str, key: str) -> list:
        """[field, its codes, its numbers (made when it first holds one)]."""
        field = f"{path}/{key}" if path else key
        self.children[path].append(key)
        self.codes[field] = array("B", bytes(self.n))
        return [field, self.codes[field], None]

    def rows(self) -> Rows:
        return Rows(self.n, self.children, {f: np.frombuffer(a, dtype=np.uint8) for f, a in self.codes.items()},
                    {f: compact_numbers(np.frombuffer(a, dtype=np.float64)) for f, a in self.numbers.items()},
                    self.objects)


class RowsJoiner:
    """The records of n entries from parts given one after another (a worker's at a time: only the
    whole and the part in hand are held)."""

    def __init__(self, n: int):
        self.n, self.start = n, 0
        self.children: dict[str, list[str]] = {}
        self.codes: dict[str, np.ndarray] = {}
        self.numbers: dict[str, np.ndarray] = {}
        self.objects: dict[str, dict[int, Any]] = {}

    def add(self, part: Rows) -> None:
        if self.start + part.n > self.n:
            raise ValueError("more entries than announced")
        for path, keys in part.children.items():
            have = self.children.setdefault(path, [])
            have.extend(k for k in keys if k not in have)
        end = self.start + part.n
        for f, codes in part.codes.items():
            _column(self.codes, f, self.n, np.uint8)[self.start:end] = codes
        for f, values in part.numbers_by_path.items():
            _column(self.numbers, f, self.n, values.dtype)[self.start:end] = values
        for f, found in part.objects.items():
            self.objects.setdefault(f, {}).update((self.start + i, v) for i, v in found.items())
        self.start = end

    def rows(self) -> Rows:
        if self.start != self.n:
            raise ValueError(f"{self.start} of {self.n} entries given")
        return Rows(self.n, self.children, self.codes, {f: compact_numbers(a) for f, a in self.numbers.items()},
                    self.objects)


def side_by_side(parts: list[Rows]) -> Rows:
    """The records of n entries whose fields come each from one of ``parts`` (the metrics' parts of every entry's
    record, each built on its own): what :meth:`RowsBuilder.set` of each entry's parts joined in one dict gives. A
    field stands where an entry's dict first holds it: at the first entry holding it, after the fields of earlier
    parts first held there."""
    if not parts:
        raise ValueError("no parts")
    n = parts[0].n
    placed, children = [], {"": []}
    for p, part in enumerate(parts):
        if part.n != n:
            raise ValueError("parts of different numbers of entries")
        for position, key in enumerate(part.children.get("", ())):
            held = part.codes[key] != MISSING
            placed.append((int(np.argmax(held)) if held.any() else n, p, position, key))
        for path, keys in part.children.items():
            if path:
                children[path] = keys
    children[""] = [key for *_, key in sorted(placed)]
    codes = {f: c for part in parts for f, c in part.codes.items()}
    if len(set(children[""])) != len(children[""]) or len(codes) != sum(len(part.codes) for part in parts):
        raise ValueError("two parts hold the same field")
    return Rows(n, children, codes, {f: v for part in parts for f, v in part.numbers_by_path.items()},
                {f: v for part in parts for f, v in part.objects.items()})


def _column(columns: dict[str, np.ndarray], field: str, n: int, dtype) -> np.ndarray:
    """A field's column, zeros (MISSING, 0.0) until filled, of a type that holds what it holds and ``dtype``'s
    values exactly (widened when a part needs it: whole numbers below 2**53 are exact as floats)."""
    have = columns.get(field)
    if have is None:
        have = columns[field] = np.zeros(n, dtype=dtype)
    elif np.result_type(have.dtype, dtype) != have.dtype:
        have = columns[field] = have.astype(np.result_type(have.dtype, dtype))
    return have


NARROW = (np.int8, np.int16, np.int32)  # the integer types a field's numbers may be kept in


def compact_numbers(values: np.ndarray) -> np.ndarray:
    """A field's numbers in the narrowest integer type holding each one exactly, when they are all whole (most
    fields are counts and flags: a byte an entry, not eight), else as they are. A negative zero keeps its float
    (its sign is written); a value's kind (int or float) is in the field's codes, not in this type."""
    if not values.size or not exact.whole(values) or (np.signbit(values) & (values == 0)).any():
        return values
    low, high = values.min(), values.max()
    for dtype in NARROW:
        if np.iinfo(dtype).min <= low and high <= np.iinfo(dtype).max:
            return values.astype(dtype)
    return values


def _number_column(values: np.ndarray) -> np.ndarray:
    """A cached field's numbers: an integer type :func:`compact_numbers` keeps, else floats."""
    return values if values.dtype in NARROW else values.astype(float, copy=False)  # (floats: as they are, no copy)
