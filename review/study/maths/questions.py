"""The questions a community asks of its speakers' ratings, each settled as soon as the ratings allow — within
a margin δ that the community sets (a difference smaller than δ does not matter to it):

- :class:`Best` — which system should we deploy? The best one, or one no other beats by more than δ;
- :class:`NonInferior` — is the new system at least as good as the one we use (at most δ worse)?
- :class:`Pairs` — for every pair of systems: which is better, or are they equal within δ?
- :class:`Tier` — does this system's mean score reach the tier's threshold (within δ below it)?

One protocol, item by item, for the adaptive campaign, the study and the simulation alike::

    q = Best(["sysA", "sysB", "sysC"], delta=8.0, alpha=0.05)
    while not q.decided:
        q.observe({name: score_of(name, item) for name in q.serving()})   # exactly the systems served
    q.result()

Comparisons use the asymptotic confidence sequence of ``review.study.maths.sequences`` (Waudby-Smith et al. 2021,
Thm 2.2) on the paired differences of the systems served together, with its running intersection; as its
validity is asymptotic, nothing is decided before :data:`BURN_IN` items. :class:`Best` eliminates a system
once another is surely better (successive elimination) at α/(K−1) per pair — the K−1 pairs of the best
system share α — and stops once no system left is more than δ better than the leader. :class:`Tier` maps
the scores to [0, 1] by the scale's ``low``/``high`` and uses the betting sequence (valid from the first
item, exact for bounded scores). A decision uses only the items observed so far, never a later one.
"""

from __future__ import annotations

import copy
import itertools
import math

import numpy as np

from . import sequences

BURN_IN = 60  # items before a comparison may settle: measured (docs/metrics.md, "Choosing the burn-in")


def _number(name: str, value) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"{name}: {value!r} is not a finite number")
    return float(value)


def _check(delta, alpha) -> tuple[float, float]:
    delta = _number("delta", delta)
    alpha = _number("alpha", alpha)
    if delta <= 0:
        raise ValueError(f"delta: {delta:g} must be above 0 (the smallest difference that matters)")
    if not 0 < alpha < 1:
        raise ValueError(f"alpha: {alpha:g} must lie strictly between 0 and 1")
    return delta, alpha


class _Difference:
    """The confidence sequence of one pair's paired differences (a − b), fed one item at a time: the running
    sums and the running intersection of its intervals from the burn-in on."""

    def __init__(self, alpha: float):
        self.alpha, self.n, self.total, self.squares = alpha, 0, 0.0, 0.0
        self.low, self.high = -math.inf, math.inf

    def add(self, difference: float) -> None:
        self.n += 1
        self.total += difference
        self.squares += difference * difference
        if self.n >= BURN_IN:
            mean = self.total / self.n
            r = float(sequences.radius(self.n, max(self.squares / self.n - mean * mean, 0.0), self.alpha))
            self.low, self.high = max(self.low, mean - r), min(self.high, mean + r)

    @property
    def mean(self) -> float | None:
        return self.total / self.n if self.n else None

    def interval(self) -> list[float] | None:
        return None if self.n < BURN_IN else [self.low, self.high]


class Question:
    """What every question does: serve systems, observe one item's scores for exactly those, decide."""

    def __init__(self, systems: list[str], alpha: float):
        if len(set(systems)) != len(systems) or not all(isinstance(s, str) and s for s in systems):
            raise ValueError("systems: give distinct names")
        self.systems, self.alpha, self.items = list(systems), alpha, 0

    @property
    def decided(self) -> bool:
        raise NotImplementedError

    def serving(self) -> list[str]:
        raise NotImplementedError

    def result(self) -> dict:
        raise NotImplementedError

    def observe(self, scores: dict) -> None:
        """One new item's scores, exactly for the systems served (refused otherwise, and after the decision)."""
        if self.decided:
            raise ValueError("observe: the question is decided: no more scores are taken")
        if not isinstance(scores, dict):
            raise ValueError("observe: give a dict of system → score")
        served = self.serving()
        if set(scores) != set(served):
            extra, missing = sorted(set(scores) - set(served)), sorted(set(served) - set(scores))
            raise ValueError("observe: " + "; ".join(
                [*([f"not served: {', '.join(map(str, extra))}"] if extra else []),
                 *([f"missing: {', '.join(missing)}"] if missing else [])]))
        values = {name: _number(f"score of {name}", scores[name]) for name in served}
        self.items += 1
        self._observe(values)

    def _observe(self, values: dict[str, float]) -> None:
        raise NotImplementedError


