"""``lyss selftest --every-verb`` (desktop/verb_tour.py), the check the bundle runs on itself: it runs every
command the parser accepts, and it stops on the internal error a module missing from a bundle causes."""

from __future__ import annotations

import subprocess
import sys

from helpers import DEMO, ROOT, shared_file
from desktop import verb_tour


def test_the_tour_runs_every_command_and_none_ends_with_an_internal_error(tmp_path):
    shared_file("fst/crk-descriptive-analyzer.hfstol")
    ran = verb_tour.tour(tmp_path, DEMO)
    assert verb_tour.verbs_missing(ran) == []
    assert len(verb_tour.every_command()) > 45
    assert all(r.status == 0 or (r.status == verb_tour.BAD_INPUT and r.said.startswith("lyss: ")) for r in ran)
    assert (tmp_path / "report.pdf").read_bytes()[:5] == b"%PDF-"  # the steps did their work
    assert (tmp_path / "mtme" / "human-scores").is_dir() and (tmp_path / "ratings.csv").stat().st_size > 0


def test_a_module_left_out_of_the_bundle_stops_the_tour_at_the_command_that_needs_it(tmp_path):
    """As the bundle was before issue 54: ssl left out, the sync commands stopped with "No module named 'ssl'"."""
    shared_file("fst/crk-descriptive-analyzer.hfstol")
    program = ("import sys; sys.modules['ssl'] = None\n"
               "from pathlib import Path; from desktop import verb_tour\n"
               "try:\n    verb_tour.tour(Path(sys.argv[1]), Path(sys.argv[2]))\nexcept verb_tour.TourFailure as exc:\n    print(exc)\n")
    done = subprocess.run([sys.executable, "-c", program, str(tmp_path), str(DEMO)], capture_output=True, text=True, cwd=ROOT,
                          timeout=600)
    assert done.stdout.startswith("lyss review sync") and "internal error" in done.stdout
    assert "No module named 'ssl'" in done.stdout or "import of ssl halted" in done.stdout, done.stdout
