"""Whole numbers held in floats, and the sums of them a float holds exactly.

Resample counts (whole numbers adding up to the rows) times whole numbers add up to the same float in any order, as
long as every partial sum stays below 2**53: a matrix product may then sum them however it likes (several columns at
once, fewer columns and a rule, one thread or two) and give the float the plain product gives.
"""

from __future__ import annotations

import numpy as np

EXACT_LIMIT = 2.0 ** 53  # every whole number below this is a float


def whole(values: np.ndarray) -> bool:
    """Whether ``values`` are floats holding whole numbers only (no infinity, no NaN)."""
    return values.dtype == np.float64 and bool(np.isfinite(values).all()) and not (values != np.trunc(values)).any()


def sums_exactly(values: np.ndarray, rows: int, largest: float | None = None) -> bool:
    """Whether every sum of ``rows`` rows of ``values`` weighted by resample counts is exact in any order: whole
    numbers whose largest (``largest`` when given: what the sums are made of) times the rows is below 2**53."""
    if not whole(values):
        return False
    if largest is None:
        largest = float(np.abs(values).max()) if values.size else 0.0
    return largest * max(rows, 1) < EXACT_LIMIT
