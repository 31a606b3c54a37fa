"""Properties of whole builds (issue #7): byte-identical output whatever the hash seed, and random
front matter that never breaks the build and always adds up.
"""

from __future__ import annotations

import datetime
import hashlib
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from test_bad_input import all_tags, card_target, cards
from test_i18n import i18n_site

from mkdocs_tagindex.core.options.config import FrontMatterKeys, site_folder
from mkdocs_tagindex.core.records.frontmatter import front_matter as parse_front_matter
from mkdocs_tagindex.core.records.frontmatter import read
from mkdocs_tagindex.core.text.slugs import tag_key

from conftest import Site, material_config, run_mkdocs, write_config, write_page

# -- determinism ---------------------------------------------------------------------------------


def tricky_pages(project: Path) -> None:
    """Ties everywhere an unordered container could leak into the output: spellings used
    equally often, slugs shared by several tags, equal dates and titles, in both languages."""
    same_day = "2026-03-01"
    pages: dict[str, dict[str, object]] = {
        "t1": {"title": "Same", "tags": ["ABC", "C++", "強化学習", "LLM/Serving"]},
        "t2": {"title": "Same", "tags": ["abc", "C", "LLM Serving", "grpo"]},
        "t3": {"title": "same", "tags": ["ＡＢＣ", "c#", "..", "/", "!!!", "???"]},
        "t4": {"title": "Other", "tags": "grpo, Robotics, robotics", "member": "maybe"},
    }
    for name, meta in pages.items():
        for suffix in ("", ".ja"):
            full = {**meta, "date": same_day, "type": "paper", "category": ["B", "a", "B"]}
            write_page(project, f"{name}{suffix}.md", full, f"Text of {name}{suffix}.\n")


def digests(site: Path) -> dict[str, str]:
    return {
        p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(site.rglob("*"))
        if p.is_file()
    }


def test_bilingual_build_is_byte_identical_across_hash_seeds(tmp_path: Path) -> None:
    project = i18n_site(tmp_path / "project")
    tricky_pages(project)
    builds: list[tuple[dict[str, str], list[str]]] = []
    for seed in ("1", "2718281"):
        env = {"PYTHONHASHSEED": seed, "SOURCE_DATE_EPOCH": "1780000000"}
        result = run_mkdocs(project, env=env)
        assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr[-3000:]
        warnings = [line for line in result.stderr.splitlines() if line.startswith("WARNING")]
        builds.append((digests(project / "site"), warnings))
        shutil.move(project / "site", tmp_path / f"site-{seed}")
    (first, first_warnings), (second, second_warnings) = builds
    assert "ja/tags/grpo/index.html" in first and "tags/abc/index.html" in first
    assert sorted(first) == sorted(second)
    assert [name for name in first if first[name] != second[name]] == []
    assert first_warnings == second_warnings  # the log too, in the same order


# -- random front matter -------------------------------------------------------------------------

POOL = [
    "ABC",
    "abc",
    "ＡＢＣ",
    "C++",
    "C",
    "c#",
    "..",
    "/",
    "%2F",
    "強化学習",
    "LLM/Serving",
    "LLM Serving",
    "a b",
    "a  b",
    "x\ty",
    "!!!",
    "",
    " ",
    "<b>x</b>",
    "nul\x00",
    "\x1b[0m",
    "2024",
]
"""Tag names that collide, share slugs, or are empty once cleaned; drawn often so that pages
share tags."""

text = st.one_of(
    st.sampled_from(POOL),
    st.text(max_size=10),
    st.text(st.characters(codec="ascii"), max_size=6),
)
scalar = st.one_of(text, st.integers(-5, 3000), st.floats(), st.booleans(), st.none(), st.dates())
item = st.one_of(text, text, text, st.integers(0, 3000), st.floats(), st.none(), st.booleans())
tags = st.one_of(
    st.none(),
    st.lists(st.one_of(item, st.lists(item, max_size=2)), max_size=6),
    st.lists(text, min_size=1, max_size=5),
    st.lists(text, max_size=4).map(", ".join),
    scalar,
    st.dictionaries(text, scalar, max_size=2),
)


