"""Ratio columns summed together (``scoring.metrics.SharedSums``): every sum on a block of resamples is the
float each column's own product gives, whatever the columns hold."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from scoring import exact, shifted, stats
from scoring.metrics import Ratio, share_sums

N = 40

whole = st.lists(st.integers(0, 30), min_size=N, max_size=N).map(lambda v: np.array(v, dtype=float))
fractions = st.lists(st.floats(0, 5, allow_nan=False), min_size=N, max_size=N).map(np.array)
ones = st.just(None).map(lambda _: np.ones(N))
vectors = st.one_of(whole, fractions, ones)


def _own_sums(pairs, weights):
    return [(weights @ num, weights @ den) for num, den in pairs]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(vectors, vectors), min_size=2, max_size=7), st.integers(0, 2**31), st.booleans())
def test_shared_sums_are_each_columns_own(pairs, seed, one_resample):
    copies = [(num.copy(), den.copy()) for num, den in pairs]
    ratios = [Ratio(num, den) for num, den in pairs]
    share_sums(ratios)
    counts = stats.resample_counts(stats.harness_indices(N, 7, seed), N)
    weights = counts[0] if one_resample else counts
    for ratio, (num, den), (own_num, own_den) in zip(ratios, copies, _own_sums(copies, weights)):
        got_num, got_den = ratio.sums(weights)
        assert np.array_equal(got_num, own_num) and np.array_equal(got_den, own_den)
        assert np.array_equal(ratio.num, num) and np.array_equal(ratio.den, den)  # the columns themselves unchanged
        assert np.array_equal(ratio.finish(ratio.sums(weights)), Ratio(num, den).finish((own_num, own_den)),
                              equal_nan=True)


def test_one_product_a_block_and_ones_kept_once():
    rng = np.random.default_rng(1)
    exact, cs_num, cs_den = (rng.integers(0, 9, N).astype(float) for _ in range(3))
    fractional = rng.random(N)
    ratios = [Ratio(exact, np.ones(N)), Ratio(cs_num, cs_den), Ratio(fractional, np.ones(N))]
    share_sums(ratios)
    shared = ratios[0].shared[0]
    assert shared.matrix.shape == (4, N)  # exact, ones (once), cs's two; the fractions keep their own product
    assert ratios[2].shared == (shared, None, 1) and ratios[2].num is fractional
    assert all(np.shares_memory(r.den, shared.matrix) for r in ratios)
    counts = stats.resample_counts(stats.harness_indices(N, 5, 3), N)
    first = shared.products(counts)
    assert shared.products(counts) is first  # the same block: not multiplied again
    assert shared.products(counts.copy()) is not first


def test_sums_too_large_to_be_exact_keep_their_own_product():
    big = np.full(N, 2.0 ** 50)
    ratios = [Ratio(big, np.ones(N)), Ratio(np.arange(N, dtype=float), np.ones(N))]
    share_sums(ratios)
    assert ratios[0].shared[1] is None and ratios[0].num is big
    assert exact.sums_exactly(np.arange(N, dtype=float), N) and not exact.sums_exactly(big, N)
    assert not any(exact.sums_exactly(np.array(v), 3) for v in ([0.5, 1.0, 2.0], [1.0, np.inf, 0.0], [np.nan, 1.0, 1.0]))


def _table_of_every_kind(n: int):
    """A table of n entries with every kind of column: sacrebleu's statistics (chrF++ kept by rules, BLEU's and
    TER's whole), ratios of whole numbers, of ones, and of fractions."""
    from scoring import shifted, surface
    from scoring.engine import Table
    from scoring.metrics import Statistics
    rng = np.random.default_rng(5)
    words = "the dog cat runs. sleeps, house water-tree red big small eats 12 sees".split()
    texts = [" ".join(rng.choice(words, rng.integers(3, 10))) for _ in range(2 * n)]
    found = surface.batch_statistics(texts[:n], texts[n:])
    columns = {}
    for name in ("chrf", "bleu", "ter"):
        matrix = shifted.settled(shifted.kept_by(surface.shifted_rules(name), found[name]))
        columns[name] = Statistics(name, matrix, surface.sentence_scores(name, found[name]))
    columns["exact"] = Ratio(rng.integers(0, 2, n).astype(float), np.ones(n))
    columns["counted"] = Ratio(rng.integers(0, 9, n).astype(float), rng.integers(0, 12, n).astype(float))
    columns["fractional"] = Ratio(rng.random(n) * 0.37, np.ones(n))
    columns["mean of some"] = Ratio(rng.random(n), rng.integers(0, 2, n).astype(float))
    share_sums(columns.values())
    return Table(columns, n)


