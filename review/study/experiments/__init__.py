"""Offline experiments on shared public data: the sequential simulation and the ESA replay."""
