"""What the bundle's build leaves out, checked without building it (``make bundle-check`` runs the built
bundle's selftest): sacrebleu works without its test-set downloader and lxml, and a linked library is
emptied only when nothing calls it."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT

_spec = importlib.util.spec_from_file_location("prune_libraries", ROOT / "packaging" / "prune_libraries.py")
prune_libraries = importlib.util.module_from_spec(_spec)  # a build script, not a package
_spec.loader.exec_module(prune_libraries)


def test_sacrebleu_scores_the_same_with_its_catalogue_left_out_and_no_lxml():
    """The bundle's runtime hook registers sacrebleu's test-set catalogue empty: with lxml impossible to
    import, every metric gives what it gives here, and no test set is offered."""
    hypotheses, references = ["the cat sat on the mat", "a dog barked"], [["the cat is on the mat", "a dog barks"]]
    program = f"""
import json, runpy, sys
sys.modules["lxml"] = None  # import lxml fails, as in the bundle
runpy.run_path({str(ROOT / "packaging" / "offline_sacrebleu.py")!r})
import sacrebleu
from sacrebleu.utils import get_available_testsets
h, r = {hypotheses!r}, {references!r}
print(json.dumps([sacrebleu.BLEU().corpus_score(h, r).score, sacrebleu.CHRF(word_order=2).corpus_score(h, r).score,
                  sacrebleu.TER().corpus_score(h, r).score, get_available_testsets(), "lxml.etree" in sys.modules]))
"""
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    import sacrebleu
    expected = [sacrebleu.BLEU().corpus_score(hypotheses, references).score,
                sacrebleu.CHRF(word_order=2).corpus_score(hypotheses, references).score,
                sacrebleu.TER().corpus_score(hypotheses, references).score, [], False]
    assert json.loads(done.stdout) == expected


def _library(folder: Path, name: str, code: str, *needed: Path) -> Path:
    source = folder / f"{name}.c"
    source.write_text(code)
    out = folder / name
    links = [arg for lib in needed for arg in (f"-L{lib.parent}", f"-l:{lib.name}")]
    subprocess.run(["gcc", "-shared", "-fPIC", str(source), f"-Wl,-soname,{name}", "-o", str(out), *links],
                   check=True)
    return out


@pytest.mark.skipif(shutil.which("gcc") is None or shutil.which("nm") is None, reason="needs gcc and nm")
def test_a_linked_library_is_emptied_only_when_nothing_calls_it(tmp_path, monkeypatch):
    """Two libraries linked by one extension module, which calls only the first: the second becomes an
    empty library of the same name (the module still loads); the first, called, is kept whole."""
    libs = tmp_path / "bundle" / "_internal" / "hfst.libs"
    libs.mkdir(parents=True)
    called = _library(libs, "libcalled.so.1", "int called(void) { return 41; }")
    idle = _library(libs, "libidle.so.1", "int idle(void) { return 7; }\nint idle_too(void) { return 8; }")
    module = _library(libs.parent, "user.so", "int called(void);\nint answer(void) { return called() + 1; }",
                      called, idle)
    (tmp_path / "bundle" / "lyss").write_bytes(b"#!/bin/sh\n")
    monkeypatch.setattr(prune_libraries, "HOLLOW", ("hfst.libs/libcalled", "hfst.libs/libidle"))
    before = called.read_bytes()

    assert prune_libraries.hollow(tmp_path / "bundle", dry_run=True) == [idle]
    assert prune_libraries.symbols(idle, "defined") >= {"idle", "idle_too"}  # a dry run changes nothing
    assert prune_libraries.hollow(tmp_path / "bundle") == [idle]

    assert called.read_bytes() == before
    assert not {"idle", "idle_too"} & prune_libraries.symbols(idle, "defined")
    assert prune_libraries.soname(idle) == "libidle.so.1"
    loads = subprocess.run([sys.executable, "-c", f"import ctypes; print(ctypes.CDLL({str(module)!r}).answer())"],
                           capture_output=True, text=True, env={"LD_LIBRARY_PATH": str(libs)})
    assert loads.stdout.strip() == "42", loads.stderr


def test_the_bundle_s_size_target_is_stated_once_and_the_build_and_the_bench_read_the_same():
    """Issue 68: the target was 150 MB in bench/bundle_bench.py and 155 MB in packaging/build.py. Both read
    packaging/size_targets.json now: Linux measured, Windows and macOS printed without a target."""
    spec = importlib.util.spec_from_file_location("lyss_build", ROOT / "packaging" / "build.py")
    build = importlib.util.module_from_spec(spec)  # a build script, not a package
    spec.loader.exec_module(build)
    from bench import bundle_bench
    stated = json.loads((ROOT / "packaging" / "size_targets.json").read_text("utf-8"))["unpacked_mb"]
    assert stated == {"linux": 155}
    assert build.size_target("linux") == 155 and build.size_target("win32") is None
    assert build.size_target("darwin") is None
    assert bundle_bench._target() == build.size_target(sys.platform)
    text = (ROOT / "bench" / "bundle_bench.py").read_text("utf-8") + (ROOT / "packaging" / "build.py").read_text("utf-8")
    assert "150 MB" not in text and "155}" not in text  # no number of its own left in either


def test_every_required_dependency_installs_from_a_wheel_the_compiled_lookup_is_an_extra():
    """Issue 68: `pip install` failed on any Linux or macOS without a C++ compiler: hfst-optimized-lookup (no wheel for
    any system) was required. It is the extra `fast` now; LYSS reads the tables itself where it is missing (a venv made
    with `pip install --only-binary :all: -e .[test]` scored the Cree demo's FST acceptance as this one does)."""
    import tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    required = [d.split(">")[0].split(";")[0].strip() for d in project["dependencies"]]
    assert "hfst-optimized-lookup" not in required
    assert [d.split(">")[0] for d in project["optional-dependencies"]["fast"]] == ["hfst-optimized-lookup"]
