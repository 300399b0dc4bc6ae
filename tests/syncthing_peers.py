"""Real Syncthing daemons for the tests: each with its own home, on 127.0.0.1 ports, with global and
local discovery, relays, NAT traversal, usage reporting and upgrades off — nothing leaves the machine.
Each runs as one process (``STMONITORED``: no monitor process that would outlive a kill), stopped by its
own PID."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import time
import xml.etree.ElementTree as ET
from pathlib import Path

from review.exchange.syncthing import Api, FOLDER_ID, Unreachable

SYNCTHING = shutil.which("syncthing")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


OPTIONS = {"globalAnnounceEnabled": "false", "localAnnounceEnabled": "false", "relaysEnabled": "false",
           "natEnabled": "false", "urAccepted": "-1", "autoUpgradeIntervalH": "0", "crashReportingEnabled": "false",
           "startBrowser": "false", "stunKeepaliveStartS": "0",
           "reconnectionIntervalS": "1"}  # a device added again (the next test) is dialled at once


class Peer:
    def __init__(self, root: Path, name: str):
        self.name, self.home, self.folder = name, root / f"{name}-home", root / f"{name}-shared"
        self.folder.mkdir(parents=True)
        self.gui_port, self.listen_port = free_port(), free_port()
        self.env = {**os.environ, "HOME": str(root / f"{name}-user"), "STNODEFAULTFOLDER": "1", "STNOUPGRADE": "1",
                    "STHOMEDIR": str(self.home), "STMONITORED": "yes"}
        made = subprocess.run([SYNCTHING, "generate", "--home", str(self.home)], env=self.env, check=True,
                              capture_output=True, text=True, timeout=60)
        self.id = re.search(r"Device ID: (\S+)", made.stdout + made.stderr).group(1)
        self._configure()
        self.process: subprocess.Popen | None = None
        self.api = Api.from_config(str(self.home))

    def _configure(self) -> None:
        path = self.home / "config.xml"
        tree = ET.parse(path)
        root = tree.getroot()
        root.find("gui/address").text = f"127.0.0.1:{self.gui_port}"
        options = root.find("options")
        for el in options.findall("listenAddress"):
            options.remove(el)
        ET.SubElement(options, "listenAddress").text = f"tcp://127.0.0.1:{self.listen_port}"
        for key, value in OPTIONS.items():
            el = options.find(key)
            if el is None:
                el = ET.SubElement(options, key)
            el.text = value
        tree.write(path)

    @property
    def address(self) -> str:
        return f"tcp://127.0.0.1:{self.listen_port}"

    def start(self) -> "Peer":
        log = (self.home / "log.txt").open("ab")
        self.process = subprocess.Popen([SYNCTHING, "serve", "--home", str(self.home), "--no-browser", "--no-restart",
                                         "--no-default-folder"], env=self.env, stdout=log, stderr=log)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                assert self.api.my_id() == self.id
                return self
            except Unreachable:
                time.sleep(0.2)
        raise RuntimeError(f"syncthing {self.name} did not start: {(self.home / 'log.txt').read_text()[-2000:]}")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process and self.process.poll() is None:
            os.kill(self.process.pid, sig)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.process = None

    def reset(self, root: Path) -> "Peer":
        """Ready for the next test, as a new daemon would be: running, knowing no other device, sharing no folder,
        discovery and relays off, its shared folder a new one under ``root`` (the folder's index goes with it)."""
        if self.process is None or self.process.poll() is not None:
            self.start()
        config = self.api.call("GET", "/rest/config")
        for device in config["devices"]:
            if device["deviceID"] != self.id:
                self.api.call("DELETE", f"/rest/config/devices/{device['deviceID']}")
        if any(f["id"] == FOLDER_ID for f in config["folders"]):
            self.api.call("DELETE", f"/rest/config/folders/{FOLDER_ID}")
        self.api.call("PATCH", "/rest/config/options", {key: False for key in (
            "globalAnnounceEnabled", "localAnnounceEnabled", "relaysEnabled", "natEnabled")})
        self.folder = root / f"{self.name}-shared"
        self.folder.mkdir(parents=True)
        return self

    def know(self, other: "Peer") -> None:
        self.api.call("PUT", f"/rest/config/devices/{other.id}",
                      {"deviceID": other.id, "name": other.name, "addresses": [other.address]})

    def scan(self) -> None:
        self.api.call("POST", f"/rest/db/scan?folder={FOLDER_ID}")


def wait_for(condition, timeout: float = 60, every: float = 0.3):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"not within {timeout:.0f} s: {condition.__doc__ or condition}")


NAMES = ("hub", "field1", "field2")


class Daemons:
    """Three daemons for the tests (a hub and two field laptops). ``make test`` starts them once per test process
    and :meth:`Peer.reset` makes them new for each test (each start costs 1–2 s, each stop up to several);
    ``make evidence`` (``fresh``) starts new ones for each test, as a laptop starts from nothing."""

    def __init__(self, root: Path, fresh: bool):
        self.root, self.fresh, self.peers = root, fresh, []

    def for_test(self, folder: Path) -> list[Peer]:
        if self.fresh or not self.peers:
            self.stop()
            self.peers = [Peer(folder if self.fresh else self.root, name) for name in NAMES]
            for p in self.peers:
                p.start()
            if self.fresh:
                return self.peers
        return [p.reset(folder) for p in self.peers]

    def stop(self) -> None:
        for p in self.peers:
            p.stop()
        self.peers = []
