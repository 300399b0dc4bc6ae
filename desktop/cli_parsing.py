"""What every ``lyss`` parser shares: commands loaded when they run (:func:`deferred`), the resample-count type
(:func:`resamples`). A leaf: the parsers of each group import it, and ``cli.py`` imports the groups."""

from __future__ import annotations

import argparse
import importlib
from typing import Callable


def deferred(module: str, name: str) -> Callable:
    """The function ``name`` of ``desktop.<module>``, imported when a command runs. The parsers import
    nothing heavy, so ``lyss --help`` and ``lyss --version`` start at once; a command's own module
    imports what it uses (numpy, sacrebleu, SQLite, Qt) at its top like any module."""
    def run(*args):
        return getattr(importlib.import_module(f"desktop.{module}"), name)(*args)
    run.__name__ = run.__qualname__ = name
    return run

def resamples(minimum: int) -> Callable[[str], int]:
    """An argparse type: a count of resamples, trials or orders between ``minimum`` and
    :data:`scoring.stats.MAX_RESAMPLES` (a larger one would run for hours and change no reported digit)."""
    def parse(text: str) -> int:
        from scoring.stats import MAX_RESAMPLES  # deferred: the parsers stay light (numpy loads with the command)
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not minimum <= value <= MAX_RESAMPLES:
            raise argparse.ArgumentTypeError(
                f"{value:,} is outside {minimum}–{MAX_RESAMPLES:,} (1,000 is the specification's; more than "
                f"{MAX_RESAMPLES:,} changes no reported digit and takes hours)")
        return value
    parse.__name__ = "count"
    return parse
