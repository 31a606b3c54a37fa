"""One language of a site: its labels, its article records, its generated pages' titles.

A host makes a `Language` when it starts that language's build, hands it every page's rendered
HTML (`facts`) and final state (`article`), then the records it kept (`collect`). The result,
`Collected`, says which pages to generate; `edition.Edition` then holds everything published.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..output.contexts import page_meta
from ..output.syndication import Site
from ..records import sections
from ..records.article import Article, Facts, SourcePage
from ..records.frontmatter import FrontMatter, has_tags, read
from ..records.sections import Section
from ..text import html, readtime
from ..text.labels import labels_for
from ..text.slugs import tag_key
from ..text.values import clean_text, pick
from . import hierarchy
from . import tagindex as model
from .routes import Plan, Route
from .siterun import Run


@dataclass(frozen=True)
class SiteInfo:
    """What a host knows of the site as a whole (on MkDocs, from `mkdocs.yml`)."""

    url: str | None
    """`site_url`, or None: no feeds, JSON-LD or Open Graph without absolute links."""
    name: str
    directory_urls: bool = True
    theme_dirs: tuple[str, ...] = ()
    """The theme's template folders, the site's own first (labels from its translations)."""
    social_cards: bool = False
    """Another plugin writes the Open Graph tags (Material's social plugin)."""


@dataclass(frozen=True)
class Found:
    """A page that is an article, as `Language.article` read it."""

    article: Article
    names: tuple[str, ...]
    """The tags' spellings on this page, in the order of `article.tags`."""


@dataclass(frozen=True)
class Collected:
    """A language's articles once every page is read, and the pages they call for."""

    articles: dict[str, Article]
    """Source path → the articles this build lists (drafts only while previewing)."""
    unlisted: dict[str, Article]
    """Drafts in a real build: not listed, counted, related or fed, but they keep their chips
    and meta line on their own page."""
    names: dict[str, str]
    """Tag id → name shown in this language."""
    plan: Plan
    spellings: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Tag id → every way its pages and sections write it (each level's, with the hierarchy),
    sorted: how another tool that lists tags by their spelling (Zensical) names it."""


class Language:
    """One language's build: labels and audiences in it, and page → article."""

    def __init__(self, run: Run, code: str, site: SiteInfo) -> None:
        self.run = run
        self.options = run.options
        self.code = code
        self.site_info = site
        self.prefix = run.languages.prefix(code)
        self.labels, substituted = labels_for(code, self.options.labels, site.theme_dirs)
        if substituted:  # INFO: a language without a built-in table is no mistake of the site
            run.info(substituted.message)
        self.audiences = tuple(
            (tag_key(str(audience)), str(self._label(labels) or audience))
            for audience, labels in self.options.audiences.items()
        )
        self.site = Site(url=site.url, name=site.name, lang=code.replace("_", "-"))
        self._rates: dict[str, readtime.Rates] = {}
        self.section_counts: Counter[str] = Counter()
        """Tag id → its section cards (`collect`): a plan's count is of all its cards."""

    def _label(self, labels: object) -> str | None:
        if isinstance(labels, Mapping):
            return pick(labels, self.code)
        return str(labels) if labels else None

    # -- what a page's HTML says --------------------------------------------------------------

    def facts(
        self,
        text: str,
        heading: str | None,
        text_lang: str | None,
        source: str | None = None,
        src_uri: str = "",
    ) -> Facts:
        """First heading, read time and first paragraph of a rendered article. `text_lang` is
        the language of its text where the page or the host says (front matter, i18n, theme).
        `source`: the page's whole file (front matter included), for its tagged sections, read
        only where the HTML has a tags comment (a host may pass None elsewhere)."""
        minutes = None
        rates = None
        if self.options.read_time.enabled:
            lang = str(text_lang or self.options.read_time.language or self.code)
            if lang not in self._rates:
                self._rates[lang] = readtime.rates_for(lang, self.options.read_time.rates)
            rates = self._rates[lang]
            minutes = readtime.minutes(text, rates)
        limit = self.options.summary_length
        found: tuple[sections.Section, ...] = ()
        said: list[str] = []
        if source is not None and sections.has_sections(text) and sections.has_sections(source):
            declared = sections.declared(source, src_uri, said.append)
            found = sections.located(declared, text, src_uri, said.append, rates=rates, limit=limit)
            for message in said:
                self.run.warn(message)
        summary = html.first_paragraph(text, limit)
        return Facts(heading, minutes, summary, found, tuple(said))

    # -- page → article -----------------------------------------------------------------------

    def article(self, page: SourcePage) -> Found | None:
        """The article record of one page in its final state (None: a page without tags, its
        own or its sections')."""
        keys = self.options.front_matter
        if not has_tags(page.meta, keys) and not page.facts.sections:
            return None
        front = read(page.src_uri, page.meta, keys, self.run.warn, self.run.info)
        if not front.tags and not page.facts.sections:
            return None  # a page its sections alone list is an article too (issue 41)
        self._check_audience(page.src_uri, front)
        ids = [self.run.tag_id(name, page.src_uri) for name in front.tags]
        unique = dict(zip(ids, front.tags, strict=True))
        post = page.post
        read_time = front.read_time or (post.read_time if post else None) or page.facts.minutes
        if not self.options.read_time.enabled:
            read_time = front.read_time
        created = front.dates.created or (post.created if post else None)
        updated = front.dates.updated or (post.updated if post else None)
        if self.options.feeds.git_dates and not (created and updated) and page.git_dates:
            born, changed = page.git_dates()  # front matter and the blog win over git
            created = created or born
            updated = updated or (changed if changed != created else None)
        article = Article(
            src_uri=page.src_uri,
            url=page.url,
            title=self._title_of(page, front),
            tags=tuple(unique),
            categories=front.categories or (post.categories if post else ()),
            member=front.member,
            type=front.type,
            summary=front.summary or page.facts.summary,
            date=created,
            updated=updated,
            weight=front.weight,
            read_time=read_time,
            lang=front.lang or page.locale,
            fallback=page.fallback,
            audience=front.audience,
            # a blog post's `authors` are keys of `.authors.yml`: the blog's names win
            authors=(post.authors if post and post.authors else front.authors),
            draft=front.draft or bool(post and post.draft),
            fields=front.fields,
            sections=tuple(self._section_ids(page.src_uri, s) for s in page.facts.sections),
        )
        return Found(article, tuple(unique.values()))

    def _section_ids(self, src_uri: str, section: Section) -> Section:
        """A section with its tags' ids, an unknown one reported at its heading's line."""
        where = f"{src_uri}:{section.line}: section tags (heading '{section.heading}')"
        ids = tuple(self.run.tag_id(name, src_uri, where) for name in section.tags)
        return replace(section, ids=ids)

    @staticmethod
    def _title_of(page: SourcePage, front: FrontMatter) -> str:
        """Front matter, then the first heading, then the nav's title, then the file name.

        MkDocs puts the nav's title first; when a plugin changed `page.title` after the nav
        (macros rendering `{{ … }}` in it, Material's typeset), the changed title is the page's.
        """
        final = " ".join(clean_text(str(page.title or "")).split())
        if final and (page.nav_title is None or final != page.nav_title):
            return final
        return front.title or page.facts.heading or final or page.src_uri

    def _check_audience(self, src_uri: str, front: FrontMatter) -> None:
        known = {tag_key(str(a)) for a in self.options.audiences}
        for audience in front.audience:
            if known and audience not in known:
                key = self.options.front_matter.audience
                self.run.warn(
                    f"{src_uri}: front matter '{key}': '{audience}' is not one of the "
                    f"configured audiences ({', '.join(sorted(known))})"
                )

    def collect(self, found: Iterable[Found]) -> Collected:
        """Every article of this language (in the host's page order), the names its tags are
        shown by, and the pages they call for. An untranslated article's categories are named
        as this language names them (`categories.py`)."""
        articles: dict[str, Article] = {}
        unlisted: dict[str, Article] = {}
        spellings: list[tuple[str, str]] = []
        own: set[str] = set()
        self.section_counts = Counter()
        shown = self.run.categories.of(self.code)
        for item in found:
            article = item.article
            if article.fallback and shown and article.categories:  # in this language's words
                categories = self.run.categories.shown(self.code, article.categories)
                if categories != article.categories:
                    article = replace(article, categories=categories)
            if article.draft and not self.run.serving:
                unlisted[article.src_uri] = article
                continue
            articles[article.src_uri] = article
            spellings.extend(self.run.spellings(zip(article.tags, item.names, strict=True)))
            for section in article.sections:
                spellings.extend(self.run.spellings(zip(section.ids, section.tags, strict=True)))
            if not article.fallback:
                own.update(self.run.levels(article.tags))
        names = model.display_names(spellings)
        for tag in names:
            names[tag] = self.run.catalog.name(tag, self.code) or names[tag]
        counts = Counter(t for a in articles.values() for t in self.run.levels(a.tags))
        for article in articles.values():  # a section's card where its page has not the tag
            for tag in self.section_cards(article):
                counts[tag] += 1
                self.section_counts[tag] += 1
                if not article.fallback:
                    own.add(tag)
        self.run.set_final(self.code, counts, own)
        spelled: dict[str, set[str]] = {}
        for tag, name in spellings:
            spelled.setdefault(tag, set()).add(name)
        written = {tag: tuple(sorted(found)) for tag, found in spelled.items()}
        return Collected(articles, unlisted, names, self.run.plan(self.code), written)

    def section_cards(self, article: Article) -> list[str]:
        """A tag (and, with the hierarchy, each level above it) per section card of an
        article: one for each of its sections that has the tag its page has not."""
        tree = self.run.separator is not None
        return [
            t for s in article.sections for t in model.section_adds(article, s, hierarchical=tree)
        ]

    # -- generated pages: titles and descriptions ---------------------------------------------

    def title(self, route: Route, names: Mapping[str, str] | None = None) -> str:
        """A generated page's title: the tag's name (page N of M when split), or "All tags"."""
        if route.tag is None:
            return self.labels.t("all_tags")
        name = self.name(route.tag, names)
        if self.run.separator is not None and "/" in route.tag:  # the whole path: `ML/RL`
            levels = hierarchy.lineage(route.tag)
            name = self.run.separator.join(self.name(level, names) for level in levels)
        if route.number > 1:
            return self.labels.t("page_title", name=name, number=route.number, pages=route.pages)
        return name

    def name(self, tag: str, names: Mapping[str, str] | None = None) -> str:
        """How a tag (with the hierarchy: one level) is shown in this language."""
        return (
            (names or {}).get(tag)
            or self.run.catalog.name(tag, self.code)
            or self.run.shown_as.get(tag, hierarchy.leaf(tag))
        )

    def description(self, route: Route, plan: Plan, names: Mapping[str, str] | None = None) -> str:
        """`<meta name=description>` of a generated page: the tag's own description from the
        tags file, else what the page lists ("#grpo · 16 articles")."""
        if route.tag is None:
            count = len(plan.counts)
            return f"{self.labels.t('all_tags')} · {self.labels.t('tags', count)}"
        own = self.run.catalog.description(route.tag, self.code)
        if own:
            return own
        name = self.title(replace(route, number=1), names)
        heading = self.labels.t("tag_heading", name=name)
        sections = self.section_counts.get(route.tag, 0)
        listed = self.labels.cards(plan.counts.get(route.tag, 0) - sections, sections)
        return f"{heading} · {listed}"

    def page_meta(
        self, route: Route, plan: Plan, names: Mapping[str, str] | None = None
    ) -> dict[str, Any]:
        """Front matter of a generated page's source: template, title, description, marker."""
        return page_meta(route, self.title(route, names), self.description(route, plan, names))
