"""The analyser registry: finding, installing and loading GiellaLT ``.hfstol`` analysers.

Discovery order (first found wins, per language and kind):

1. ``--analyzer-dir`` (``options["analyzer_dir"]``),
2. ``$LYSS_ANALYZERS`` (folders separated by the path separator),
3. the user's data folder (``lyss analyzers add`` puts files there),
4. the packaged bundle (``<bundle>/analysers``),
5. ``../shared/fst`` or ``$LYSS_SHARED/fst`` (development).

A file belongs to a language when its name starts with the language code (``crk-…``); it is a
generator when its name says so, an analyser otherwise. Lookups strip flag diacritics and are cached in
memory and on disk, keyed by the file's sha256.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import signal
import shutil
import sys
import threading
import time
import unicodedata
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path

from scoring.cache import cache_dir
from scoring.errors import BadValue, FileProblem, InputError, NotFound
from scoring.files import atomic_path, portable_name_problem, user_data_dir, write_json_atomic, write_text_atomic
from scoring import parallel
from scoring.parallel import process_map

from . import hfstol, lookups
from .table_reader import TableBatch
from .cards import available_cards, load_card

KINDS = ("analyser", "generator")
LANG_CODE = re.compile(r"[a-z]{2,3}")
SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
HOW_TO_ADD = ("add one with `lyss analyzers add FILE.hfstol --lang {lang} --accept-licence` (read `lyss analyzers "
              "licence --lang {lang}` first) or point --analyzer-dir / "
              "LYSS_ANALYZERS at a folder holding {lang}-*.hfstol")


@dataclass(frozen=True)
class AnalyserFile:
    path: Path
    lang: str
    kind: str
    origin: str

    @property
    def name(self) -> str:
        return self.path.name

    def sha256(self) -> str:
        return file_sha256(self.path)

    def problem(self) -> str | None:
        """Why this file cannot be used (damaged, not optimized-lookup…), ``None`` when it can."""
        try:
            return lookups.problem(hfstol.check(self.path))
        except InputError as exc:
            return exc.problem

    def describe(self) -> dict:
        return {"file": self.name, "path": str(self.path), "lang": self.lang, "kind": self.kind,
                "origin": self.origin, "sha256": self.sha256(), "problem": self.problem()}


def file_sha256(path: Path) -> str:
    stat = path.stat()
    return _sha256(str(path), stat.st_mtime, stat.st_size)


@lru_cache(maxsize=64)
def _sha256(path: str, mtime: float, size: int) -> str:
    """Keyed by modification time and size too, so a replaced file is hashed again."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def bundle_dir() -> Path | None:
    base = getattr(sys, "_MEIPASS", None)
    return Path(base) / "analysers" if base else None


def shared_fst_dir() -> Path:
    shared = os.environ.get("LYSS_SHARED")
    root = Path(shared) if shared else Path(__file__).resolve().parents[2] / "shared"
    return root / "fst"


def search_path(analyzer_dir: str | None = None) -> list[tuple[str, Path]]:
    places: list[tuple[str, Path]] = []
    if analyzer_dir:
        places.append(("--analyzer-dir", Path(analyzer_dir)))
    for part in filter(None, os.environ.get("LYSS_ANALYZERS", "").split(os.pathsep)):
        places.append(("LYSS_ANALYZERS", Path(part)))
    places.append(("user data", user_data_dir() / "analysers"))
    if bundle_dir():
        places.append(("bundle", bundle_dir()))
    places.append(("shared", shared_fst_dir()))
    return places


def kind_of(name: str) -> str:
    return "generator" if "generator" in name.lower() else "analyser"


def discover(lang: str, analyzer_dir: str | None = None, preference: list[str] | None = None) -> list[AnalyserFile]:
    """Every analyser file for a language, in discovery order (the card's preference breaks ties
    within one folder)."""
    rank = {name: i for i, name in enumerate(preference or [])}
    found = []
    for origin, folder in search_path(analyzer_dir):
        if not folder.is_dir():
            continue
        files = sorted(folder.glob(f"{lang}-*.hfstol"), key=lambda p: (rank.get(p.name, len(rank)), p.name))
        found += [AnalyserFile(p, lang, kind_of(p.name), origin) for p in files]
    return found


