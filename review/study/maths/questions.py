"""The questions a community asks of its speakers' ratings, each settled as soon as the ratings allow — within
a margin δ that the community sets (a difference smaller than δ does not matter to it):

- :class:`Best` — which system should we deploy? The best one, or one no other beats by more than δ;
- :class:`NonInferior` — is the new system at least as good as the one we use (at most δ worse)?
- :class:`Pairs` — for every pair of systems: which is better, or are they equal within δ?
- :class:`Tier` — does this system's mean score (or share of accepted items) reach the threshold?

Every campaign is decided by these objects: one that asks no question of its own asks :class:`Pairs` and a
:class:`Tier` for each run (``review.study.decisions``). One protocol, item by item, for the campaign, the study
and the simulation alike::

    q = Best(["sysA", "sysB", "sysC"], delta=8.0, low=0, high=100, population=207)
    while not q.decided:
        q.observe({name: score_of(name, item) for name in q.serving()}, item=item)   # exactly the systems served
    q.result()          # a dict; review.study.verdicts.of(q.result()) says it in words

Scores lie on the task's scale [``low``, ``high``], so a difference of two lies in a known range: every interval
is a **betting** confidence sequence (``review.study.maths.sequences``), valid from the first item with no
approximation and no burn-in; with ``population`` (the number of segments the campaign holds) it is the
sequence for sampling without replacement, about the mean over those segments. A question over several pairs of
systems (:class:`Pairs`, :class:`Best`) holds α for the **whole campaign**: each of its m = K(K−1)/2 pairs at α/m
(Bonferroni), so that the chance of *any* wrong "better" (or "within δ") among all its verdicts is at most α —
measured against a closed test on e-values in ``make bench``. :class:`Best` eliminates a system once another is
surely better (successive elimination) and stops once no system left is more than δ better than the leader. An item
is observed once: the same item twice is refused. A decision uses only the items observed so far, never a later one.
"""

from __future__ import annotations

import copy
import itertools
import math
import numbers

import numpy as np

from . import sequences

DEFAULT_SCALE = (0.0, 100.0)


def _number(name: str, value) -> float:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise ValueError(f"{name}: {value!r} is not a finite number")
    return float(value)


def _check(delta, alpha, low, high, zero_delta: bool = False) -> tuple[float, float, float, float]:
    delta, alpha = _number("delta", delta), _number("alpha", alpha)
    low, high = _number("low", low), _number("high", high)
    if delta < 0 or (delta == 0 and not zero_delta):
        raise ValueError(f"delta: {delta:g} must be above 0 (the smallest difference that matters)")
    if not 0 < alpha < 1:
        raise ValueError(f"alpha: {alpha:g} must lie strictly between 0 and 1")
    if low >= high:
        raise ValueError(f"low: {low:g} must be below high ({high:g})")
    if delta >= high - low:
        raise ValueError(f"delta: {delta:g} must be smaller than the scale ({low:g} to {high:g})")
    return delta, alpha, low, high


def _population(population) -> int | None:
    if population is None:
        return None
    if isinstance(population, bool) or not isinstance(population, numbers.Integral) or population < 1:
        raise ValueError(f"population: {population!r} must be a whole number of items, at least 1")
    return int(population)


class _Difference:
    """The betting sequence of one pair's differences (a − b), fed one item at a time, with the tests a decision
    reads: is the difference surely above or below −δ, 0 and δ? (``asymptotic``: the sequence used before, on the
    raw differences, kept to be measured beside it.)"""

    def __init__(self, alpha: float, span: float, delta: float, population: int | None, asymptotic: bool = False):
        self.span, self.asymptotic = span, asymptotic
        kind = sequences.Asymptotic if asymptotic else sequences.Bounded
        self.stream = kind([self._unit(v) for v in (-delta, 0.0, delta)], alpha, population)

    def _unit(self, difference: float) -> float:
        return difference if self.asymptotic else float(sequences.unit_difference(difference, self.span))

    def _raw(self, unit: float) -> float:
        return unit if self.asymptotic else unit * 2 * self.span - self.span

    def add(self, difference: float) -> None:
        self.stream.add(self._unit(difference))

    def above(self, value: float) -> bool:
        return self.stream.above(self._unit(value))

    def below(self, value: float) -> bool:
        return self.stream.below(self._unit(value))

    @property
    def n(self) -> int:
        return self.stream.n

    @property
    def mean(self) -> float | None:
        return None if not self.n else self._raw(self.stream.mean)

    def interval(self) -> list[float] | None:
        found = self.stream.interval()
        return None if found is None else [self._raw(v) for v in found]


