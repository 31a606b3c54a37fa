"""`tagindex build`: the engine's calls in the order docs/architecture.md lists (as
tests/build/test_second_host.py's host makes them), with pages this command read itself, the
cache asked at its named points (`cache.py`), and the files Zensical then builds; each generated
page's Markdown is `pagefile.py`'s.
"""

from __future__ import annotations

import hashlib
import logging
import posixpath
from collections.abc import Callable, Iterable, Mapping
from dataclasses import fields, replace
from functools import partial
from pathlib import Path
from typing import Any, cast

from jinja2 import BytecodeCache, FileSystemBytecodeCache

from ..core import (
    Deferred,
    Edition,
    Facts,
    Found,
    Language,
    Messages,
    PageContext,
    Published,
    Renderer,
    Route,
    Run,
    SiteInfo,
    SourcePage,
    Tag,
    clean_text,
    ownership,
    piece_json,
    strip_format,
    theme_overrides_dir,
    url_of,
)
from .cache import Cache
from .caches.memo import Keys
from .config.site import ASSETS, Site, assets_dir, plugin_options
from .files import pagefile
from .files.clashes import stop_on_clashes
from .files.owned import GITIGNORE, Owned, Report, owned_by
from .outcome import Result
from .pages import markup, posttime, posturl
from .pages.sources import (
    LangPage,
    Source,
    all_files,
    in_walk_order,
    language_pages,
    published_sources,
    read_sources,
)

Say = Callable[[int, str], None]
HIERARCHY_CHIPS = (
    "the 'tags' plugin's tags_hierarchy: true links a chip such as 'ml/rl' to the page of 'ml' "
    "(Zensical reads the marker of 'ml' as listing its whole subtree); leave it off: with "
    "tagindex's hierarchy: true every level has its own page, and each chip links to it"
)


def docs_path(site: Site, lang: str, staged: str) -> str:
    """Where a file of `lang`'s build at `staged` goes under `docs_dir` (zensical-i18n's
    layouts: `page.ja.md` beside `page.md`, or `ja/page.md`)."""
    i18n = site.i18n
    if i18n is None:
        return staged
    if i18n.structure == "folder":
        return f"{lang}/{staged}"
    if lang == i18n.default:
        return staged
    stem, ext = posixpath.splitext(staged)
    return f"{stem}.{lang}{ext}"


def compute(
    site: Site,
    say: Say,
    keep_pages: bool = False,
    known: Mapping[str, str] | None = None,
    scanned: Iterable[str] | None = None,
) -> tuple[Result, Owned]:
    """Every file the command publishes for the site, by path under `docs_dir` (`known`: the
    hash of each page's text where its stat is the one the hash was taken at; `scanned`: the
    pages and meta files `state.scan` found, if it did). The engine's calls in the order
    docs/architecture.md lists them; the cache is asked at its named points (`cache.py`)."""
    owned = owned_by(site)
    files = all_files(site, owned.is_ours) if scanned is None else in_walk_order(scanned)
    sources = read_sources(site.docs_dir, [f for f in files if f.endswith(".md")], known)
    languages = site.languages()
    run = Run(
        site.options, languages, Messages(say), icons=site.icons("zensical"), tag_styles_always=True
    )
    if site.options.hierarchy and (plugin_options(site.config, "tags") or {}).get("tags_hierarchy"):
        run.warn(HIERARCHY_CHIPS)
    cache = Cache(site, files)
    shown = published_sources(site, languages, sources)  # no tag, slug or name from the rest
    run.first_pass(cast(Any, sorted(((s.src, s) for s in shown), key=_first)), cache.front_matter)
    per_lang = language_pages(site, languages, files, sources, run.warn, cache.front_matter)
    result = Result(sources=sources)
    # the scripts come with every page from extra_javascript (`tagindex init`), not the bodies
    renderer = Renderer(
        str(site.custom_dir) if site.custom_dir else None, site.theme_name, linked=False
    )
    renderer.env.bytecode_cache = _bytecode_cache(site.cache_dir)
    theme_dirs = (str(site.custom_dir),) if site.custom_dir else ()
    info = SiteInfo(site.site_url, site.name, site.directory_urls, theme_dirs)
    blogs = posttime.blogs_of(site.config)
    keyed = (partial(_text_lang, site), partial(_post_variant, blogs))
    for lang in languages.build:
        language = Language(run, lang, info)
        pages = per_lang.get(lang, [])
        if cache.skipped(language, pages, result):
            continue
        with cache.reading(language, pages) as reading:
            render = partial(_render, site, language, blogs)
            facts = cache.facts(language, pages, keyed, render, result, reading)
            facts = _post_read_times(blogs, pages, facts)
            found = _found(site, language, pages, facts, cache)
        written = _written(site, pages, found)
        publish = partial(_publish, site, language, found, written, renderer, result, cache)
        cache.language(language, found, reading, result, publish, written)
    cache.save(result)
    label = ownership.config_label(site.path, site.docs_dir)
    for name in ASSETS:
        data = (Path(theme_overrides_dir()) / "assets" / "tagindex" / name).read_bytes()
        path = f"{assets_dir(site)}/{name}"
        result.files[path] = ownership.mark(path, data, label)
    if not keep_pages:
        for root in owned.roots:
            path = f"{root}/{GITIGNORE}"
            result.files[path] = ownership.mark(path, b"# written by tagindex build\n*\n", label)
    stop_on_clashes(site, files, result.files)  # before any write under docs_dir
    return result, owned


