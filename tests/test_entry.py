"""An entry keeps the fields few entries have in an object of its own, only when one is set (``scoring.runcard.Entry``):
whatever is set reads back as given, the rest as an unset field reads, and entries compare, copy, pickle and print as
the dataclass they were."""

from __future__ import annotations

import copy
import pickle

from hypothesis import given, settings, strategies as st

from scoring.runcard import Entry
from sizes import examples

UNSET = {"raw_predicted": None, "difficulty": None, "provenance": None, "domain": None, "variants": (),
         "morphological_analysis": None, "latency_s": None, "cost_usd": None, "tokens": {}, "error": None, "extra": {}}
SOME = {"raw_predicted": st.text(max_size=3), "difficulty": st.sampled_from(["1", "2", "hard"]),
        "provenance": st.text(max_size=3), "domain": st.text(max_size=3),
        "variants": st.lists(st.text(max_size=3), min_size=1, max_size=2),
        "morphological_analysis": st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
        "latency_s": st.floats(0, 10), "cost_usd": st.floats(0, 1),
        "tokens": st.dictionaries(st.sampled_from(["prompt_tokens", "completion_tokens"]), st.integers(0, 9), min_size=1),
        "error": st.text(min_size=1, max_size=3), "extra": st.dictionaries(st.sampled_from(["note", "x"]), st.integers(),
                                                                          min_size=1)}


@st.composite
def fields(draw):
    chosen = draw(st.lists(st.sampled_from(sorted(SOME)), unique=True, max_size=4))
    return {name: draw(SOME[name]) for name in chosen}


@settings(max_examples=examples(300), deadline=None)
@given(fields(), fields())
def test_an_entry_reads_back_what_is_set_and_compares_as_the_dataclass_did(given_fields, other_fields):
    entry = Entry("7", "source", "reference", "output", **given_fields)
    for name, unset in UNSET.items():
        assert getattr(entry, name) == given_fields.get(name, unset)
    assert entry.plain == (not given_fields)
    assert pickle.loads(pickle.dumps(entry)) == entry == copy.deepcopy(entry) == copy.copy(entry)
    other = Entry("7", "source", "reference", "output", **other_fields)
    same = all(given_fields.get(n, UNSET[n]) == other_fields.get(n, UNSET[n]) for n in UNSET)
    assert (entry == other) == same
    assert entry.replace(**other_fields) == Entry("7", "source", "reference", "output", **{**given_fields, **other_fields})
    assert repr(entry).startswith("Entry(id='7', source='source', reference='reference', predicted='output', ")


def test_an_entry_of_texts_alone_is_the_entry_built_with_nothing_else():
    quick, built = Entry.of_texts("1", "s", "r", "p"), Entry("1", "s", "r", "p")
    assert quick == built and quick.plain and repr(quick) == repr(built)
    assert pickle.loads(pickle.dumps(quick)) == built


def test_a_field_set_later_is_the_entry_s_alone():
    first, second = Entry("1", "s", "r", "p"), Entry("2", "s", "r", "p")
    first.difficulty = "3"
    assert (first.difficulty, second.difficulty, first.plain, second.plain) == ("3", None, False, True)
    assert Entry("1", "s", "r", "p", variants=[], tokens={}, extra={}).plain  # empty is unset


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.fixed_dictionaries({}, optional=SOME), max_size=6))
def test_a_card_s_optional_values_are_each_entry_s(fields_of_each):
    """A field's values over a card's entries — at once when no entry has a field beyond its texts — are each entry's
    own (its default where unset)."""
    from scoring.runcard import RunCard
    card = RunCard("card.jsonl", "jsonl", [Entry(id=str(k), source="s", reference="r", predicted="p", **fields)
                                           for k, fields in enumerate(fields_of_each)])
    for name in UNSET:
        assert card.optional_values(name) == [getattr(e, name) for e in card.entries]
