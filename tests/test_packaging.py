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
    packaging/size_targets.json now: Linux measured, Windows and macOS ceilings until a bundle is measured there."""
    spec = importlib.util.spec_from_file_location("lyss_build", ROOT / "packaging" / "build.py")
    build = importlib.util.module_from_spec(spec)  # a build script, not a package
    spec.loader.exec_module(build)
    from bench import bundle_bench
    stated = json.loads((ROOT / "packaging" / "size_targets.json").read_text("utf-8"))["unpacked_mb"]
    assert stated == {"linux": 155, "win32": 220, "darwin": 250}  # one per system (issue 68, item 4)
    assert build.size_target("linux") == 155 and build.size_target("win32") == 220
    assert build.size_target("darwin") == 250 and build.size_target("freebsd14") is None
    assert build.size_measured("linux") and not build.size_measured("win32") and not build.size_measured("darwin")
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


class _Target:
    """What one of PyInstaller's spec classes was asked to build (its arguments), for a spec run without PyInstaller."""

    made: list = []

    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs
        self.binaries, self.datas, self.pure, self.scripts = [], [], [], []
        _Target.made.append(self)


def _spec_targets(monkeypatch, platform: str) -> dict[str, list]:
    """packaging/lyss.spec run as PyInstaller runs it (its classes as globals), as on ``platform``: what it builds."""
    import types
    kinds = {k: type(k, (_Target,), {}) for k in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_data_files = hooks.collect_dynamic_libs = hooks.collect_submodules = lambda *a, **k: []
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "path", list(sys.path))
    _Target.made = []
    code = (ROOT / "packaging" / "lyss.spec").read_text("utf-8")
    exec(compile(code, "lyss.spec", "exec"), {"SPECPATH": str(ROOT / "packaging"), "__name__": "__main__", **kinds})
    return {k: [t for t in _Target.made if type(t).__name__ == k] for k in kinds}


def test_the_spec_builds_a_console_command_everywhere_and_the_windowed_app_where_people_double_click(monkeypatch):
    """Issue 68: on Windows the app was built console=True (a console window behind it) and macOS had no .app.
    Windows: `lyss` (console) and `LYSS Desktop` (windowed) beside it, with the icon. macOS: the windowed executable
    first (the .app's own), in a BUNDLE with its Info.plist, icon and identifier. Linux: `lyss` only."""
    linux = _spec_targets(monkeypatch, "linux")
    assert [(e.kwargs["name"], e.kwargs["console"]) for e in linux["EXE"]] == [("lyss", True)]
    assert not linux["BUNDLE"]

    windows = _spec_targets(monkeypatch, "win32")
    assert [(e.kwargs["name"], e.kwargs["console"]) for e in windows["EXE"]] == [("lyss", True), ("LYSS Desktop", False)]
    assert all(e.kwargs["icon"].endswith("lyss.png") for e in windows["EXE"]) and not windows["BUNDLE"]
    collected = windows["COLLECT"][0].args
    assert [a for a in collected if isinstance(a, _Target)] == windows["EXE"]  # both in the one folder

    mac = _spec_targets(monkeypatch, "darwin")
    first = [a for a in mac["COLLECT"][0].args if isinstance(a, _Target)]
    assert [(e.kwargs["name"], e.kwargs["console"]) for e in first] == [("LYSS Desktop", False), ("lyss", True)]
    (app,) = mac["BUNDLE"]
    assert app.kwargs["name"] == "LYSS Desktop.app" and app.args == (mac["COLLECT"][0],)
    plist = app.kwargs["info_plist"]
    from scoring import __version__
    assert plist["CFBundleShortVersionString"] == __version__ and plist["NSHighResolutionCapable"] is True
    assert app.kwargs["bundle_identifier"] == "org.lyss.desktop" and (ROOT / "desktop" / "icons" / "lyss.png").is_file()


def test_the_windowed_executable_opens_the_app_whatever_it_is_handed():
    """Finder may hand a .app `-psn_0_12345`; the windowed executable opens the app, `lyss` with a command runs it."""
    spec = importlib.util.spec_from_file_location("lyss_entry", ROOT / "packaging" / "lyss_entry.py")
    entry = importlib.util.module_from_spec(spec)  # the bundle's entry script, not a package
    spec.loader.exec_module(entry)
    assert entry.command("/x/LYSS Desktop.app/Contents/MacOS/LYSS Desktop", ["-psn_0_12345"]) == ["app"]
    assert entry.command("C:\\lyss\\LYSS Desktop.exe", ["C:\\data\\card.json"]) == ["app"]
    assert entry.command("C:\\lyss\\lyss.exe", ["score", "c.json"]) == ["score", "c.json"]
    assert entry.command("/opt/lyss/lyss", []) == ["app"]


@pytest.mark.parametrize("destination, left", [
    ("PySide6/Qt/plugins/imageformats/libqgif.so", True), ("PySide6\\plugins\\imageformats\\qgif.dll", True),
    ("PySide6/Qt/plugins/imageformats/libqgif.dylib", True), ("PySide6/Qt/plugins/platforms/libqxcb.so", False),
    ("PySide6\\plugins\\platforms\\qwindows.dll", False), ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", False),
    ("PySide6\\plugins\\platforms\\qoffscreen.dll", False), ("PySide6\\plugins\\platforms\\qdirect2d.dll", True),
    ("PySide6\\plugins\\platformthemes\\qxdgdesktopportal.dll", True), ("PySide6/Qt/lib/libQt6WaylandClient.so.6", True),
    ("PySide6\\plugins\\imageformats\\qico.dll", False), ("numpy/libqgif_not_a_plugin.so", False)])
def test_qt_plugins_are_left_out_by_each_system_s_names(destination, left):
    spec = importlib.util.spec_from_file_location("qt_plugins", ROOT / "packaging" / "qt_plugins.py")
    qt_plugins = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(qt_plugins)
    assert qt_plugins.left_out(destination) is left
