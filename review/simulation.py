"""The simulation that measures the sequential comparisons on real ratings (``lyss study
simulate-sequential``): how many ratings they save against the fixed design, how often they are wrong,
and how often they stop when there is nothing to find.

For every pair of systems and each of ``orders`` random item orders the comparison of
``review.sequential`` looks after every item. The fixed design rates every item and decides with a
**paired t-test** (``scipy.stats.ttest_rel``) at the same α. The true null is made from the data itself:
the paired differences with their signs flipped at random (systems that cannot be told apart).
"""

from __future__ import annotations

import itertools
import warnings
from pathlib import Path

import numpy as np
from scipy import stats as scipy_stats

from scoring.errors import BadValue, FileProblem
from scoring.progress import Progress, report

from . import sequential
from .interop import human_scores_file, read_scores

FIXED_TEST = "paired t-test (scipy.stats.ttest_rel), two-sided"
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
    if len(kept) <= sequential.BURN_IN:
        raise FileProblem(str(path), "", f"{len(kept)} items rated for every system: too few to compare "
                                         f"(more than {sequential.BURN_IN} needed)")
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


def simulate(folder: str, lp: str, human: str, orders: int = 100, alpha: float = sequential.ALPHA,
             seed: int = 1, progress: Progress = None) -> dict:
    check_options(orders, alpha)
    systems, scores = score_matrix(folder, lp, human)
    n = scores.shape[1]
    pairs = list(itertools.combinations(range(len(systems)), 2))
    rng = np.random.default_rng(seed)
    decided = np.zeros(len(pairs), dtype=bool)
    differences = [scores[a] - scores[b] for a, b in pairs]
    for p, (a, b) in enumerate(pairs):
        with np.errstate(invalid="ignore", divide="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # systems that differ by a constant: no variance
            p_value = scipy_stats.ttest_rel(scores[a], scores[b]).pvalue
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
            here, sides = sequential.first_stops(in_order, alpha)
            stops[p, start:start + size] = here
            if decided[p]:
                fractions.append(np.where(here > 0, here / n, 1.0))
            stopped += int((here > 0).sum())
            wrong += int(((here > 0) & (sides != np.sign(differences[p].mean()))).sum())
            flips = rng.choice([-1.0, 1.0], size=in_order.shape)
            null_stops += int((sequential.first_stops(in_order * flips, alpha)[0] > 0).sum())
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
        "method": {"sequence": "asymptotic confidence sequence (Waudby-Smith et al. 2021, Thm 2.2, two-sided)",
                   "burn_in": sequential.BURN_IN, "optimised_at": sequential.OPTIMISED_AT},
    }