class Question:
    """What every question does: serve systems, observe one item's scores for exactly those, decide."""

    def __init__(self, systems: list[str], alpha: float, low: float, high: float, population: int | None):
        if len(set(systems)) != len(systems) or not all(isinstance(s, str) and s for s in systems):
            raise ValueError("systems: give distinct names")
        self.systems, self.alpha, self.low, self.high = list(systems), alpha, low, high
        self.population = _population(population)
        self.items, self.seen = 0, set()
        self._spelled: dict[str, object] = {}  # each item id as text → the id (7 and "7" are refused as one)
        self.decided_after: int | None = None

    @property
    def decided(self) -> bool:
        raise NotImplementedError

    def serving(self) -> list[str]:
        raise NotImplementedError

    def result(self) -> dict:
        raise NotImplementedError

    def observe(self, scores: dict, *, item) -> None:
        """One new item's scores, exactly for the systems served (refused otherwise, for an item observed before —
        by the same id, or the same id as text and as a number —, for a score off the scale, and after the
        decision)."""
        if self.decided:
            raise ValueError("observe: the question is decided: no more scores are taken")
        if not isinstance(scores, dict):
            raise ValueError("observe: give a dict of system → score")
        self._check_item(item)
        served = self.serving()
        if set(scores) != set(served):
            extra, missing = sorted(set(scores) - set(served)), sorted(set(served) - set(scores))
            raise ValueError("observe: " + "; ".join(
                [*([f"not served: {', '.join(map(str, extra))}"] if extra else []),
                 *([f"missing: {', '.join(missing)}"] if missing else [])]))
        values = {name: _number(f"score of {name}", scores[name]) for name in served}
        for name, value in values.items():
            if not self.low <= value <= self.high:
                raise ValueError(f"score of {name}: {value:g} lies outside the scale [{self.low:g}, {self.high:g}]")
        if self.population is not None and self.items >= self.population:
            raise ValueError(f"observe: more items than the {self.population} the question was given")
        self.seen.add(item)
        self._spelled[str(item)] = item
        self.items += 1
        self._observe(values)
        if self.decided and self.decided_after is None:
            self.decided_after = self.items

    def _check_item(self, item) -> None:
        """An item is named by a hashable id, given the same way each time: 7 and "7" are one item misnamed."""
        if item is None:
            raise ValueError("observe: item None: give each item an id (its segment's, for example)")
        try:
            hash(item)
        except TypeError:
            raise ValueError(f"observe: item {item!r} is a {type(item).__name__}, not an id: give a name, a "
                             f"number or a tuple of them") from None
        if item in self.seen:
            raise ValueError(f"observe: item {item!r} was observed already: each item counts once")
        if str(item) in self._spelled:
            earlier = self._spelled[str(item)]
            raise ValueError(f"observe: item {item!r} was observed already as {earlier!r}: give an item the same id "
                             f"each time (text or number, not both)")

    def _observe(self, values: dict[str, float]) -> None:
        raise NotImplementedError

    def _common(self) -> dict:
        return {"kind": type(self).__name__, "items": self.items, "decided": self.decided, "alpha": self.alpha,
                "decided_after": self.decided_after,
                "scale": [self.low, self.high], "population": self.population}


