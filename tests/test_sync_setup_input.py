"""``lyss sync setup`` takes nothing on trust: its FOLDER must be a folder, the API key in Syncthing's
configuration must be a key, and the local API's answers must be Syncthing's (something else listening on the
port — HTML, JSON of another shape — changes nothing). The device and folder changes are made together or not
at all, and the encrypted devices' password need never be on the command line.

The API here is a small server on 127.0.0.1 that answers as a Syncthing would, or as a stranger would: the
real daemons are in ``test_sync_syncthing.py``; these cases need an API that misbehaves on purpose."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from desktop.cli import main

ME = "E5CMZUI-MOUZ32E-43K3CIP-TXK4VMG-VNWJ5QP-VIAXFEE-T6KONYQ-QMWLQAW"  # well formed (check characters hold)
OTHER = "3EUYUEG-RWBZVQH-N64JPMF-3LDEDM6-HTZ3ZHU-R7F2U53-FJ4XT6W-ZPZ75AJ"
KEY = "abcDEF123-key-for-tests"


class FakeSyncthing(BaseHTTPRequestHandler):
    """Answers GETs from ``self.server.answers`` (path → JSON text or raw bytes), records every request, and
    fails the requests ``self.server.failing`` names with a 500."""

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        self.server.requests.append((self.command, self.path, json.loads(body) if body else None))
        if (self.command, self.path.split("/")[3] if self.path.count("/") >= 3 else "") in self.server.failing:
            self.send_response(500)
            self.end_headers()
            self.wfile.write(b"failed on purpose")
            return
        found = self.server.answers.get(self.path) if self.command == "GET" else b""
        if found is None:
            self.send_response(404)
            self.end_headers()
            return
        self.send_response(200)
        self.end_headers()
        self.wfile.write(found if isinstance(found, bytes) else json.dumps(found).encode())

    do_GET = do_PUT = do_PATCH = do_DELETE = _answer

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def api(tmp_path):
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeSyncthing)
    server.requests, server.failing = [], set()
    server.answers = {"/rest/system/status": {"myID": ME}, "/rest/config/devices": [{"deviceID": ME}],
                      "/rest/config/options": {"globalAnnounceEnabled": True, "relaysEnabled": True,
                                               "natEnabled": True}}
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    home = tmp_path / "st-home"
    home.mkdir()
    server.home = home
    write_config(home, server.server_address[1], KEY)
    (tmp_path / "shared").mkdir()
    yield server
    server.shutdown()


def write_config(home, port: int, key: str) -> None:
    (home / "config.xml").write_text(f'<configuration><gui tls="false"><address>127.0.0.1:{port}</address>'
                                     f"<apikey>{key}</apikey></gui></configuration>", encoding="utf-8")


def setup(tmp_path, api, *extra: str) -> list[str]:
    return ["sync", "setup", str(tmp_path / "shared"), "--device", OTHER, "--home", str(api.home), *extra]


def one_line(capsys) -> str:
    err = capsys.readouterr().err
    assert err.startswith("lyss: ") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


def changes(api) -> list:
    return [r for r in api.requests if r[0] != "GET"]


@pytest.mark.parametrize("key", ["clé-with-é-accent", "two\nlines", "short"])
def test_an_api_key_that_is_no_key_is_one_line(tmp_path, api, capsys, key):
    write_config(api.home, api.server_address[1], key)
    assert main(setup(tmp_path, api, "--apply")) == 2
    assert "gui apikey: not a usable API key" in one_line(capsys)
    assert api.requests == []


@pytest.mark.parametrize("answer", [b"<html><body>router login</body></html>", b'{"myID": 7}', b"[1, 2]",
                                    b'"text"', b'{"no": "id"}'])
def test_an_api_that_is_not_syncthings_changes_nothing(tmp_path, api, capsys, answer):
    api.answers["/rest/system/status"] = answer
    api.answers["/rest/config/devices"] = answer
    for extra in ([], ["--apply"]):
        assert main(setup(tmp_path, api, *extra)) == 2
        assert "is not Syncthing's API" in one_line(capsys)
    assert changes(api) == []


def test_folder_must_be_a_folder_and_long_ids_are_cut(tmp_path, api, capsys):
    plain = tmp_path / "a-file"
    plain.write_text("x")
    assert main(["sync", "setup", str(plain), "--device", OTHER, "--home", str(api.home), "--apply"]) == 2
    assert "FOLDER: " in (err := one_line(capsys)) and "not a folder" in err
    assert main(setup(tmp_path, api, "--device", "Q" * 100_000)) == 2
    assert len(one_line(capsys)) < 500
    assert changes(api) == []


def test_the_device_change_is_undone_when_the_folder_change_fails(tmp_path, api, capsys):
    api.failing = {("PUT", "folders")}
    assert main(setup(tmp_path, api, "--lan-only", "--apply")) == 2
    assert "the changes made before it were undone" in one_line(capsys)
    assert changes(api) == [("PUT", f"/rest/config/devices/{OTHER}", {"deviceID": OTHER, "addresses": ["dynamic"],
                                                                       "untrusted": False}),
                            ("PUT", "/rest/config/folders/lyss-review", changes(api)[1][2]),
                            ("DELETE", f"/rest/config/devices/{OTHER}", None)]
    api.requests.clear()
    api.failing = {("PATCH", "options")}  # the last change fails: the folder and the device are undone too
    assert main(setup(tmp_path, api, "--lan-only", "--apply")) == 2
    undone = changes(api)[3:]
    assert undone == [("DELETE", "/rest/config/folders/lyss-review", None),
                      ("DELETE", f"/rest/config/devices/{OTHER}", None)]


def test_the_password_comes_from_the_environment_a_file_or_a_prompt(tmp_path, api, capsys, monkeypatch):
    def shared_password() -> str:
        body = next(r[2] for r in changes(api) if r[1] == "/rest/config/folders/lyss-review")
        return next(d["encryptionPassword"] for d in body["devices"] if d["deviceID"] == OTHER)

    command = ["sync", "setup", str(tmp_path / "shared"), "--encrypted-device", OTHER, "--home", str(api.home),
               "--apply"]
    monkeypatch.setenv("LYSS_SYNC_PASSWORD", "from the environment")
    assert main(command) == 0
    assert shared_password() == "from the environment"
    monkeypatch.delenv("LYSS_SYNC_PASSWORD")
    api.requests.clear()
    secret = tmp_path / "password.txt"
    secret.write_text("from a file\n", encoding="utf-8")
    assert main([*command, "--password-file", str(secret)]) == 0
    assert shared_password() == "from a file"
    api.requests.clear()
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("getpass.getpass", lambda prompt: "typed, not echoed")
    assert main(command) == 0
    assert shared_password() == "typed, not echoed"
    api.requests.clear()
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    capsys.readouterr()
    assert main(command) == 2
    assert "LYSS_SYNC_PASSWORD" in one_line(capsys)
    assert changes(api) == []
