"""Syncthing set up for the user: share the review folder with the laptops the coordinator names.

LYSS writes no sync protocol. Syncthing (MPL-2.0, Debian's ``syncthing``) moves the files; this module
only talks to the Syncthing already running on *this* machine, through its REST API on the loopback
address, with the API key from Syncthing's own ``config.xml`` — never to another host. What it
changes: the devices named (added when unknown), one folder shared with them (file versioning off:
an old bundle kept anywhere would keep a withdrawn speaker's answers), and, with ``lan_only``, no
global discovery, no relays and no NAT traversal, so nothing leaves the local network.

A device may be shared *encrypted* (Syncthing's "untrusted device"): it stores and relays the folder
without being able to read it — the coordinator's always-on machine reaching a researcher far away.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import ssl
import sys
import urllib.error
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from scoring.errors import BadValue, FileProblem

FOLDER_ID = "lyss-review"
FOLDER_LABEL = "LYSS review bundles"
DEVICE_ID = re.compile(r"^[A-Z2-7]{7}(-[A-Z2-7]{7}){7}$")
LOOPBACK = "127.0.0.1"
MAX_ANSWER = 16 * 1024 * 1024  # bytes of an answer read (a configuration is a few KiB)


class Unreachable(Exception):
    """Syncthing is not running here, or does not answer."""


class Unexpected(Unreachable):
    """Syncthing's API answered, but not what Syncthing answers (HTML, or JSON of another shape): whatever
    listens on that port is not the Syncthing this laptop configured, and nothing is changed on its word."""


API_KEY = re.compile(r"^[A-Za-z0-9._~+/=-]{8,200}$")  # Syncthing's keys are letters, digits and dashes


BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def _check_character(chunk: str) -> str:
    """Syncthing's Luhn mod 32 check character of 13 characters of an id."""
    factor, total = 1, 0
    for char in chunk:
        addend = factor * BASE32.index(char)
        factor = 1 if factor == 2 else 2
        total += addend // 32 + addend % 32
    return BASE32[(32 - total % 32) % 32]


def device_id(text: str, option: str = "--device") -> str:
    """A Syncthing device id as people copy it (any case, spaces or dashes) → its canonical form; a
    mistyped character is caught by the id's own check characters."""
    compact = re.sub(r"[\s-]", "", text.upper())
    canonical = "-".join(compact[i:i + 7] for i in range(0, len(compact), 7))
    if not DEVICE_ID.match(canonical):
        raise BadValue(option, text, "not a Syncthing device id (eight groups of seven letters and digits, as "
                                     "Syncthing shows under Actions > Show ID)")
    if any(_check_character(compact[k:k + 13]) != compact[k + 13] for k in range(0, 56, 14)):
        raise BadValue(option, text, "not a Syncthing device id: a character is mistyped (its check characters "
                                     "do not match)")
    return canonical


ADDRESS = re.compile(r"^(tcp|quic)(4|6)?://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]{1,253}):([0-9]{1,5})$")


def device_spec(text: str, option: str = "--device") -> tuple[str, list[str]]:
    """``ID`` or ``ID@tcp://HOST:PORT`` → the canonical id and the addresses to reach it at (``["dynamic"]``:
    found by discovery). An address is needed where discovery cannot work: local discovery off, or a Wi-Fi
    that keeps its clients apart."""
    ident, _, address = text.partition("@")
    canonical = device_id(ident, option)
    if not address:
        return canonical, ["dynamic"]
    found = ADDRESS.match(address.strip())
    if not found or not 0 < int(found.group(4)) < 65536:
        raise BadValue(option, text, "after @, an address like tcp://192.168.1.20:22000 (the other machine's address "
                                     "and Syncthing's port, 22000 unless changed)")
    return canonical, [address.strip()]


def config_candidates(home: str | None = None) -> list[Path]:
    """Where Syncthing keeps ``config.xml``: ``--home``, ``$STHOMEDIR``, then its defaults — on Linux
    ~/.local/state/syncthing (newer releases) or ~/.config/syncthing (older ones), on Windows
    %LOCALAPPDATA%\\Syncthing, on macOS ~/Library/Application Support/Syncthing."""
    if home:
        return [Path(home) / "config.xml"]
    if os.environ.get("STHOMEDIR"):
        return [Path(os.environ["STHOMEDIR"]) / "config.xml"]
    if sys.platform == "win32":
        return [Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "Syncthing" / "config.xml"]
    if sys.platform == "darwin":
        return [Path.home() / "Library" / "Application Support" / "Syncthing" / "config.xml"]
    state = Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state")
    config = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return [state / "syncthing" / "config.xml", config / "syncthing" / "config.xml"]


