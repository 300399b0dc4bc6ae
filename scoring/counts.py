"""The draw counts of many resamples of a large run at once, held as small whole numbers.

A large run's resamples are drawn a block at a time; each metric's sums on a block are its per-entry statistics
weighted by the block's counts, a matrix product. Counts times whole numbers add up to the same float in any order
(:mod:`scoring.exact`), so the whole-number statistics are multiplied a slab of entries at a time over a thick block
of resamples — the slab's counts stay in the processor's cache while each statistic's slab is read once for all the
block's resamples (a million entries: the statistics read once every sixteen resamples, not every four, and the
products a third of the time). Other floats add up in the order of the product that sums them: they are multiplied
by each part of the block as the float block of those resamples was before (the same call on the same matrix: the
same bits).
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

SLAB_BYTES = 1 << 20  # a slab's counts as floats (for the whole-number products): in the processor's cache


class CountBlock:
    """(B × n) draw counts: whole numbers in the narrowest type that holds them, and the rows of each part (the
    float blocks the other floats are multiplied by, as before: every part ``part`` rows but the last)."""

    def __init__(self, counts: np.ndarray, part: int):
        self.counts = counts
        self.part = part
        self.shape = counts.shape
        self.ndim = 2

    def __len__(self) -> int:
        return self.shape[0]

    def parts(self) -> Iterator[np.ndarray]:
        """The block as float matrices of ``part`` rows, one at a time."""
        for start in range(0, len(self), self.part):
            yield self.counts[start:start + self.part].astype(np.float64)

    def __matmul__(self, other: np.ndarray) -> np.ndarray:
        """``counts @ other`` as the float blocks of ``part`` resamples gave it (any floats)."""
        return self.float_products([other])[0]

    def float_products(self, vectors: list[np.ndarray]) -> list[np.ndarray]:
        """``self @ v`` for each vector of any floats, each part made floats once for all of them."""
        found: list[list[np.ndarray]] = [[] for _ in vectors]
        if vectors:
            for part in self.parts():
                for out, vector in zip(found, vectors):
                    out.append(part @ vector)
        return [np.concatenate(f) for f in found]

    def sum(self, axis: int = -1) -> np.ndarray:
        """Each resample's number of draws (the counts of a row summed)."""
        if axis not in (-1, 1):
            raise ValueError("a block of counts is summed a resample at a time")
        return self.counts.sum(axis=1, dtype=np.int64).astype(np.float64)

    def __getitem__(self, key) -> np.ndarray:
        """Some entries' counts, as floats (``block[..., rows]``)."""
        return self.counts[key].astype(np.float64)

    def whole_products(self, matrices: list[np.ndarray]) -> list[np.ndarray]:
        """``counts @ m`` for each (n × k) matrix ``m`` of whole numbers whose weighted sums are exact
        (:func:`scoring.exact.sums_exactly`): all of them a slab of entries at a time."""
        out = [np.zeros((len(self), m.shape[1])) for m in matrices]
        n = self.shape[1]
        step = max(1024, SLAB_BYTES // (8 * max(1, len(self))))
        for start in range(0, n, step):
            slab = self.counts[:, start:start + step].astype(np.float64)
            for found, matrix in zip(out, matrices):
                found += slab @ matrix[start:start + step]
        return out


class CountRows:
    """Fills a block's counts a resample at a time (``np.bincount`` of its draws), in bytes while every count is
    below 256 (a resample of n draws with a count past 255 widens the block: possible, never seen)."""

    def __init__(self, rows: int, n: int):
        self.n = n
        self.counts = np.empty((rows, n), dtype=np.uint8)
        self.filled = 0

    def add(self, drawn: np.ndarray) -> None:
        found = np.bincount(drawn, minlength=self.n)
        row = self.counts[self.filled]
        row[:] = found  # (wraps past 255: the row's sum then falls short of the draws)
        if int(row.sum(dtype=np.int64)) != len(drawn):
            self.counts = self.counts.astype(np.int64)
            self.counts[self.filled] = found
        self.filled += 1

    def block(self, part: int) -> CountBlock:
        return CountBlock(self.counts[:self.filled], part)