def _bytecode_cache(folder: Path) -> BytecodeCache:
    """Compiled templates kept beside the memo (Jinja checks each against its source)."""
    (folder / "jinja").mkdir(parents=True, exist_ok=True)
    return FileSystemBytecodeCache(str(folder / "jinja"))


def _text_lang(site: Site, page: LangPage) -> str:
    """The language of a page's text: its front matter's `lang` key, its locale, the theme's."""
    own = page.meta.get(site.options.front_matter.lang)
    return str(own or page.locale or site.theme_lang)


def _first(item: tuple[str, Source]) -> str:
    return item[0]


def _render(
    site: Site, language: Language, blogs: tuple[posttime.Blog, ...], pages: list[LangPage]
) -> list[Facts]:
    """What each page's HTML says (step 3 of the engine), its Markdown rendered now (on
    every core when there are many); a blog post's read time as its blog computes it."""
    rendered = markup.render_all(site.path, [page.source.text for page in pages])
    out = []
    for page, (html, heading) in zip(pages, rendered, strict=True):
        text = page.source.text
        facts = language.facts(html, heading, _text_lang(site, page), text, page.source.src)
        blog = posttime.blog_of(blogs, page.path)
        if blog and blog.readtime and facts.minutes is not None:
            facts = replace(facts, minutes=posttime.minutes(html, blog.words_per_minute))
        out.append(facts)
    return out


def _post_variant(blogs: tuple[posttime.Blog, ...], page: LangPage) -> str:
    """What a page's facts depend on besides its text: a post's blog's rate (`posttime`)."""
    blog = posttime.blog_of(blogs, page.path)
    return f"post {blog.words_per_minute}" if blog and blog.readtime else ""


def _post_read_times(
    blogs: tuple[posttime.Blog, ...], pages: list[LangPage], facts: dict[str, Facts]
) -> dict[str, Facts]:
    """A post's `readtime:` is what its blog shows, computed or not."""
    for page in pages:
        src = page.source.src
        minutes = posttime.own(page.meta) if posttime.blog_of(blogs, page.path) else None
        if minutes and src in facts:
            facts[src] = replace(facts[src], minutes=minutes)
    return facts