class _Systems(Question):
    """A question over two systems or more, with a confidence sequence for each pair."""

    def __init__(self, systems: list[str], delta: float, alpha: float):
        super().__init__(systems, alpha)
        if len(self.systems) < 2:
            raise ValueError(f"systems: {type(self).__name__} needs two systems or more")
        self.delta = delta

    def _pairs(self, alpha: float) -> None:
        self.pairs = {(a, b): _Difference(alpha) for a, b in itertools.combinations(self.systems, 2)}


class Best(_Systems):
    """Which system to deploy: the best, where a difference under ``delta`` does not matter."""

    def __init__(self, systems: list[str], delta: float, alpha: float = sequences.ALPHA):
        super().__init__(systems, *_check(delta, alpha))
        self._pairs(self.alpha / (len(self.systems) - 1))  # the best system's K − 1 pairs share alpha
        self.active = list(self.systems)
        self.sums = dict.fromkeys(self.systems, 0.0)
        self._leader: str | None = None

    def _pair(self, a: str, b: str) -> tuple[_Difference, int]:
        """The sequence of a − b (sign +1) or of b − a (sign −1), as stored."""
        return (self.pairs[(a, b)], 1) if (a, b) in self.pairs else (self.pairs[(b, a)], -1)

    def _bounds(self, a: str, b: str) -> tuple[float, float]:
        """The interval of a − b."""
        pair, sign = self._pair(a, b)
        return (pair.low, pair.high) if sign > 0 else (-pair.high, -pair.low)

    def _observe(self, values: dict[str, float]) -> None:
        for a, b in itertools.combinations(self.active, 2):
            pair, sign = self._pair(a, b)
            pair.add(sign * (values[a] - values[b]))
        for name in self.active:
            self.sums[name] += values[name]
        self.active = [b for b in self.active if not any(self._bounds(a, b)[0] > 0 for a in self.active if a != b)]
        leader = max(self.active, key=lambda s: (self.sums[s], s))
        if all(self._bounds(b, leader)[1] <= self.delta for b in self.active if b != leader):
            self._leader = leader

    @property
    def decided(self) -> bool:
        return self._leader is not None

    def serving(self) -> list[str]:
        return [] if self.decided else list(self.active)

    def result(self) -> dict:
        leader = self._leader or max(self.active, key=lambda s: (self.sums[s], s))
        return {"best": leader if self.decided else None, "leading": leader,
                "tied_within_delta": sorted(s for s in self.active if s != leader) if self.decided else [],
                "still_in": sorted(self.active), "items": self.items, "decided": self.decided,
                "delta": self.delta, "alpha": self.alpha}


class NonInferior(Question):
    """Is ``candidate`` at least as good as ``baseline`` (at most ``delta`` worse)? "better", "at least as good",
    "worse" or "open", from the interval of candidate − baseline."""

    def __init__(self, baseline: str, candidate: str, delta: float, alpha: float = sequences.ALPHA):
        delta, alpha = _check(delta, alpha)
        super().__init__([baseline, candidate], alpha)
        self.baseline, self.candidate, self.delta = baseline, candidate, delta
        self.difference = _Difference(alpha)
        self.decision = "open"

    def _observe(self, values: dict[str, float]) -> None:
        self.difference.add(values[self.candidate] - values[self.baseline])
        low, high = self.difference.low, self.difference.high
        if low > -self.delta:
            self.decision = "better" if low > 0 else "at least as good"
        elif high < -self.delta:
            self.decision = "worse"

    @property
    def decided(self) -> bool:
        return self.decision != "open"

    def serving(self) -> list[str]:
        return [] if self.decided else [self.baseline, self.candidate]

    def result(self) -> dict:
        return {"decision": self.decision, "interval": self.difference.interval(), "items": self.items,
                "mean_difference": self.difference.mean, "delta": self.delta, "alpha": self.alpha}


