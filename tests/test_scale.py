"""Scale: the harness-exact resampling streams in blocks, so 65,536 entries (once a crash: getrandbits
asked for more than 2**31 bits) and 1,000,000 entries are scored with the same draws as ever."""

from __future__ import annotations

import json
import math
import os
import random

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from desktop.cli import main
from scoring import stats
from sizes import examples, size


def test_blocks_and_call_sizes_do_not_change_the_stream(monkeypatch):
    whole = stats.harness_indices(37, 50, 7)
    monkeypatch.setattr(stats, "MAX_WORDS_PER_CALL", 10)
    blocks = np.concatenate(list(stats.harness_index_blocks(37, 50, 7, block=7)))
    assert np.array_equal(whole, blocks)
    rng = random.Random(7)
    assert whole[:3].tolist() == [[rng.randint(0, 36) for _ in range(37)] for _ in range(3)]


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(1, 3000), st.integers(1, 4), st.one_of(st.integers(-2**70, 2**70), st.text(max_size=8)))
def test_any_size_and_seed_draw_what_python_draws(n, resamples, seed):
    """The words are read from numpy's Mersenne Twister put in ``random.Random(seed)``'s state: the same
    draws for every seed Python accepts (negative, past 64 bits, text) and every size."""
    rng = random.Random(seed)
    expected = [[rng.randint(0, n - 1) for _ in range(n)] for _ in range(resamples)]
    assert stats.harness_indices(n, resamples, seed).tolist() == expected


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(1, 400), st.integers(1, 60), st.integers(0, 60), st.integers(0, 2**32))
def test_drawing_from_a_later_row_on_passes_over_the_rows_before(n, resamples, first, seed):
    """A share of the resamples (what one core scores) starts where the whole stream has it."""
    first = min(first, resamples)
    whole = stats.harness_indices(n, resamples, seed)
    later = list(stats.harness_index_blocks(n, resamples, seed, block=3, first=first))
    assert np.array_equal(np.concatenate(later) if later else whole[:0], whole[first:])


def test_resamples_shared_out_between_cores_score_as_one_process_scores_them(monkeypatch):
    """Blocks too thin for numpy's products to use the cores are shared out: the same values, in the same
    order, as one process scoring every block (the shares are whole blocks)."""
    n, resamples = 997, 101
    column = (np.arange(n) % 7 < 2) * np.linspace(0.1, 0.9, n)
    scored: list[np.ndarray] = []

    def score(counts):
        scored.append((counts @ column) / n)
        return scored[-1]

    monkeypatch.setattr(stats, "BLOCK_CELLS", 3 * n)  # three resamples a block: thin
    monkeypatch.setattr(stats, "REMEMBERED_CELLS", 0)  # drawn in blocks, not remembered whole
    monkeypatch.setattr(stats.os, "cpu_count", lambda: 1)
    alone = stats.bootstrap_intervals({"rate": score}, n, {"rate": column.mean()}, resamples, 5)
    one_process = np.concatenate(scored)
    monkeypatch.setattr(stats.os, "cpu_count", lambda: 3)
    assert stats._shares(n, resamples, 3) == [(0, 39), (39, 72), (72, 101)]  # a later share passes over more words
    shared = stats.bootstrap_intervals({"rate": score}, n, {"rate": column.mean()}, resamples, 5)
    assert shared == alone
    found: dict[str, list] = {"rate": []}
    for share in stats._shares(n, resamples, 3):
        found["rate"].append(stats._scored_share(share, {"rate": score}, ["rate"], n, resamples, 5)["rate"])
    assert np.array_equal(np.concatenate(found["rate"]), one_process)


