"""Language packs for LYSS: language cards, the analyser registry and the LYSS metric plugins.

Depends on :mod:`scoring` only. Everything language-specific is data (cards, word lists, glosses).
"""
