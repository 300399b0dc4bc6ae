"""Offline experiments on shared public data: the sequential simulation, the cases built to break a sequence, speakers
at once (answers arriving out of serving order), the closed test on e-values measured beside α/m, and the ESA
replay."""
