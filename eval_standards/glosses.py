"""Gloss tables of the semantic validators: ``lemma<TAB>gloss, gloss`` lines, the pack's own file and
the user's additions (``lyss glosses add FILE --lang CODE``), which override the pack's."""

from __future__ import annotations

from pathlib import Path

from scoring.files import user_data_dir, write_text_atomic
from scoring.errors import FileProblem
from scoring.runcard import read_text

from .cards import normalise_code


def read_glosses(text: str, where: str = "glosses") -> dict[str, list[str]]:
    """``lemma<TAB>gloss, gloss`` lines (``#`` comments); a line without a tab or a gloss is an error."""
    table: dict[str, list[str]] = {}
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        lemma, tab, glosses = line.partition("\t")
        words = [g.strip() for g in glosses.split(",") if g.strip()]
        if not tab or not lemma.strip() or not words:
            raise FileProblem(where, f"line {lineno}", "expected LEMMA<TAB>gloss, gloss")
        table[lemma.strip()] = words
    return table


def add_glosses(path: str, lang: str) -> tuple[Path, int]:
    """Check a gloss file and add its lines to the user's gloss table of a language (later lines win).
    Returns the table's file and how many lemmas the file gave."""
    code = normalise_code(lang)
    new = read_glosses(read_text(path), path)
    target = user_data_dir() / "glosses" / f"{code}.tsv"
    table = read_glosses(target.read_text("utf-8"), str(target)) if target.is_file() else {}
    table.update(new)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(target, "# lemma<TAB>English glosses, added with lyss glosses add\n" +
                      "".join(f"{k}\t{', '.join(v)}\n" for k, v in sorted(table.items())))
    return target, len(new)
