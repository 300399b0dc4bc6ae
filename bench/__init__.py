"""Benchmarks: each prints its time as a ratio to a named baseline measured in the same run."""
