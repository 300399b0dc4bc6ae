"""TER's sufficient statistics for many segments at once, exactly as sacrebleu computes them.

sacrebleu (``metrics/lib_ter.py``, after Tercom) computes TER one segment at a time: an edit distance
restricted to a beam around the diagonal, then rounds of greedy block shifts — every shift of a matching
word run that the edit's alignment allows is scored by a new edit distance, the best one applied while it
lowers the distance — with at most 1,000 shifts scored per segment. That is most of a run's scoring time.

Here the segments whose hypothesis and reference have the same lengths form a group: their beams are the
same, so a group's edit distances are one matrix computed row by row for all its segments (and for all the
shifts of a round of all its segments) together with numpy. Within a row, the insertion chain
``d[j] = min(t[j], d[j − 1] + 1)`` is ``j + running minimum of (t[j] − j)``. Every choice sacrebleu makes
is kept: the beam and its widening for very unequal lengths, the preference of a substitution over a
deletion over an insertion (which fixes the alignment), the candidate order and its filters, the cap on
scored shifts counted across rounds, and the ranking of shifts (gain, then longest, earliest start, earliest
target). Cells sacrebleu leaves at infinity may hold a larger value here; neither ever enters a finite
distance or the path traced back from it.
"""

from __future__ import annotations

import math

import numpy as np

from . import ngrams

# sacrebleu's (Tercom's) limits, lib_ter.py
MAX_SHIFT_SIZE = 10
MAX_SHIFT_DIST = 50
BEAM_WIDTH = 25
MAX_SHIFT_CANDIDATES = 1000

INFINITY = 1 << 30  # above any distance; room to add to it without overflow in int32
NOP, SUB, DEL, INS = 0, 1, 2, 3  # operations rewriting the hypothesis (rows) into the reference (columns)


def statistics(hypotheses: list[list[str]], references: list[list[str]]) -> np.ndarray:
    """(n × 2) float array: each segment's edits (shifts + edit distance) and reference length — sacrebleu's
    ``TER`` segment statistics with one reference, from tokenised hypotheses and references."""
    n = len(hypotheses)
    symbols, lengths, _ = ngrams.numbered([*hypotheses, *references])
    symbols = symbols.astype(np.int64)
    starts = np.cumsum(lengths) - lengths
    m_of, n_of = lengths[:n], lengths[n:]
    out = np.zeros((n, 2))
    out[:, 1] = n_of
    out[:, 0] = np.where(n_of == 0, m_of, n_of)  # an empty reference: every word deleted; an empty hypothesis: inserted
    both = np.flatnonzero((m_of > 0) & (n_of > 0))
    if both.size:
        shape = m_of[both] * (int(n_of.max()) + 1) + n_of[both]
        order = np.argsort(shape, kind="stable")
        for members in np.split(both[order], np.flatnonzero(np.diff(shape[order])) + 1):
            m, r = int(m_of[members[0]]), int(n_of[members[0]])
            hyp = symbols[starts[members][:, None] + np.arange(m)]
            ref = symbols[starts[n + members][:, None] + np.arange(r)]
            out[members, 0] = _group_edits(hyp, ref)
    return out


def _beam(m: int, n: int) -> list[tuple[int, int]]:
    """Columns [lo, hi) computed in each row 1..m of the edit matrix (``BeamEditDistance._edit_distance``)."""
    ratio = n / m
    width = math.ceil(ratio / 2 + BEAM_WIDTH) if BEAM_WIDTH < ratio / 2 else BEAM_WIDTH
    rows = []
    for i in range(1, m + 1):
        diagonal = math.floor(i * ratio)
        rows.append((max(0, diagonal - width), n + 1 if i == m else min(n + 1, diagonal + width)))
    return rows


