"""The anytime-valid decisions (review/sequences.py) against an independent implementation (confseq),
against a line-by-line re-implementation of the paper's formula, and on real ratings (MLQE-PE ne-en,
WMT23 en-de)."""

from __future__ import annotations

import ast
import csv
import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from scipy import stats

from helpers import confseq, shared_file
from review.store import Store
from review.study import decisions, research_files
from review.study.maths import sequences
from sizes import examples


def betting_mart(*args, **kwargs):
    return confseq("betting").betting_mart(*args, **kwargs)


def normal_mixture_bound(*args, **kwargs):
    return confseq("boundaries").normal_mixture_bound(*args, **kwargs)


def test_the_comparison_boundary_is_confseq_s_two_sided_normal_mixture():
    for alpha in (0.01, 0.05, 0.2):
        for variance in (0.3, 4.0, 850.0):
            t = np.arange(1, 400)
            ours = t * sequences.radius(t, variance, alpha)
            theirs = [normal_mixture_bound(k * variance, alpha, sequences.OPTIMISED_AT * variance, alpha, False)
                      for k in t]
            assert ours == pytest.approx(theirs, rel=1e-12)


def _first_stop_by_hand(x: list[float], alpha: float) -> tuple[int, int]:
    """Theorem 2.2 of Waudby-Smith et al. (2021), written out item by item."""
    rho2 = (-2 * math.log(alpha) + math.log(-2 * math.log(alpha) + 1)) / sequences.OPTIMISED_AT
    total = squares = 0.0
    for t, value in enumerate(x, 1):
        total += value
        squares += value * value
        mean = total / t
        sd = math.sqrt(max(squares / t - mean * mean, 0.0))
        half = sd * math.sqrt(2 * (t * rho2 + 1) / (t * t * rho2) * math.log(math.sqrt(t * rho2 + 1) / alpha))
        if t >= sequences.ASYMPTOTIC_BURN_IN and abs(mean) > half:
            return t, (1 if mean > 0 else -1)
    return 0, 0


def test_asymptotic_first_stops_match_the_formula_written_out():
    rng = np.random.default_rng(1)
    rows = rng.normal(0.4, 2.0, (20, 150))
    alpha, rho2 = 0.05, (-2 * math.log(0.05) + math.log(-2 * math.log(0.05) + 1)) / sequences.OPTIMISED_AT
    stops, _ = sequences.asymptotic_first_stops(rows, alpha)
    for row, stop in zip(rows, stops):
        by_hand = 0
        for t in range(1, len(row) + 1):
            mean, sd = row[:t].mean(), row[:t].std()
            half = sd * math.sqrt(2 * (t * rho2 + 1) / (t * t * rho2) * math.log(math.sqrt(t * rho2 + 1) / alpha))
            if t >= sequences.ASYMPTOTIC_BURN_IN and abs(mean) > half:
                by_hand = t
                break
        assert stop == by_hand


def test_the_incremental_stream_gives_the_vectorised_wealth_item_by_item():
    rng = np.random.default_rng(7)
    for population in (None, 250):
        x = rng.beta(3, 2, 250)
        stream = sequences.Bounded([0.3, 0.6], 0.05, population)
        for t, v in enumerate(x, 1):
            stream.add(float(v))
            if t in (1, 17, 120, 250):
                up, down = sequences.log_wealth(x[:t], np.array([0.3, 0.6]), 0.05, population)
                for k, m in enumerate([0.3, 0.6]):
                    assert stream.wealth[m][0] == pytest.approx(up[k, -1], rel=1e-9, abs=1e-9)
                    assert stream.wealth[m][1] == pytest.approx(down[k, -1], rel=1e-9, abs=1e-9)


