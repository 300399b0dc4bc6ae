"""Confidence intervals and paired significance (spec §8).

Resampling works on per-entry *columns*: each metric is Σnum/Σden over entries (chrF++/BLEU from
their summed sacrebleu statistics), so a resample is a vector of counts per entry and every metric of
every resample comes from one matrix product.

Bootstrap indices reproduce the reference harness exactly: Python's ``random.Random(seed)`` drawing
``randint(0, n-1)`` n times per resample, and the percentile bounds ``sorted[int(B·α/2)]`` and
``sorted[int(B·(1−α/2)) − 1]``. They are generated vectorised (see :func:`harness_indices`), so the
reproduction costs no Python loop per draw.

Paired tests follow sacrebleu's ``significance.py``: paired bootstrap (Koehn 2004) and paired
approximate randomisation (Riezler & Maxwell 2005), both with numpy's ``default_rng(seed)`` and the
``(c + 1) / (N + 1)`` p-value.
"""

from __future__ import annotations

import math
import os
import random
from contextlib import nullcontext
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Callable, Iterator

import numpy as np
from threadpoolctl import threadpool_limits

from .counts import CountBlock, CountRows
from .parallel import process_each

DEFAULT_SEED = 12345
DEFAULT_RESAMPLES = 1000
MAX_RESAMPLES = 100_000  # past this no reported digit moves (the spec's intervals use 1,000), only the hours do
ALPHA = 0.05


MAX_WORDS_PER_CALL = 1 << 17  # words drawn and filtered at a time (512 KB, in the core's own cache: a resample of a
#                               million entries drawn in 4.6 ms, 5.4 at 4 MB a call; 16 MB a third slower again)
BLOCK_CELLS = 1 << 22  # resamples are drawn and scored in blocks of about this many (B × n) cells (≈ 32 MB each)
SHARED_FROM_ENTRIES = 50_000  # from here each core scores a share of the resamples (1,000 of them, two cores: 20,000
#                              entries 0.42 s against 0.33 in one process, 65,536 1.03 against 1.15, 300,000 4.2 against 6.5)
THICK_ROWS = 16  # at least this many resamples' counts held at once (in bytes: a million entries' 16 in 16 MB), so that
#                 the whole-number statistics are read once for as many resamples (scoring.counts)
THICK_CELLS = 1 << 24  # and as many more as 16 MB of counts hold (300,000 entries: 55, intervals 3.2 → 3.1 s from 16)
REMEMBERED_CELLS = 1 << 24  # up to this many, a corpus's draw counts are kept whole and remembered (re-scoring)
REMEMBERED_DRAWS = 8  # the last this many such corpora (a run and its difficulty tiers)


