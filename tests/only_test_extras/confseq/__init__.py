"""Made unimportable (tests/only_test_extras, first on PYTHONPATH): confseq is built by make install from source
with Boost; ``pip install -e .[test]`` — all the workflow's legs install — does not install it."""

raise ModuleNotFoundError("confseq is made unimportable for this test run (tests/only_test_extras)")
