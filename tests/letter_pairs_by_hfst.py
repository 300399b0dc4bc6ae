"""The letter pairs of an analyser file computed independently of LYSS's reader: the file read by libhfst into
its basic transducer, every state's closure over epsilons and flags found by plain iteration over Python sets.
Run as a program (``python letter_pairs_by_hfst.py FILE``, JSON on stdout) so that libhfst's reading of a
large file happens in a process of its own, apart from whatever the test session's libhfst did before."""

from __future__ import annotations

import json
import re
import sys

import hfst

FLAG_OR_SPECIAL = re.compile(r"@[^@]*@")


def pairs(path: str) -> dict:
    stream = hfst.HfstInputStream(path)
    read = stream.read()
    stream.close()
    basic = hfst.HfstBasicTransducer(read)
    silent, letters, final = {}, {}, {}
    for state in basic.states():
        final[state] = basic.is_final_state(state)
        silent[state], letters[state] = [], []
        for arc in basic.transitions(state):
            symbol = arc.get_input_symbol()
            if symbol == hfst.EPSILON or FLAG_OR_SPECIAL.fullmatch(symbol):
                silent[state].append(arc.get_target_state())
            elif len(symbol) == 1:
                letters[state].append((symbol, arc.get_target_state()))
    reads = {s: {a for a, _ in letters[s]} for s in silent}
    ends = dict(final)
    changed = True
    while changed:
        changed = False
        for s, targets in silent.items():
            more = reads[s].union(*(reads[t] for t in targets))
            end = ends[s] or any(ends[t] for t in targets)
            if more != reads[s] or end != ends[s]:
                reads[s], ends[s], changed = more, end, True
    following: dict[str, set[str]] = {}
    last = set()
    for s in letters:
        for a, t in letters[s]:
            following.setdefault(a, set()).update(reads[t])
            if ends[t]:
                last.add(a)
    return {"first": "".join(sorted(reads[0])), "last": "".join(sorted(last)),
            "following": {a: "".join(sorted(b)) for a, b in following.items() if b}}


if __name__ == "__main__":
    json.dump(pairs(sys.argv[1]), sys.stdout)