class Pairs(_Systems):
    """Every pair: "a better", "b better", "equal" (the whole interval within ±``delta``) or "open", each pair at
    ``alpha``; a system stops being served once every pair it is in is settled."""

    def __init__(self, systems: list[str], delta: float, alpha: float = sequences.ALPHA):
        super().__init__(systems, *_check(delta, alpha))
        self._pairs(self.alpha)
        self.decisions = dict.fromkeys(self.pairs, "open")

    def _observe(self, values: dict[str, float]) -> None:
        for (a, b), pair in self.pairs.items():
            if self.decisions[(a, b)] != "open":
                continue
            pair.add(values[a] - values[b])
            if pair.low > 0:
                self.decisions[(a, b)] = "a better"
            elif pair.high < 0:
                self.decisions[(a, b)] = "b better"
            elif -self.delta < pair.low and pair.high < self.delta:
                self.decisions[(a, b)] = "equal"

    @property
    def decided(self) -> bool:
        return all(d != "open" for d in self.decisions.values())

    def serving(self) -> list[str]:
        wanted = {s for pair, d in self.decisions.items() if d == "open" for s in pair}
        return [s for s in self.systems if s in wanted]

    def result(self) -> dict:
        return {"pairs": [{"a": a, "b": b, "decision": self.decisions[(a, b)], "interval": pair.interval(),
                           "items": pair.n} for (a, b), pair in self.pairs.items()],
                "items": self.items, "decided": self.decided, "delta": self.delta, "alpha": self.alpha}


class Tier(Question):
    """Does ``system``'s mean score reach ``threshold``? "reached" once the mean is surely above
    ``threshold − delta``, "not reached" once surely below ``threshold``, else "open" (scores on the scale
    [``low``, ``high``])."""

    def __init__(self, system: str, threshold: float, delta: float, alpha: float = sequences.ALPHA,
                 low: float = 0.0, high: float = 100.0):
        delta, alpha = _check(delta, alpha)
        low, high, threshold = _number("low", low), _number("high", high), _number("threshold", threshold)
        if low >= high:
            raise ValueError(f"low: {low:g} must be below high ({high:g})")
        if not low < threshold <= high or threshold - delta < low:
            raise ValueError(f"threshold: {threshold:g} must lie on the scale ({low:g}, {high:g}], at least delta "
                             f"above its low end")
        super().__init__([system], alpha)
        self.system, self.threshold, self.delta, self.low, self.high = system, threshold, delta, low, high
        self.values: list[float] = []
        self.decision = "open"

    def _unit(self, value: float) -> float:
        return (value - self.low) / (self.high - self.low)

    def _observe(self, values: dict[str, float]) -> None:
        value = values[self.system]
        if not self.low <= value <= self.high:
            raise ValueError(f"score of {self.system}: {value:g} lies outside the scale [{self.low:g}, {self.high:g}]")
        self.values.append(self._unit(value))
        x = np.asarray(self.values)
        lower, upper = self._unit(self.threshold - self.delta), self._unit(self.threshold)
        rejected = sequences.log_capital(x, np.array([lower, upper]), self.alpha)[:, -1] >= math.log(1 / self.alpha)
        if rejected[0] and x.mean() > lower:
            self.decision = "reached"
        elif rejected[1] and x.mean() < upper:
            self.decision = "not reached"

    @property
    def decided(self) -> bool:
        return self.decision != "open"

    def serving(self) -> list[str]:
        return [] if self.decided else [self.system]

    def interval(self) -> list[float] | None:
        if not self.values:
            return None
        low, high = sequences.share_interval(self.values, self.alpha)
        scale = self.high - self.low
        return [self.low + low * scale, self.low + high * scale]

    def result(self) -> dict:
        mean = self.low + float(np.mean(self.values)) * (self.high - self.low) if self.values else None
        return {"decision": self.decision, "interval": self.interval(), "mean": mean, "items": self.items,
                "threshold": self.threshold, "delta": self.delta, "alpha": self.alpha}


