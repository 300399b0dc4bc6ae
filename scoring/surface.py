"""Surface metrics (spec §2.1): exact and equivalent match, chrF++, BLEU, TER, length ratio.

Following sacrebleu, the string metrics keep per-segment *sufficient statistics*; corpus scores and
bootstrap resamples are computed from summed statistics, never from the mean of sentence scores.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from . import chrf, ngrams, sacrebleu_tokens, ter
from .text import normalize_exact


@lru_cache(maxsize=1)
def _sacrebleu():
    """sacrebleu's metrics module, imported when something is first scored (with what it imports — its
    dataset readers, tables, lxml — it is a fifth of the app's start)."""
    import sacrebleu.metrics  # deferred: see above
    return sacrebleu.metrics


def sacrebleu_version() -> str:
    import sacrebleu  # deferred: see _sacrebleu
    return sacrebleu.__version__


@lru_cache(maxsize=1)
def sacrebleu_metrics() -> dict[str, object]:
    """The three sacrebleu metrics with the settings the spec fixes (chrF++ is word_order=2)."""
    return {"chrf": _sacrebleu().CHRF(word_order=2), "bleu": _sacrebleu().BLEU(), "ter": _sacrebleu().TER()}


def exact_match(predicted: str, reference: str) -> int:
    """1 when the two agree after NFC, lower-casing and white-space collapsing."""
    return 1 if predicted == reference else int(normalize_exact(predicted) == normalize_exact(reference))


def variant_match(predicted: str, reference: str, variants: list[str]) -> int:
    """Generic equivalent match: the reference or any of the entry's accepted ``variants[]``."""
    got = normalize_exact(predicted)
    return int(any(got == normalize_exact(v) for v in [reference, *variants]))


def length_ratio(predicted: str, reference: str) -> float | None:
    """len(predicted) / len(reference) in characters; ``None`` for an empty reference."""
    return len(predicted) / len(reference) if reference else None


def segment_statistics(predicted: str, reference: str) -> dict[str, list[float]]:
    """Sufficient statistics of chrF++, BLEU and TER for one segment (:func:`batch_statistics` of one)."""
    return {name: stats[0].tolist() for name, stats in batch_statistics([predicted], [reference]).items()}


def batch_statistics(predicted: list[str], references: list[str],
                     names: tuple[str, ...] = ("chrf", "bleu", "ter")) -> dict[str, np.ndarray]:
    """Sufficient statistics for many segments at once: sacrebleu's own, chrF++'s and BLEU's n-grams
    matched for the whole batch together (:mod:`scoring.ngrams`), TER's shifts searched for segments of
    the same lengths together (:mod:`scoring.ter`). A segment whose output is its reference (short segments of a
    language's words often are) matches every n-gram it has and needs no edit: its statistics follow from its
    lengths (:func:`identical_statistics`), and only the others are matched (a segment's statistics are its own
    whatever the batch)."""
    same = np.fromiter(map(str.__eq__, predicted, references), dtype=bool, count=len(predicted))
    if not same.any():
        return {name: _statistics(name, predicted, references) for name in names}
    alike, differ = np.flatnonzero(same), np.flatnonzero(~same)
    own = [references[i] for i in alike.tolist()]
    others = [predicted[i] for i in differ.tolist()], [references[i] for i in differ.tolist()]
    out = {}
    for name in names:
        found = identical_statistics(name, own)
        matrix = out[name] = np.empty((len(predicted), found.shape[1]))
        matrix[alike] = found
        if differ.size:
            matrix[differ] = _statistics(name, *others)
    return out


def _statistics(name: str, predicted: list[str], references: list[str]) -> np.ndarray:
    if name == "chrf":
        return chrf.corpus_statistics(predicted, references)
    if name == "bleu":
        return bleu_statistics(sacrebleu_metrics()["bleu"], predicted, references)
    return ter.statistics(sacrebleu_tokens.ter_words(predicted), sacrebleu_tokens.ter_words(references))


def identical_statistics(name: str, texts: list[str]) -> np.ndarray:
    """A metric's statistics of segments whose output is their reference: every n-gram of an order matched (as
    many as the segment has: its length less the order's less one), no edit."""
    if name == "chrf":
        return chrf.identical_statistics(texts)
    if name == "bleu":
        metric = sacrebleu_metrics()["bleu"]
        lengths = np.fromiter(map(len, sacrebleu_tokens.bleu_words(metric, texts)), dtype=np.int64, count=len(texts))
        total = ngrams.counts_by_order(lengths, metric.max_ngram_order)
        metric.num_refs = 1  # (as bleu_statistics records it)
        return np.column_stack([lengths, lengths, total, total]).astype(np.float64)
    lengths = np.fromiter(map(len, sacrebleu_tokens.ter_words(texts)), dtype=np.float64, count=len(texts))
    return np.column_stack([np.zeros(len(texts)), lengths])


