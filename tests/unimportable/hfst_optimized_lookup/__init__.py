"""Made unimportable: tests/unimportable is put first on PYTHONPATH to run the suite as on a system where
this compiled package does not install (Windows has no wheel of it)."""

raise ModuleNotFoundError("hfst_optimized_lookup is made unimportable for this test run (tests/unimportable)")