def _found(
    site: Site,
    language: Language,
    pages: list[LangPage],
    facts: Mapping[str, Facts],
    cache: Cache,
) -> list[Found]:
    """Step 4 of the engine: each page with tags as `Language.article` receives it (a blog
    post at the URL its blog builds it at, `posturl.py`)."""
    found = []
    post_urls = posturl.post_urls_of(site.config)
    hide = site.options.fallback_articles == "hide"
    for page in pages:
        if page.fallback and hide:
            continue
        src = page.source.src
        if src not in facts:
            continue
        title = page.meta.get("title")
        built_at = posturl.post_path(post_urls, page.path, page.meta, facts[src].heading)
        source = SourcePage(
            src_uri=src,
            url=url_of(built_at or page.path, language.prefix, site.directory_urls),
            meta=page.meta,
            title=str(title) if title is not None else None,
            facts=facts[src],
            locale=page.locale,
            fallback=page.fallback,
        )
        item = cache.article(language, source)
        if item is not None:
            found.append(item)
    return found


def _written(site: Site, pages: list[LangPage], found: list[Found]) -> dict[str, list[str]]:
    """Each tag's names as the pages write them, for the marker that links Zensical's chips
    (Zensical matches names as written; the engine's are cleaned: `"grpo "` is `grpo`)."""
    key = site.options.front_matter.tags
    metas = {page.source.src: page.meta for page in pages}
    spellings: dict[str, set[str]] = {}
    for item in found:
        ids = dict(zip(item.names, item.article.tags, strict=True))
        raw = metas.get(item.article.src_uri, {}).get(key)
        items = raw.split(",") if isinstance(raw, str) else raw if isinstance(raw, list) else []
        for name in [*item.names, *(str(i) for i in items if isinstance(i, (str, int, float)))]:
            tag = ids.get(strip_format(clean_text(name)))
            if tag is not None:
                spellings.setdefault(tag, set()).add(name)
    return {tag: sorted(names) for tag, names in sorted(spellings.items())}


def _publish(
    site: Site,
    language: Language,
    found: list[Found],
    spellings: Mapping[str, list[str]],
    renderer: Renderer,
    result: Result,
    cache: Cache,
) -> None:
    """Steps 4 to 6 of the engine: the language's final plan, its edition, and every file of
    it rendered (or given again by the cache); `spellings`: each tag's names as written."""
    collected = language.collect(found)
    routes = collected.plan.routes()
    pages = {
        r.src_uri: (r, url_of(r.src_uri, language.prefix, site.directory_urls)) for r in routes
    }
    edition = Edition(language, collected, Published(pages, {}, _no_file, cache.remember))
    chips = site.has_plugin("tags")
    label = ownership.config_label(site.path, site.docs_dir)
    frame = cache.cards(language)
    index = cache.index_hash(edition.index)
    shared = (
        language.code,
        edition.index_url,
        edition.outputs.tags_json_url,
        language.audiences,
        tuple(site.options.filters),
    )
    for route, url in pages.values():
        path = docs_path(site, language.code, route.src_uri)
        meta = language.page_meta(route, collected.plan, collected.names)
        names = list(spellings.get(route.tag or "", ())) if chips else []
        key = tag_page_key(edition, cache.keys, route, url, meta, names, shared)

        def context(route: Route = route, url: str = url) -> PageContext:
            made = edition.page_context(route, url)
            if made.groups and markup.headings_in_html(str(site.path)):
                # the group headings in Markdown, for Zensical's toc, which lists every real
                # heading around them too: card titles become headings by role only
                made = replace(made, markdown_headings=True, card_heading="p")
            return made

        def render(
            made: PageContext,
            url: str = url,
            meta: Any = meta,
            route: Route = route,
            names: list[str] = names,
            path: str = path,
        ) -> bytes:
            data = pagefile.page_file(renderer, made, url, frame, meta, route, names)
            return ownership.mark(path, data, label)  # its proof of ownership (`core/ownership.py`)

        more = (route, url, meta, names)
        result.files[path] = cache.page(path, key, index, context, render, frame, more)
    _explorer_pieces(site, edition, pages.get(collected.plan.index_src), renderer, result, cache)
    for static in edition.outputs.files:
        content = static.content
        # a feed's RSS and JSON share their inputs: kept by them
        inputs = (content.make.__name__, content.data) if isinstance(content, Deferred) else None
        path = docs_path(site, language.code, static.src_uri)
        result.files[path] = cache.feed(path, inputs, partial(_text_of, content, path, label))


