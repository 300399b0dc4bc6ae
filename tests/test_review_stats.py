"""Study statistics: mt-metrics-eval's published test vectors, Krippendorff's example, and the WMT23
en-de correlations against scipy on the same vectors."""

from __future__ import annotations

import math

import numpy as np
import pytest
import scipy.special
import scipy.stats

from helpers import shared_file
from review.study.maths import correlation, scipy_free

GOLD = [1, 2, 2, 3, 4]
METRIC = [2, 1, 1.5, 5, 3]


def test_kendall_variants_test_vectors():
    assert correlation.kendall(GOLD, METRIC, "b") == pytest.approx(0.316228, abs=1e-6)
    assert correlation.kendall(GOLD, METRIC, "c") == pytest.approx(0.32)
    assert correlation.kendall(GOLD, METRIC, "23") == pytest.approx(0.2)
    assert correlation.kendall(GOLD, METRIC, "acc23") == pytest.approx(0.6)
    assert correlation.kendall(GOLD, METRIC, "acc23", epsilon=2) == pytest.approx(0.4)
    best, epsilon = correlation.tie_calibrated([(np.array(GOLD, float), np.array(METRIC, float))])
    assert best == pytest.approx(0.7)


def test_correlation_groupings_test_vectors():
    corr = correlation.Correlation(2, [1, 2, 3, 4, 5, 6], [2, 1, 4, 3, 3, 7])
    assert corr.pearson("none") == pytest.approx(0.776, abs=5e-4)
    assert corr.pearson("sys") == pytest.approx(0.760, abs=5e-4)
    assert corr.pearson("item") == pytest.approx(1.0)
    assert corr.kendall("none") == pytest.approx(0.552, abs=5e-4)
    assert corr.kendall("sys") == pytest.approx(0.575, abs=5e-4)
    assert corr.kendall("item") == pytest.approx(1.0)


def test_missing_gold_removed_pairwise():
    corr = correlation.Correlation(1, [1, None, 3, 4], [1, 100, 2, 5])
    assert corr.pearson() == pytest.approx(scipy.stats.pearsonr([1, 3, 4], [1, 2, 5])[0])


def test_sorted_tau_statistics_equal_pairwise():
    rng = np.random.default_rng(0)
    g = rng.integers(0, 6, 3500).astype(float)
    m = np.round(g + rng.normal(0, 2, 3500), 1)
    fast = scipy_free.kendall_counts(g, m)
    slow = correlation.tau_statistics(g[:3000], m[:3000])  # pairwise below the limit
    assert scipy_free.kendall_counts(g[:3000], m[:3000]) == slow
    assert sum(fast) == 3500 * 3499 // 2


def test_tie_calibration_equals_brute_force():
    rng = np.random.default_rng(1)
    rows = []
    for _ in range(25):
        n = int(rng.integers(3, 12))
        g = rng.integers(0, 3, n).astype(float)
        rows.append((g, np.round(g * 0.5 + rng.normal(0, 1, n), 1)))
    candidates = sorted({0.0} | {abs(a - b) for _, m in rows for a in m for b in m})
    for variant in ("acc23", "23"):
        brute = max(np.mean([correlation.kendall(g, m, variant, e) for g, m in rows]) for e in candidates)
        assert correlation.tie_calibrated(rows, variant)[0] == pytest.approx(brute)


def test_krippendorff_published_example():
    n = math.nan
    data = [[1, 2, 3, 3, 2, 1, 4, 1, 2, n, n, n], [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, n, 3],
            [n, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, n], [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, n]]
    want = {"nominal": 0.7434, "ordinal": 0.8154, "interval": 0.8491, "ratio": 0.7974}
    from review.study.maths import agreement
    for level, value in want.items():
        assert round(agreement.alpha(np.array(data), level), 4) == value
    ci = agreement.alpha_with_ci(np.array(data), "interval", resamples=200)
    assert ci["ci_lower"] <= ci["alpha"] <= ci["ci_upper"]


