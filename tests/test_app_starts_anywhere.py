"""The app starts anywhere (issue 43, story 1): on a fresh Debian machine the app died with Qt's "xcb plugin could not
be loaded" until two libraries were installed by hand. ``make install`` installs the libraries Qt's xcb plugin needs
(one list, ``desktop/system_libraries.txt``, also read by ``packaging/build.py``), and ``lyss app`` names a missing one
in one line (exit 2) instead of Qt's abort."""

from __future__ import annotations

import subprocess
from pathlib import Path

from desktop import system_libraries
from desktop.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_lyss_app_names_a_missing_library_in_one_line(tmp_path, monkeypatch, capsys):
    listed = tmp_path / "libraries.txt"
    listed.write_text("# test\nlibxcb-icccm4 libxcb-icccm.so.4\nlibxcb-nothing9 libxcb-nothing.so.9\n", "utf-8")
    monkeypatch.setattr(system_libraries, "LIST", listed)
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    assert main(["app", "--quit-when-shown", "--db", str(tmp_path / "r.sqlite")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "libxcb-nothing.so.9" in err and "sudo apt install libxcb-nothing9" in err, err
    assert "Traceback" not in err and not (tmp_path / "r.sqlite").exists()


def test_offscreen_needs_none_of_them(monkeypatch, tmp_path):
    monkeypatch.setattr(system_libraries, "LIST", tmp_path / "none.txt")  # never read offscreen
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    system_libraries.check_desktop()


def test_make_install_and_the_bundle_install_the_same_list():
    packages = [p for p, _ in system_libraries.needed()]
    assert "libxcb-icccm4" in packages and "libxcb-keysyms1" in packages  # the two the coordinator had to find
    plan = subprocess.run(["make", "-n", "install"], cwd=ROOT, capture_output=True, text=True).stdout
    assert "desktop/system_libraries.txt" in plan
    assert "desktop/system_libraries.txt" in (ROOT / "packaging" / "build.py").read_text("utf-8")
