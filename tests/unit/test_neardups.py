"""Near-duplicate spellings of one tag (issue 35, point 3): which pairs are near, which must not
be, and a cost that grows with the tags, not with their pairs."""

from __future__ import annotations

import random

import pytest

from mkdocs_tagindex.core.text import neardups
from mkdocs_tagindex.core.text.neardups import Near, near_pairs
from mkdocs_tagindex.core.text.slugs import tag_key

SPELLINGS = [
    "Agent", "agents", "Kubernetes", "kubernets", "K8s", "Policy", "policies",
    "GPT-3", "GPT-4", "ML", "RL", "Llama2", "Llama3", "Web Development", "web-development",
]  # fmt: skip


def test_the_spellings_authors_write() -> None:
    found = near_pairs(tag_key(name) for name in SPELLINGS)
    assert found == [
        Near("agent", "agents", "a plural"),
        Near("k8s", "kubernetes", "an abbreviation"),
        Near("kubernetes", "kubernets", "one letter apart"),
        Near("policies", "policy", "a plural"),
    ]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("gpt-3", "gpt-4"),  # a digit: another thing
        ("llama2", "llama3"),
        ("ml", "rl"),  # too short to tell
        ("rust", "rest"),
        ("data-set", "data-sets-x"),
        ("machine-learning", "machine-learnings-and-more"),
        ("c-plus-plus", "c-plus-plus"),
    ],
)
def test_pairs_that_must_not_be_near(a: str, b: str) -> None:
    assert near_pairs([a, b]) == []


@pytest.mark.parametrize(
    ("a", "b"),
    [("transformer", "transfomer"), ("kuberentes", "kubernetes"), ("retrieval", "retreival")],
)
def test_one_edit_apart_in_long_tags(a: str, b: str) -> None:
    assert [n.why for n in near_pairs([a, b])] == ["one letter apart"]


def test_ten_thousand_tags_cost_their_number_not_their_pairs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rnd = random.Random(7)
    letters = "abcdefghijklmnopqrstuvwxyz"
    tags = {"".join(rnd.choice(letters) for _ in range(rnd.randint(5, 14))) for _ in range(10_000)}
    calls = 0
    real = neardups._one_edit

    def counted(a: str, b: str) -> bool:
        nonlocal calls
        calls += 1
        return real(a, b)

    monkeypatch.setattr(neardups, "_one_edit", counted)
    near_pairs(tags)
    assert calls < 2 * len(tags)  # all pairs would be 50 million


def test_the_message_names_files_and_the_tags_file_entry() -> None:
    files = {"agent": ["a.md", "b.md"], "agents": ["c.md"]}
    text = neardups.message(Near("agent", "agents", "a plural"), files, {"agent": "Agent"})
    assert text == (
        "tags 'Agent' (a.md, b.md) and 'agents' (c.md) look like one tag (a plural); if they "
        "are, make one an alias of the other in the tags file: agent: {aliases: [agents]}"
    )
