"""The simulation that measures the sequential comparisons on real ratings (``lyss study
simulate-sequential``): how many ratings they save against the fixed design, how often they are wrong,
and how often they stop when there is nothing to find.

For every pair of systems and each of ``orders`` random item orders the comparison of
``review.study.maths.sequences`` looks after every item. The fixed design rates every item and decides with a
**paired t-test** (scipy's ``stats.ttest_rel``, computed without scipy: ``maths.scipy_free``) at the same α.
The true null is made from the data itself: the paired differences with their signs flipped at random (systems that cannot be told apart).
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np

from scoring.errors import BadValue, FileProblem
from scoring.progress import Progress, report

from ..maths import questions, scipy_free, sequences
from .family import ClosedPairs
from ..research_files import human_scores_file, read_scores

FIXED_TEST = "paired t-test (scipy.stats.ttest_rel), two-sided"
MIN_ITEMS = 20  # items rated for every system before a simulation says anything
CELLS_AT_ONCE = 2_000_000  # orders × items in memory at once (about 150 MB; 100 orders of WMT23's items are one go)


def is_reference(system: str) -> bool:
    """mt-metrics-eval names human translations refA, refB, …: they are not systems under comparison."""
    return system.startswith("ref")


def score_matrix(folder: str, lp: str, human: str) -> tuple[list[str], np.ndarray]:
    """Systems × items of the human score, keeping the items every system has."""
    path = human_scores_file(folder, lp, human)
    scores = read_scores(path)
    systems = [s for s in sorted(scores) if not is_reference(s)]
    if len(systems) < 2:
        raise FileProblem(str(path), "", f"{len(systems)} system(s) besides the references: a comparison needs two")
    lengths = {len(scores[s]) for s in systems}
    if len(lengths) != 1:
        raise FileProblem(str(path), "", "the systems have different numbers of lines")
    kept = [k for k in range(lengths.pop()) if all(scores[s][k] is not None for s in systems)]
    if len(kept) < MIN_ITEMS:
        raise FileProblem(str(path), "", f"{len(kept)} items rated for every system: too few to compare "
                                         f"(at least {MIN_ITEMS} needed)")
    matrix = np.array([[scores[s][k] for k in kept] for s in systems], dtype=float)
    if not np.isfinite(matrix).all():
        raise FileProblem(str(path), "", "a score that is not a finite number (inf or nan)")
    return systems, matrix


def check_options(orders: int, alpha: float) -> None:
    if orders < 1:
        raise BadValue("--orders", str(orders), "must be at least 1")
    if not 0 < alpha < 1:
        raise BadValue("--alpha", str(alpha), "must lie strictly between 0 and 1")


def adaptive_ratings(stops: np.ndarray, pairs: list[tuple[int, int]], decided: np.ndarray, systems: int,
                     items: int) -> float | None:
    """Ratings an adaptive campaign over all systems makes until every pair the fixed design decides is
    settled, ÷ the fixed design's ratings. It serves the items in the given order and, on each, rates
    the systems still in an open comparison; a comparison is open until its sequence stops. One order:
    ``stops[p]`` is pair p's stop (0: never)."""
    if not decided.any():
        return None
    stop_or_end = np.where(stops > 0, stops, items)
    until = int(stop_or_end[decided].max())  # every pair the fixed design settles is settled (or the items ran out)
    open_until = np.where(stops > 0, stops, items)  # a pair is open on items 1 … its stop
    last_served = np.zeros(systems, dtype=int)
    for (a, b), end in zip(pairs, open_until):
        last_served[a] = max(last_served[a], end)
        last_served[b] = max(last_served[b], end)
    return float(np.minimum(last_served, until).sum() / (systems * items))


