"""Test setup and fixtures alone: offscreen Qt, no network, a private cache, the demo scored once. The helpers the
tests call are in ``helpers.py``."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["LYSS_UI_LANGUAGE"] = "en"  # tests read the English interface; the French one has its own test
# Qt settings and user data of the tests never touch the real home folder
_PRIVATE_HOME = tempfile.mkdtemp(prefix="lyss-test-home-")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_PRIVATE_HOME, "config")
os.environ["LYSS_SETTINGS_DIR"] = os.path.join(_PRIVATE_HOME, "settings")  # the app's settings: on every system
os.environ.setdefault("LYSS_DATA_DIR", os.path.join(_PRIVATE_HOME, "data"))

from helpers import DEMO, shared_file  # noqa: E402 (after the environment above: the helpers' imports read it)
import sizes  # noqa: E402,F401 (loads the Hypothesis profile: dev for make test, ci for make evidence)


# Test modules that need a tool only a Linux (Debian) machine has: with LYSS_PORTABLE_TESTS set (the Windows and
# macOS legs of .github/workflows/bundle.yml) they skip, naming it; make test runs them all.
LINUX_ONLY = {
    "test_sync_syncthing": "real Syncthing daemons, installed from Debian's package",
    "test_answers_arrive_soon": "real Syncthing daemons, installed from Debian's package",
    "test_gui_sync": "real Syncthing daemons, installed from Debian's package",
    "test_withdrawal_crash": "os.fork and SIGKILL to kill a withdrawal half-way",
    "test_review_kill": "SIGKILL to kill a review half-way",
    "test_hostile_folder": "POSIX file modes and SIGKILL",
    "test_sequential": "confseq, built from source with Debian's Boost",
    "test_app_starts_anywhere": "make, dpkg and Debian's xcb libraries",
    "test_readme": "make and a POSIX shell",
    "test_packaging": "readelf and nm (the Linux bundle's pruning)",
    "test_i18n": "Qt's lupdate through make translations",
}


# The analyser passes of make test (the tests again as on Windows and on an Intel Mac) run the tests marked
# `analysers`: every test of these files (the lookups, the analysers, the packs, the demo scored and compared with
# its recorded output, the worker processes). make evidence runs every test of those passes' files.
ANALYSER_FILES = {"test_analysers", "test_wheels_lookup", "test_letter_pairs", "test_crk_standards",
                  "test_language_packs", "test_engine_demo", "test_scored_output_unchanged", "test_shared_reports",
                  "test_portable"}


def _module(item) -> str:
    return item.module.__name__.rsplit(".", 1)[-1]


def _kept_together(items) -> set[str]:
    """The test files whose tests run on one worker under pytest-xdist (``--dist loadgroup``): the app's (a test
    that opens a window) and those with fixtures of their own made once per file; every other test goes to
    whichever worker is free."""
    together = set()
    for item in items:
        fixtures = getattr(item, "_fixtureinfo", None)
        defs = fixtures.name2fixturedefs.values() if fixtures else ()
        if "qtbot" in getattr(item, "fixturenames", ()) or any(d[-1].scope == "module" for d in defs):
            together.add(_module(item))
    return together


def pytest_collection_modifyitems(config, items):
    together = _kept_together(items)
    for item in items:
        if _module(item) in ANALYSER_FILES:
            item.add_marker(pytest.mark.analysers)
        if _module(item) in together:
            item.add_marker(pytest.mark.xdist_group(_module(item)))
    if not os.environ.get("LYSS_PORTABLE_TESTS"):
        return
    for item in items:
        why = LINUX_ONLY.get(_module(item))
        if why:
            item.add_marker(pytest.mark.skip(reason=f"needs {why}: Linux only (LYSS_PORTABLE_TESTS)"))


class NetworkBlocked(RuntimeError):
    pass


def _blocked(*args, **kwargs):
    raise NetworkBlocked("a test tried to open a network connection")


_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex
_real_getaddrinfo = socket.getaddrinfo
LOOPBACK = ("127.0.0.1", "::1")  # this machine only (the tests' own Syncthing daemons): never a name to look up


def _guarded_connect(self, address):
    if self.family == getattr(socket, "AF_UNIX", None) or (isinstance(address, tuple) and address[0] in LOOPBACK):
        return _real_connect(self, address)
    raise NetworkBlocked(f"a test tried to connect to {address!r}")


def _guarded_connect_ex(self, address):
    if self.family == getattr(socket, "AF_UNIX", None) or (isinstance(address, tuple) and address[0] in LOOPBACK):
        return _real_connect_ex(self, address)
    raise NetworkBlocked(f"a test tried to connect to {address!r}")


def _guarded_getaddrinfo(host, *args, **kwargs):
    if host in LOOPBACK:
        return _real_getaddrinfo(host, *args, **kwargs)
    raise NetworkBlocked(f"a test tried to look up {host!r}")


@pytest.fixture(autouse=True)
def no_network(monkeypatch):
    """Fail any test that opens a network connection or looks up a name (Unix sockets and the loopback
    address stay allowed: nothing leaves the machine)."""
    monkeypatch.setattr(socket.socket, "connect", _guarded_connect)
    monkeypatch.setattr(socket.socket, "connect_ex", _guarded_connect_ex)
    monkeypatch.setattr(socket, "getaddrinfo", _guarded_getaddrinfo)


@pytest.fixture(autouse=True, scope="session")
def private_cache(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lyss-cache")
    old = os.environ.get("LYSS_CACHE_DIR")
    os.environ["LYSS_CACHE_DIR"] = str(folder)
    yield folder
    if old is None:
        os.environ.pop("LYSS_CACHE_DIR", None)
    else:
        os.environ["LYSS_CACHE_DIR"] = old


@pytest.fixture(scope="session")
def scored_demo(tmp_path_factory) -> Path:
    """The demo scored with the Plains Cree standards (real analyser), as a file."""
    shared_file("fst/crk-descriptive-analyzer.hfstol")
    from desktop.cli import main

    path = tmp_path_factory.mktemp("scored") / "demo-scored.json"
    assert main(["score", str(DEMO), "--lang", "crk", "--out", str(path), "--bootstrap", "50"]) == 0
    return path


@pytest.fixture(scope="session")
def syncthing_daemons(tmp_path_factory):
    """Real Syncthing daemons on 127.0.0.1 (tests/syncthing_peers.py): started once per test process under make
    test and made new for each test; new ones for each test under make evidence."""
    from syncthing_peers import SYNCTHING, Daemons
    if SYNCTHING is None:
        pytest.skip("syncthing is not installed (make install installs Debian's syncthing)")
    daemons = Daemons(tmp_path_factory.mktemp("syncthing"), fresh=sizes.EVIDENCE)
    yield daemons
    daemons.stop()


@pytest.fixture
def syncthing_three(syncthing_daemons, tmp_path):
    """A hub's and two field laptops' daemons, running, knowing no other device, sharing no folder yet: each shares
    ``tmp_path/NAME-shared`` once the test runs ``lyss sync setup`` there."""
    yield syncthing_daemons.for_test(tmp_path)
    if syncthing_daemons.fresh:
        syncthing_daemons.stop()


@pytest.fixture
def syncthing_pair(syncthing_three):
    """A hub's and a field laptop's daemons (:func:`syncthing_three`'s first two)."""
    return syncthing_three[:2]


CPU_HOG = "while True: pass"
HOGS = 2  # an old two-core laptop, busy with an update or a scan


@pytest.fixture(autouse=True)
def cpu_hogs(request):
    """A test marked ``under_load`` runs with :data:`HOGS` processes that keep a core each busy from its start to its
    end (issue 58: the app's keys, drafts, closing and study tab, as on a busy old laptop). ``make test`` runs these
    tests three times in a row."""
    if request.node.get_closest_marker("under_load") is None:
        yield []
        return
    hogs = [subprocess.Popen([sys.executable, "-c", CPU_HOG]) for _ in range(HOGS)]
    try:
        yield hogs
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


@pytest.fixture(autouse=True)
def no_worker_left():
    """Every worker an app test started has ended before the next test (a thread left running would draw on the next
    test's window, or be destroyed with it)."""
    yield
    background = sys.modules.get("desktop.background")
    if background is not None and background.background_running():
        assert background.wait_for_background(120), "a background worker still runs two minutes after its test"


SIMULATED_INPUT = ("keyClick", "keyClicks", "keyEvent", "keyPress", "keyRelease", "keySequence", "mouseClick",
                   "mouseDClick", "mousePress", "mouseRelease")


def _then_engines(simulate):
    """A simulated key or click, then the app's engine let run what it was handed and its results drawn."""
    def simulated(*args, **kwargs):
        simulate(*args, **kwargs)
        engine = sys.modules.get("desktop.engine")
        if engine is not None:
            assert engine.wait_for_engines(60), "the engine still runs a minute after a simulated key"
    return simulated


@pytest.fixture(autouse=True)
def engine_after_input(monkeypatch):
    """A key or click a test makes with ``qtbot`` is drawn before the test reads the page, as a speaker sees it: the
    session's moves are made on the database's engine (desktop/engine.py) and come back to the window's thread. Keys
    pressed faster than the engine are pressed with QTest itself (tests/test_keys_in_order.py)."""
    from pytestqt.qtbot import QtBot
    for name in SIMULATED_INPUT:
        monkeypatch.setattr(QtBot, name, staticmethod(_then_engines(getattr(QtBot, name))))
    yield
