"""The published set's invariant (issue 39, item 2), checked on a built `site/` of either host:

1. every link tagindex gives to an article (the cards of its tag pages, the `url` of each card
   in `tags.json`, each item of its feeds) resolves to a page in `site/`;
2. no text of an unpublished page appears anywhere in `site/` (pages, `tags.json`, feeds, the
   search index): the caller names each such page's unique secret;
3. two-sided: every page of `site/` that shows tag chips (`a.md-tag`: a tagged page the host
   published) is listed in a `tags.json`, unless it is a tagindex draft (`draft: true`).

`check_site` runs all three; the build tests call it on the sites they build (test_published,
test_shapes, test_zensical, test_zensical_blog, test_interop's builder).
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit
from xml.etree import ElementTree

import yaml
from bs4 import BeautifulSoup

from mkdocs_tagindex.command.config.site import plugin_options, read_config

LANG_PREFIX = re.compile(r"^[a-z]{2}(?:[_-][A-Za-z]+)?/")
FRONT = re.compile(r"\A---\r?\n(.*?)\r?\n---", re.DOTALL)


def _page_file(site_dir: Path, path: str) -> Path | None:
    """The file of `site/` a URL path (no leading `/`) is served from, if any."""
    path = unquote(path.split("#")[0].split("?")[0])
    candidates = [path] if path.endswith(".html") else [posixpath.join(path, "index.html")]
    for rel in candidates:
        found = site_dir / rel
        if found.is_file():
            return found
    return None


def _site_path(url: str, base: str) -> str:
    """An absolute URL's path under the site's `site_url` path (`base`, with a trailing /)."""
    path = unquote(urlsplit(url).path)
    assert path.startswith(base), (url, base)
    return path[len(base) :]


def article_links(site_dir: Path, tags_dirs: Iterable[str], base: str) -> list[tuple[str, str]]:
    """(where, path under site/) of every article link tagindex wrote: cards, tags.json, feeds."""
    out: list[tuple[str, str]] = []
    for tags_dir in tags_dirs:
        root = site_dir / tags_dir
        for page in sorted(root.rglob("index.html")):
            rel = page.relative_to(site_dir).as_posix()
            here = "https://host" + base + rel.removesuffix("index.html")
            html = BeautifulSoup(page.read_text("utf-8"), "html.parser")
            for card in html.select(".tagindex-card"):
                link = card.select_one(".tagindex-card__title a") or card.select_one("a")
                assert link is not None, rel
                out.append((rel, _site_path(urljoin(here, str(link.get("href"))), base)))
        data = json.loads((root / "tags.json").read_text("utf-8"))
        for tag in data["tags"]:
            for card in tag["cards"]:
                out.append((f"{tags_dir}/tags.json", _site_path(card["url"], base)))
        for feed in sorted(root.rglob("feed.xml")):
            for item in ElementTree.parse(feed).getroot().iter("item"):
                link = item.findtext("link")
                assert link, feed
                out.append((str(feed.relative_to(site_dir)), _site_path(link, base)))
        for feed in sorted(root.rglob("feed.json")):
            for item in json.loads(feed.read_text("utf-8"))["items"]:
                out.append((str(feed.relative_to(site_dir)), _site_path(item["url"], base)))
    return out


def listed(site_dir: Path, tags_dirs: Iterable[str], base: str) -> set[str]:
    """The paths (under site/) of every card of every `tags.json`."""
    out = set()
    for tags_dir in tags_dirs:
        data = json.loads((site_dir / tags_dir / "tags.json").read_text("utf-8"))
        out.update(_site_path(c["url"], base) for t in data["tags"] for c in t["cards"])
    return out


def draft_paths(docs_dir: Path, directory_urls: bool = True) -> set[str]:
    """URL paths (language prefix taken off) of the pages with `draft: true` (tagindex drafts)."""
    out = set()
    for page in docs_dir.rglob("*.md"):
        found = FRONT.match(page.read_text("utf-8-sig"))
        try:
            meta = yaml.safe_load(found.group(1)) if found else None
        except yaml.YAMLError:
            continue
        if isinstance(meta, dict) and meta.get("draft") is True:
            rel = page.relative_to(docs_dir).as_posix().removesuffix(".md")
            rel = re.sub(r"\.[a-z]{2}$", "", rel)  # the suffix layout's locale
            stem = rel.removesuffix("index").removesuffix("README")
            path = stem if stem.endswith("/") or not stem else rel + "/"
            out.add(path if directory_urls else path.rstrip("/") + ".html")
            out.add(LANG_PREFIX.sub("", path))
    return out


def _neutral(path: str) -> str:
    return LANG_PREFIX.sub("", path)


def tags_dirs_of(config: dict[str, object]) -> list[str]:
    """The folders of site/ tagindex writes into: `tags_dir`, under each built language's."""
    tags_dir = str((plugin_options(config, "tagindex") or {}).get("tags_dir") or "tags")
    i18n = plugin_options(config, "i18n") or {}
    languages = i18n.get("languages") or []
    out = [tags_dir]
    for lang in languages if isinstance(languages, list) else []:
        if isinstance(lang, dict) and not lang.get("default") and lang.get("build", True):
            out.append(f"{lang['locale']}/{tags_dir}")
    return out