@dataclass(frozen=True)
class Api:
    """Syncthing's REST API on this machine: its loopback port, whether it speaks TLS, its key."""
    port: int
    key: str
    tls: bool = False

    @classmethod
    def from_config(cls, home: str | None = None) -> "Api":
        for path in config_candidates(home):
            if path.is_file():
                return cls._read(path)
        where = " or ".join(str(p) for p in config_candidates(home))
        raise FileProblem(where, "", "no Syncthing configuration: install Syncthing (make install does) and start "
                                     "it once (syncthing serve --no-browser), or give --home")

    @classmethod
    def _read(cls, path: Path) -> "Api":
        try:
            gui = ET.parse(path).getroot().find("gui")
        except (ET.ParseError, OSError) as exc:
            raise FileProblem(str(path), "", f"not a readable Syncthing configuration ({exc})") from None
        if gui is None:
            raise FileProblem(str(path), "gui", "missing: Syncthing's REST API is not configured")
        address = (gui.findtext("address") or "").strip()
        key = (gui.findtext("apikey") or "").strip()
        port = address.rsplit(":", 1)[-1] if ":" in address else ""
        if not port.isdigit() or not key:
            raise FileProblem(str(path), "gui", "no address with a port, or no API key")
        if not API_KEY.match(key):
            raise FileProblem(str(path), "gui apikey", "not a usable API key (it may hold only letters, digits and "
                                                       "dashes, on one line): set a new one in Syncthing's settings")
        if not 0 < int(port) < 65536:
            raise FileProblem(str(path), "gui address", f"port {port} is not a port number")
        return cls(int(port), key, gui.get("tls", "false").lower() == "true")

    def call(self, method: str, path: str, body: dict | list | None = None, timeout: float = 10):
        """One request to the local Syncthing (always 127.0.0.1, whatever address its GUI listens on)."""
        url = f"{'https' if self.tls else 'http'}://{LOOPBACK}:{self.port}{path}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, method=method, headers={
            "X-API-Key": self.key, "Content-Type": "application/json"})
        context = None
        if self.tls:  # Syncthing's own self-signed certificate, on the loopback address
            context = ssl.create_default_context()
            context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
        try:
            with urllib.request.urlopen(request, timeout=timeout, context=context) as response:
                text = response.read(MAX_ANSWER).decode("utf-8")
        except urllib.error.HTTPError as exc:
            if exc.code == 404:
                return None
            said = " ".join(exc.read().decode("utf-8", "replace").split())[:200]
            raise Unreachable(f"Syncthing answered {exc.code} to {method} {path}" + (f": {said}" if said else "")) \
                from None
        except (urllib.error.URLError, OSError) as exc:
            raise Unreachable(f"Syncthing does not answer on {LOOPBACK}:{self.port} ({exc})") from None
        except (ValueError, http.client.HTTPException) as exc:
            raise Unexpected(f"what answers on {LOOPBACK}:{self.port} is not Syncthing's API ({exc})") from None
        try:
            return json.loads(text) if text.strip() else None
        except ValueError:
            raise Unexpected(f"what answers on {LOOPBACK}:{self.port} is not Syncthing's API (it answered "
                             f"{method} {path} with something that is not JSON)") from None

    def get(self, path: str, shape: type, keys: tuple[str, ...] = (), optional: bool = False):
        """A GET whose answer must have Syncthing's shape (``shape``, and each of ``keys`` when a dict, or in
        each dict of a list); anything else is :class:`Unexpected`."""
        found = self.call("GET", path)
        if found is None and optional:
            return None
        rows = found if isinstance(found, list) else [found]
        if not isinstance(found, shape) or not all(isinstance(r, dict) and all(k in r for k in keys) for r in rows):
            raise Unexpected(f"what answers on {LOOPBACK}:{self.port} is not Syncthing's API (GET {path} answered "
                             f"{type(found).__name__}, not Syncthing's {shape.__name__})")
        return found

    def my_id(self) -> str:
        found = self.get("/rest/system/status", dict, ("myID",))["myID"]
        if not isinstance(found, str) or not DEVICE_ID.match(found):
            raise Unexpected(f"what answers on {LOOPBACK}:{self.port} is not Syncthing's API (no device id)")
        return found


@dataclass(frozen=True)
class Step:
    """One change to Syncthing's configuration, said in words, the request that makes it and the one that
    undoes it (``undo``: method, path, body)."""
    says: str
    method: str
    path: str
    body: dict
    undo: tuple[str, str, dict | None] | None = None


def _folder_body(current: dict | None, folder: Path, me: str, devices: list[str], encrypted: dict[str, str]) -> dict:
    shared = {d["deviceID"]: d for d in (current or {}).get("devices", [])}
    for d in [me, *devices, *encrypted]:
        shared.setdefault(d, {"deviceID": d})
        if d in encrypted:
            shared[d]["encryptionPassword"] = encrypted[d]
    body = dict(current or {"id": FOLDER_ID, "label": FOLDER_LABEL, "type": "sendreceive", "rescanIntervalS": 60,
                            "fsWatcherEnabled": True, "fsWatcherDelayS": 2, "ignorePerms": True})
    body.update({"path": str(folder), "devices": list(shared.values()), "versioning": {"type": "", "params": {}}})
    return body


