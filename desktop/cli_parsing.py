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


def whole(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``minimum`` (to ``maximum``): ``--raters 0`` is refused in one line."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum or (maximum is not None and value > maximum):
            span = f"from {minimum:,} to {maximum:,}" if maximum is not None else f"at least {minimum:,}"
            raise argparse.ArgumentTypeError(f"{value:,} is out of range: it must be {span}")
        return value
    parse.__name__ = "whole number"
    return parse


def number(low: float, high: float | None = None, open_low: bool = False, open_high: bool = False) -> Callable:
    """An argparse type: a finite number between ``low`` and ``high``, each bound included unless ``open_…``."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        below = value <= low if open_low else value < low
        above = high is not None and (value >= high if open_high else value > high)
        if value != value or value in (float("inf"), float("-inf")) or below or above:
            left = f"above {low:g}" if open_low else f"at least {low:g}"
            right = "" if high is None else f" and {'below' if open_high else 'at most'} {high:g}"
            raise argparse.ArgumentTypeError(f"{text} is out of range: it must be {left}{right}")
        return value
    parse.__name__ = "number"
    return parse


SHARE = number(0.0, 1.0)  # a share of items, a score on the 0–1 scale
ERROR_LEVEL = number(0.0, 1.0, open_low=True, open_high=True)  # alpha: strictly between 0 and 1
SEED = whole(0, 2**32 - 1)  # numpy's seeds
FINITE = number(float("-inf"))  # any finite number (a mean score on the task's own scale)