def _distances(hyp: np.ndarray, ref: np.ndarray, beam: list[tuple[int, int]], with_ops: bool = False):
    """Edit distances of the rows of ``hyp`` (k × m) to those of ``ref`` (k × n), and, ``with_ops``, the
    (m + 1) × k × (n + 1) operations that reached each cell."""
    k, n = ref.shape
    prev = np.broadcast_to(np.arange(n + 1, dtype=np.int32), (k, n + 1))
    ops = np.full((len(beam) + 1, k, n + 1), INS, dtype=np.int8) if with_ops else None
    columns = np.arange(n + 1, dtype=np.int32)
    for i, (lo, hi) in enumerate(beam, start=1):
        first = max(lo, 1)
        differs = hyp[:, i - 1:i] != ref[:, first - 1:hi - 1]
        diagonal = prev[:, first - 1:hi - 1] + differs
        up = prev[:, first:hi] + 1
        best = np.minimum(diagonal, up)
        if lo == 0:
            best = np.concatenate([prev[:, :1] + 1, best], axis=1)
        row = np.full((k, n + 1), INFINITY, dtype=np.int32)
        row[:, lo:hi] = np.minimum.accumulate(best - columns[lo:hi], axis=1) + columns[lo:hi]
        if with_ops:
            value = row[:, first:hi]
            ops[i, :, first:hi] = np.where(diagonal == value, np.where(differs, SUB, NOP),
                                           np.where(up == value, DEL, INS))
            if lo == 0:
                ops[i, :, 0] = DEL
        prev = row
    return prev[:, n], ops


def _alignment(ops: np.ndarray, m: int, n: int):
    """The path traced back from the last cell, as ``trace_to_alignment`` reads sacrebleu's flipped trace:
    each reference word's aligned hypothesis position, and which hypothesis and reference words are in error."""
    k = ops.shape[1]
    i, j = np.full(k, m), np.full(k, n)
    align = np.zeros((k, n), dtype=np.int64)
    hyp_err = np.zeros((k, m), dtype=np.int64)
    ref_err = np.zeros((k, n), dtype=np.int64)
    segments = np.arange(k)
    while True:
        live = np.flatnonzero((i > 0) | (j > 0))
        if live.size == 0:
            return align, hyp_err, ref_err
        s, ii, jj = segments[live], i[live], j[live]
        op = ops[ii, s, jj]
        pair = op <= SUB
        ps, pi, pj = s[pair], ii[pair] - 1, jj[pair] - 1
        align[ps, pj] = pi
        hyp_err[ps, pi] = ref_err[ps, pj] = op[pair] == SUB
        gone = op == DEL  # a hypothesis word with no reference word
        hyp_err[s[gone], ii[gone] - 1] = 1
        added = op == INS  # a reference word with no hypothesis word
        ref_err[s[added], jj[added] - 1] = 1
        align[s[added], jj[added] - 1] = ii[added] - 1
        i[live] = ii - (pair | gone)
        j[live] = jj - (pair | added)


def _candidates(hyp, ref, align, hyp_err, ref_err, checked):
    """The shifts one round of ``_shift`` scores, in its order: (segment, start, length, target) arrays,
    and how many each segment scores (its cap of scored shifts applied)."""
    k, m = hyp.shape
    n = ref.shape[1]
    equal = hyp[:, :, None] == ref[:, None, :]
    near = np.abs(np.arange(m)[:, None] - np.arange(n)[None, :]) <= MAX_SHIFT_DIST
    longest = min(MAX_SHIFT_SIZE, m, n)
    runs = np.zeros((k, m, n, longest), dtype=bool)  # runs[s, h, r, l-1]: hyp[h:h+l] == ref[r:r+l]
    runs[..., 0] = equal & near
    for length in range(2, longest + 1):
        runs[:, :m - length + 1, :n - length + 1, length - 1] = (
            runs[:, :m - length + 1, :n - length + 1, length - 2] & equal[:, length - 1:, length - 1:])
    seg, start, rstart, length = np.nonzero(runs)
    length = length + 1
    hyp_sum = np.concatenate([np.zeros((k, 1), np.int64), np.cumsum(hyp_err, axis=1)], axis=1)
    ref_sum = np.concatenate([np.zeros((k, 1), np.int64), np.cumsum(ref_err, axis=1)], axis=1)
    target_of_start = align[seg, rstart]
    keep = ((hyp_sum[seg, start + length] > hyp_sum[seg, start])
            & (ref_sum[seg, rstart + length] > ref_sum[seg, rstart])
            & ~((start <= target_of_start) & (target_of_start < start + length)))
    seg, start, rstart, length = seg[keep], start[keep], rstart[keep], length[keep]
    # targets: before the aligned position of reference words rstart - 1 .. rstart + length - 1, a repeat skipped
    offsets = np.arange(-1, MAX_SHIFT_SIZE)
    at = rstart[:, None] + offsets[None, :]
    valid = offsets[None, :] < length[:, None]
    target = np.where(at < 0, 0, align[seg[:, None], np.clip(at, 0, n - 1)] + 1)
    scored = valid & np.concatenate([np.ones((len(seg), 1), bool), target[:, 1:] != target[:, :-1]], axis=1)
    # the cap: a segment stops after the candidate run whose shifts bring its count to MAX_SHIFT_CANDIDATES
    per_run = scored.sum(axis=1)
    cum = np.cumsum(per_run)
    seg_first = np.searchsorted(seg, np.arange(k))
    before = cum - per_run - np.concatenate([[0], cum])[seg_first[seg]]
    within = before < MAX_SHIFT_CANDIDATES - checked[seg]
    scored &= within[:, None]
    counted = np.bincount(seg, weights=per_run * within, minlength=k).astype(np.int64)
    run, slot = np.nonzero(scored)
    return seg[run], start[run], length[run], target[run, slot], counted


