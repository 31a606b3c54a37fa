"""The fast path's own rules (mkdocs_tagindex/frame.py)."""

from __future__ import annotations

import datetime

import jinja2

from mkdocs_tagindex.core.model import tagindex as model
from mkdocs_tagindex.host import fastpath as frame


def env(
    card: str, base: str = '{{ tagindex.labels.t("x") }} {{ card.number }}'
) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.DictLoader({"tagindex/card.html": card, "tagindex/_base/card.html": base})
    )


def test_a_card_that_reads_only_the_card_and_the_labels_is_portable() -> None:
    assert frame.card_is_portable(env('{% extends "tagindex/_base/card.html" %}'))
    heading = '{{ tagindex.card_heading | default("h2") }} {{ card.article.title }}'
    assert frame.card_is_portable(env('{% extends "tagindex/_base/card.html" %}', heading))


def test_a_card_that_reads_the_tag_or_more_is_not() -> None:
    reads_tag = (
        '{% extends "tagindex/_base/card.html" %}{% block b %}{{ tagindex.tag.name }}{% endblock %}'
    )
    assert not frame.card_is_portable(env(reads_tag))
    assert not frame.card_is_portable(env("{{ tagindex | tojson }}"))  # the whole of it
    assert not frame.card_is_portable(env("{% include name %}"))  # chosen at render time
    assert not frame.card_is_portable(env('{% include "missing.html" %}'))


def card(number: str) -> model.Card:
    article = model.Article("a.md", "a/", "A", ("t",), date=datetime.date(2026, 1, 1))
    return model.Card(number, article)


def test_a_kept_card_gets_each_page_its_own_number() -> None:
    shared = frame.Frame()
    key = shared.card_key(card("01"), "h2", "../../")
    blank = shared.blank(card("01"))
    html = f'<li data-n="{blank.number}"><span>{blank.number}</span></li>'
    assert shared.keep_card(key, html, card("01")) == '<li data-n="01"><span>01</span></li>'
    assert shared.has_card(key)
    assert shared.card(key, card("07")) == '<li data-n="07"><span>07</span></li>'
    off = frame.Frame(enabled=False)
    assert off.card_key(card("01")) is None and off.key("footer", "../") is None


def test_a_sampled_page_renders_shared_parts_in_full_and_checks_them() -> None:
    shared = frame.Frame()
    key = shared.key("footer", "../")
    shared.begin("tag|../", "tags/a/index.md")  # the first page of its kind fills the frame
    assert not shared.sampling
    assert shared.block(key, lambda: "<footer>") == "<footer>"
    shared.begin("tag|../", "tags/b/index.md")  # a sample: rendered in full, the same
    assert shared.sampling
    rendered: list[str] = []
    assert shared.block(key, lambda: rendered.append("x") or "<footer>") == "<footer>"
    assert rendered == ["x"] and shared.enabled
    for page in ("c", "d"):
        shared.begin("tag|../", f"tags/{page}/index.md")
    import os

    if os.environ.get("TAGINDEX_VERIFY") != "all":
        assert not shared.sampling  # past the sample: the kept part, not rendered
        assert shared.block(key, lambda: rendered.append("y") or "?") == "<footer>"
        assert rendered == ["x"]


def test_one_difference_turns_the_fast_path_off_and_says_where() -> None:
    shared = frame.Frame()
    key = shared.key("footer", "../")
    shared.begin("tag|../", "tags/a/index.md")
    shared.block(key, lambda: "<p>A of X</p>")
    shared.begin("tag|../", "tags/b/index.md")
    assert shared.block(key, lambda: "<p>A of Y</p>") == "<p>A of Y</p>"  # its own, in full
    assert not shared.enabled and not shared.parts and not shared.cards
    assert shared.reason is not None and "'tags/b/index.md' at character 8" in shared.reason
    assert shared.key("footer", "../") is None  # every part renders in full from now on


def test_a_sampled_card_is_held_against_its_full_render() -> None:
    shared = frame.Frame()
    key = shared.card_key(card("01"), "h2", "../../")
    shared.begin("tag|../../", "tags/a/index.md")
    blank = shared.blank(card("01"))
    shared.keep_card(key, f"<li>{blank.number}</li>", card("01"))
    shared.begin("tag|../../", "tags/b/index.md")
    assert not shared.has_card(key)  # a sample renders every card
    assert shared.keep_card(key, f"<li>{blank.number}</li>", card("02"), "<li>02</li>") == (
        "<li>02</li>"
    )
    assert shared.enabled
    # a card template that shows something else than its number where the number goes
    assert shared.keep_card(key, f"<li>{blank.number}</li>", card("03"), "<li>3</li>") == (
        "<li>3</li>"
    )
    assert not shared.enabled and shared.reason is not None