def plan(api: Api | None, folder: str, devices: list[str], lan_only: bool,
         encrypted: dict[str, str] | None = None, addresses: dict[str, list[str]] | None = None) -> list[Step]:
    """What sharing ``folder`` with ``devices`` takes, given the local Syncthing's configuration (``api``;
    ``None``: not running, so every change is planned). ``addresses``: where to reach a device (default:
    found by discovery)."""
    path = Path(folder).resolve()
    encrypted, addresses = encrypted or {}, addresses or {}
    known = {d["deviceID"]: d for d in api.get("/rest/config/devices", list, ("deviceID",))} if api else {}
    me = api.my_id() if api else "THIS-DEVICE"
    steps = []
    for d in [*devices, *encrypted]:
        reach = addresses.get(d, ["dynamic"])
        if d not in known and d != me:
            steps.append(Step(f"add device {d}" + (f" at {', '.join(reach)}" if reach != ["dynamic"] else "") +
                              (" (encrypted: it relays the folder but cannot read it)" if d in encrypted else ""),
                              "PUT", f"/rest/config/devices/{d}",
                              {"deviceID": d, "addresses": reach, "untrusted": d in encrypted},
                              ("DELETE", f"/rest/config/devices/{d}", None)))
        elif d in known and reach != ["dynamic"] and known[d].get("addresses") != reach:
            steps.append(Step(f"reach device {d} at {', '.join(reach)}", "PATCH", f"/rest/config/devices/{d}",
                              {"addresses": reach},
                              ("PATCH", f"/rest/config/devices/{d}", {"addresses": known[d].get("addresses")})))
    current = api.get(f"/rest/config/folders/{FOLDER_ID}", dict, ("id",), optional=True) if api else None
    body = _folder_body(current, path, me, [d for d in devices if d != me], encrypted)
    names = ", ".join(d["deviceID"][:7] for d in body["devices"] if d["deviceID"] != me) or "no other device yet"
    steps.append(Step(f"share {path} as folder {FOLDER_ID!r} with {names}; file versioning off",
                      "PUT", f"/rest/config/folders/{FOLDER_ID}", body,
                      ("PUT", f"/rest/config/folders/{FOLDER_ID}", current) if current else
                      ("DELETE", f"/rest/config/folders/{FOLDER_ID}", None)))
    if lan_only:
        wanted = {"globalAnnounceEnabled": False, "relaysEnabled": False, "natEnabled": False,
                  "crashReportingEnabled": False, "urAccepted": -1}
        before = api.get("/rest/config/options", dict) if api else {}
        steps.append(Step("local network only: no global discovery, no relays, no NAT traversal, no crash or usage "
                          "reports",
                          "PATCH", "/rest/config/options", wanted,
                          ("PATCH", "/rest/config/options", {k: before[k] for k in wanted if k in before})))
    return steps


def apply(api: Api, steps: list[Step]) -> None:
    """Make every change, or none: when one fails, the ones made before it are undone (newest first) and the
    failure is raised."""
    done: list[Step] = []
    try:
        for step in steps:
            api.call(step.method, step.path, step.body)
            done.append(step)
    except Unreachable:
        for step in reversed(done):
            if step.undo is not None:
                try:
                    api.call(*step.undo)
                except Unreachable:
                    pass  # Syncthing went away: nothing more can be undone from here
        raise


def connections(api: Api) -> list[dict]:
    """The devices this Syncthing shares with (itself left out): id, name, whether connected now, the address
    it is connected at, when it was last seen (for ``lyss sync status``)."""
    me = api.my_id()
    devices = api.get("/rest/config/devices", list, ("deviceID",))
    now = api.get("/rest/system/connections", dict).get("connections") or {}
    seen = api.get("/rest/stats/device", dict)
    out = []
    for d in devices:
        ident = d["deviceID"]
        if ident == me:
            continue
        link = now.get(ident) if isinstance(now.get(ident), dict) else {}
        stats = seen.get(ident) if isinstance(seen.get(ident), dict) else {}
        last = stats.get("lastSeen") if isinstance(stats.get("lastSeen"), str) else None
        out.append({"device": ident, "name": str(d.get("name") or ""), "connected": bool(link.get("connected")),
                    "address": str(link.get("address") or "") if link.get("connected") else "",
                    "last_seen": None if not last or last.startswith("1970") else last,
                    "addresses": [str(a) for a in d.get("addresses") or []]})
    return out


def writers(api: Api, names: list[str]) -> dict[str, str]:
    """Which device last wrote each file of the shared folder (Syncthing's short id, the id's first seven
    characters): how a laptop's bundle is matched to its Syncthing connection."""
    out = {}
    for name in names:
        found = api.call("GET", f"/rest/db/file?folder={FOLDER_ID}&file={urllib.parse.quote(name)}")
        short = ((found or {}).get("global") or {}).get("modifiedBy") if isinstance(found, dict) else None
        if isinstance(short, str) and short:
            out[name] = short
    return out


__all__ = ["Api", "Step", "Unreachable", "Unexpected", "device_id", "device_spec", "plan", "apply", "connections",
           "writers", "FOLDER_ID"]