def _shifted(hyp: np.ndarray, seg, start, length, target) -> np.ndarray:
    """``_perform_shift``: each segment's hypothesis with ``length`` words from ``start`` moved to ``target``."""
    m = hyp.shape[1]
    before = target < start
    after = target > start + length
    end = np.minimum(m, length + target)
    # the new order as four blocks [a0, a1), [b0, b1), [c0, c1), [d0, m)
    a1 = np.where(before, target, start)
    b0 = np.where(before, start, start + length)
    b1 = np.where(before, start + length, np.where(after, target, end))
    c0 = np.where(before, target, start)
    c1 = np.where(before, start, start + length)
    d0 = np.where(before, start + length, np.where(after, target, end))
    pos = np.arange(m)[None, :]
    lb, lc = (b1 - b0)[:, None], (c1 - c0)[:, None]
    a1 = a1[:, None]
    source = np.where(pos < a1, pos,
                      np.where(pos < a1 + lb, b0[:, None] + pos - a1,
                               np.where(pos < a1 + lb + lc, c0[:, None] + pos - a1 - lb,
                                        d0[:, None] + pos - a1 - lb - lc)))
    return hyp[seg[:, None], source]


def _group_edits(hyp: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """``translation_edit_rate``'s edits for segments of equal hypothesis and reference lengths."""
    k, m = hyp.shape
    n = ref.shape[1]
    beam = _beam(m, n)
    edits = np.zeros(k, dtype=np.int64)
    shifts = np.zeros(k, dtype=np.int64)
    checked = np.zeros(k, dtype=np.int64)
    active = np.arange(k)
    hyp = hyp.copy()
    while active.size:  # one round of sacrebleu's ``_shift`` for every segment still shifting
        h, r = hyp[active], ref[active]
        distance, ops = _distances(h, r, beam, with_ops=True)
        align, hyp_err, ref_err = _alignment(ops, m, n)
        seg, start, length, target, counted = _candidates(h, r, align, hyp_err, ref_err, checked[active])
        checked[active] += counted
        gain = np.full(active.size, 0, dtype=np.int64)
        if seg.size:
            moved = _shifted(h, seg, start, length, target)
            score = distance[seg] - _distances(moved, r[seg], beam)[0]
            # each segment's best shift: most gained, then longest, earliest start, earliest target, first found
            best = np.lexsort((np.arange(seg.size), target, start, -length, -score, seg))
            firsts = best[np.concatenate([[True], seg[best][1:] != seg[best][:-1]])]
            gain[seg[firsts]] = score[firsts]
            chosen = np.full(active.size, -1)
            chosen[seg[firsts]] = firsts
        go_on = (gain > 0) & (checked[active] < MAX_SHIFT_CANDIDATES)
        done = ~go_on
        edits[active[done]] = shifts[active[done]] + distance[done]
        if go_on.any():
            which = chosen[go_on]
            hyp[active[go_on]] = moved[which]
            shifts[active[go_on]] += 1
        active = active[go_on]
    return edits
