"""The review: speakers' answers, campaigns, the exchange between laptops and the study (docs/architecture.md).

The records are the one writer of answers and speakers; the store below them applies withdrawals and revocations to
backups and restores with the records' own functions, handed to it here, when ``review`` is first imported — before
any of its databases can be opened (``review.store.rules``)."""

from .records import revocations as _revocations, withdrawals as _withdrawals
from .store import rules as _rules

_rules.hand(_rules.RowRules(apply_tombstones=_withdrawals.apply_tombstones,
                            apply_revocations=_revocations.apply_revocations))
