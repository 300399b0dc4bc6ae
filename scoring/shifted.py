"""Whole-number statistics held by their independent columns only: a column that is another column plus a
constant on every row but a few is kept as that rule and those rows' own values.

chrF++'s statistics are 24 counts a segment, but its 2- to 6-character n-grams number its characters less 1 to 5
(and its word bigrams its words less 1) wherever the segment is that long: twelve columns and a few short
segments say all 24 exactly. A resample's sums then take one matrix product over the twelve (the sums of a
derived column are its source's sums plus the constant times the resample's size, and the short segments'
differences on top): whole numbers, added in any order, give the same float — the sums are those of the whole
matrix. A million entries' chrF++ statistics take 96 MB instead of 192, and their products on each block of
resamples half the time.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from . import exact

Rule = tuple[int, int, int]  # (derived column, its source column, the constant added)
FEW = 16  # kept by rule when no more than one row in this many breaks a rule (else the whole matrix is kept)


class ShiftedColumns:
    """An (n × k) matrix of whole numbers as its kept columns, its rules and the rows breaking them."""

    def __init__(self, columns: int, rules: Sequence[Rule], basis: np.ndarray, rows: np.ndarray,
                 residual: np.ndarray):
        self.rules = tuple((int(d), int(s), int(c)) for d, s, c in rules)
        self.columns = columns
        self.kept = tuple(j for j in range(columns) if j not in {d for d, _, _ in self.rules})
        self.basis = basis  # (n × len(kept)): the kept columns
        self.rows = rows  # ascending: the rows where some rule does not hold
        self.residual = residual  # (len(rows) × k): each such row less what the rules give it

    # ------------------------------------------------------------------------------------- making one

    @classmethod
    def of(cls, full: np.ndarray, rules: Sequence[Rule]) -> "ShiftedColumns":
        """The matrix ``full`` by ``rules`` (each rule's source a kept column), however many rows break them."""
        n, k = full.shape
        kept = [j for j in range(k) if j not in {d for d, _, _ in rules}]
        basis = np.ascontiguousarray(full[:, kept], dtype=np.float64)
        broken = np.zeros(n, dtype=bool)
        for derived, source, constant in rules:
            broken |= full[:, derived] != full[:, source] + constant
        rows = np.flatnonzero(broken)
        shifted = cls(k, rules, basis, rows, np.zeros((0, k)))
        shifted.residual = np.asarray(full[rows], dtype=np.float64) - shifted._expand(basis[rows], np.ones(len(rows)))
        return shifted

    def worth_it(self) -> bool:
        """Whether few enough rows break the rules for this to be the smaller and the quicker, and every sum of its
        rows weighted by resample counts is exact in any order (its parts' largest numbers and constants summed, and
        doubled twice for the sums made of them)."""
        largest = sum(float(np.abs(a).max()) for a in (self.basis, self.residual) if a.size)
        largest += max((abs(c) for _, _, c in self.rules), default=0)
        return len(self.rows) * FEW <= len(self) and exact.sums_exactly(self.basis, len(self), 4 * largest)

    # ------------------------------------------------------------------------------------- reading it

    def __len__(self) -> int:
        return len(self.basis)

    def _expand(self, basis: np.ndarray, counts: np.ndarray) -> np.ndarray:
        """Rows of the whole matrix from rows of kept columns (or sums of ``counts`` rows of each, and their
        counts): each derived column its source plus the constant times the count."""
        out = np.empty((*basis.shape[:-1], self.columns))
        out[..., list(self.kept)] = basis
        for derived, source, constant in self.rules:
            out[..., derived] = out[..., source] + constant * counts
        return out

    def full(self) -> np.ndarray:
        """The whole matrix."""
        out = self._expand(self.basis, np.ones(len(self)))
        out[self.rows] += self.residual
        return out

    def sums(self, weights: np.ndarray, basis_sums: np.ndarray | None = None) -> np.ndarray:
        """``weights @ full``, for weights of whole numbers (resample counts: one row each, or one); ``basis_sums``
        is ``weights @ basis`` when the caller has it."""
        out = self._expand(weights @ self.basis if basis_sums is None else basis_sums, weights.sum(-1))
        if len(self.rows):
            out += weights[..., self.rows] @ self.residual
        return out

    def column_sums(self, rows: np.ndarray | None = None) -> np.ndarray:
        """``full[rows].sum(0)`` (every row when not given)."""
        part = self if rows is None else self.take(rows)
        return part._expand(part.basis.sum(0), np.float64(len(part))) + part.residual.sum(0)

    def take(self, rows: np.ndarray) -> "ShiftedColumns":
        """The rows ``rows`` (their numbers in any order, or a mask) as a matrix of their own."""
        rows = np.asarray(rows)
        rows = np.flatnonzero(rows) if rows.dtype == bool else rows.astype(np.int64, copy=False)
        at = np.searchsorted(self.rows, rows)
        hit = at < len(self.rows)
        hit[hit] = self.rows[at[hit]] == rows[hit]
        return ShiftedColumns(self.columns, self.rules, self.basis[rows], np.flatnonzero(hit),
                              self.residual[at[hit]])

    # ------------------------------------------------------------------------------------- the cache

    def plain(self) -> dict[str, Any]:
        return {"shifted_columns": self.columns, "rules": [list(r) for r in self.rules], "basis": self.basis,
                "rows": self.rows, "residual": self.residual}

    @classmethod
    def from_plain(cls, value: dict) -> "ShiftedColumns":
        """Back from :meth:`plain`; ValueError when it is not one (a damaged cache)."""
        try:
            columns, rules = int(value["shifted_columns"]), [tuple(int(x) for x in r) for r in value["rules"]]
            basis = np.asarray(value["basis"], dtype=np.float64)
            rows = np.asarray(value["rows"], dtype=np.int64)
            residual = np.asarray(value["residual"], dtype=np.float64).reshape(-1, columns)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not shifted columns: {exc}") from None
        found = cls(columns, rules, basis, rows, residual)
        if (basis.ndim != 2 or basis.shape[1] != len(found.kept) or len(rows) != len(residual)
                or any(not (0 <= d < columns and s in found.kept) for d, s, _ in found.rules)
                or (len(rows) and (rows.min() < 0 or rows.max() >= len(basis) or (np.diff(rows) <= 0).any()))):
            raise ValueError("not shifted columns: parts disagree")
        return found


class Joiner:
    """Parts of consecutive rows, given one after another, as one: their kept columns written into one array as
    they come (only the whole and the part in hand are held)."""

    def __init__(self, n: int):
        self.n, self.start = n, 0
        self.first: ShiftedColumns | None = None
        self.basis: np.ndarray | None = None
        self.rows: list[np.ndarray] = []
        self.residual: list[np.ndarray] = []

    def add(self, part: ShiftedColumns) -> None:
        if self.first is None:
            self.first, self.basis = part, np.empty((self.n, part.basis.shape[1]))
        elif (part.columns, part.rules) != (self.first.columns, self.first.rules):
            raise ValueError("parts kept by other rules")
        if self.start + len(part) > self.n:
            raise ValueError("more rows than announced")
        self.basis[self.start:self.start + len(part)] = part.basis
        self.rows.append(part.rows + self.start)
        self.residual.append(part.residual)
        self.start += len(part)

    def so_far(self) -> np.ndarray:
        """The whole matrix of the rows given so far, the rest zeros (where a part comes that is not kept by rules)."""
        out = np.zeros((self.n, self.first.columns))
        if self.start:
            out[:self.start] = ShiftedColumns(self.first.columns, self.first.rules, self.basis[:self.start],
                                              np.concatenate(self.rows).astype(np.int64),
                                              np.concatenate(self.residual).reshape(-1, self.first.columns)).full()
        return out

    def result(self) -> ShiftedColumns:
        if self.first is None or self.start != self.n:
            raise ValueError(f"{self.start} of {self.n} rows given")
        return ShiftedColumns(self.first.columns, self.first.rules, self.basis,
                              np.concatenate(self.rows).astype(np.int64),
                              np.concatenate(self.residual).reshape(-1, self.first.columns))


def kept_by(rules: Sequence[Rule] | None, full: np.ndarray) -> Any:
    """``full`` by ``rules`` where it can be (whole numbers, rules given), else ``full`` itself."""
    return ShiftedColumns.of(full, rules) if rules and full.ndim == 2 and exact.whole(full) else full


def settled(value: Any) -> Any:
    """A matrix kept by rules only where few rows break them; else the whole matrix."""
    return value.full() if isinstance(value, ShiftedColumns) and not value.worth_it() else value


def plain(value: Any) -> Any:
    """A statistics matrix as the cache stores it."""
    return value.plain() if isinstance(value, ShiftedColumns) else value


def from_plain(value: Any) -> Any:
    """Back from :func:`plain`."""
    if isinstance(value, dict) and "shifted_columns" in value:
        return ShiftedColumns.from_plain(value)
    return value
