"""Issue 68, item 1: `pip install` of the project needs no compiler. A fresh venv, a PATH holding nothing but that
venv (no gcc, no g++, no cc) and CC/CXX pointing nowhere, installs the project from wheels alone — the wheels
`make install` gathered for this system, offline (--no-index) — and the installed `lyss` scores the Cree demo with the
FST metric, the same acceptance as this venv computes in-process. An unsupported Python is refused in one line
naming the supported ones."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from helpers import DEMO, ROOT, SHARED

WHEELHOUSE = ROOT / ".tools" / "wheelhouse"
ANALYSERS = SHARED / "fst"


def _no_compiler_environment(venv, home) -> dict[str, str]:
    bin_folder = venv / ("Scripts" if sys.platform == "win32" else "bin")
    return {"PATH": str(bin_folder), "HOME": str(home), "CC": str(home / "no-cc"), "CXX": str(home / "no-c++"),
            "PIP_CONFIG_FILE": os.devnull, "PIP_NO_INPUT": "1", "LYSS_SHARED": str(home / "no-shared"),
            "LYSS_DATA_DIR": str(home / "data"), "SYSTEMROOT": os.environ.get("SYSTEMROOT", "")}


@pytest.mark.skipif(not (WHEELHOUSE / ".complete").is_file(), reason="needs the wheels make install gathers")
@pytest.mark.skipif(not (ANALYSERS / "crk-descriptive-analyzer.hfstol").is_file(), reason="needs the Cree analyser")
def test_the_project_installs_from_wheels_alone_with_no_compiler_and_scores(tmp_path, capsys):
    venv, home = tmp_path / "venv", tmp_path / "home"
    home.mkdir()
    subprocess.run([getattr(sys, "_base_executable", sys.executable), "-m", "venv", str(venv)], check=True,
                   timeout=120)
    env = _no_compiler_environment(venv, home)
    python = venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    assert subprocess.run([str(python), "-c", "import shutil, sys; sys.exit(any(shutil.which(c) for c in "
                           "('gcc', 'g++', 'cc', 'c++', 'clang')))"], env=env).returncode == 0  # none reachable
    done = subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-index", "--find-links",
                           str(WHEELHOUSE), "--only-binary", ":all:", str(ROOT)], env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    lyss = venv / ("Scripts/lyss.exe" if sys.platform == "win32" else "bin/lyss")
    scored = tmp_path / "scored.json"
    done = subprocess.run([str(lyss), "score", str(DEMO), "--analyzer-dir", str(ANALYSERS), "--bootstrap", "10",
                           "--out", str(scored)], env=env, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    import json
    theirs = json.loads(scored.read_text("utf-8"))
    installed = subprocess.run([str(python), "-m", "pip", "list", "--format=freeze"], env=env, capture_output=True,
                               text=True).stdout
    assert "hfst-optimized-lookup" not in installed  # the compiled extra is not there
    from helpers import score_with_cli
    ours, _ = score_with_cli(capsys, DEMO, tmp_path / "ours.json", "--analyzer-dir", str(ANALYSERS),
                             "--bootstrap", "10")
    assert theirs["lyss"]["profile"]["name"] == "A"
    assert theirs["scores"]["fst_acceptance_rate"] == ours["scores"]["fst_acceptance_rate"] == pytest.approx(67 / 94)
    assert theirs["scores"]["composite"] == ours["scores"]["composite"]


def test_an_unsupported_python_is_refused_in_one_line_naming_the_supported_ones():
    import importlib.util
    spec = importlib.util.spec_from_file_location("supported_python", ROOT / "packaging" / "supported_python.py")
    check = importlib.util.module_from_spec(spec)  # make install runs it before anything is installed
    spec.loader.exec_module(check)
    requires = check.requires_python()
    import tomllib
    assert requires == tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["requires-python"]
    assert check.refusal((3, 10), requires) == ("LYSS Desktop needs Python 3.11, 3.12 or 3.13; this is Python 3.10 "
                                                "(install one of them and run: make install PYTHON=python3.13)")
    assert "this is Python 3.14" in check.refusal((3, 14), requires)
    assert [check.refusal((3, minor), requires) for minor in (11, 12, 13)] == [None, None, None]
    done = subprocess.run([sys.executable, str(ROOT / "packaging" / "supported_python.py")], capture_output=True)
    assert done.returncode == 0 and not done.stderr  # this one is supported