def simulate(folder: str, lp: str, human: str, orders: int = 100, alpha: float = sequences.ALPHA,
             seed: int = 1, progress: Progress = None) -> dict:
    check_options(orders, alpha)
    systems, scores = score_matrix(folder, lp, human)
    n = scores.shape[1]
    pairs = list(itertools.combinations(range(len(systems)), 2))
    rng = np.random.default_rng(seed)
    decided = np.zeros(len(pairs), dtype=bool)
    differences = [scores[a] - scores[b] for a, b in pairs]
    span = float(scores.max() - scores.min()) or 1.0
    for p, (a, b) in enumerate(pairs):
        p_value = scipy_free.paired_t_pvalue(scores[a], scores[b])  # NaN where two systems do not differ at all
        decided[p] = bool(np.isfinite(p_value) and p_value < alpha)
    stops = np.zeros((len(pairs), orders), dtype=int)
    fractions, null_stops, wrong, stopped = [], 0, 0, 0
    chunk = max(1, CELLS_AT_ONCE // n)  # orders looked at together: memory stays bounded however many
    for start in range(0, orders, chunk):
        size = min(chunk, orders - start)
        permutations = np.array([rng.permutation(n) for _ in range(size)])
        for p in range(len(pairs)):
            report(progress, f"pair {p + 1} of {len(pairs)}", (start * len(pairs) + p * size) / (orders * len(pairs)))
            in_order = differences[p][permutations]
            here, sides = sequences.first_stops(sequences.unit_difference(in_order, span), alpha, n)
            stops[p, start:start + size] = here
            if decided[p]:
                fractions.append(np.where(here > 0, here / n, 1.0))
            stopped += int((here > 0).sum())
            wrong += int(((here > 0) & (sides != np.sign(differences[p].mean()))).sum())
            flips = rng.choice([-1.0, 1.0], size=in_order.shape)
            null = sequences.unit_difference(np.clip(_centred(in_order * flips), -span, span), span)
            null_stops += int((sequences.first_stops(null, alpha, n)[0] > 0).sum())
    fractions = np.concatenate(fractions) if fractions else []
    report(progress, "adaptive campaigns", 1.0)
    adaptive = [adaptive_ratings(stops[:, o], pairs, decided, len(systems), n) for o in range(orders)]
    runs = len(pairs) * orders
    return {
        "folder": str(Path(folder)), "lp": lp, "human": human, "systems": systems,
        "pairs": len(pairs), "orders": orders, "items": n, "alpha": alpha, "seed": seed,
        "fixed_test": FIXED_TEST, "fixed_decided": int(decided.sum()),
        "mean_fraction": float(np.mean(fractions)) if len(fractions) else None,
        "median_fraction": float(np.median(fractions)) if len(fractions) else None,
        "sequential_decided": stopped / runs,
        "wrong_direction": wrong / stopped if stopped else 0.0,
        "type_one_error": null_stops / runs,
        "adaptive_fraction": float(np.mean(adaptive)) if decided.any() else None,
        "method": {"sequence": "betting confidence sequence without replacement (Waudby-Smith & Ramdas 2020, 2024), "
                               "on the scale of the scores", "scale": [float(scores.min()), float(scores.max())]},
    }


# ----------------------------------------------------------------------------- the community's questions

QUESTIONS = ("best", "non-inferior", "pairs", "tier")
SEQUENCES = ("betting", "asymptotic")  # what the questions use; what they used before (measured beside it)
FAMILIES = ("campaign", "pair", "closed")  # α for the whole campaign (what the questions do), per pair (before issue
#                                            51), and a closed test on e-values (measured beside it: family.py)


def make_question(kind: str, systems: list[str], delta: float, alpha: float, baseline: str | None = None,
                  candidate: str | None = None, threshold: float | None = None, low: float = 0.0,
                  high: float = 100.0, population: int | None = None, sequence: str = "betting",
                  family: str = "campaign") -> questions.Question:
    """The question ``kind`` over these systems (``lyss study simulate-sequential --question``); ``sequence``
    "asymptotic": the questions as they were before the betting sequence (the asymptotic sequence with its burn-in
    for comparisons, the with-replacement betting sequence for a tier); ``family`` (Best and Pairs): "pair", each
    pair at the α it had before issue 51, "every pair", each at α/m (Best before issue 66), "closed", Pairs decided by a closed test on e-values."""
    before = sequence == "asymptotic"
    scale = {"low": low, "high": high, "population": None if before else population}

    def made(cls):
        extra = {"asymptotic": True} if before else {}
        if family == "pair":
            extra["before"] = True
        if family == "every pair":
            extra["every_pair"] = True
        return type(cls.__name__, (cls,), extra) if extra else cls
    if kind == "best":
        return made(questions.Best)(systems, delta, alpha, **scale)
    if kind == "pairs" and family == "closed":
        return ClosedPairs(systems, delta, alpha, **scale)
    if kind == "pairs":
        return made(questions.Pairs)(systems, delta, alpha, **scale)
    if kind == "non-inferior":
        return made(questions.NonInferior)(baseline, candidate, delta, alpha, **scale)
    if kind == "tier":
        return questions.Tier(candidate, threshold, delta, alpha, **scale)
    raise ValueError(f"question: {kind!r} is not one of {', '.join(QUESTIONS)}")


def _wrong(kind: str, result: dict, truth: dict[str, float], delta: float, q: questions.Question) -> bool:
    """Whether a decided answer is wrong against the means over every item (within the margin δ)."""
    if kind == "best":
        return truth[result["best"]] < max(truth.values()) - delta
    if kind == "non-inferior":
        diff = truth[q.candidate] - truth[q.baseline]
        return {"better": diff <= 0, "at least as good": diff < -delta, "worse": diff >= -delta}[result["decision"]]
    if kind == "pairs":
        for p in result["pairs"]:
            diff = truth[p["a"]] - truth[p["b"]]
            if {"a better": diff <= 0, "b better": diff >= 0, "equal": abs(diff) >= delta,
                    "open": False}[p["decision"]]:
                return True
        return False
    return {"reached": truth[q.system] < q.threshold - delta, "not reached": truth[q.system] >= q.threshold}[
        result["decision"]]


def _centred(x: np.ndarray) -> np.ndarray:
    return x - x.mean(axis=-1, keepdims=True)


def _null_errors(differences: list[np.ndarray], alpha: float, orders: int, rng, span: float,
                 sequence: str = "betting") -> dict:
    """Type I error of the pairwise sequence under two nulls built from the data, each a test set whose mean
    difference is exactly 0 — each pair's differences with random signs, then centred; and centred (its skew
    kept) — served in random orders (without replacement, as a campaign serves them), overall and for the worst
    pair. ``span``: the width of the scores' scale."""
    found = {}
    for name, make in (("sign_flip", lambda d: _centred(d * rng.choice([-1.0, 1.0], size=(orders, len(d))))),
                       ("centred", lambda d: np.broadcast_to(_centred(d), (orders, len(d))))):
        rates = []
        for d in differences:
            x = make(d)
            x = np.take_along_axis(x, np.argsort(rng.random(x.shape), axis=1), axis=1)
            stops = (sequences.asymptotic_first_stops(x, alpha) if sequence == "asymptotic" else
                     sequences.first_stops(sequences.unit_difference(x, span), alpha, len(d)))[0]
            rates.append(float((stops > 0).mean()))
        found[name] = {"overall": float(np.mean(rates)), "worst_pair": float(max(rates))}
    return found


def pairwise_nulls(folder: str, lp: str, human: str, alpha: float = sequences.ALPHA, orders: int = 200,
                   seed: int = 1, sequence: str = "betting") -> dict:
    """The type I error of the questions' pairwise sequence on every pair of a test set, each pair at ``alpha``
    (as :class:`questions.Pairs` and :class:`questions.NonInferior` use it), under both nulls."""
    systems, scores = score_matrix(folder, lp, human)
    differences = [scores[a] - scores[b] for a, b in itertools.combinations(range(len(systems)), 2)]
    return _null_errors(differences, alpha, orders, np.random.default_rng(seed), _span(scores), sequence)


def _span(scores: np.ndarray) -> float:
    """The width of the scale the scores lie on, as far as they show it (their lowest to their highest)."""
    return float(scores.max() - scores.min()) or 1.0


def stress_best(folder: str, lp: str, human: str, delta: float, orders: int = 200, seed: int = 11,
                sequence: str = "betting", family: str = "campaign") -> float:
    """The share of orders in which :class:`questions.Best` names a system more than δ worse than the best, when
    every other system is shifted so that its mean is the best's minus 1.05 δ (each item's pattern kept)."""
    systems, scores = score_matrix(folder, lp, human)
    truth = scores.mean(axis=1)
    best = int(truth.argmax())
    shifted = scores + np.where(np.arange(len(systems)) == best, 0.0, truth[best] - 1.05 * delta - truth)[:, None]
    rng = np.random.default_rng(seed)
    low, high = float(shifted.min()), float(shifted.max())
    wrong = 0
    for _ in range(orders):
        q = make_question("best", systems, delta, sequences.ALPHA, low=low, high=high, population=scores.shape[1],
                          sequence=sequence, family=family)
        for item in rng.permutation(scores.shape[1]):
            if q.decided:
                break
            q.observe({s: float(shifted[k, item]) for k, s in enumerate(systems) if s in q.serving()}, item=item)
        wrong += q.decided and q.result()["best"] != systems[best]
    return wrong / orders


def tier_null_error(values: np.ndarray, delta: float, alpha: float, low: float, high: float, orders: int,
                    rng, sequence: str = "betting") -> float:
    """Type I error of :class:`questions.Tier` with the threshold at the system's true mean (over every item):
    the share of random orders in which it answers "not reached"."""
    threshold = float(values.mean())
    wrong = 0
    for _ in range(orders):
        q = make_question("tier", ["run"], delta, alpha, candidate="run", threshold=threshold, low=low, high=high,
                          population=len(values), sequence=sequence)
        for item in rng.permutation(len(values)):
            if q.decided:
                break
            q.observe({"run": float(values[item])}, item=item)
        wrong += q.result()["decision"] == "not reached"
    return wrong / orders


def simulate_question(folder: str, lp: str, human: str, kind: str, delta: float, orders: int = 200,
                      alpha: float = sequences.ALPHA, seed: int = 1, baseline: str | None = None,
                      candidate: str | None = None, threshold: float | None = None,
                      progress: Progress = None, sequence: str = "betting", family: str = "campaign") -> dict:
    """Replay real ratings item by item in ``orders`` random orders through one question; report the share
    of a fixed design's ratings it used (``fraction``: ratings ÷ systems asked about × items), how often its
    answer was right within δ against every item (``correct``), wrong or still open at the end, and the
    type I error of its pairwise sequence under two nulls."""
    check_options(orders, alpha)
    systems, scores = score_matrix(folder, lp, human)
    low, high = float(scores.min()) + 0.0, float(scores.max()) + 0.0  # (+ 0.0: no -0 in messages)
    if kind in ("non-inferior", "tier"):
        candidate = candidate or systems[-1]
        for option, name in (("--baseline", baseline), ("--candidate", candidate)):
            if name is not None and name not in systems:
                raise BadValue(option, name, f"not a system of this test set ({', '.join(systems)})")
        if kind == "non-inferior":
            baseline = baseline or next(s for s in systems if s != candidate)
    if kind == "tier" and threshold is None:
        raise BadValue("--threshold", "", "a tier question needs the threshold the mean must reach")
    n = scores.shape[1]
    try:
        make_question(kind, systems, delta, alpha, baseline, candidate, threshold, low, high, n, sequence, family)
    except ValueError as exc:
        option, _, problem = str(exc).partition(": ")
        raise BadValue(f"--{option}", "", problem) from None
    index = {s: k for k, s in enumerate(systems)}
    truth = {s: float(scores[index[s]].mean()) for s in systems}
    rng = np.random.default_rng(seed)
    fractions, wrong, right, still_open = [], 0, 0, 0
    for o in range(orders):
        report(progress, f"order {o + 1} of {orders}", o / orders)
        q = make_question(kind, systems, delta, alpha, baseline, candidate, threshold, low, high, n, sequence, family)
        asked = len(q.systems)
        ratings = 0
        for item in rng.permutation(scores.shape[1]):
            served = q.serving()
            if not served:
                break
            ratings += len(served)
            q.observe({s: float(scores[index[s], item]) for s in served}, item=item)
        result = q.result()
        fractions.append(ratings / (asked * scores.shape[1]))
        if not q.decided:
            still_open += 1
        elif _wrong(kind, result, truth, delta, q):
            wrong += 1
        else:
            right += 1
    report(progress, "the nulls", 1.0)
    pairs = ([(baseline, candidate)] if kind == "non-inferior" else [] if kind == "tier" else
             list(itertools.combinations(systems, 2)))
    per_pair = getattr(q, "alpha_per_pair", alpha)  # the α each pair is checked at
    nulls = _null_errors([scores[index[a]] - scores[index[b]] for a, b in pairs], per_pair,
                         min(orders, 200), rng, high - low, sequence) if pairs else {
        "threshold_at_the_mean": {"overall": tier_null_error(scores[index[candidate]], delta, alpha, low, high,
                                                             min(orders, 200), rng, sequence)}}
    return {"folder": str(Path(folder)), "lp": lp, "human": human, "question": kind, "delta": delta,
            "alpha": alpha, "orders": orders, "seed": seed, "systems": systems, "items": int(scores.shape[1]),
            "baseline": baseline, "candidate": candidate, "threshold": threshold,
            "fraction": float(np.mean(fractions)), "fractions": [round(f, 6) for f in fractions],
            "correct": right / orders, "wrong": wrong / orders, "open": still_open / orders,
            "null_type_one_error": nulls, "sequence": sequence, "family": family}