class Raw(str):
    """A value written into the YAML as it is, unquoted (`date: 2026-02-30`)."""


DATE_LIKE = st.from_regex(r"\A[0-9]{4}-[0-9]{2}-[0-9]{2}\Z").map(Raw)

front_matter = st.fixed_dictionaries(
    {"tags": tags},
    optional={
        "title": st.one_of(st.none(), st.text(max_size=20), st.integers(), st.lists(text)),
        "member": st.one_of(
            st.booleans(), st.sampled_from(["yes", "no", "maybe", "1", ""]), st.integers(-1, 3)
        ),
        "read_time": st.one_of(st.integers(-5, 10**5), st.floats(), st.text(max_size=4)),
        "date": st.one_of(st.dates(), st.datetimes(), st.text(max_size=12), DATE_LIKE),
        "category": st.one_of(text, st.lists(text, max_size=3), st.dictionaries(text, scalar)),
        "type": st.one_of(st.sampled_from(["paper", "news", "PAPER"]), text, st.lists(text)),
        "summary": st.one_of(text, st.lists(text, max_size=2)),
    },
)
pages = st.lists(
    st.one_of(front_matter, front_matter, front_matter, st.lists(text, max_size=2)),
    min_size=2,
    max_size=6,
)


def page_text(meta: dict[str, Any] | list[Any], n: int) -> str:
    if isinstance(meta, list):  # front matter that is not a mapping
        return "---\n" + yaml.safe_dump(meta, allow_unicode=True) + "---\n\nBody.\n"
    raw = {k: v for k, v in meta.items() if isinstance(v, Raw)}
    plain = {k: v for k, v in meta.items() if k not in raw}
    dumped = yaml.safe_dump(plain, allow_unicode=True, sort_keys=False) if plain else ""
    dumped += "".join(f"{k}: {v}\n" for k, v in raw.items())
    return f"---\n{dumped}---\n\nBody of page {n}.\n"


def expected_tags(docs: Path, count: int) -> dict[str, set[str]]:
    """Tag key → pages, by the plugin's own rules (so the property checks generation)."""
    keys = FrontMatterKeys()
    keys.load_dict({})
    keys.validate()
    out: dict[str, set[str]] = {}
    for n in range(count):
        src = f"p{n}.md"
        meta = parse_front_matter((docs / src).read_text("utf-8"), src, lambda _: None)
        if "tags" not in meta:
            continue
        for name in read(src, meta, keys, lambda _: None).tags:
            out.setdefault(tag_key(name), set()).add(f"p{n}/index.html")
    return out


COUNT_LINE = re.compile(r"^(\d+) tags? · (\d+) articles?$")