def shifted_rules(name: str) -> tuple | None:
    """The columns of a metric's statistics that are another plus a constant wherever a segment is long enough
    (:mod:`scoring.shifted`): chrF++'s higher orders' counts; BLEU's totals, its hypothesis length less the order's
    length less one."""
    if name == "chrf":
        return chrf.SHIFTED
    if name == "bleu":
        order = sacrebleu_metrics()["bleu"].max_ngram_order
        return tuple((2 + order + i, 0, -i) for i in range(order))
    return None


def bleu_statistics(metric, predicted: list[str], references: list[str]) -> np.ndarray:
    """BLEU's (n × 10) statistics with one reference — hypothesis and reference lengths, then the clipped
    matches and the totals of each order — as ``metric._extract_corpus_statistics`` gives them: the same
    tokens (:func:`sacrebleu_tokens.bleu_words`), the n-grams matched for the batch at once."""
    n, order = len(predicted), metric.max_ngram_order
    tokens = sacrebleu_tokens.bleu_words(metric, [*predicted, *references])
    symbols, lengths, width = ngrams.numbered(tokens)
    correct = ngrams.clipped_matches(symbols, lengths, n, order, width)
    total = ngrams.counts_by_order(lengths[:n], order)
    metric.num_refs = 1  # what sacrebleu records for its signature when it reads one reference per segment
    return np.column_stack([lengths[:n], lengths[n:], correct, total]).astype(np.float64)


class ReferenceSet:
    """chrF++, chrF and BLEU statistics against one fixed set of references, whose n-grams are extracted
    once (sacrebleu's reference cache) however many systems are scored against them. chrF (word
    order 0) is read off chrF++'s statistics: its first 18 columns are the six character orders."""

    def __init__(self, references: list[str]):
        self.chrf = _sacrebleu().CHRF(word_order=2, references=[references])
        self.bleu = _sacrebleu().BLEU(references=[references])
        self.chrf0 = _sacrebleu().CHRF()

    def scores(self, predicted: list[str]) -> tuple[dict[str, list[float]], dict[str, float]]:
        """Segment and corpus chrF, chrF++ and BLEU of one system's outputs."""
        chrf = np.asarray(self.chrf._extract_corpus_statistics(predicted, None), dtype=np.float64)
        bleu = np.asarray(self.bleu._extract_corpus_statistics(predicted, None), dtype=np.float64)
        chars = chrf[:, : 3 * self.chrf0.char_order]
        segment = {"chrF": [float(self.chrf0._compute_score_from_stats(list(row)).score) for row in chars],
                   "chrF++": sentence_scores("chrf", chrf).tolist(),
                   "BLEU": sentence_scores("bleu", bleu).tolist()}
        corpus = {"chrF": float(self.chrf0._compute_score_from_stats(list(chars.sum(0))).score),
                  "chrF++": score_from_statistics("chrf", chrf.sum(0)),
                  "BLEU": score_from_statistics("bleu", bleu.sum(0))}
        return segment, corpus


def score_from_statistics(name: str, stats: np.ndarray) -> float:
    """A corpus (or resample) score from summed statistics, by sacrebleu's own formula."""
    metric = sacrebleu_metrics()[name]
    return float(metric._compute_score_from_stats(list(stats)).score)