@pytest.mark.parametrize("m", [0.2, 0.5, 0.8, 0.93])
@pytest.mark.parametrize("population", [None, 300])
def test_the_wealth_is_confseq_s_hedged_betting_martingale_with_and_without_replacement(m, population):
    rng = np.random.default_rng(int(m * 100))
    for x in (rng.binomial(1, 0.7, 300).astype(float), rng.beta(2, 5, 300)):
        up, down = sequences.log_wealth(x, np.array([m]), 0.05, population)
        ours = np.maximum(0.5 * np.exp(up[0]), 0.5 * np.exp(down[0]))
        theirs = betting_mart(x, m, alpha=0.05, theta=0.5, trunc_scale=sequences.TRUNCATION, convex_comb=False,
                              N=population)
        assert ours == pytest.approx(theirs, rel=1e-9)


def test_a_tier_decision_on_mlqe_pe_ne_en_stops_and_says_how_many_items_it_used(tmp_path):
    """MLQE-PE ne-en as a one-system campaign (1000 items, 6 raters each, in the campaign's random order drawn from
    its seed over the items' content, never the file's): an item is accepted when its mean DA is at least 70; the
    rule needs 80 % accepted."""
    from review.records import catalogue
    from review.study import order
    tsv = shared_file("data/mlqe-pe/ne-en/test20.neen.df.short.tsv")
    store = Store(tmp_path / "da.sqlite", create=True)
    imported = research_files.import_da(store, str(tsv))
    found = decisions.status(store, imported["campaign_id"])
    tier = found["tiers"][0]
    # independently: the accepted sequence in the campaign's order, and confseq's martingale at the threshold
    rows = {r["translation"]: r for r in csv.DictReader(tsv.open(encoding="utf-8"), delimiter="\t",
                                                          quoting=csv.QUOTE_NONE)}
    items = store.rows("select id, source, output, reference from items where run_id = ?", [imported["run_id"]])
    outputs = {i["id"]: i["output"] for i in items}
    ranked = order.shuffled(items, catalogue.campaign(store, imported["campaign_id"])["settings"]["order_seed"])
    accepted = np.array([np.mean(ast.literal_eval(rows[outputs[i]]["scores"])) >= 70 for i in ranked], dtype=float)
    capital = betting_mart(accepted, 0.8, alpha=0.05, theta=0.5, trunc_scale=sequences.TRUNCATION, convex_comb=False,
                           N=len(accepted))
    first = int(np.argmax(capital >= 20)) + 1
    assert tier["decision"] == "refused" and tier["decided_after"] == first
    assert tier["items"] == first and tier["share"] == pytest.approx(accepted[:first].mean())
    assert tier["interval"][1] < 0.8 and found["serving"] == [] and found["plan"]["open_decisions"] == 0
    assert "is refused after" in found["questions"][0]["said"][0]["text"]
    assert first < 20  # a run far below the rule is refused within a handful of items


def _matrix(path):
    scores: dict[str, list] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        system, value = line.split("\t")
        scores.setdefault(system, []).append(None if value == "None" else float(value))
    systems = sorted(s for s in scores if not s.startswith("ref"))
    keep = [k for k in range(len(scores[systems[0]])) if all(scores[s][k] is not None for s in systems)]
    return systems, np.array([[scores[s][k] for k in keep] for s in systems])


@pytest.mark.parametrize("folder,human", [("wmt23-en-de", "mqm"), ("wmt23-en-de", "da-sqm"),
                                          ("wmt23-en-de-esa", "ESA-1")])
def test_the_simulation_on_real_ratings(folder, human):
    from review.study.experiments.simulation import simulate
    root = shared_file(f"data/{folder}")
    path = next(p for p in (root / "human-scores" / f"en-de.{human}.seg.score", root / f"en-de.{human}.seg.score")
                if p.exists())
    systems, matrix = _matrix(path)
    found = simulate(str(root), "en-de", human, orders=30, seed=5)
    pairs = [(a, b) for a in range(len(systems)) for b in range(a + 1, len(systems))]
    fixed = sum(stats.ttest_rel(matrix[a], matrix[b]).pvalue < 0.05 for a, b in pairs)
    assert (found["systems"], found["items"], found["pairs"]) == (systems, matrix.shape[1], len(pairs))
    assert found["fixed_decided"] == fixed and len(systems) == 12
    assert found["type_one_error"] <= 0.05 and found["wrong_direction"] <= 0.01
    assert found["median_fraction"] <= found["mean_fraction"] <= 0.60
    assert 0 < found["sequential_decided"] < 1 and found["adaptive_fraction"] <= 1