def test_z_normalise_and_wilson():
    z = correlation.z_normalise({"a": [1, 2, 3], "b": [5, 5]})
    assert z["a"] == pytest.approx([-1.2247449, 0, 1.2247449]) and z["b"] == [0, 0]
    lo, hi = correlation.proportion_ci(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)


def test_perm_both():
    rng = np.random.default_rng(3)
    gold = rng.normal(size=200)
    good = gold + rng.normal(0, 0.3, 200)
    bad = rng.normal(size=200)
    pearson = correlation.CORRELATIONS["pearson"]
    p, delta = correlation.perm_both(list(gold), list(bad), list(good), 1, pearson, k=300)
    assert delta > 0.5 and p < 0.01
    p, _ = correlation.perm_both(list(gold), list(good), list(bad), 1, pearson, k=300)
    assert p > 0.9


@pytest.fixture(scope="module")
def wmt(tmp_path_factory):
    from review.store import Store
    from review.study import research_files
    folder = shared_file("data/wmt23-en-de")
    store = Store(tmp_path_factory.mktemp("wmt") / "wmt.sqlite")
    research_files.import_mtme(store, str(folder), "en-de", "mqm", "chrF-refA")
    return store, folder


def _file_scores(path):
    out = {}
    for line in path.read_text("utf-8").splitlines():
        system, value = line.split("\t")
        out.setdefault(system, []).append(None if value == "None" else float(value))
    return out


def test_wmt23_correlations_equal_scipy(wmt):
    from review.study import analyses
    store, folder = wmt
    human = _file_scores(folder / "human-scores" / "en-de.mqm.seg.score")
    metric = _file_scores(folder / "metric-scores" / "en-de" / "chrF-refA.seg.score")
    systems = sorted(s for s in human if s != "refA")
    pairs = [(h, m) for s in systems for h, m in zip(human[s], metric[s]) if h is not None]
    g, m = np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs])
    result = analyses.correlate(store, "chrF-refA", "mqm")
    seg = result["segment"]["none"]
    assert seg["n"] == len(pairs)
    assert seg["pearson"] == pytest.approx(scipy.stats.pearsonr(g, m)[0], abs=1e-12)
    assert seg["spearman"] == pytest.approx(scipy.stats.spearmanr(g, m)[0], abs=1e-12)
    assert seg["kendall_b"] == pytest.approx(scipy.stats.kendalltau(g, m, variant="b")[0], abs=1e-9)
    assert seg["kendall_c"] == pytest.approx(scipy.stats.kendalltau(g, m, variant="c")[0], abs=1e-9)
    sys_h = _file_scores(folder / "human-scores" / "en-de.mqm.sys.score")
    sys_m = _file_scores(folder / "metric-scores" / "en-de" / "chrF-refA.sys.score")
    sh, sm = [sys_h[s][0] for s in systems], [sys_m[s][0] for s in systems]
    assert result["system"]["pearson"] == pytest.approx(scipy.stats.pearsonr(sh, sm)[0], abs=1e-12)
    assert result["system"]["kendall_b"] == pytest.approx(scipy.stats.kendalltau(sh, sm)[0], abs=1e-12)
    # item grouping: per segment across systems, NaNs dropped, averaged
    per_item = []
    for k in range(len(human[systems[0]])):
        col = [(human[s][k], metric[s][k]) for s in systems if human[s][k] is not None]
        if len(col) >= 2 and np.std([c[0] for c in col]) > 0:
            per_item.append(scipy.stats.pearsonr([c[0] for c in col], [c[1] for c in col])[0])
    assert result["segment"]["item"]["pearson"] == pytest.approx(np.mean(per_item), abs=1e-12)


