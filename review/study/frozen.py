"""Values that never change once made: a campaign's :class:`~review.study.decisions.Decision` is kept for every caller
of one state of the database and shared with them all, never copied, so nothing may change it in place. A frozen dict
or list compares, prints and writes to JSON as a plain one; a copy of it (``dict(x)``, ``list(x)``,
``copy.deepcopy(x)``) is a plain one, the caller's to change; changing it in place is refused (TypeError)."""

from __future__ import annotations

import copy
from typing import Any, NoReturn


def _refused(self, *args: Any, **kwargs: Any) -> NoReturn:
    raise TypeError(f"a frozen {type(self).__mro__[1].__name__} cannot be changed in place: change a copy "
                    f"(dict(x), list(x))")


class FrozenDict(dict):
    """A dict that cannot change."""
    __slots__ = ()
    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = __ior__ = _refused

    def __copy__(self) -> dict:
        return dict(self)

    def __deepcopy__(self, memo: dict) -> dict:
        return {copy.deepcopy(k, memo): copy.deepcopy(v, memo) for k, v in self.items()}

    def __reduce__(self):
        return dict, (dict(self),)


class FrozenList(list):
    """A list that cannot change."""
    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = append = extend = insert = pop = remove = sort = reverse = \
        clear = _refused

    def __copy__(self) -> list:
        return list(self)

    def __deepcopy__(self, memo: dict) -> list:
        return [copy.deepcopy(v, memo) for v in self]

    def __reduce__(self):
        return list, (list(self),)


def frozen(value: Any) -> Any:
    """``value`` with every dict and list in it, at any depth, frozen (tuples keep their kind; other objects are
    left as they are)."""
    if isinstance(value, FrozenDict | FrozenList):
        return value
    if isinstance(value, dict):
        return FrozenDict({k: frozen(v) for k, v in value.items()})
    if isinstance(value, list):
        return FrozenList(frozen(v) for v in value)
    if isinstance(value, tuple) and type(value) is tuple:
        return tuple(frozen(v) for v in value)
    return value
