"""The GitHub workflow that builds the bundle on Linux, Windows and macOS is valid: actionlint (rhysd/actionlint
1.7.7, installed by make install from the npm registry) finds nothing in it."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from conftest import ROOT

LINTER = ROOT / ".tools" / "node_modules" / "@tktco" / "node-actionlint" / "bin" / "node-actionlint.js"


def _lint(*files) -> subprocess.CompletedProcess:
    if not LINTER.is_file() or shutil.which("node") is None:
        pytest.skip("needs actionlint (make install installs it with npm) and node")
    return subprocess.run(["node", str(LINTER), *map(str, files)], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


def test_the_workflows_are_clean():
    workflows = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
    assert workflows
    done = _lint(*(w.relative_to(ROOT) for w in workflows))
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_linter_finds_a_mistake(tmp_path):
    """The check is real: an unknown input of a step and an undefined matrix key are found."""
    bad = tmp_path / ".github" / "workflows" / "bad.yml"
    bad.parent.mkdir(parents=True)
    bad.write_text("on: push\njobs:\n  a:\n    runs-on: ubuntu-22.04\n    steps:\n"
                   "      - run: echo ${{ matrix.nope }}\n      - uses: actions/checkout@v4\n        with: {pathh: x}\n")
    done = _lint(bad)
    assert done.returncode == 1 and '"nope"' in done.stdout and '"pathh"' in done.stdout
