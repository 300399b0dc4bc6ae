"""Whether two composites can be compared: a scored run card says how it was scored (its profile and analysers),
and composites of different profiles are refused unless the person asks for them anyway (issue 68)."""

from __future__ import annotations

from typing import NamedTuple

from .errors import FileProblem


class ScoredWith(NamedTuple):
    """A run's profile and the analysers it was scored with; said as "profile A (crk-descriptive-analyzer.hfstol)"."""
    profile: str
    analysers: tuple[str, ...]

    def __str__(self) -> str:
        return f"profile {self.profile} ({', '.join(self.analysers) or 'no analyser'})"


def scored_with(meta: dict) -> ScoredWith | None:
    """How a scored run card was scored; None for a card never scored (it has no ``lyss`` record)."""
    record = meta.get("lyss") if isinstance(meta.get("lyss"), dict) else {}
    profile = record.get("profile") if isinstance(record.get("profile"), dict) else None
    if profile is None or not isinstance(profile.get("name"), str):
        return None
    return described(profile["name"], record.get("plugins") or [])


def described(profile: str, plugins: list) -> ScoredWith:
    """A profile with the analysers its plugins' records name (``plugin.info()`` beside name and provides)."""
    files = sorted({str(p["analyser"]["file"]) for p in plugins
                    if isinstance(p, dict) and isinstance(p.get("analyser"), dict) and p["analyser"].get("file")})
    return ScoredWith(profile, tuple(files))


def refuse_mixed_profiles(named: dict[str, ScoredWith | None], allow: bool) -> None:
    """Composites of different profiles weigh different metrics (an install without a language's analyser scores
    it with profile B, one with it with A): comparing them is comparing two scales. ``named`` maps each file to how
    it was scored (:func:`scored_with`; None where it says nothing); two different profiles are refused unless
    ``allow`` (``--allow-profile-mismatch``)."""
    said = [(path, how) for path, how in named.items() if how is not None]
    if allow or len({how.profile for _, how in said}) < 2:
        return
    first, first_how = said[0]
    other, other_how = next((path, how) for path, how in said if how.profile != first_how.profile)
    raise FileProblem(first, "lyss.profile",
                      f"scored with {first_how}, {other} with {other_how}: their composites weigh different metrics, "
                      f"so one is not better for being higher; score both on one install (the same analysers), or "
                      f"pass --allow-profile-mismatch to compare them anyway")