def chrf_from_statistics(stats: np.ndarray) -> np.ndarray:
    """chrF++ of many rows of statistics at once (segments, or bootstrap resamples' sums): sacrebleu's
    ``_compute_f_score`` (β = 2, effective-order averaging) with its operations in its order, order by order,
    so that every score is the float sacrebleu computes."""
    metric = sacrebleu_metrics()["chrf"]
    stats = np.atleast_2d(np.asarray(stats, dtype=float))
    factor = metric.beta ** 2
    avg_prec, avg_rec = np.zeros(len(stats)), np.zeros(len(stats))
    effective = np.zeros(len(stats), dtype=np.int64)
    with np.errstate(invalid="ignore", divide="ignore"):
        for i in range(metric.order):
            hyp, ref, match = stats[:, 3 * i], stats[:, 3 * i + 1], stats[:, 3 * i + 2]
            both = (hyp > 0) & (ref > 0)
            avg_prec = np.where(both, avg_prec + match / hyp, avg_prec)
            avg_rec = np.where(both, avg_rec + match / ref, avg_rec)
            effective += both
        avg_prec = np.where(effective > 0, avg_prec / effective, 0.0)
        avg_rec = np.where(effective > 0, avg_rec / effective, 0.0)
        score = (1 + factor) * avg_prec * avg_rec / ((factor * avg_prec) + avg_rec)
    return np.where(avg_prec + avg_rec != 0, 100 * score, 0.0)


def _bleu_scores(metric, stats: np.ndarray) -> np.ndarray:
    """BLEU (``exp`` smoothing; effective order when the metric has it: a sentence's) of each row: sacrebleu's
    ``compute_bleu``, its precisions and brevity penalty computed for all rows at once with its operations
    in its order, the logarithms and their sum by Python's ``math`` and ``sum`` as sacrebleu takes them."""
    if metric.smooth_method != "exp":
        return np.array([float(metric._compute_score_from_stats(list(row)).score) for row in stats])
    order = metric.max_ngram_order
    sys_len, ref_len = stats[:, 0], stats[:, 1]
    correct, total = stats[:, 2:2 + order], stats[:, 2 + order:2 + 2 * order]
    precisions = np.zeros((len(stats), order))
    effective = np.full(len(stats), order)
    counting = np.ones(len(stats), dtype=bool)  # until the first order with no n-gram
    smooth = np.ones(len(stats))
    with np.errstate(invalid="ignore", divide="ignore"):
        for n in range(order):
            counting &= total[:, n] != 0
            if metric.effective_order:
                effective = np.where(counting, n + 1, effective)
            missed = counting & (correct[:, n] == 0)
            smooth = np.where(missed, smooth * 2, smooth)
            precisions[:, n] = np.where(counting, np.where(missed, 100. / (smooth * total[:, n]),
                                                           100. * correct[:, n] / total[:, n]), 0.0)
    scores = np.zeros(len(stats))
    for row in np.flatnonzero((correct != 0).any(axis=1)):
        sys, ref, eff = sys_len[row], ref_len[row], int(effective[row])
        bp = (math.exp(1 - ref / sys) if sys > 0 else 0.0) if sys < ref else 1.0
        logs = [math.log(p) if p != 0.0 else -9999999999 for p in precisions[row, :eff].tolist()]
        scores[row] = bp * math.exp(sum(logs) / eff)
    return scores


def sentence_score(name: str, stats: list[float]) -> float:
    """Segment score: chrF++ and TER as sacrebleu defines them for a sentence, BLEU with effective order."""
    metric = _sentence_bleu() if name == "bleu" else sacrebleu_metrics()[name]
    return float(metric._compute_score_from_stats(list(stats)).score)


def sentence_scores(name: str, stats: np.ndarray) -> np.ndarray:
    """:func:`sentence_score` of each row, the rows computed together: the same floats."""
    return scores_from_statistics(name, stats, sentence=True)


def scores_from_statistics(name: str, stats: np.ndarray, sentence: bool = False) -> np.ndarray:
    """:func:`score_from_statistics` of each row (bootstrap resamples' sums), or with ``sentence``
    :func:`sentence_score` of each row, the rows computed together: the same floats."""
    stats = np.atleast_2d(np.asarray(stats, dtype=float))
    if name == "chrf":
        return chrf_from_statistics(stats)
    if name == "bleu":
        return _bleu_scores(_sentence_bleu() if sentence else sacrebleu_metrics()["bleu"], stats)
    edits, ref_len = stats[:, 0], stats[:, 1]
    with np.errstate(invalid="ignore", divide="ignore"):
        return 100 * np.where(ref_len > 0, edits / ref_len, np.where(edits > 0, 1.0, 0.0))


@lru_cache(maxsize=1)
def _sentence_bleu():
    return _sacrebleu().BLEU(effective_order=True)


def signatures() -> dict[str, str]:
    """sacrebleu signatures recording every setting (nrefs:1, case, tokeniser, version)."""
    out = {}
    for name, metric in sacrebleu_metrics().items():
        metric.num_refs = 1  # LYSS always scores against one reference
        out[name] = metric.get_signature().format()
    return out


