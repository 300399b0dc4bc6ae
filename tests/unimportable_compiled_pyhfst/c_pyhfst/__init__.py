"""Made unimportable: with tests/unimportable, put first on PYTHONPATH to run tests as on a system where no
compiled lookup installs (an Intel Mac: pyhfst falls back to pure Python, and LYSS reads the tables itself)."""

raise ModuleNotFoundError("c_pyhfst is made unimportable for this test run (tests/unimportable_compiled_pyhfst)")
