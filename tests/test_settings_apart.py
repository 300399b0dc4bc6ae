"""The app's settings kept apart on every system: with LYSS_SETTINGS_DIR an INI file in that folder (QSettings'
own path override, which holds where XDG_CONFIG_HOME does not: the registry on Windows, plists on macOS)."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from desktop import qt_common


def test_the_settings_live_in_the_folder_named_whatever_the_system(tmp_path, monkeypatch, qapp):
    monkeypatch.setenv(qt_common.SETTINGS_FOLDER, str(tmp_path / "apart"))
    chosen = qt_common.settings()
    assert chosen.format() == QSettings.IniFormat
    chosen.setValue("review/db", "scratch.sqlite")
    chosen.sync()
    assert chosen.fileName().startswith(str(tmp_path / "apart"))
    assert "scratch.sqlite" in open(chosen.fileName(), encoding="utf-8").read()
    monkeypatch.setenv(qt_common.SETTINGS_FOLDER, str(tmp_path / "other"))
    assert qt_common.settings().value("review/db") is None  # another folder: nothing of the first
