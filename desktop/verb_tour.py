"""``lyss selftest --every-verb``: every command of the ``lyss`` command line run once, as a coordinator, a
field laptop and a researcher would, on a scratch home (its own data, cache, settings, Syncthing
configuration and databases). A command may refuse what it is given — status 2 and one line, as bad input
always gets — but none may stop with an internal error: a module left out of a bundle, a library missing on
one system. The tour runs inside the process that holds the modules (the bundle's own), through the same
entry point as a typed command (:func:`desktop.cli.main`).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from eval_standards import analysers, demos
from review.operations import tasks

from . import cli

BAD_INPUT = 2
INTERNAL = "internal error"
SYNCTHING_ID = "MFZWI3D-BONSGYC-YLTMRWG-C43ENR5-QXGZDMM-FZWI3DP-BONSGYY-LTMRWAD"  # Syncthing's documented example


@dataclass
class Step:
    """One command line and the statuses it may end with (2: it refused its input in one line)."""
    argv: list[str]
    allowed: tuple[int, ...] = (0,)
    stdin: str = ""


@dataclass
class Ran:
    argv: list[str]
    status: int
    seconds: float
    said: str  # the last line of what it printed on stderr

    @property
    def verb(self) -> str:
        return " ".join(a for a in self.argv[:2] if not a.startswith("-"))


class TourFailure(Exception):
    pass


def _scratch_syncthing(home: Path) -> Path:
    """A Syncthing configuration whose GUI speaks TLS on a port where nothing listens: the commands that
    talk to Syncthing go as far as the connection (TLS set up included) and say it does not answer."""
    folder = home / "syncthing"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.xml").write_text(
        '<configuration version="37"><gui enabled="true" tls="true"><address>127.0.0.1:9</address>'
        "<apikey>selftest-key-0123456789</apikey></gui></configuration>\n", encoding="utf-8", newline="\n")
    return folder


def _keeping_steps(db: list[str], terms: Path, home: Path) -> Iterator[Step]:
    """The community's data kept: its take-out; its terms recorded, amended and shown, and a council's decision
    (after the exports they would gate); a backup, a restore and the names put back."""
    yield Step(["review", "take-out", *db, "--all", "--out", str(home / "take-out")])
    yield Step(["review", "terms", *db, "--set", str(terms)])
    yield Step(["review", "amend-terms", *db, str(terms)])
    yield Step(["review", "decide-use", *db, "--use", "study", "--by", "the selftest's council", "--date", "2026-12-01"])
    yield Step(["review", "terms", *db])
    yield Step(["review", "backup", *db])
    yield Step(["review", "restore", *db])
    yield Step(["review", "names-back", *db])


def _exchange_steps(db: list[str], field: str, shared: str, home: Path) -> Iterator[Step]:
    """The field laptop's answers reach the coordinator by USB and through the shared folder; the check before the
    field, a resolve with no conflict, the progress."""
    yield Step(["review", "export-bundle", "--db", field, "--out", str(home / "field.lyssbundle")])
    yield Step(["review", "merge", *db, str(home / "field.lyssbundle")])
    yield Step(["review", "sync", "--db", field, shared])
    yield Step(["review", "sync", *db, shared])
    yield Step(["review", "check", *db], (0, 1))  # 1: problems found (a laptop not heard from, say)
    yield Step(["review", "resolve", *db, "--folder", shared])  # no conflict: nothing to resolve
    yield Step(["review", "progress", *db])


def _study_steps(db: list[str], human: str, scored: str, home: Path) -> Iterator[Step]:
    """The study's verbs on the coordinator's answers (2: too few answers for one, said in one line)."""
    for study in ("agreement", "correlate", "linter-precision", "fst-rejection", "reliability", "quality", "status",
                  "premark-effect"):
        yield Step(["study", study, *db], (0, 2))
    yield Step(["study", "compare-metrics", *db, "--metric", "composite", "--metric2", "chrf_plus_plus",
                "--human", human, "--resamples", "50"], (0, 2))
    yield Step(["study", "reweight", *db, "--human", human, "--out", str(home / "profile.json")], (0, 2))
    yield Step(["study", "report", *db, "--out", str(home / "report.pdf")])
    yield Step(["study", "confirm-tier", *db, scored], (0, 2))


def _inputs(home: Path, demo_path: Path) -> dict[str, Path]:
    """The small files the tour hands to commands, made from the embedded demo (no language named here)."""
    demo = json.loads(demo_path.read_text("utf-8"))
    words = sorted({w for e in demo["entries"] for w in (e.get("predicted") or "").split() if w.isalpha()})[:3]
    files = {"demo": demo_path, "glosses": home / "glosses.tsv", "card": home / "card.json",
             "items": home / "items.json", "simulation": home / "simulation", "da": home / "da.tsv",
             "esa": home / "esa.csv", "terms": home / "terms.json"}
    (home / "shared").mkdir(exist_ok=True)
    files["terms"].write_text(json.dumps({"community": "the selftest's community", "licence": "CC-BY-4.0",
                                          "uses": ["study"]}), encoding="utf-8", newline="\n")
    files["glosses"].write_text("".join(f"{w}\tthing\n" for w in words), encoding="utf-8", newline="\n")
    files["card"].write_text(json.dumps({"code": "zxx", "names": {"en": "a card made by the selftest"},
                                         "scripts": ["Latn"], "evalMetrics": []}), encoding="utf-8", newline="\n")
    entry = demo["entries"][0]
    files["items"].write_text(json.dumps([{"item": "1", "predicted": entry.get("predicted") or "",
                                           "reference": entry.get("reference") or ""}]), encoding="utf-8", newline="\n")
    scores = files["simulation"] / "human-scores"
    scores.mkdir(parents=True, exist_ok=True)
    lines = [f"sysA\t{k % 7}" for k in range(40)] + [f"sysB\t{(k + 3) % 7}" for k in range(40)]
    (scores / "en-de.mqm.seg.score").write_text("\n".join(lines) + "\n", encoding="utf-8", newline="\n")
    rows = ["index\toriginal\ttranslation\tscores\tmean"]
    rows += [f"{k}\tsource {k}\toutput {k}\t[{m}, {m}, {m}]\t{m}" for k, m in enumerate([90, 80, 70, 60] * 5)]
    files["da"].write_text("\n".join(rows) + "\n", encoding="utf-8", newline="\n")
    files["esa"].write_text("a,b,c,TGT,e,f,1,doc#sys,F,[],1,2\n", encoding="utf-8", newline="\n")
    return files


def steps(home: Path, demo: Path, said: dict[str, str]) -> Iterator[Step | Callable[[], Step | None]]:
    """The commands in the order people give them. A callable between them reads what the step before printed
    (``said["out"]``: a laptop's code, a speaker's id) or makes a step from it."""
    f = _inputs(home, demo)
    lang = demos.DEFAULT
    task = tasks.task(tasks.buildable()[0])  # the first task a campaign is built for
    human = task.questions[0]["id"]  # its first question: the human score the study verbs read
    hub, field, db = str(home / "hub.sqlite"), str(home / "field.sqlite"), ["--db", str(home / "hub.sqlite")]
    scored, shared, research = str(home / "scored.json"), str(home / "shared"), str(home / "research.sqlite")
    yield Step(["score", str(f["demo"]), "--lang", lang, "--out", scored])
    yield Step(["compare", str(f["demo"]), scored, "--lang", lang, "--bootstrap", "50", "--trials", "50"], (0, 2))
    yield Step(["gate", scored, "--baseline", scored])
    yield Step(["rubric", str(f["items"]), "--rubric", "capstone"], (0, 2))
    yield Step(["analyzers", "list"])
    yield Step(["analyzers", "licence", "--lang", lang])
    found = analysers.find(lang, "analyser", preference=demos.analyser_preference(lang))
    if found is not None:
        copy = home / f"{lang}-selftest-analyser.hfstol"
        copy.write_bytes(found.path.read_bytes())
        yield Step(["analyzers", "add", str(copy), "--lang", lang, "--kind", "analyser", "--accept-licence"])
        yield Step(["analyzers", "remove", copy.name])
    yield Step(["glosses", "add", str(f["glosses"]), "--lang", lang])
    yield Step(["cards", "add", str(f["card"])])
    yield Step(["cards", "list"])
    yield Step(["review", "init", "--db", hub])
    yield Step(["review", "create-campaign", *db, scored, "--task", task.code, "--items", "6", "--raters", "2",
                *(["--qc", "grammar"] if task.degraded_items else [])])
    yield Step(["review", "init", "--db", field])
    yield Step(["review", "adopt", "--db", field])  # where it is already: nothing to change
    yield Step(["review", "code", "--db", field])
    yield lambda: said.update(field=said["out"].strip())
    yield lambda: Step(["review", "enrol", *db, said["field"], "--name", "selftest laptop"])
    yield Step(["review", "code", *db])
    yield lambda: said.update(hub=said["out"].strip())
    yield lambda: Step(["review", "trust", "--db", field, said["hub"]])
    yield Step(["review", "export-bundle", *db, "--out", str(home / "setup.lyssbundle")])
    yield Step(["review", "merge", "--db", field, str(home / "setup.lyssbundle")])
    for name in ("one", "two"):
        yield Step(["review", "add-speaker", "--db", field, "--name", f"selftest {name}", "--consent-scope", "selftest"])
        yield lambda name=name: said.update({name: said["out"].strip()})
        for turn in range(3):
            yield lambda name=name, turn=turn: Step(["review", "answer", "--db", field, "--speaker", said[name],
                                                      "--answers", json.dumps(_answers(task, turn))])
    yield lambda: Step(["review", "show", "--db", field, "--speaker", said["one"], "--position", "0"])
    yield lambda: Step(["review", "print-forms", "--db", field, "--speaker", said["two"], "--out",
                        str(home / "forms.pdf")])
    yield Step(["review", "import-forms", "--db", field, str(home / "forms.csv")], (0, 2))
    yield from _exchange_steps(db, field, shared, home)
    for what in ("speakers", "campaigns", "runs", "backups", "laptops"):
        yield Step(["review", "list", *db, what])
    yield from _study_steps(db, human, scored, home)
    yield Step(["review", "export", *db, "--format", "csv", "--out", str(home / "ratings.csv"), "--include-raw"])
    yield Step(["review", "export", *db, "--format", "jsonl", "--out", str(home / "ratings.jsonl")])
    yield Step(["review", "export", *db, "--format", "mtme", "--out", str(home / "mtme"), "--lp", f"en-{lang}"], (0, 2))
    yield Step(["review", "init", "--db", research])
    yield Step(["study", "import-mtme", "--db", research, str(home / "mtme"), "--lp", f"en-{lang}",
                "--human", human], (0, 2))
    yield Step(["study", "simulate-sequential", str(f["simulation"]), "--lp", "en-de", "--human", "mqm",
                "--orders", "5"])
    yield Step(["study", "replay-esa", str(f["esa"]), "--wmt", str(home)], (BAD_INPUT,))
    yield Step(["study", "import-da", "--db", research, str(f["da"])])
    yield from _keeping_steps(db, f["terms"], home)
    yield lambda: Step(["review", "hand-over", *db, said["two"], said["field"]], (0, 2))
    yield lambda: Step(["review", "revoke", *db, said["field"], "--from", "2100-01-01"])
    yield lambda: Step(["review", "withdraw", "--db", field, "--yes", said["one"]])
    yield Step(["sync", "setup", shared, "--device", SYNCTHING_ID, "--lan-only"], (0, 2))
    yield Step(["sync", "status", *db, "--folder", shared], (0, 2))
    yield Step(["app", "--db", str(home / "app.sqlite"), "--quit-when-shown"])


def _answers(task, turn: int) -> dict:
    """An answer to every question of ``task`` (its own example), the choices of ordinal questions varied by
    ``turn`` so that the study verbs have answers that differ."""
    answers = task.answer_format()[0]
    for question in task.questions:
        if question["id"] in answers and question.get("scale") == "ordinal":
            values = [o["value"] for o in question["options"]]
            answers[question["id"]] = values[(len(values) - 1 - turn) % len(values)]
    return answers


def _run(step: Step, said: dict[str, str]) -> Ran:
    out, err = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(step.argv)
    said["out"] = out.getvalue()
    lines = err.getvalue().strip().splitlines()
    return Ran(step.argv, status, time.perf_counter() - started, lines[-1] if lines else "")


@contextlib.contextmanager
def _scratch_environment(home: Path):
    """Everything a command reads from the environment points into ``home`` while the tour runs."""
    wanted = {"LYSS_DATA_DIR": home / "data", "LYSS_CACHE_DIR": home / "cache", "XDG_CONFIG_HOME": home / "config",
              "LYSS_SETTINGS_DIR": home / "settings",
              "STHOMEDIR": _scratch_syncthing(home), "QT_QPA_PLATFORM": "offscreen"}
    saved = {k: os.environ.get(k) for k in (*wanted, "LYSS_REVIEW_DB")}
    os.environ.update({k: str(v) for k, v in wanted.items()})
    os.environ.pop("LYSS_REVIEW_DB", None)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def tour(home: Path, demo: Path, progress: Callable[[Ran], None] | None = None) -> list[Ran]:
    """Run every step; raise :class:`TourFailure` naming the first command that ended otherwise than allowed."""
    ran: list[Ran] = []
    said = {"out": ""}
    with _scratch_environment(home):
        for step in steps(home, demo, said):
            if callable(step):
                made = step()
                if not isinstance(made, Step):
                    continue
                step = made
            result = _run(step, said)
            ran.append(result)
            if progress:
                progress(result)
            if INTERNAL in result.said or result.status not in step.allowed:
                raise TourFailure(f"lyss {' '.join(step.argv)} ended with status {result.status}: "
                                  f"{result.said or 'nothing said'}")
    return ran


def every_command() -> list[tuple[str, ...]]:
    """Each command line the parser accepts, as the words that name it (``("review", "list")``)."""
    def leaves(parser: argparse.ArgumentParser, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs:
            yield path
        for name, child in (subs[0].choices.items() if subs else ()):
            yield from leaves(child, (*path, name))
    return list(leaves(cli.build_parser(), ()))


def verbs_missing(ran: list[Ran]) -> list[str]:
    """The commands the tour did not run (the selftest itself, which runs the tour, aside)."""
    done = {tuple(r.argv[:n]) for r in ran for n in (1, 2)}
    return [" ".join(path) for path in every_command() if path not in done and path != ("selftest",)]
