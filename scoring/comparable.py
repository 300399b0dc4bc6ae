"""Whether two composites can be compared: a scored run card says how it was scored (its profile and analysers),
and composites of different profiles are refused unless the person asks for them anyway (issue 68)."""

from __future__ import annotations

from .errors import FileProblem


def scored_with(meta: dict) -> str | None:
    """How a scored run card was scored, as a person reads it: "profile A (crk-descriptive-analyzer.hfstol)", or
    "profile B (no analyser)"; None for a card never scored (it has no ``lyss`` record)."""
    record = meta.get("lyss") if isinstance(meta.get("lyss"), dict) else {}
    profile = record.get("profile") if isinstance(record.get("profile"), dict) else None
    if profile is None or not isinstance(profile.get("name"), str):
        return None
    return described(profile["name"], record.get("plugins") or [])


def described(profile: str, plugins: list) -> str:
    """"profile A (its analysers' files)" from the plugins' records (``plugin.info()`` beside name and provides)."""
    files = sorted({str(p["analyser"]["file"]) for p in plugins
                    if isinstance(p, dict) and isinstance(p.get("analyser"), dict) and p["analyser"].get("file")})
    return f"profile {profile} ({', '.join(files) or 'no analyser'})"


def _profile(scored_as: str) -> str:
    return scored_as.split(" (")[0]


def refuse_mixed_profiles(named: dict[str, str | None], allow: bool) -> None:
    """Composites of different profiles weigh different metrics (an install without a language's analyser scores
    it with profile B, one with it with A): comparing them is comparing two scales. ``named`` maps each file to how
    it was scored (:func:`scored_with`; None where it says nothing); two different ones are refused unless
    ``allow`` (``--allow-profile-mismatch``)."""
    said = [(path, how) for path, how in named.items() if how is not None]
    if allow or len({_profile(how) for _, how in said}) < 2:
        return
    first, first_how = said[0]
    other, other_how = next((path, how) for path, how in said if _profile(how) != _profile(first_how))
    raise FileProblem(first, "lyss.profile",
                      f"scored with {first_how}, {other} with {other_how}: their composites weigh different metrics, "
                      f"so one is not better for being higher; score both on one install (the same analysers), or "
                      f"pass --allow-profile-mismatch to compare them anyway")