@settings(
    max_examples=25,
    deadline=None,
    # Each example is a whole build (~0.4 s): shrinking a failure takes minutes, so a failure is
    # reported as generated (the pages are printed, and the database replays it next time).
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(pages)
@example([{"tags": ["a"], "date": Raw("2026-02-30")}, {"tags": ["A", "b"]}])  # date-impossible
def test_random_front_matter_builds_and_adds_up(metas: list[dict[str, Any] | list[Any]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        config = material_config()
        config["nav"] = ["index.md"]
        write_config(project, config)
        write_page(project, "index.md", {"title": "Home"}, "Home.\n")
        for n, meta in enumerate(metas):
            (project / "docs" / f"p{n}.md").write_text(page_text(meta, n), "utf-8")

        mkdocs_build(load_config(str(project / "mkdocs.yml")))  # no exception = no traceback

        site = Site(project, subprocess.CompletedProcess([], 0, "", ""))
        expected = expected_tags(project / "docs", len(metas))
        if not expected:  # nothing tagged: no generated page at all
            assert not (site.dir / "tags").exists()
            return
        index = all_tags(site)
        assert sorted(index) == sorted(expected)
        for key, (rel, count) in index.items():
            found = cards(site, rel)
            assert sorted(card_target(rel, c) for c in found) == sorted(expected[key]), key
            line = site.html(rel).select_one(".tagindex-count")
            assert line is not None
            assert count == len(found) == int(str(line["data-tagindex-count"])), key
            assert line.get_text(strip=True) == ("1 article" if count == 1 else f"{count} articles")
        header = site.html("tags/index.html").select_one(".tagindex-count")
        assert header is not None
        numbers = COUNT_LINE.match(" ".join(header.get_text().split()))
        assert numbers is not None, header.get_text()
        tagged = set().union(*expected.values()) if expected else set()
        assert (int(numbers[1]), int(numbers[2])) == (len(expected), len(tagged))


def test_raw_dates_are_written_unquoted() -> None:
    """The strategy's own check: a date-like `Raw` reaches YAML as a timestamp, not a string."""
    text = page_text({"tags": ["a"], "date": Raw("2026-01-02")}, 0)
    assert "date: 2026-01-02\n" in text
    meta = parse_front_matter(text, "p0.md", lambda _: None)
    assert meta["date"] == datetime.date(2026, 1, 2)


# -- tags_dir: nothing outside site_dir (issue 13) ------------------------------------------------

FOLDER_CHARS = st.sampled_from([*"abcXYZ019-_.~@+!'()[]{}&=,;$ ", "タ", "グ", "é", "ß", "…"])
FOLDER = st.text(FOLDER_CHARS, min_size=1, max_size=8)


@st.composite
def folder_paths(draw: st.DrawFn) -> str:
    """Path-like values an author might write: folders joined by '/', '//' or '/./', with a
    leading './' or a trailing '/' now and then."""
    parts = draw(st.lists(FOLDER, min_size=1, max_size=3))
    out = draw(st.sampled_from(["", "./", ""]))
    for n, part in enumerate(parts):
        out += part if n == 0 else draw(st.sampled_from(["/", "//", "/./"])) + part
    return out + draw(st.sampled_from(["", "/", ""]))


def outside(before: set[str], after: set[str], site: str) -> list[str]:
    return sorted(p for p in after - before if p != site and not p.startswith(site + "/"))


@settings(
    max_examples=12,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # each example is a build
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(folder_paths())
@example("a//b/")
@example("./topics/./all/")
@example("タグ/索引")
@example("~")
@example("..a/a..")
@example("{name}")
def test_any_accepted_tags_dir_writes_only_inside_site_dir(value: str) -> None:
    try:
        accepted = site_folder(value)
    except ValueError:
        return  # rejected at load: tests/unit/test_config.py covers what and why
    with tempfile.TemporaryDirectory() as tmp:
        # deep enough that a '..' escape of several levels would still land in `tmp`
        outer = Path(tmp)
        project = outer / "a" / "b" / "c" / "project"
        write_config(project, material_config(tags_dir=value))
        write_page(project, "index.md", {"title": "Home"}, "Home.\n")
        write_page(project, "p.md", {"title": "P", "tags": ["grpo", "../../up"]}, "Body.\n")
        before = {p.relative_to(outer).as_posix() for p in outer.rglob("*")}

        mkdocs_build(load_config(str(project / "mkdocs.yml")))

        after = {p.relative_to(outer).as_posix() for p in outer.rglob("*")}
        assert outside(before, after, "a/b/c/project/site") == []
        site = Site(project, subprocess.CompletedProcess([], 0, "", ""))
        generated = sorted(
            f for f in site.files() if f.startswith(f"{accepted}/") and f.endswith(".html")
        )
        assert generated == [
            f"{accepted}/grpo/index.html",
            f"{accepted}/index.html",
            f"{accepted}/up/index.html",
        ]
        index = all_tags(site, f"{accepted}/index.html")  # its links reach the tag pages
        assert sorted(rel for rel, _ in index.values()) == [
            f"{accepted}/grpo/index.html",
            f"{accepted}/up/index.html",
        ]