def find(lang: str, kind: str = "analyser", analyzer_dir: str | None = None,
         preference: list[str] | None = None) -> AnalyserFile | None:
    """The first usable file of this kind; a damaged one only when no usable one exists (so that the
    reason reaches the user)."""
    candidates = [c for c in discover(lang, analyzer_dir, preference) if c.kind == kind]
    for c in candidates:  # a file the user points at is never skipped for another one
        if c.origin == "--analyzer-dir" and c.problem() is not None:
            raise FileProblem(str(c.path), "--analyzer-dir", f"{c.problem()}; remove or replace it (a file given "
                                                            f"with --analyzer-dir is never skipped)")
    usable = [c for c in candidates if c.problem() is None]
    return (usable or candidates or [None])[0]


# ----------------------------------------------------------------------------- loading and lookup

class Analyser:
    """One loaded optimized-lookup transducer with a memory and disk lookup cache.

    ``analyse(word)`` returns its analyses (flag diacritics stripped, weight order), ``()`` when the
    transducer rejects the word.
    """

    def __init__(self, file: AnalyserFile):
        layout, data = hfstol.read(file.path)  # HFST aborts the process on a damaged file: refuse it first, in one line
        self._probe = start_probe(file, layout)  # one that crashes or hangs the library on a word: before any lookup
        # an analyser reads letters: its multi-character input symbols are internal (a generator reads tags)
        internal = tuple(layout.input_multichar) if file.kind == "analyser" else ()
        self._unlookupable = re.compile("|".join([CONTROL_CHARACTER, SPECIAL_SYMBOL.pattern, *map(re.escape, internal)]))
        self._letter_pairs = hfstol.letter_pairs(data, layout) if file.kind == "analyser" else None
        self._impossible: set[str] = set()  # lookupable words the letter pairs rule out (never saved)
        self.file = file
        self.sha256 = file.sha256()
        self._layout = layout
        self._lookup: lookups.Lookup | None = None  # read when first needed (see _opened)
        self._batch_reader: TableBatch | None = None  # the same, for batches (see batched)
        self._lock = threading.Lock()
        self.weighted = layout.weighted
        self._reads_any_symbol = layout.reads_any_symbol
        self._memory: dict[str, tuple[str, ...]] = {}
        self._disk_path = None
        self._dirty = False
        folder = cache_dir()
        if folder is not None:
            self._disk_path = folder / "fst" / f"{self.sha256}-{ANALYSIS_ORDER}.json"
            self._memory.update(_read_lookup_cache(self._disk_path))
        self.lookups = 0

    def lookupable(self, word: str) -> bool:
        """A token this analyser may be asked about: text with no control character (a NUL would end it
        inside the C++ library: ``atim\\x00`` read as ``atim``) and nothing that spells one of the
        analyser's own multi-character input symbols (``@_EPSILON_SYMBOL_@``, flag diacritics), which
        one library reads as that symbol and the other as letters. Every path applies it first, so a
        word's verdict never depends on how many words the run has."""
        return bool(word) and self._unlookupable.search(word) is None

    def _worth_looking_up(self, words: list[str]) -> list[str]:
        """The lookupable ``words`` whose letters the analyser can read in that order
        (:class:`hfstol.LetterPairs`); the others are remembered as rejected without a lookup — the same
        verdict, sooner."""
        words = [w for w in words if self.lookupable(w)]
        if self._letter_pairs is None or not words:
            return words
        possible = self._letter_pairs.possible(words)
        self._impossible.update(w for w, p in zip(words, possible) if not p)
        return [w for w, p in zip(words, possible) if p]

    def _tested(self) -> None:
        """The file's test run passed (waited for once, before the first lookup)."""
        if self._probe is not None:
            running, self._probe = self._probe, None
            try:
                running.result()
            except InputError:
                self._probe = running  # every later lookup refuses too
                raise

    def analyse(self, word: str) -> tuple[str, ...]:
        self._tested()
        if not self.lookupable(word):
            return ()
        found = self._memory.get(word)
        if found is not None:
            return found
        if word in self._impossible or not self._worth_looking_up([word]):
            return ()
        with self._lock:
            found = in_analysis_order(self._opened().readings(word))
        self.lookups += 1
        self._memory[word] = found
        self._dirty = True
        return found

    def _opened(self) -> lookups.Lookup:
        """This file read by the lookup installed here (:func:`lookups.open_lookup`) — on first use."""
        if self._lookup is None:
            self._lookup = lookups.open_lookup(self.file.path, self._layout)
        return self._lookup

    @property
    def lookup_name(self) -> str:
        """The library single lookups of this file use here (``hfst``, ``pyhfst``…)."""
        return lookups.name_for(self._layout)

    @property
    def fast(self) -> bool:
        """Batches go through ALTLab's ``hfst-optimized-lookup`` (about 4× the binding's speed; it reads
        unweighted analysers only, and reads no character outside the alphabet through an identity or
        unknown symbol, where the binding does: such a file's batches go through the binding too)."""
        return not self.weighted and not self._reads_any_symbol and fast_lookup_library() is not None

    def analyse_many(self, words: list[str]) -> None:
        """Fill the cache for many words: here, with LYSS's many-words reader (:attr:`batched`), else with ALTLab's
        library in worker processes (it holds the GIL and leaks; each worker reads the file itself, so nothing
        large travels by spawn)."""
        # the test run goes on meanwhile: worker processes may crash harmlessly; a lookup in this process
        # (analyse, a dead worker's chunk redone) waits for its verdict first
        todo = sorted(self._worth_looking_up([w for w in dict.fromkeys(words) if w not in self._memory
                                              and w not in self._impossible]))  # neighbours in the tables
        workers = min(os.cpu_count() or 1, 4)
        fast = self.fast
        if self.batched and len(todo) >= BATCH_FROM:  # here, in this process: faster than workers would be
            self._tested()
            found = self._batch().readings_many(todo)
            self._memory.update((w, in_analysis_order(found[w])) for w in todo)
            self.lookups += len(todo)
            self._dirty = True
            return
        if len(todo) < PARALLEL_LOOKUPS or (workers < 2 and not fast):
            for word in todo:
                self.analyse(word)
            return
        count = max(workers, -(-len(todo) // FAST_CHUNK)) if fast else workers
        # dealt like cards: accepted words (the slow ones) shared out evenly, each chunk in alphabetical order —
        # words that share a beginning walk the same part of the tables, still in the processor's cache
        # (in text order, lookups take a third longer)
        chunks = [todo[i::count] for i in range(count)]
        parts = process_map(partial(look_up_in_worker, str(self.file.path), fast), chunks, workers,
                            fallback=self._here_chunk)
        for words_of_chunk, part in zip(chunks, parts):
            self._memory.update((w, part.get(w, ())) for w in words_of_chunk)
        self.lookups += len(todo)
        self._dirty = True

    @property
    def batched(self) -> bool:
        """Batches go through LYSS's own reader walking many words at once in numpy (:class:`TableBatch`),
        where ALTLab's library does not take them: faster than one word at a time with any binding. Not for
        a file that reads characters outside its alphabet (only the hfst binding reads those as HFST does)."""
        return not self.fast and not self._reads_any_symbol

    def _batch(self) -> TableBatch:
        if self._batch_reader is None:
            self._batch_reader = TableBatch(self.file.path)
        return self._batch_reader

    def _here_chunk(self, words: list[str]) -> dict[str, tuple[str, ...]]:
        return {w: self.analyse(w) for w in words}

    def save_cache(self) -> None:
        """Write the persistent lookup cache (atomically); a cache that cannot be written is only slower."""
        if not self._dirty or self._disk_path is None:
            return
        try:
            self._disk_path.parent.mkdir(parents=True, exist_ok=True)
            write_text_atomic(self._disk_path, json.dumps(self._memory, ensure_ascii=False))
            self._dirty = False
        except (OSError, InputError):
            pass

    def describe(self) -> dict:
        batches = "hfst-optimized-lookup" if self.fast else TableBatch.name if self.batched else self.lookup_name
        return {**self.file.describe(), "weighted": self.weighted, "lookup": self.lookup_name, "batch_lookup": batches}


def in_analysis_order(readings: dict[str, float]) -> tuple[str, ...]:
    """A word's analyses as LYSS keeps them (:data:`ANALYSIS_ORDER`)."""
    return tuple(sorted(readings, key=lambda t: (readings[t], t)))


def look_up_in_worker(path: str, fast: bool, words: list[str]) -> dict[str, tuple[str, ...]]:
    """In a worker process that then ends (the fast library leaks about 2 KB a lookup; the main process
    never calls it): the analyses of the accepted ``words`` (a word left out is rejected), exactly what
    ``Analyser.analyse`` returns — the same analyses (flags stripped), in :data:`ANALYSIS_ORDER`. The
    file is read here (by fork or spawn, only its path and the words travel). A very long word goes to
    the other lookup (the fast library aborts on inputs of about a thousand symbols; a worker that dies
    has its chunk redone in the main process)."""
    slow: list[lookups.Lookup] = []

    def other(word: str) -> tuple[str, ...]:
        if not slow:
            slow.append(lookups.open_lookup(Path(path), hfstol.check(path)))
        return in_analysis_order(slow[0].readings(word))

    transducer = fast_lookup_library().TransducerFile(path) if fast else None
    found = {word: tuple(sorted(set(transducer.lookup(word)))) if transducer and len(word) <= FAST_MAX_LENGTH
             else other(word) for word in words}
    return {word: analyses for word, analyses in found.items() if analyses}


def _read_lookup_cache(path) -> dict[str, tuple[str, ...]]:
    """A lookup cache file: word → its analyses. A file that does not hold exactly that (damaged, edited,
    another program's) is treated as absent: the words are looked up again."""
    try:
        found = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(found, dict) or not all(
            isinstance(v, list) and all(isinstance(a, str) for a in v) for v in found.values()):
        return {}
    return {k: tuple(v) for k, v in found.items()}


SPECIAL_SYMBOL = hfstol.SPECIAL_SYMBOL
CONTROL_CHARACTER = "[\x00-\x1f\x7f-\x9f]"  # Unicode's category Cc, all of it (a test checks every code point)
ANALYSIS_ORDER = "by-weight-then-text"  # a word's analyses, the same whichever library looked them up
PARALLEL_LOOKUPS = 1000  # below this a process pool costs more than it saves
BATCH_FROM = 20  # fewer words are looked up one by one (a batch reader's tables take a tenth of a second to load)
FAST_CHUNK = 10_000  # words a worker process looks up before it ends (≈ 20 MB of the library's leak)
FAST_MAX_LENGTH = 500  # longer words go to the binding


def fast_lookup_library():
    """ALTLab's ``hfst_optimized_lookup`` module, or None when it is not installed (it needs a C++
    compiler at install time); without it every lookup uses the hfst binding, with the same analyses."""
    try:
        import hfst_optimized_lookup  # deferred: optional, built with a C++ compiler at install time
    except ImportError:
        return None
    return hfst_optimized_lookup


def fast_lookup_agrees(analyser: Analyser, words: list[str]) -> bool:
    """Whether the fast library, where it is installed, gives the analyser's own analyses of ``words`` (for
    ``lyss selftest``: a bundle that carries it carries a working copy; without it there is nothing to
    disagree). Call it in a process that ends soon: it leaks."""
    library = fast_lookup_library()
    if library is None or analyser.weighted:
        return True
    transducer = library.TransducerFile(str(analyser.file.path))
    return all(set(transducer.lookup(w)) == set(analyser.analyse(w)) for w in words if len(w) <= FAST_MAX_LENGTH)


# ----------------------------------------------------------------------------- a test run in a child process

PROBE_SECONDS = 30  # loading a large analyser and a few hundred lookups take about a second
PROBE_MEMORY = 4 << 30  # bytes of address space the test run may take
PROBE_VERSION = 1  # bump when the probe words change: every file is tried again


def probe_words(layout: hfstol.Layout) -> list[str]:
    """Words that walk every first transition of the file: each one-character input symbol alone and
    doubled, and all of them in one word (nothing of any language: the file's own alphabet)."""
    letters = [c for c in layout.input_letters if not unicodedata.category(c).startswith("C")]
    return [*letters, *(c + c for c in letters), "".join(letters)[:FAST_MAX_LENGTH]]


def _probe_child(path: str, words: list[str], fast: bool, send, at) -> None:
    _limit_memory()
    transducer = lookups.open_lookup(Path(path), hfstol.check(path))  # the library, loaded in the child first
    for k, word in enumerate(words):
        at.value = k
        transducer.readings(word)
    if fast and fast_lookup_library() is not None:
        library = fast_lookup_library().TransducerFile(path)
        for k, word in enumerate(words):
            at.value = k
            library.lookup(word)
    send.send(True)


def _limit_memory() -> None:
    """At most :data:`PROBE_MEMORY` of address space for this process where the system sets such limits
    (POSIX); on Windows there is no such limit, and a test run that takes the memory is stopped by time."""
    try:
        import resource  # deferred: POSIX only
    except ImportError:
        return
    resource.setrlimit(resource.RLIMIT_AS, (PROBE_MEMORY, PROBE_MEMORY))


class Probe:
    """A test run of an analyser file under way in a child process (see :func:`start_probe`)."""

    def __init__(self, file: AnalyserFile, mark: Path | None, layout: hfstol.Layout):
        self.file, self.mark = file, mark
        self.words = probe_words(layout)
        context = parallel.context()
        self._receive, send = context.Pipe(duplex=False)
        self._at = context.Value("i", -1)
        self._child = context.Process(target=_probe_child, args=(str(file.path), self.words, not layout.weighted,
                                                                 send, self._at), daemon=True)
        self._started = time.monotonic()
        self._child.start()
        send.close()

    def result(self) -> None:
        """Wait for the verdict: return when the file behaved, else raise one line naming the word."""
        answered = self._receive.poll(max(0.0, PROBE_SECONDS - (time.monotonic() - self._started)))
        if not answered:
            self._child.kill()
        self._child.join()
        self._receive.close()
        code = self._child.exitcode
        if not answered or code != 0:
            word = self.words[self._at.value] if 0 <= self._at.value < len(self.words) else None
            how = (f"did not answer within {PROBE_SECONDS} s" if not answered else
                   f"crashed ({_signal_name(-code)})" if code < 0 else
                   "failed (out of memory, or an error inside the library)")
            on = f" on the word {word!r}" if word is not None else " while loading"
            raise FileProblem(str(self.file.path), "", f"not a usable analyser: a test run {how}{on}; remove it "
                                                       f"with lyss analyzers remove {self.file.name}, or replace it")
        if self.mark is not None:
            try:
                self.mark.parent.mkdir(parents=True, exist_ok=True)
                self.mark.touch()
            except OSError:
                pass  # not remembered: tried again next time


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def start_probe(file: AnalyserFile, layout: hfstol.Layout | None = None) -> Probe | None:
    """Start a test run of the file on :func:`probe_words` in a child process with a time and memory limit;
    ``None`` when this file (by sha256) already passed one. The caller
    waits for ``result()`` before its first lookup: a file that crashes the C++ library (a damaged
    transition passes every table check) or never answers is refused in one line, never by taking the
    program down, and loading it here meanwhile costs no extra time."""
    mark = cache_dir() / "fst" / f"{file.sha256()}-probe-{PROBE_VERSION}" if cache_dir() is not None else None
    if mark is not None and mark.exists():
        return None
    return Probe(file, mark, layout or hfstol.check(file.path))


def probe(file: AnalyserFile) -> None:
    """:func:`start_probe` and wait for its verdict."""
    running = start_probe(file)
    if running is not None:
        running.result()


@lru_cache(maxsize=None)
def load(file: AnalyserFile) -> Analyser:
    """A loaded analyser, shared by every plugin in the process (``load.cache_clear()`` forgets them)."""
    return Analyser(file)


# ----------------------------------------------------------------------------- installing

UNKNOWN_LICENCE = {"id": "unknown", "notice": "LYSS has no licence record for this language's analysers: read the "
                                               "licence that came with the file before you use or share it."}


def licence_of(lang: str) -> dict:
    """The licence of a language's analysers, from its card (``analyserLicence``: id and notice)."""
    found = load_card(lang).get("analyserLicence")
    return found if isinstance(found, dict) and found.get("notice") else UNKNOWN_LICENCE


def licence_notices() -> dict[str, dict]:
    """Every language pack's analyser licence."""
    return {code: licence_of(code) for code in available_cards() if licence_of(code) is not UNKNOWN_LICENCE}


def install(source: str, lang: str, kind: str | None = None, accept_licence: bool = False) -> dict:
    """Copy an analyser into the user's data folder with its sha256 and licence record."""
    src = Path(source)
    if not src.is_file():
        raise FileProblem(source, "", "file not found")
    if not lang or not LANG_CODE.fullmatch(lang):
        raise BadValue(source, "--lang", "give the ISO 639-3 code of the analyser's language (e.g. crk)")
    kind = kind or kind_of(src.name)
    if kind not in KINDS:
        raise BadValue(source, "--kind", f"must be one of {', '.join(KINDS)}")
    if not accept_licence:
        raise BadValue(source, "licence", f"read the licence (lyss analyzers licence --lang {lang}) and add "
                                            f"--accept-licence")
    hfstol.check(src)
    probe(AnalyserFile(src, lang, kind, "new"))
    folder = user_data_dir() / "analysers"
    folder.mkdir(parents=True, exist_ok=True)
    name = src.name if src.name.startswith(f"{lang}-") else f"{lang}-{src.name}"
    if kind == "generator" and "generator" not in name:
        name = name.replace(".hfstol", "-generator.hfstol")
    if portable_name_problem(name):  # refused on every system alike: the same command works on every laptop
        raise FileProblem(source, "", f"rename the file: its name {portable_name_problem(name)}")
    target = folder / name
    with atomic_path(target) as tmp:
        shutil.copyfile(src, tmp)
    record = {"file": name, "lang": lang, "kind": kind, "sha256": file_sha256(target), "source": str(src.resolve()),
              "licence": licence_of(lang)["id"], "licence_accepted": True}
    write_json_atomic(folder / f"{name}.json", record)
    return record


def remove(name: str) -> Path:
    """Remove an analyser the user added, by its file name (never a path: nothing outside the folder)."""
    folder = user_data_dir() / "analysers"
    if not SAFE_NAME.fullmatch(name) or not name.endswith(".hfstol"):
        raise FileProblem(name, "", "give the file name of an analyser you added (as `lyss analyzers list` shows "
                                   "it), not a path")
    target = folder / name
    if not target.is_file():
        raise NotFound(name, "", f"no such analyser in {folder}")
    target.unlink()
    meta = folder / f"{name}.json"
    if meta.exists():
        meta.unlink()
    return target


def list_all(analyzer_dir: str | None = None) -> list[dict]:
    rows = []
    for origin, folder in search_path(analyzer_dir):
        if folder.is_dir():
            for path in sorted(folder.glob("*.hfstol")):
                lang = path.name.split("-", 1)[0]
                rows.append(AnalyserFile(path, lang, kind_of(path.name), origin).describe())
    return rows
