"""Laptop identity: an Ed25519 key pair per review database, and the short code people compare.

A laptop's *code* is the first 80 bits of the SHA-256 of its public key, written in Crockford's
base32 as four groups of four characters (``K7QM-2XPA-9D2F-H4TR``): short enough to read aloud or
compare on two screens, long enough that nobody can make a key with someone else's code (2⁸⁰ work). People are
shown it with Crockford's check symbol after a fifth dash (``K7QM-2XPA-9D2F-H4TR-5``: the code's value modulo 37),
so that a code typed with one character wrong, or two neighbours swapped, is refused instead of naming a laptop
that does not exist; a code typed without it (as older LYSS showed them) is taken as before.
Everything that carries authority in a bundle — the bundle itself, a campaign, an enrolment, a
withdrawal — is signed with these keys (``docs/security.md``).
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from typing import Any

from nacl.exceptions import BadSignatureError
from nacl.signing import SigningKey, VerifyKey

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford: no I, L, O, U
CODE_PATTERN = re.compile(r"^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$")
_READ_AS = str.maketrans({"I": "1", "L": "1", "O": "0", "U": "V"})
# With a check symbol typed, a U in the code is not read as V: U is a check symbol, and the code's last character
# swapped with a check U ("…DU" typed "…UD") would otherwise check (V − D ≡ 2·D − U modulo 37).
_READ_AS_CHECKED = str.maketrans({"I": "1", "L": "1", "O": "0"})
CHECK_SYMBOLS = ALPHABET + "*~$=U"  # Crockford's check symbols: the value modulo 37
_CHECK_READ_AS = str.maketrans({"I": "1", "L": "1", "O": "0"})  # U is a check symbol of its own


def new_private_key() -> str:
    """A fresh private key: the 32-byte Ed25519 seed (RFC 8032), hex."""
    return SigningKey.generate().encode().hex()


def public_of(private_hex: str) -> str:
    return SigningKey(bytes.fromhex(private_hex)).verify_key.encode().hex()


@lru_cache(maxsize=4096)
def code_of(public_hex: str) -> str:
    """The laptop code of a public key."""
    digest = int.from_bytes(hashlib.sha256(bytes.fromhex(public_hex)).digest()[:10], "big")
    chars = "".join(ALPHABET[(digest >> (5 * k)) & 31] for k in reversed(range(16)))
    return "-".join(chars[i:i + 4] for i in range(0, 16, 4))


def check_symbol(code: str) -> str:
    """Crockford's check symbol of a canonical code (its 80-bit value modulo 37)."""
    value = 0
    for ch in code.replace("-", ""):
        value = value * 32 + ALPHABET.index(ch)
    return CHECK_SYMBOLS[value % 37]


def written_code(code: str) -> str:
    """A laptop's code as people read it and type it: the code and its check symbol."""
    return f"{code}-{check_symbol(code)}"


def _read(text: str) -> tuple[str | None, bool]:
    """(the canonical code, whether a check symbol was typed and holds), or (None, …) when it is not a code."""
    chars = re.sub(r"[\s-]", "", str(text)).upper()
    check = None
    if len(chars) == 17:
        chars, check = chars[:16], chars[16].translate(_CHECK_READ_AS)
    chars = chars.translate(_READ_AS if check is None else _READ_AS_CHECKED)
    code = "-".join(chars[i:i + 4] for i in range(0, len(chars), 4))
    if not CODE_PATTERN.match(code) or (check is not None and check not in CHECK_SYMBOLS):
        return None, False
    return code, check is None or check_symbol(code) == check


def normalise_code(text: str) -> str | None:
    """A code as people type it (any case, spaces or no dashes, O for 0…; with its check symbol or, as older LYSS
    showed it, without) → canonical, or ``None`` (not a code, or its check symbol does not hold)."""
    code, checks = _read(text)
    return code if checks else None


def code_problem(text: str) -> str | None:
    """What is wrong with a code as typed (``None``: nothing): ``"not a code"`` or ``"does not check"`` — said in a
    person's words by the records (``review.records.laptops``)."""
    code, checks = _read(text)
    if code is None:
        return "not a code"
    return None if checks else "does not check"


def canonical(value: Any) -> bytes:
    """The bytes a signature covers: sorted-key compact JSON."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False).encode()


def sign(private_hex: str, message: bytes) -> str:
    """An Ed25519 signature (deterministic, RFC 8032), hex."""
    return _signing_key(private_hex).sign(message).signature.hex()


def verify(public_hex: Any, message: bytes, signature_hex: Any) -> bool:
    """``True`` when the signature is valid; any malformed key or signature is simply invalid."""
    try:
        _verify_key(public_hex).verify(message, bytes.fromhex(signature_hex))
        return True
    except (BadSignatureError, ValueError, TypeError):
        return False


@lru_cache(maxsize=1024)
def _verify_key(public_hex: str) -> VerifyKey:
    """A laptop's key, decoded once (a merge checks thousands of rows by the same few laptops)."""
    return VerifyKey(bytes.fromhex(public_hex))


@lru_cache(maxsize=16)
def _signing_key(private_hex: str) -> SigningKey:
    return SigningKey(bytes.fromhex(private_hex))


PUBLIC_KEY = re.compile(r"[0-9a-f]{64}")


def is_public_key(value: Any) -> bool:
    return isinstance(value, str) and PUBLIC_KEY.fullmatch(value) is not None
