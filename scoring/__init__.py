"""LYSS scoring engine: run card in, scores out, exactly as the Scoring Specification defines them.

Pure Python (numpy and sacrebleu): no Qt, no SQLite, and no imports from the other packages.
Language-specific metrics arrive through the plugin protocol in :mod:`scoring.plugins`.
"""

__version__ = "0.1.0"
