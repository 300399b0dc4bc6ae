"""Laptop identity: an Ed25519 key pair per review database, and the short code people compare.

A laptop's *code* is the first 80 bits of the SHA-256 of its public key, written in Crockford's
base32 as four groups of four characters (``K7QM-2XPA-9D2F-H4TR``): short enough to read aloud or
compare on two screens, long enough that nobody can make a key with someone else's code (2⁸⁰ work).
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


def normalise_code(text: str) -> str | None:
    """A code as people type it (any case, spaces or no dashes, O for 0…) → canonical, or ``None``."""
    chars = re.sub(r"[\s-]", "", str(text)).upper().translate(_READ_AS)
    code = "-".join(chars[i:i + 4] for i in range(0, len(chars), 4))
    return code if CODE_PATTERN.match(code) else None


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