FORECAST_RUNS = 100    # replays behind a forecast (the app recomputes it on every look: under a second for 12 systems)
FORECAST_FROM = BURN_IN  # before the burn-in, replays of so few items miss the rare large errors (too sure)


def forecast(question: Question, observed: list[dict[str, float]], items_left: int, runs: int = FORECAST_RUNS,
             seed: int = 0) -> dict:
    """How many more items (and ratings) the question needs, if the items still to come are like the ones rated
    so far: ``runs`` replays continue a copy of the question on items drawn at random from ``observed`` (each the
    scores of one item, as fed to :meth:`Question.observe`) until it is decided or ``items_left`` run out.

    A range, not a point: the 10th, 50th and 90th percentile of the items each replay needed (``None`` where
    more replays than that ran out of items), and the share of replays decided within the campaign. A plug-in
    estimate (the items at which the present gap would clear the boundary) swings with every early answer; the
    replays average over what the next answers may be. Seeded: the same answers give the same forecast."""
    if question.decided:
        return {"items": [0, 0, 0], "ratings": [0, 0, 0], "decided_in_campaign": 1.0, "runs": 0}
    if len(observed) < FORECAST_FROM:
        return {"items": None, "ratings": None, "decided_in_campaign": None, "runs": 0,
                "note": f"a forecast from {FORECAST_FROM} answered segments on; {len(observed)} so far"}
    rng = np.random.default_rng(seed)
    items, ratings, decided = [], [], 0
    for _ in range(runs):
        q, used, rated = copy.deepcopy(question), 0, 0
        for pick in rng.integers(len(observed), size=items_left):
            served = q.serving()
            if not served:
                break
            q.observe({name: observed[pick][name] for name in served})
            used, rated = used + 1, rated + len(served)
        decided += q.decided
        items.append(used if q.decided else math.inf)
        ratings.append(rated if q.decided else math.inf)

    def percentiles(values: list[float]) -> list[int | None]:
        found = np.percentile(values, [10, 50, 90], method="inverted_cdf")
        return [int(v) if math.isfinite(v) else None for v in found]
    return {"items": percentiles(items), "ratings": percentiles(ratings), "decided_in_campaign": decided / runs,
            "runs": runs}


def scale_of(task) -> tuple[float, float]:
    """The lowest and highest value of a task's quality question (its options, else 0–100)."""
    question = next(q for q in task.questions if q["id"] == task.quality_question())
    values = [o["value"] for o in question.get("options", []) if isinstance(o.get("value"), (int, float))]
    return (float(min(values)), float(max(values))) if values else (0.0, 100.0)


def from_settings(settings: dict, run_ids: list[str], task) -> Question | None:
    """The question an adaptive campaign asks (its settings' ``question``: kind, delta, baseline, threshold),
    over its runs' ids, on its task's scale; ``None`` for a campaign that settles every pair and tier."""
    asked = settings.get("question")
    if not asked:
        return None
    alpha = settings.get("alpha", sequences.ALPHA)
    if asked["kind"] == "tier":
        low, high = scale_of(task)
        return Tier(run_ids[0], asked["threshold"], asked["delta"], alpha, low, high)
    if asked["kind"] == "non-inferior":
        candidate = next(r for r in run_ids if r != asked["baseline"])
        return NonInferior(asked["baseline"], candidate, asked["delta"], alpha)
    return {"best": Best, "pairs": Pairs}[asked["kind"]](run_ids, asked["delta"], alpha)


__all__ = ["Best", "NonInferior", "Pairs", "Tier", "Question", "BURN_IN", "forecast", "from_settings", "scale_of"]
