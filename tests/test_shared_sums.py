"""Ratio columns summed together (``scoring.metrics.SharedSums``): every sum on a block of resamples is the
float each column's own product gives, whatever the columns hold."""

import numpy as np
from hypothesis import given, settings, strategies as st

from scoring import exact, stats
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