def test_wmt23_computed_metrics(tmp_path):
    from review.store import Store
    from review.study import analyses, research_files
    folder = shared_file("data/wmt23-en-de")
    store = Store(tmp_path / "w.sqlite")
    research_files.import_mtme(store, str(folder), "en-de", "da-sqm", only=["ONLINE-W", "NLLB_Greedy", "AIRC"])
    result = analyses.correlate(store, "chrF++", "da-sqm")
    assert result["num_sys"] == 3 and -1 <= result["system"]["pearson"] <= 1
    # the chrF we compute equals the file's sacrebleu chrF at system level
    sys_m = _file_scores(folder / "metric-scores" / "en-de" / "chrF-refA.sys.score")
    import json
    run = store.one("select extra from runs where name = 'ONLINE-W'")
    assert json.loads(run["extra"])["metric_sys"]["chrF"] == pytest.approx(sys_m["ONLINE-W"][0], abs=1e-6)


def test_numpy_routines_equal_scipy():
    import scipy.optimize
    from review.study.maths import scipy_free
    rng = np.random.default_rng(5)
    for n in (2, 7, 60, 5000):
        g = rng.integers(0, 6, n).astype(float)
        m = np.round(g + rng.normal(0, 2, n), 1)
        c, d, m_only, g_only, both = scipy_free.kendall_counts(g, m)
        total = n * (n - 1) // 2
        if n > 2:
            tau_b = (c - d) / np.sqrt(total - m_only - both) / np.sqrt(total - g_only - both)
            assert tau_b == pytest.approx(scipy.stats.kendalltau(m, g)[0], abs=1e-12)
        assert scipy_free.rankdata(m) == pytest.approx(scipy.stats.rankdata(m))
        assert scipy_free.zscore(m) == pytest.approx(scipy.stats.zscore(m))
    rows = rng.integers(0, 4, (50, 9)).astype(float)
    assert scipy_free.rankdata_rows(rows) == pytest.approx(scipy.stats.rankdata(rows, axis=1))
    assert scipy_free.strict_inversions(np.array([3, 1, 2])) == 2
    for _ in range(20):
        a, b = rng.normal(size=(30, 5)), rng.normal(size=30)
        assert scipy_free.nnls(a, b) == pytest.approx(scipy.optimize.nnls(a, b)[0], abs=1e-9)


def test_the_paired_t_test_equals_scipys():
    """The fixed design's test in the simulation: the p-value to 1e-10 of itself, NaN and 0 where scipy's are."""
    import warnings
    from review.study.maths import scipy_free
    rng = np.random.default_rng(8)
    for k in range(400):
        n = int(rng.integers(2, 400))
        a = rng.normal(size=n) * rng.uniform(0.1, 10)
        b = a + rng.normal(loc=rng.uniform(-1, 1), size=n) * rng.uniform(0.01, 3)
        a, b = (np.round(a), np.round(b)) if k % 5 == 0 else (a, b)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = scipy.stats.ttest_rel(a, b).pvalue
        assert scipy_free.paired_t_pvalue(a, b) == pytest.approx(expected, rel=1e-10, abs=1e-300, nan_ok=True)
    assert np.isnan(scipy_free.paired_t_pvalue(np.arange(5.0), np.arange(5.0)))
    assert scipy_free.paired_t_pvalue(np.arange(5.0) + 1, np.arange(5.0)) == 0.0
    for x in np.linspace(0, 1, 41):
        for a, b in ((0.5, 0.5), (1, 0.5), (2.5, 7), (200, 0.5)):
            assert scipy_free.regularized_beta(a, b, x) == pytest.approx(scipy.special.betainc(a, b, x), abs=1e-13)