# ----------------------------------------------------------------------------- bad input, any input

def _one_system_folder(tmp_path):
    folder = tmp_path / "mtme" / "human-scores"
    folder.mkdir(parents=True)
    lines = [f"sysA\t{k % 7}" for k in range(40)] + [f"refA\t{k % 5}" for k in range(40)]
    (folder / "en-de.mqm.seg.score").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder.parent


@pytest.mark.parametrize("case", ["no human file", "one system", "orders 0", "alpha 0", "alpha 1.5", "not a folder",
                                  "a bad line", "infinite score"])
def test_bad_input_to_the_simulation_is_one_line_and_exit_2(case, tmp_path, capsys):
    from desktop.cli import main
    folder = _one_system_folder(tmp_path)
    human, extra = "mqm", []
    if case == "no human file":
        human = "da-sqm"
    elif case == "one system":
        pass
    elif case.startswith("orders"):
        extra = ["--orders", "0"]
    elif case.startswith("alpha"):
        extra = ["--alpha", case.split()[1]]
    elif case == "not a folder":
        folder = tmp_path / "nowhere"
    elif case in ("a bad line", "infinite score"):
        path = folder / "human-scores" / "en-de.mqm.seg.score"
        bad = "sysB 3 no tab" if case == "a bad line" else "sysB\tinf"
        path.write_text(path.read_text() + "\n".join(f"sysB\t{k}" for k in range(39)) + f"\n{bad}\n")
    if case in ("orders 0", "alpha 0", "alpha 1.5"):
        path = folder / "human-scores" / "en-de.mqm.seg.score"
        path.write_text(path.read_text() + "\n".join(f"sysB\t{k % 3}" for k in range(40)) + "\n")
    code = main(["study", "simulate-sequential", str(folder), "--lp", "en-de", "--human", human, *extra])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1 and "Traceback" not in captured.err


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.floats(0, 1, allow_nan=False), max_size=80), st.sampled_from([None, 80, 200]))
def test_any_values_give_an_interval_that_holds_their_mean_and_stops_that_never_change(values, population):
    interval = sequences.interval(values, 0.05, population)
    if values:
        low, high = interval
        assert 0 <= low <= high <= 1
        if population == len(values):  # the whole population seen: its mean is known
            assert low - 1e-3 <= float(np.mean(values)) <= high + 1e-3
    stop, side = sequences.first_stops(np.array([values]), 0.05, population) if values else ([0], [0])
    if stop[0]:
        again = sequences.first_stops(np.array([values[:stop[0]]]), 0.05, population)
        assert again[0][0] == stop[0] and again[1][0] == side[0]


def test_many_orders_run_in_bounded_memory_and_a_constant_difference_warns_nothing(tmp_path, capsys):
    """20,000 orders of 1,000 items held at once would take 1.4 GB (nine arrays of orders × items); they are
    looked at a chunk at a time. Systems that differ by a constant (no variance) print no scipy warning."""
    import tracemalloc

    from desktop.cli import main
    from review.study.experiments.simulation import simulate
    folder = tmp_path / "mtme" / "human-scores"
    folder.mkdir(parents=True)
    rng = np.random.default_rng(3)
    lines = [f"sys{s}\t{v:.3f}" for s in "AB" for v in rng.normal(50, 10, 1000)]
    (folder / "en-de.mqm.seg.score").write_text("\n".join(lines) + "\n", encoding="utf-8")
    tracemalloc.start()
    found = simulate(str(folder.parent), "en-de", "mqm", orders=20_000)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert found["orders"] == 20_000 and peak < 400 * 1024 * 1024, peak
    constant = [f"sys{s}\t{k % 7 + (s == 'B')}" for s in "AB" for k in range(100)]
    (folder / "en-de.mqm.seg.score").write_text("\n".join(constant) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["study", "simulate-sequential", str(folder.parent), "--lp", "en-de", "--human", "mqm",
                 "--orders", "10"]) == 0
    assert "Warning" not in capsys.readouterr().err