def check_site(
    project: Path,
    site_dir: Path,
    tags_dirs: Iterable[str] | None = None,
    secrets: Iterable[str] = (),
    skip: Iterable[str] = (),
) -> None:
    """The three checks of the module on `site_dir`, built from `project` (its `mkdocs.yml`
    or `zensical.toml`); `skip`: files of `site/` where a secret may appear for a reason of
    the host's own (named by the caller)."""
    config_path = project / "mkdocs.yml"
    if not config_path.is_file():
        config_path = project / "zensical.toml"
    config = read_config(config_path)
    base = urlsplit(str(config.get("site_url") or "/")).path.rstrip("/") + "/"
    directory_urls = config.get("use_directory_urls", True) is not False
    tags_dirs = tags_dirs_of(config) if tags_dirs is None else list(tags_dirs)
    # 1. every article link resolves
    links = article_links(site_dir, tags_dirs, base)
    assert links, "no article link: the check would be empty"
    broken = sorted({(where, path) for where, path in links if _page_file(site_dir, path) is None})
    assert not broken, f"links to pages not in site/: {broken[:10]}"
    # 2. no secret anywhere
    secrets = [s.lower() for s in secrets]
    skipped = set(skip)
    if secrets:
        for path in sorted(site_dir.rglob("*")):
            rel = path.relative_to(site_dir).as_posix()
            if not path.is_file() or rel in skipped:
                continue
            text = path.read_bytes().decode("utf-8", "replace").lower()
            leaked = [s for s in secrets if s in text or s in rel.lower()]
            assert not leaked, f"{rel}: unpublished text {leaked}"
    # 3. every published tagged page (not a draft) is listed
    shown = {_neutral(p) for p in listed(site_dir, tags_dirs, base)}
    drafts = draft_paths(project / str(config.get("docs_dir") or "docs"), directory_urls)
    generated = tuple(f"{d}/" for d in tags_dirs)
    missing = []
    for page in sorted(site_dir.rglob("*.html")):
        rel = page.relative_to(site_dir).as_posix()
        if rel.startswith(generated) or _neutral(rel).startswith(generated):
            continue
        html = BeautifulSoup(page.read_text("utf-8"), "html.parser")
        if not html.select("article a.md-tag, .md-content a.md-tag"):
            continue
        path = rel.removesuffix("index.html") if directory_urls else rel
        if path in drafts or _neutral(path) in drafts:
            continue
        if _neutral(path) not in shown:
            missing.append(rel)
    assert not missing, f"tagged pages in site/ that no tags.json lists: {missing[:10]}"