@pytest.mark.parametrize("part,thick,resamples", [(3, 16, 40), (4, 16, 64), (13, 16, 37), (5, 1, 12)])
def test_a_thick_block_of_counts_gives_every_metric_what_the_float_blocks_gave(monkeypatch, part, thick, resamples):
    """A large run's resamples counted many at a time, in bytes (``scoring.counts``): each metric on each resample,
    the whole-number sums made a slab at a time and the fractions' by each part as a float block of ``part``
    resamples, is the float the float blocks of ``part`` resamples gave, bit for bit."""
    from scoring import counts as counts_module
    n, seed = 3001, 17
    table = _table_of_every_kind(n)
    assert isinstance(table.get("chrf").matrix, shifted.ShiftedColumns)
    assert all(table.get(k).shared for k in ("chrf", "bleu", "ter"))  # made with the ratios' sums
    assert table.get("fractional").shared[1] is None  # the fractions keep their own product (made with the others')
    assert any(v is table.get("fractional").num for v in table.get("exact").shared[0].others)
    monkeypatch.setattr(stats, "BLOCK_CELLS", part * n)
    monkeypatch.setattr(stats, "THICK_ROWS", thick)
    monkeypatch.setattr(stats, "THICK_CELLS", 0)  # (the rows alone: a small run's block would take every resample)
    monkeypatch.setattr(counts_module, "SLAB_BYTES", 8 * 64 * thick)  # slabs of a few entries: many of them
    blocks = list(stats.count_blocks(n, resamples, seed))
    assert [len(b) for b in blocks][:-1] == [part * -(-thick // part)] * (len(blocks) - 1)
    assert sum(len(b) for b in blocks) == resamples and all(b.counts.dtype == np.uint8 for b in blocks)
    floats = [stats.resample_counts(i, n) for i in stats.harness_index_blocks(n, resamples, seed, block=part)]
    for key in table.columns:
        got = np.concatenate([table.resampled(key, b) for b in blocks])
        want = np.concatenate([table.resampled(key, f) for f in floats])
        assert np.array_equal(got, want, equal_nan=True), key


def test_a_count_past_255_widens_the_block():
    from scoring.counts import CountRows
    rows = CountRows(2, 3)
    rows.add(np.array([0] * 300 + [2] * 5, dtype=np.uint32))
    rows.add(np.array([1, 1, 2], dtype=np.uint32))
    block = rows.block(1)
    assert block.counts.tolist() == [[300, 0, 5], [0, 2, 1]] and block.sum().tolist() == [305.0, 3.0]


def test_whole_numbers_are_checked_a_part_at_a_time(monkeypatch):
    monkeypatch.setattr(exact, "CHECKED_AT_ONCE", 4)
    matrix = np.arange(30, dtype=float).reshape(10, 3)
    assert exact.whole(matrix) and exact.whole(matrix[:, 1]) and exact.whole(np.float64(3.0))
    assert exact.sums_exactly(-matrix, 10) and not exact.sums_exactly(-matrix, 2 ** 49)  # the largest: 29, below zero
    for bad in (0.5, np.inf, np.nan):
        broken = matrix.copy()
        broken[9, 2] = bad  # in the last part only
        assert not exact.whole(broken) and not exact.whole(broken.T)
    assert not exact.whole(np.arange(3))  # not floats