@pytest.mark.parametrize("rows_a_block", [3, 40])
def test_shares_on_one_thread_each_score_what_one_process_on_every_thread_scores(monkeypatch, rows_a_block):
    """A worker's products run on one thread: what it scores is what one process on one thread scores, on columns
    of fractions too (where the order of a sum shows: numpy's products on several threads may differ in a last bit
    there, as they may between machines with other numbers of cores)."""
    n, resamples = 4099, 120
    rng = np.random.default_rng(7)
    matrix = rng.random((n, 12)) * 100
    column = rng.random(n)

    def score(counts):
        return (counts @ matrix).sum(1) + counts @ column

    monkeypatch.setattr(stats, "BLOCK_CELLS", rows_a_block * n)
    monkeypatch.setattr(stats, "REMEMBERED_CELLS", 0)
    monkeypatch.setattr(stats, "SHARED_FROM_ENTRIES", 0)
    monkeypatch.setattr(stats.os, "cpu_count", lambda: 1)
    point = {"s": float(score(np.ones((1, n)))[0])}
    with stats._one_thread():
        alone = stats.bootstrap_intervals({"s": score}, n, point, resamples, 11)
        one_process = np.concatenate([score(c) for c in stats.harness_count_blocks(n, resamples, 11)])
    monkeypatch.setattr(stats.os, "cpu_count", lambda: 2)
    shared = stats.bootstrap_intervals({"s": score}, n, point, resamples, 11)
    assert shared == alone
    caller = os.getppid()  # as a worker: not the process that shares the work out
    parts = [stats._scored_share(share, {"s": score}, ["s"], n, resamples, 11, caller)["s"]
             for share in stats._shares(n, resamples, 2)]
    assert np.array_equal(np.concatenate(parts), one_process)


def test_65536_entries_draw_what_python_draws():
    n = 65_536
    first = next(stats.harness_index_blocks(n, 1000, 12345))
    rng = random.Random(12345)
    assert first[0, :2000].tolist() == [rng.randint(0, n - 1) for _ in range(2000)]


@pytest.mark.evidence  # make evidence: a million entries; make test: 131,072 (past 2**16 and 2**17 all the same)
def test_a_million_entries_resample_with_an_honest_interval():
    n = size(1_000_000, 131_072)
    column = (np.arange(n) % 3 == 0).astype(float)
    found = stats.bootstrap_intervals({"rate": lambda c: (c @ column) / n}, n, {"rate": column.mean()}, 1000, 12345)
    interval = found["rate"]
    half = 1.959964 * math.sqrt(column.mean() * (1 - column.mean()) / n)  # the normal approximation
    assert abs((interval.ci_upper - interval.ci_lower) / 2 - half) < 0.1 * half
    assert interval.ci_lower < column.mean() < interval.ci_upper


@pytest.mark.evidence  # make evidence: 1,000 resamples; make test: 100 (the same 65,536 entries)
def test_lyss_score_on_65536_entries(tmp_path, capsys):
    resamples = size(1000, 100)
    rng = random.Random(3)
    words = "the dog cat runs sleeps house water tree red big small eats sees".split()
    path = tmp_path / "big.jsonl"
    with path.open("w", encoding="utf-8") as fh:
        for i in range(65_536):
            ref = " ".join(rng.choice(words) for _ in range(rng.randint(2, 6)))
            hyp = ref if i % 3 == 0 else " ".join(rng.choice(words) for _ in range(rng.randint(2, 6)))
            fh.write(json.dumps({"id": i, "source": ref, "reference": ref, "prediction": hyp}) + "\n")
    out = tmp_path / "scored.json"
    assert main(["score", str(path), "--out", str(out), "--no-cache", "--bootstrap", str(resamples)]) == 0
    scores = json.loads(out.read_text("utf-8"))["scores"]
    exact = scores["confidence_intervals"]["exact_match_rate"]
    assert exact["n_entries"] == 65_536 and exact["n_bootstrap"] == resamples
    assert exact["ci_lower"] < scores["exact_match_rate"] < exact["ci_upper"]


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(1, 3_000_000), st.integers(1, 5000), st.integers(1, 8))
def test_shares_cover_the_resamples_in_whole_blocks_the_later_ones_smaller(n, resamples, parts):
    found = stats._shares(n, resamples, parts)
    block = max(1, stats.BLOCK_CELLS // n)
    assert found[0][0] == 0 and found[-1][1] == resamples and len(found) <= parts
    assert all(a < b for a, b in found) and all(b == c for (_, b), (c, _) in zip(found, found[1:]))
    assert all(a % block == 0 for a, _ in found)
    sizes = [b - a for a, b in found]
    assert all(later <= earlier + block for earlier, later in zip(sizes, sizes[1:]))