def harness_index_blocks(n: int, n_resamples: int, seed: int, block: int | None = None,
                         first: int = 0, dtype=np.uint32) -> Iterator[np.ndarray]:
    """The rows of ``[[rng.randint(0, n-1) for _ in range(n)] for _ in range(n_resamples)]`` with
    ``rng = random.Random(seed)``, as (block × n) index matrices, computed without a Python loop per draw;
    from row ``first`` on (the draws of the rows before it are made and counted, not kept).

    ``randint(0, n-1)`` is ``_randbelow(n)``: draw ``k = n.bit_length()`` bits as the top bits of one
    32-bit Mersenne Twister word and reject values ≥ n. The words are read in bulk (:func:`_python_words`)
    and filtered; values drawn beyond a block are kept for the next one, so any block size gives the
    same stream. ``dtype``: the indices' type (``np.intp``: what ``np.bincount`` counts without a copy).
    """
    if n <= 0 or n >= 2**32:
        raise ValueError("n must be between 1 and 2**32 - 1")
    block = block or max(1, BLOCK_CELLS // n)
    words_of = _python_words(seed)
    k = n.bit_length()
    accept = n / (1 << k)
    below, shift = np.uint32(n << (32 - k)), np.uint32(32 - k)  # a word's top k bits are below n: it is below this
    pending = _passed_over(words_of, first * n, below, shift)
    done = first
    while done < n_resamples:
        rows = min(block, n_resamples - done)
        need = rows * n
        drawn = np.empty(need, dtype=dtype)  # filled as the words come: no list of parts joined beside it
        have = min(need, pending.size)
        drawn[:have], pending = pending[:have], pending[have:]
        while have < need:
            words = min(MAX_WORDS_PER_CALL, int((need - have) / accept * 1.02) + 64)
            values = words_of.integers(0, 1 << 32, size=words, dtype=np.uint32)
            values = np.compress(values < below, values)  # (four times as fast as indexing by the mask)
            values >>= shift
            used = min(values.size, need - have)
            drawn[have:have + used] = values[:used]
            pending = values[used:].copy() if used < values.size else pending  # the next block's first values
            have += used
        yield drawn.reshape(rows, n)
        del drawn  # (the caller's block alone holds it: let go when it does)
        done += rows


def _passed_over(words_of: np.random.Generator, count: int, below: np.uint32, shift: np.uint32) -> np.ndarray:
    """Draw ``count`` accepted values and drop them (counted, not kept); returns the values accepted after
    them in the last words drawn."""
    while count > 0:
        words = words_of.integers(0, 1 << 32, size=MAX_WORDS_PER_CALL, dtype=np.uint32)
        kept = words < below
        found = int(np.count_nonzero(kept))
        if found > count:
            values = np.compress(kept, words)[count:]
            values >>= shift
            return values
        count -= found
    return np.empty(0, dtype=np.uint32)


def _python_words(seed: int) -> np.random.Generator:
    """A numpy generator whose 32-bit words are those of ``random.Random(seed)`` (``getrandbits(32)``, one
    after another): the same Mersenne Twister state, read at C speed; the full 32-bit range takes each
    word as it is. (``getrandbits`` and ``int.to_bytes`` took about six times as long.)"""
    state = random.Random(seed).getstate()[1]
    twister = np.random.MT19937()
    twister.state = {"bit_generator": "MT19937",
                     "state": {"key": np.array(state[:624], dtype=np.uint32), "pos": state[624]}}
    return np.random.Generator(twister)


def harness_indices(n: int, n_resamples: int, seed: int) -> np.ndarray:
    """The whole (n_resamples × n) index matrix of :func:`harness_index_blocks` (small corpora)."""
    return np.concatenate(list(harness_index_blocks(n, n_resamples, seed)))


@lru_cache(maxsize=REMEMBERED_DRAWS)
def _small_counts(n: int, n_resamples: int, seed: int) -> np.ndarray:
    """Remembered for the last few small corpora, so re-scoring one run does not redraw its indices."""
    counts = resample_counts(harness_indices(n, n_resamples, seed), n)
    counts.setflags(write=False)
    return counts


def harness_count_blocks(n: int, n_resamples: int, seed: int) -> Iterator[np.ndarray | CountBlock]:
    """(B × n) draw-count matrices of the harness's resamples, in order; one float block when small."""
    if n * n_resamples <= REMEMBERED_CELLS:
        yield _small_counts(n, n_resamples, seed)
        return
    yield from count_blocks(n, n_resamples, seed)


def count_blocks(n: int, n_resamples: int, seed: int, first: int = 0) -> Iterator[CountBlock]:
    """The counts of the harness's resamples ``first`` to ``n_resamples``, ``THICK_ROWS`` or more of them to a block
    (as many as ``THICK_CELLS`` counts if more; :class:`scoring.counts.CountBlock`) made of whole parts: the float blocks of ``BLOCK_CELLS // n`` resamples that
    scored them before (``first`` is a multiple of that), drawn a resample at a time."""
    part = max(1, BLOCK_CELLS // n)
    thick = part * -(-max(THICK_ROWS, THICK_CELLS // n) // part)
    rows: CountRows | None = None
    done = first
    for indices in harness_index_blocks(n, n_resamples, seed, block=1, first=first, dtype=np.intp):  # (one resample's)
        for drawn in indices:
            if rows is None:
                rows = CountRows(min(thick, n_resamples - done), n)
            rows.add(drawn)
            done += 1
            if rows.filled == len(rows.counts):
                yield rows.block(part)
                rows = None
        del indices  # (a block's draws are let go before the next block is drawn)


PASSED_OVER_COST = 0.13  # what drawing and dropping a word costs, in resamples' whole work a drawn value (measured:
#                         a million entries, a word a value: 0.14; 300,000, 1.75 words a value: 0.23)


def _shares(n: int, n_resamples: int, parts: int) -> list[tuple[int, int]]:
    """The resamples split in ``parts`` runs of whole blocks (the blocks :func:`harness_index_blocks` draws,
    so that every resample is scored in the block it is scored in by one process: the same numbers). A later
    share first draws and drops the words of the resamples before it, so it is given fewer: each share's work
    the same (share j starts at ``T (1 − (1 − r)^j) / r`` of a total ``T r / (1 − (1 − r)^parts)``, r what
    passing over a resample costs against scoring it)."""
    block = max(1, BLOCK_CELLS // n)
    blocks = -(-n_resamples // block)
    passed = min(0.9, PASSED_OVER_COST * (1 << n.bit_length()) / n)  # words drawn a value kept
    starts = [(1 - (1 - passed) ** j) / (1 - (1 - passed) ** parts) for j in range(parts + 1)]
    cuts = [round(blocks * f) * block for f in starts]
    return [(a, min(b, n_resamples)) for a, b in zip(cuts, cuts[1:]) if a < min(b, n_resamples)]


def _scored_share(share: tuple[int, int], score_fns: dict, wanted: list[str], n: int, n_resamples: int,
                  seed: int, caller: int | None = None) -> dict[str, np.ndarray]:
    """Each wanted metric on the resamples ``share`` holds (first, end). In a worker process (its process is not
    the ``caller``'s) numpy's products run on one thread: the other cores score the other shares."""
    with _one_thread() if caller is not None and os.getpid() != caller else nullcontext():
        return _scored_share_here(share, score_fns, wanted, n, n_resamples, seed)


def _one_thread():
    """numpy's linear algebra on one thread in this process (threadpoolctl)."""
    return threadpool_limits(limits=1, user_api="blas")


def _scored_share_here(share: tuple[int, int], score_fns: dict, wanted: list[str], n: int, n_resamples: int,
                       seed: int) -> dict[str, np.ndarray]:
    first, end = share
    found: dict[str, list[np.ndarray]] = {name: [] for name in wanted}
    for counts in count_blocks(n, end, seed, first=first):
        for name in wanted:
            found[name].append(score_fns[name](counts))
        del counts  # (a block's counts are let go before the next block is drawn)
    return {name: np.concatenate(v) if v else np.empty(0) for name, v in found.items()}


def draw_ahead(n: int, n_resamples: int, seed: int) -> None:
    """Draw and remember the resamples :func:`harness_count_blocks` will give, when they are kept whole."""
    if 0 < n and n * n_resamples <= REMEMBERED_CELLS:
        _small_counts(n, n_resamples, seed)


def resample_counts(indices: np.ndarray, n: int) -> np.ndarray:
    """How often each entry is drawn in each resample: a (B × n) matrix for matrix products."""
    counts = np.empty((indices.shape[0], n))
    for row, drawn in zip(counts, indices):  # a row at a time: no (B × n) temporaries beside the result
        row[:] = np.bincount(drawn, minlength=n)
    return counts


def percentile_interval(values: np.ndarray, alpha: float = ALPHA) -> tuple[float, float]:
    """The harness's percentile bounds on sorted resample values."""
    ordered = np.sort(np.asarray(values, dtype=float))
    b = len(ordered)
    lower = ordered[int(b * alpha / 2)]
    upper = ordered[max(0, int(b * (1 - alpha / 2)) - 1)]
    return float(lower), float(upper)


@dataclass
class Interval:
    score: float
    ci_lower: float
    ci_upper: float
    n_bootstrap: int
    n_entries: int
    seed: int

    def as_dict(self, digits: int = 4) -> dict:
        return {"score": round(self.score, digits), "ci_lower": round(self.ci_lower, digits),
                "ci_upper": round(self.ci_upper, digits), "ci_width": round(self.ci_upper - self.ci_lower, digits),
                "n_bootstrap": self.n_bootstrap, "confidence_level": 1 - ALPHA, "n_entries": self.n_entries,
                "seed": self.seed}


def bootstrap_intervals(score_fns: dict[str, Callable[[np.ndarray], np.ndarray]], n: int, point: dict[str, float],
                        n_resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED) -> dict[str, Interval]:
    """Percentile CIs for several metrics from one set of resamples.

    Each ``score_fns[name](counts)`` maps the (B × n) count matrix to B resampled scores.
    """
    wanted = [name for name in score_fns if point.get(name) is not None]
    found: dict[str, list[np.ndarray]] = {name: [] for name in wanted}
    cores = os.cpu_count() or 1
    if n * n_resamples > REMEMBERED_CELLS and n >= SHARED_FROM_ENTRIES and cores > 1 and wanted:
        # each core draws and scores a share of the blocks, numpy's products on one thread in each (each draws
        # the words before its share too): drawing is most of the work, and one process draws on one core
        work = partial(_scored_share, score_fns=score_fns, wanted=wanted, n=n, n_resamples=n_resamples, seed=seed,
                       caller=os.getpid())
        for part in process_each(work, _shares(n, n_resamples, cores), cores):
            for name in wanted:
                found[name].append(part[name])
    else:
        for counts in harness_count_blocks(n, n_resamples, seed):
            for name in wanted:
                found[name].append(score_fns[name](counts))
            del counts
    out = {}
    for name in wanted:
        values = np.concatenate(found[name]) if found[name] else np.empty(0)
        values = values[np.isfinite(values)]
        if values.size == 0:
            continue
        lower, upper = percentile_interval(values)
        out[name] = Interval(point[name], lower, upper, n_resamples, n, seed)
    return out


# ----------------------------------------------------------------------------- paired tests

def p_value(stats: np.ndarray, real_difference: float) -> float:
    """sacrebleu/MultEval: (number of samples with a larger statistic + 1) / (samples + 1)."""
    return (int(np.sum(stats > real_difference)) + 1) / (len(stats) + 1)


def paired_bootstrap(score: Callable[[np.ndarray], np.ndarray], n: int, real_a: float, real_b: float,
                     n_resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED,
                     score_b: Callable[[np.ndarray], np.ndarray] | None = None) -> dict:
    """Paired bootstrap resampling as sacrebleu's ``_paired_bs_test``.

    ``score(counts)`` → (scores of A, scores of B) per resample is given as two callables:
    ``score`` for A, ``score_b`` for B, each mapping a (B × n) count matrix to B scores.
    """
    rng = np.random.default_rng(seed)
    idx = rng.choice(n, size=(n_resamples, n), replace=True)
    counts = resample_counts(idx, n)
    a, b = score(counts), score_b(counts)
    sample = np.abs(b - a)
    diff = abs(real_b - real_a)
    deltas = b - a
    lo, hi = percentile_interval(deltas)
    return {"p_value": p_value(sample - sample.mean(), diff), "delta": real_b - real_a,
            "delta_ci_lower": lo, "delta_ci_upper": hi, "n_resamples": n_resamples, "seed": seed}


def paired_randomization(score_mixed: Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]], n: int,
                         real_a: float, real_b: float, n_trials: int = 10000, seed: int = DEFAULT_SEED) -> dict:
    """Paired approximate randomisation as sacrebleu's ``_paired_ar_test``: each trial swaps each
    segment's two outputs with probability ½; ``score_mixed(mask)`` returns the two pseudo-systems'
    scores for a (trials × n) boolean mask (True keeps A's entry in pseudo-system A)."""
    rng = np.random.default_rng(seed)
    mask = rng.integers(2, size=(n_trials, n), dtype=bool)
    a, b = score_mixed(mask)
    return {"p_value": p_value(np.abs(a - b), abs(real_b - real_a)), "n_trials": n_trials, "seed": seed}


def proportion_ci(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float | None, float | None]:
    """Wilson score interval for a proportion (linter precision, FST false rejection)."""
    if n == 0:
        return None, None
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