def test_the_app_and_the_command_line_do_not_need_scipy():
    import subprocess
    import sys
    code = ("import sys; import scoring.engine, review.study.analyses, review.study.reweight, review.study.tiers, "
            "review.study.decisions, eval_standards.registry, desktop.circle_verbs, desktop.campaign_verbs, "
            "desktop.study_verbs, review.study.experiments.simulation;"
            "[eval_standards.registry.plugin_class(n) for n in eval_standards.registry.known_plugins()];"
            "print('scipy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def _pce_independent(gold: dict, metric: dict, systems: list[str]) -> float:
    """Soft pairwise accuracy written from the definition in mt-metrics-eval's pce.py (Thompson 2024):
    segments with a missing human score dropped, 1,000 ±1 permutations from default_rng(4) in float32,
    p(i beats j) = share of permutations whose difference of sums is ≥ the real one; 1 − mean |p_h − p_m|."""
    keep = [k for k in range(len(gold[systems[0]])) if all(gold[s][k] is not None for s in systems)]

    def p_values(scores):
        seg = np.array([[scores[s][k] for k in keep] for s in systems], dtype=np.float32)
        m = np.random.default_rng(4).random(size=(1000, seg.shape[1]), dtype=np.float32)
        np.rint(m, out=m, casting="same_kind")
        m = m * 2.0 - 1.0
        partial = m @ seg.T
        sums = seg.sum(axis=1)
        out = {}
        for i in range(len(systems)):
            for j in range(i + 1, len(systems)):
                out[i, j] = np.sum(partial[:, i] - partial[:, j] >= sums[i] - sums[j]) / 1000
        return out

    ph, pm = p_values(gold), p_values(metric)
    return 1.0 - float(np.mean([abs(ph[k] - pm[k]) for k in ph]))


@pytest.mark.parametrize("human", ["mqm", "da-sqm"])
def test_wmt23_soft_pairwise_accuracy_equals_the_pce_definition(tmp_path, human):
    from review.store import Store
    from review.study import analyses, research_files
    folder = shared_file("data/wmt23-en-de")
    store = Store(tmp_path / "wmt.sqlite", backup=False)
    research_files.import_mtme(store, str(folder), "en-de", human, "chrF-refA")
    gold = _file_scores(folder / "human-scores" / f"en-de.{human}.seg.score")
    metric = _file_scores(folder / "metric-scores" / "en-de" / "chrF-refA.seg.score")
    systems = [r["name"] for r in store.rows("select name from runs order by id")]
    result = analyses.correlate(store, "chrF-refA", human)
    assert result["system"]["soft_pairwise_accuracy"] == pytest.approx(_pce_independent(gold, metric, systems),
                                                                       abs=1e-12)
    assert 0.5 < result["system"]["soft_pairwise_accuracy"] <= 1.0


def test_intervals_for_every_grouping_contain_their_point(wmt):
    from review.study import analyses
    store, _ = wmt
    result = analyses.correlate(store, "chrF-refA", "mqm", 200)
    cis = result["confidence_intervals"]
    for grouping, table in [("segment.none", result["segment"]["none"]), ("segment.item", result["segment"]["item"]),
                            ("system", result["system"])]:
        ci = cis[f"{grouping}.pearson"]
        assert ci["ci_lower"] <= table["pearson"] <= ci["ci_upper"], grouping
    assert "segment.item.kendall_b" in cis


def test_resampled_statistics_equal_expanding_each_resample():
    """All resamples at once (weighted sums, midranks, merge counting) = each resample expanded."""
    rng = np.random.default_rng(0)
    for _ in range(150):
        n = rng.integers(3, 40)
        g = rng.integers(0, 5, n).astype(float) * 1000 + 7
        m = rng.normal(size=n).round(1)
        weights = rng.integers(0, 3, size=(4, n)).astype(float)
        got = correlation.resampled_statistics(g, m, weights)
        for b in range(4):
            idx = np.repeat(np.arange(n), weights[b].astype(int))
            if len(idx) < 3:
                continue
            for name, value in correlation.table_statistics([(g[idx], m[idx])]).items():
                assert (math.isnan(value) and math.isnan(got[name][b])) or abs(value - got[name][b]) < 1e-9
            want = scipy_free.kendall_counts(g[idx], m[idx])
            assert np.allclose([c[b] for c in scipy_free.weighted_kendall_counts(g, m, weights)], want)
