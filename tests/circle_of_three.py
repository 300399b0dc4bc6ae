"""A coordinator's laptop and two field laptops as a coordinator sets them up (issue 65, 2): the hub enrols both in its
circle before any campaign, both trust it, the hub creates a campaign, and everyone syncs one shared folder. Every
command runs through the ``lyss`` command line. What one laptop writes then travels to the other two — by USB bundle
(``by_usb``) and through the shared folder (``settle``) — and the shared tables are compared row for row
(``differences``). The circle is set up once per test process and copied for each test (``Circle.set_up``)."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from desktop.cli import main
from review.records import payload
from review.store import Store, keys

LAPTOPS = ("hub", "rita", "joe")
_MADE: dict[tuple, "Circle"] = {}  # the circles set up in this test process, by (scored run, items, task)


def _set_up_once(scored: Path, capsys, items: int, task: str) -> "Circle":
    key = (str(scored), items, task)
    if key not in _MADE:
        _MADE[key] = Circle.set_up(Path(tempfile.mkdtemp(prefix="lyss-circle-")), scored, capsys, items, task)
    return _MADE[key]


class Circle:
    def __init__(self, root: Path, scored: Path, capsys, items: int = 6, task: str = "A"):
        """The circle in ``root``: copied from one this test process set up once (for the same run, items and task),
        each laptop's database adopted where it now lies (a copy publishes nothing until adopted, issue 65). The
        three laptops stay three: only the whole circle is copied."""
        self._places(root, scored, capsys)
        made = _set_up_once(scored, capsys, items, task)
        shutil.copytree(made.root, root, dirs_exist_ok=True)
        for name in LAPTOPS:
            with Store(self.db[name]) as store:
                store.adopt()
        self.written, self.code, self.campaign = made.written, made.code, made.campaign

    def _places(self, root: Path, scored: Path, capsys) -> None:
        self.root, self.scored, self.capsys = root, scored, capsys
        self.folder = root / "shared"
        self.db = {name: str(root / f"{name}.sqlite") for name in LAPTOPS}
        self.usb_trips = 0

    @classmethod
    def set_up(cls, root: Path, scored: Path, capsys, items: int, task: str) -> "Circle":
        """The circle made as a coordinator makes it, every step through ``lyss``."""
        self = cls.__new__(cls)
        self._places(root, scored, capsys)
        self.folder.mkdir()
        for name in LAPTOPS:
            self.ok("review", "init", "--db", self.db[name])
        self.written = {name: self.ok("review", "code", "--db", self.db[name]).strip() for name in LAPTOPS}
        self.code = {name: keys.normalise_code(code) for name, code in self.written.items()}  # as rows name them
        for name in ("rita", "joe"):  # typed as `lyss review code` shows them, their check characters too
            self.ok("review", "enrol", "--db", self.db["hub"], self.written[name], "--name", f"{name}'s laptop")
            self.ok("review", "trust", "--db", self.db[name], self.written["hub"])
        out = self.ok("review", "create-campaign", "--db", self.db["hub"], str(scored), "--task", task, "--items",
                      str(items), "--name", "round 1")
        self.campaign = out.split()[0]
        self.settle()
        return self

    # ------------------------------------------------------------------------------------------- the command line
    def run(self, *argv: str) -> tuple[int, str, str]:
        self.capsys.readouterr()
        code = main(list(argv))
        out, err = self.capsys.readouterr()
        return code, out, err

    def ok(self, *argv: str) -> str:
        """Run a command that must succeed; its standard output."""
        code, out, err = self.run(*argv)
        assert code == 0, f"lyss {' '.join(argv)} → {code}: {out}{err}"
        return out

    def on(self, laptop: str, *argv: str) -> str:
        """``lyss VERB… --db`` the laptop's database (the verb's words first)."""
        words = [a for a in argv[:2] if not a.startswith("-")]
        return self.ok(*words, "--db", self.db[laptop], *argv[len(words):])

    def add_speaker(self, laptop: str, name: str, uses: list[str] | None = None) -> str:
        more = ["--consent-uses", ",".join(uses)] if uses is not None else []
        # --name=VALUE: a name may look like an option ("--x", "-h"); a person types it so too
        return self.on(laptop, "review", "add-speaker", f"--name={name}", "--consent-scope", "LYSS study", *more).strip()

    def answer(self, laptop: str, speaker: str, note: str | None = None, **answers) -> str:
        more = [f"--note={note}"] if note is not None else []
        return self.on(laptop, "review", "answer", "--campaign", self.campaign, "--speaker", speaker, "--answers",
                       json.dumps(answers or {"adequacy": 4, "fluency": 5}), *more)

    def answers_of(self, laptop: str, speaker: str) -> int:
        """How many answers of the speaker the laptop holds."""
        with Store(self.db[laptop]) as store:
            return store.one("select count(*) as n from ratings where speaker_id = ?", [speaker])["n"]

    # ------------------------------------------------------------------------------------------------ travelling
    def by_usb(self, writer: str) -> None:
        """The writer's bundle carried on a stick to the other two and merged there."""
        self.usb_trips += 1
        stick = self.root / f"{writer}-{self.usb_trips}.lyssbundle"
        self.on(writer, "review", "export-bundle", "--out", str(stick))
        for name in LAPTOPS:
            if name != writer:
                self.on(name, "review", "merge", str(stick))

    def settle(self, rounds: int = 2) -> list[str]:
        """Every laptop syncs the folder ``rounds`` times, then on until a round changes nothing; the lines the
        last round said."""
        for n in range(rounds + 5):
            said = [self.run("review", "sync", str(self.folder), "--db", self.db[name]) for name in LAPTOPS]
            assert all(code in (0, 1) for code, _, _ in said), said
            lines = [line for _, out, _ in said for line in out.splitlines()]
            if n + 1 >= rounds and all(line.startswith(("unchanged", "waiting")) or "(unchanged since; not read again)"
                                       in line for line in lines):
                return lines
        raise AssertionError(f"the syncs never settle: {lines}")

    def refused(self) -> list[str]:
        """What any laptop's last sync refused."""
        lines = []
        for name in LAPTOPS:
            _, out, _ = self.run("review", "sync", str(self.folder), "--db", self.db[name])
            lines += [f"{name}: {line}" for line in out.splitlines() if "refused" in line]
        return lines

    # ------------------------------------------------------------------------------------------------ comparing
    def tables(self, laptop: str) -> dict[str, list[str]]:
        """Every shared table's rows as they travel (every travelling column, the declared local ones aside), the
        signature aside: a laptop signs its own rows as it publishes them, so the signature follows from the rest."""
        with Store(self.db[laptop]) as store:
            snapshot = payload.table_snapshot(store)
        out = {}
        for table, rows in snapshot.items():
            decoded = [json.loads(text) for text in rows]
            for row in decoded:
                row.pop("signature", None)
            out[table] = sorted(json.dumps(r, sort_keys=True, ensure_ascii=False) for r in decoded)
        return out

    def differences(self) -> dict[str, dict[str, list[str]]]:
        """Per shared table, per laptop, the rows it holds that the hub does not, and those it lacks (``-``)."""
        hub = self.tables("hub")
        out: dict[str, dict[str, list[str]]] = {}
        for name in LAPTOPS[1:]:
            for table, rows in self.tables(name).items():
                extra = sorted(set(rows) - set(hub[table]))
                lacking = sorted(set(hub[table]) - set(rows))
                if extra or lacking:
                    out.setdefault(table, {})[name] = extra + [f"- {r}" for r in lacking]
        return out

    def travel(self, writer: str) -> None:
        """What ``writer`` wrote reaches the other two, by USB and then through the folder, the same everywhere."""
        self.by_usb(writer)
        assert self.differences() == {}, f"after a USB bundle from {writer}: {self.differences()}"
        self.settle()
        assert self.differences() == {}, f"after the shared folder: {self.differences()}"
        refused = self.refused()
        assert refused == [], refused