def _explorer_pieces(
    site: Site,
    edition: Edition,
    index: tuple[Route, str] | None,
    renderer: Renderer,
    result: Result,
    cache: Cache,
) -> None:
    """The pieces of the all-tags page's explorer cards, rendered with its context; each kept
    by its cards and the page's URL (the rest is the settings', which key the whole cache)."""
    if index is None or not edition.outputs.explorer_pieces:
        return
    route, url = index
    frame = cache.cards(edition.language)
    page = replace(edition.page_context(route, url), frame=frame)
    for src_uri, piece in edition.explorer_pieces(page):
        path = docs_path(site, edition.language.code, src_uri)
        inputs = ("explorer_piece", (url, piece.index.explorer_cards, page.lang))
        make = partial(_piece_text, renderer, piece, url)
        result.files[path] = cache.feed(path, inputs, make)


def _piece_text(renderer: Renderer, piece: PageContext, url: str) -> str:
    return piece_json(renderer.explorer_piece(piece, url))


def _text_of(content: Any, path: str, label: str) -> str:
    """A static file's text, with its marker where its format has comments."""
    text = content if isinstance(content, str) else "".join(content)
    return ownership.mark(path, text.encode("utf-8"), label).decode("utf-8")


def tag_page_key(
    edition: Edition,
    keys: Keys,
    route: Route,
    url: str,
    meta: Mapping[str, object],
    names: list[str],
    shared: tuple[object, ...],
) -> str:
    """The key of a tag's page from what its context is made of, without making the context
    (its `<head>` data, groups and cards: most of a small build's work): the tag (its articles
    in order), the levels around it, the tags it offers to narrow with (pages without it may
    rename one), its grouping, the page's route, URL and front matter, and what the language's
    pages share (`shared`; the rest is the settings'). "" for the all-tags page, and a tag that
    no page has now: those are keyed by their whole context."""
    tag = edition.index.by_key.get(route.tag) if route.tag is not None else None
    if tag is None:
        return ""
    index = edition.index
    ancestors = tuple(_tag_fields(keys, t) for t in index.ancestors(tag))
    children = tuple(_tag_fields(keys, t) for t in index.children_of(tag))
    narrow = tuple(
        (_tag_fields(keys, n.tag), n.shared) for n in edition.narrow_with.get(tag.key, ())
    )
    facet = edition.group_by.get(tag.key, "none")
    around = (ancestors, children, narrow)
    parts = (route, url, meta, names, _tag_fields(keys, tag), around, facet, shared)
    # the repr of strings, numbers, tuples, dicts and dataclasses of them: no pickling
    return hashlib.sha256(repr(parts).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _tag_fields(keys: Keys, tag: Tag) -> tuple[object, ...]:
    """Every field of a tag, its articles by their digests (`Keys`)."""
    return tuple(
        tuple(map(keys.of, tag.articles)) if f.name == "articles" else getattr(tag, f.name)
        for f in fields(tag)
    )


def _no_file(src_uri: str) -> bool:
    return False  # the command owns its folders whole: an author's file there is refused


def build(
    site: Site,
    say: Say,
    keep_pages: bool = False,
    known: Mapping[str, str] | None = None,
    scanned: Iterable[str] | None = None,
    adopt: bool = False,
) -> tuple[Result, Report]:
    """`adopt`: take back tagindex's files whose marker no longer matches (`owned.py`)."""
    result, owned = compute(site, say, keep_pages, known, scanned)
    warn = partial(say, logging.WARNING)
    report = owned.sync(result.files, warn, result.same, adopt)
    result.report = report
    return result, report