def per_pair(alpha: float, systems: int) -> float:
    """The α each pair of ``systems`` is checked at so that any wrong verdict among all pairs has chance ≤ ``alpha``
    (Bonferroni over the K(K−1)/2 pairs; ``make bench`` measures a closed test on e-values beside it)."""
    return alpha / max(1, systems * (systems - 1) // 2)


def best_pair(alpha: float, systems: int) -> float:
    """The α each pair is checked at by :class:`Best`: the truly best run's K − 1 pairs share ``alpha``."""
    return alpha / max(1, systems - 1)


class _Systems(Question):
    """A question over two systems or more, with a confidence sequence for each pair."""

    asymptotic = False  # True (a subclass of the simulation's): the sequence used before, measured beside

    def __init__(self, systems, delta, alpha, low, high, population):
        delta, alpha, low, high = _check(delta, alpha, low, high)
        super().__init__(systems, alpha, low, high, population)
        if len(self.systems) < 2:
            raise ValueError(f"systems: {type(self).__name__} needs two systems or more")
        self.delta = delta

    before = False  # True (a subclass of the simulation's): each pair at the α it had before issue 51, measured beside
    every_pair = False  # True (a subclass of the simulation's): each pair at α/m whatever the question needs (Best as
    #                     it was before issue 66), measured beside

    def _pairs(self) -> None:
        """A sequence for each pair, each at the α the question's claim needs (:meth:`_needed`)."""
        self.alpha_per_pair = self._before() if self.before else per_pair(self.alpha, len(self.systems)) \
            if self.every_pair else self._needed()
        self.pairs = {(a, b): _Difference(self.alpha_per_pair, self.high - self.low, self.delta, self.population,
                                          self.asymptotic)
                      for a, b in itertools.combinations(self.systems, 2)}

    def _needed(self) -> float:
        """The α each pair is checked at: α/m, the m = K(K−1)/2 pairs sharing the campaign's α (:func:`per_pair`)."""
        return per_pair(self.alpha, len(self.systems))

    def _common(self) -> dict:
        return {**super()._common(), "alpha_per_pair": self.alpha_per_pair, "pairs_checked": len(self.pairs)}


class Best(_Systems):
    """Which system to deploy: the best, where a difference under ``delta`` does not matter."""

    def __init__(self, systems: list[str], delta: float, alpha: float = sequences.ALPHA, *,
                 low: float = DEFAULT_SCALE[0], high: float = DEFAULT_SCALE[1], population: int | None = None):
        super().__init__(systems, delta, alpha, low, high, population)
        self._pairs()
        self.active = list(self.systems)
        self.sums = dict.fromkeys(self.systems, 0.0)
        self._leader: str | None = None
        self.eliminated: dict[str, dict] = {}  # system → the system surely better than it, and after how many items

    def _before(self) -> float:
        return self.alpha / (len(self.systems) - 1)  # the best system's K − 1 pairs shared α

    def _needed(self) -> float:
        """α/(K−1) (issue 66): Best's claim is wrong only when the truly best run was eliminated or is more than δ
        better than the run named — each a miscovering of one of the K − 1 sequences of the truly best run's pairs;
        whichever run that is, its K − 1 pairs at α/(K−1) each miss with chance at most α in all. (A line on two
        other runs rests on its own pair alone, at α/(K−1): said so.)"""
        return best_pair(self.alpha, len(self.systems))

    def _pair(self, a: str, b: str) -> tuple[_Difference, int]:
        """The sequence of a − b (sign +1) or of b − a (sign −1), as stored."""
        return (self.pairs[(a, b)], 1) if (a, b) in self.pairs else (self.pairs[(b, a)], -1)

    def _surely(self, a: str, b: str, side: str, value: float) -> bool:
        """Whether a − b is surely above (``side`` "above") or below ``value``."""
        pair, sign = self._pair(a, b)
        if sign > 0:
            return getattr(pair, side)(value)
        return getattr(pair, "below" if side == "above" else "above")(-value)

    def _observe(self, values: dict[str, float]) -> None:
        for a, b in itertools.combinations(self.active, 2):
            pair, sign = self._pair(a, b)
            pair.add(sign * (values[a] - values[b]))
        for name in self.active:
            self.sums[name] += values[name]
        for b in list(self.active):
            by = next((a for a in self.active if a != b and self._surely(a, b, "above", 0.0)), None)
            if by is not None:
                self.eliminated[b] = {"by": by, "after": self.items}
        self.active = [b for b in self.active if b not in self.eliminated]
        leader = self.leading()
        if all(self._surely(b, leader, "below", self.delta) for b in self.active if b != leader):
            self._leader = leader

    def leading(self) -> str:
        """The system left with the highest mean so far (ties: the later name)."""
        return max(self.active, key=lambda s: (self.sums[s] / max(self.items, 1), s))

    @property
    def decided(self) -> bool:
        return self._leader is not None

    def serving(self) -> list[str]:
        return [] if self.decided else list(self.active)

    def _difference(self, a: str, b: str) -> dict:
        pair, sign = self._pair(a, b)
        found = pair.interval()
        return {"a": a, "b": b, "mean_difference": None if pair.mean is None else sign * pair.mean,
                "interval": None if found is None else sorted(sign * v for v in found), "items": pair.n}

    def result(self) -> dict:
        """``best`` once decided (no system left is more than δ better), the ``leading`` one, the systems ``still_in``,
        each one ``eliminated`` and by which, every pair's interval (``pairs``: a − b as stored; ``against_leader``: the
        leader − each system still in)."""
        leader = self._leader or self.leading()
        return {**self._common(), "best": leader if self.decided else None, "leading": leader,
                "still_in": sorted(self.active), "eliminated": dict(sorted(self.eliminated.items())),
                "against_leader": [self._difference(leader, s) for s in sorted(self.active) if s != leader],
                "pairs": [self._difference(a, b) for a, b in self.pairs], "delta": self.delta}


class NonInferior(Question):
    """Is ``candidate`` at least as good as ``baseline`` (at most ``delta`` worse)? "better", "at least as good",
    "worse" or "open", from the interval of candidate − baseline."""

    asymptotic = False

    def __init__(self, baseline: str, candidate: str, delta: float, alpha: float = sequences.ALPHA, *,
                 low: float = DEFAULT_SCALE[0], high: float = DEFAULT_SCALE[1], population: int | None = None):
        delta, alpha, low, high = _check(delta, alpha, low, high)
        super().__init__([baseline, candidate], alpha, low, high, population)
        self.baseline, self.candidate, self.delta = baseline, candidate, delta
        self.difference = _Difference(alpha, high - low, delta, self.population, self.asymptotic)
        self.decision = "open"

    def _observe(self, values: dict[str, float]) -> None:
        self.difference.add(values[self.candidate] - values[self.baseline])
        if self.difference.above(-self.delta):
            self.decision = "better" if self.difference.above(0.0) else "at least as good"
        elif self.difference.below(-self.delta):
            self.decision = "worse"

    @property
    def decided(self) -> bool:
        return self.decision != "open"

    def serving(self) -> list[str]:
        return [] if self.decided else [self.baseline, self.candidate]

    def result(self) -> dict:
        return {**self._common(), "decision": self.decision, "baseline": self.baseline, "candidate": self.candidate,
                "interval": self.difference.interval(), "mean_difference": self.difference.mean,
                "delta": self.delta}


class Pairs(_Systems):
    """Every pair: "a better", "b better", "equal" (the whole interval within ±``delta``) or "open", the pairs
    sharing ``alpha`` (any wrong verdict among them at most that often); a system stops being served once every
    pair it is in is settled."""

    def __init__(self, systems: list[str], delta: float, alpha: float = sequences.ALPHA, *,
                 low: float = DEFAULT_SCALE[0], high: float = DEFAULT_SCALE[1], population: int | None = None):
        super().__init__(systems, delta, alpha, low, high, population)
        self._pairs()
        self.decisions = dict.fromkeys(self.pairs, "open")
        self.settled_after: dict = {}

    def _observe(self, values: dict[str, float]) -> None:
        for (a, b), pair in self.pairs.items():
            if self.decisions[(a, b)] != "open":
                continue
            pair.add(values[a] - values[b])
            if pair.above(0.0):
                self.decisions[(a, b)] = "a better"
            elif pair.below(0.0):
                self.decisions[(a, b)] = "b better"
            elif pair.above(-self.delta) and pair.below(self.delta):
                self.decisions[(a, b)] = "equal"
            if self.decisions[(a, b)] != "open":
                self.settled_after[(a, b)] = pair.n

    def _before(self) -> float:
        return self.alpha  # each pair at α: the campaign's risk grew with its pairs

    @property
    def decided(self) -> bool:
        return all(d != "open" for d in self.decisions.values())

    def serving(self) -> list[str]:
        wanted = {s for pair, d in self.decisions.items() if d == "open" for s in pair}
        return [s for s in self.systems if s in wanted]

    def result(self) -> dict:
        return {**self._common(), "pairs": [
            {"a": a, "b": b, "decision": self.decisions[(a, b)], "interval": pair.interval(),
             "mean_difference": pair.mean, "items": pair.n, "decided_after": self.settled_after.get((a, b))}
            for (a, b), pair in self.pairs.items()],
            "delta": self.delta}


class Tier(Question):
    """Does ``system``'s mean score reach ``threshold``? "reached" once the mean is surely above
    ``threshold − delta``, "not reached" once surely below ``threshold``, else "open" (scores on the scale
    [``low``, ``high``]). ``share=True``: the scores are 1 for an accepted item and 0 otherwise (the tier rule of
    spec §5), and ``delta`` may be 0 — the rule exactly, which only a whole campaign may settle for a share on the
    threshold itself."""

    def __init__(self, system: str, threshold: float, delta: float, alpha: float = sequences.ALPHA, *,
                 low: float = DEFAULT_SCALE[0], high: float = DEFAULT_SCALE[1], population: int | None = None,
                 share: bool = False):
        delta, alpha, low, high = _check(delta, alpha, low, high, zero_delta=True)
        threshold = _number("threshold", threshold)
        if not low < threshold <= high or threshold - delta < low:
            raise ValueError(f"threshold: {threshold:g} must lie on the scale ({low:g}, {high:g}], at least delta "
                             f"above its low end")
        super().__init__([system], alpha, low, high, population)
        self.system, self.threshold, self.delta, self.share = system, threshold, delta, share
        self.stream = sequences.Bounded([self._unit(threshold - delta), self._unit(threshold)], alpha,
                                        self.population)
        self.decision = "open"

    def _unit(self, value: float) -> float:
        return (value - self.low) / (self.high - self.low)

    def _observe(self, values: dict[str, float]) -> None:
        self.stream.add(self._unit(values[self.system]))
        if self.stream.above(self._unit(self.threshold - self.delta)) or self.exactly:
            self.decision = "reached"  # exactly at the threshold, every item rated: the rule says "at least"
        elif self.stream.below(self._unit(self.threshold)):
            self.decision = "not reached"

    @property
    def exactly(self) -> bool:
        """Every item of the population rated, and its mean exactly the threshold (less the margin)."""
        return self.stream.at(self._unit(self.threshold - self.delta))

    @property
    def decided(self) -> bool:
        return self.decision != "open"

    def serving(self) -> list[str]:
        return [] if self.decided else [self.system]

    def interval(self) -> list[float] | None:
        found = self.stream.interval()
        scale = self.high - self.low
        return None if found is None else [self.low + v * scale for v in found]

    def result(self) -> dict:
        mean = None if self.stream.mean is None else self.low + self.stream.mean * (self.high - self.low)
        return {**self._common(), "decision": self.decision, "system": self.system, "interval": self.interval(),
                "mean": mean, "threshold": self.threshold, "delta": self.delta, "share": self.share,
                "complete": self.stream.complete, "exactly": self.exactly}


FORECAST_RUNS = 100  # replays behind a forecast (the app recomputes it on every look: under a second for 12 systems)
FORECAST_FROM = 60   # answered segments before a forecast: replays of fewer miss the rare large errors (too sure);
#                      a campaign of fewer than twice as many forecasts from half its segments


def forecast(question: Question, observed: list[dict[str, float]], items_left: int, runs: int = FORECAST_RUNS,
             seed: int = 0, start: int = FORECAST_FROM) -> dict:
    """How many more items (and ratings) the question needs, if the items still to come are like the ones rated
    so far: ``runs`` replays continue a copy of the question on items drawn at random from ``observed`` (each the
    scores of one item, as fed to :meth:`Question.observe`) until it is decided or ``items_left`` run out.

    A range, not a point: the 10th, 50th and 90th percentile of the items each replay needed (``None`` where
    more replays than that ran out of items — the campaign cannot be relied on to decide it), and the share of
    replays decided within the campaign. Seeded: the same answers give the same forecast."""
    if question.decided:
        return {"items": [0, 0, 0], "ratings": [0, 0, 0], "decided_in_campaign": 1.0, "runs": 0}
    if len(observed) < start:
        return {"items": None, "ratings": None, "decided_in_campaign": None, "runs": 0,
                "note": f"a forecast from {start} answered segments on; {len(observed)} so far"}
    rng = np.random.default_rng(seed)
    if question.population is not None:  # a replay never takes more items than the question is about
        items_left = min(items_left, question.population - question.items)
    items, ratings, decided = [], [], 0
    for _ in range(runs):
        q, used, rated = copy.deepcopy(question), 0, 0
        for step, pick in enumerate(rng.integers(len(observed), size=items_left)):
            served = q.serving()
            if not served:
                break
            q.observe({name: observed[pick][name] for name in served}, item=("replay", step))
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
    return (float(min(values)), float(max(values))) if values else DEFAULT_SCALE


def from_settings(settings: dict, run_ids: list[str], task, population: int | None = None) -> Question | None:
    """The question a campaign asks (its settings' ``question``: kind, delta, baseline, threshold), over its runs'
    ids, on its task's scale; ``None`` for a campaign that asks none (it asks :class:`Pairs` and the tiers)."""
    asked = settings.get("question")
    if not asked:
        return None
    alpha = settings.get("alpha", sequences.ALPHA)
    low, high = scale_of(task)
    scale = {"low": low, "high": high, "population": population}
    if asked["kind"] == "tier":
        return Tier(run_ids[0], asked["threshold"], asked["delta"], alpha, **scale)
    if asked["kind"] == "non-inferior":
        candidate = next(r for r in run_ids if r != asked["baseline"])
        return NonInferior(asked["baseline"], candidate, asked["delta"], alpha, **scale)
    return {"best": Best, "pairs": Pairs}[asked["kind"]](run_ids, asked["delta"], alpha, **scale)


__all__ = ["Best", "NonInferior", "Pairs", "Tier", "Question", "best_pair", "forecast", "from_settings", "per_pair",
           "scale_of"]
