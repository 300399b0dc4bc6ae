"""Whole numbers held in floats, and the sums of them a float holds exactly.

Resample counts (whole numbers adding up to the rows) times whole numbers add up to the same float in any order, as
long as every partial sum stays below 2**53: a matrix product may then sum them however it likes (several columns at
once, fewer columns and a rule, one thread or two) and give the float the plain product gives.
"""

from __future__ import annotations

import numpy as np

EXACT_LIMIT = 2.0 ** 53  # every whole number below this is a float


CHECKED_AT_ONCE = 1 << 20  # numbers checked at a time (a million entries' BLEU statistics checked whole: 90 MB more)


def whole(values: np.ndarray) -> bool:
    """Whether ``values`` are floats holding whole numbers only (no infinity, no NaN)."""
    if values.dtype != np.float64:
        return False
    values = np.atleast_1d(values)
    step = max(1, CHECKED_AT_ONCE // max(1, values[:1].size))
    for start in range(0, len(values), step):
        part = values[start:start + step]
        if not np.isfinite(part).all() or (part != np.trunc(part)).any():
            return False
    return True


def sums_exactly(values: np.ndarray, rows: int, largest: float | None = None) -> bool:
    """Whether every sum of ``rows`` rows of ``values`` weighted by resample counts is exact in any order: whole
    numbers whose largest (``largest`` when given: what the sums are made of) times the rows is below 2**53."""
    if not whole(values):
        return False
    if largest is None:
        largest = max(float(values.max()), -float(values.min())) if values.size else 0.0  # (no copy beside them)
    return largest * max(rows, 1) < EXACT_LIMIT
