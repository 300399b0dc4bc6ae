"""Text normalisation, word tokens and Unicode scripts shared by the metrics."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_EDGE_PUNCT = re.compile(r"^[^\w]+|[^\w]+$", re.UNICODE)
_PLACEHOLDER_TOKEN = re.compile(r"^\W*\{[^{}\s]*\}\W*$")


@lru_cache(maxsize=1024)
def normalize_exact(text: str) -> str:
    """NFC, lower-case, white space collapsed and trimmed: the exact-match comparison form.

    This is the normalisation that reproduces the reference harness's recorded exact-match rates.
    Remembered for the last texts: an entry's checks compare its output, source and reference several times.
    """
    return " ".join(unicodedata.normalize("NFC", text).lower().split())  # (str.split's white space is re's \s)


def word_tokens(text: str, word_characters: str = "") -> list[str]:
    """White-space tokens with edge punctuation stripped; tokens without letters and ``{placeholders}``
    (not words to translate) are dropped. ``word_characters`` are letters of the language that look
    like punctuation and are kept at a word's edges too (Ojibwe's glottal stop ``'``: ``eya'``)."""
    return list(_word_tokens(text, word_characters))


def word_tokens_once(text: str, word_characters: str = "") -> tuple[str, ...]:
    """:func:`word_tokens` of a text read once, not remembered (a run's consistency reads each source and output
    once: remembering them would only push out the texts the entries' checks read again)."""
    edge = _edge_pattern(word_characters)
    out = []
    for raw in text.split():
        if raw.isalpha():  # most tokens: letters only (a letter is a word character: nothing to strip)
            out.append(raw)
            continue
        if _PLACEHOLDER_TOKEN.match(raw):
            continue
        tok = edge.sub("", raw)
        if tok and any(ch.isalpha() for ch in tok):
            out.append(tok)
    return tuple(out)


_word_tokens = lru_cache(maxsize=1024)(word_tokens_once)  # remembered for the last texts: each check of an entry
#                                                           tokenises its output, source and reference


def lowered_tokens(text: str, word_characters: str = "") -> tuple[str, ...]:
    """:func:`word_tokens` lower-cased; remembered for the last texts (an entry's checks read its output's, source's
    and reference's more than once)."""
    return _lowered_tokens(text, word_characters)  # (both given: one entry a text, however it is asked for)


@lru_cache(maxsize=1024)
def _lowered_tokens(text: str, word_characters: str) -> tuple[str, ...]:
    return tuple([t.lower() for t in _word_tokens(text, word_characters)])


@lru_cache(maxsize=32)
def _edge_pattern(word_characters: str) -> re.Pattern:
    if not word_characters:
        return _EDGE_PUNCT
    keep = re.escape(word_characters)
    return re.compile(rf"^[^\w{keep}]+|[^\w{keep}]+$", re.UNICODE)


# First word(s) of a Unicode character name → ISO 15924 script code.
_NAME_PREFIXES = [
    ("CANADIAN SYLLABICS", "Cans"), ("LATIN", "Latn"), ("CJK", "Hani"), ("HIRAGANA", "Hira"),
    ("KATAKANA", "Kana"), ("HALFWIDTH KATAKANA", "Kana"), ("HANGUL", "Hang"), ("CYRILLIC", "Cyrl"),
    ("GREEK", "Grek"), ("ARABIC", "Arab"), ("HEBREW", "Hebr"), ("ETHIOPIC", "Ethi"),
    ("DEVANAGARI", "Deva"), ("BENGALI", "Beng"), ("SINHALA", "Sinh"), ("TAMIL", "Taml"),
    ("THAI", "Thai"), ("GEORGIAN", "Geor"), ("ARMENIAN", "Armn"), ("CHEROKEE", "Cher"),
    ("TIFINAGH", "Tfng"), ("NKO", "Nkoo"), ("VAI", "Vaii"), ("MONGOLIAN", "Mong"),
    ("TIBETAN", "Tibt"), ("KHMER", "Khmr"), ("LAO", "Laoo"), ("MYANMAR", "Mymr"),
    ("GUJARATI", "Gujr"), ("GURMUKHI", "Guru"), ("KANNADA", "Knda"), ("MALAYALAM", "Mlym"),
    ("TELUGU", "Telu"), ("ORIYA", "Orya"), ("SYRIAC", "Syrc"), ("THAANA", "Thaa"),
    ("FULLWIDTH LATIN", "Latn"),
]
# Scripts that write one language together (Japanese mixes kanji and kana).
SCRIPT_FAMILIES = {"Jpan": {"Hani", "Hira", "Kana"}, "Kore": {"Hang", "Hani"}}


@lru_cache(maxsize=65536)
def char_script(ch: str) -> str | None:
    """ISO 15924 code of a letter, ``None`` for characters that are not letters."""
    if not ch.isalpha():
        return None
    name = unicodedata.name(ch, "")
    if name.startswith("FULLWIDTH LATIN"):
        return "Latn"
    for prefix, code in _NAME_PREFIXES:
        if name.startswith(prefix):
            return code
    return "Zyyy"


@lru_cache(maxsize=65536)
def token_script(token: str) -> str | None:
    """The script of most of a token's letters (``None`` when it has no letters); remembered per word
    (a corpus repeats its words)."""
    counts: dict[str, int] = {}
    for ch in token:
        s = char_script(ch)
        if s:
            counts[s] = counts.get(s, 0) + 1
    if not counts:
        return None
    return max(sorted(counts), key=counts.__getitem__)


def expand_scripts(scripts: set[str] | list[str]) -> set[str]:
    """A set of script codes with the families (``Jpan``, ``Kore``) expanded."""
    out: set[str] = set()
    for s in scripts:
        out |= SCRIPT_FAMILIES.get(s, {s})
    return out


def character_counts(texts: list[str]) -> list[tuple[str, int]]:
    """How often each character occurs in the texts (``Counter("".join(texts))``'s items, in the order of the
    characters), counted by code point with numpy a block of texts at a time (a million references: 0.67 → 0.17 s)."""
    import numpy as np  # deferred: the app's first window reads words without loading numpy
    total = np.zeros(0, dtype=np.int64)
    for start in range(0, len(texts), COUNTED_AT_ONCE):
        points = np.frombuffer("".join(texts[start:start + COUNTED_AT_ONCE]).encode("utf-32-le", "surrogatepass"),
                               dtype=np.uint32)
        found = np.bincount(points)
        if len(found) > len(total):
            total = np.concatenate([total, np.zeros(len(found) - len(total), dtype=np.int64)])
        total[:len(found)] += found
    held = np.flatnonzero(total)
    return list(zip(map(chr, held.tolist()), total[held].tolist()))


COUNTED_AT_ONCE = 100_000  # texts joined at a time to count their characters


def dominant_script(texts: list[str]) -> str | None:
    """The script of most letters over many texts (used when no language card names one)."""
    counts: dict[str, int] = {}
    for ch, n in character_counts(texts):
        s = char_script(ch)
        if s:
            counts[s] = counts.get(s, 0) + n
    if not counts:
        return None
    best = max(sorted(counts), key=counts.__getitem__)
    if best in {"Hani", "Hira", "Kana"} and ({"Hira", "Kana"} & set(counts)):
        return "Jpan"
    return best
