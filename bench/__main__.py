"""``make bench``: run every benchmark module that is present."""

from __future__ import annotations

import importlib
import sys

MODULES = ["bench.scoring_bench", "bench.scale_bench", "bench.fst_bench", "bench.lookup_bench", "bench.lookup_paths_bench", "bench.review_bench", "bench.sequential_bench",
           "bench.order_bench", "bench.premark_bench", "bench.sync_bench", "bench.arrival_bench", "bench.gui_bench", "bench.bundle_bench", "bench.convergence_bench",
           "bench.perturbation_bench"]


def main() -> int:
    only = sys.argv[1:]
    for name in MODULES:
        if only and not any(o in name for o in only):
            continue
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        print(f"== {name}")
        module.main()
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
