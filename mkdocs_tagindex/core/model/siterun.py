"""One run of the engine over a whole site: what is true for every language at once.

Which tags each language has (first from front matter, then from every page's final state),
one slug per tag over all languages, the tags file, and messages said once per run however
often a host builds a language. A host makes one `Run` per site build, with every source
page's text, before any page is rendered; then one `Language` per language (`language.py`).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from ..options import tagsfile, tagstyle
from ..options.config import TagIndexConfig
from ..records import sections
from ..records.frontmatter import categories_of, front_matter, has_tags, tags_of
from ..text import neardups, slugs
from . import hierarchy
from . import tagindex as model
from .categories import CategoryNames, category_names
from .layouts import Languages
from .routes import Plan

Say = Callable[[int, str], None]
"""Where messages go (level, text): the host's logger."""
ReadMeta = Callable[[str, str, Callable[[str], None]], dict[str, Any]]
"""(text, source path, warn) → the page's front matter keys."""


class TagIndexError(Exception):
    """A problem that stops the build (on MkDocs a `PluginError`), such as an unknown tag under
    `unknown_tags: error`."""


class Messages:
    """Each message once per run, however often a language is built."""

    def __init__(self, say: Say) -> None:
        self._say = say
        self._said: set[tuple[int, str]] = set()
        self._recorders: list[list[tuple[int, str]]] = []

    @contextmanager
    def recording(self) -> Iterator[list[tuple[int, str]]]:
        """Everything said inside the block, in order, also what this run said before and does
        not say again: a host that keeps a computation for a later build keeps its messages
        with it, and says them again through `say` when it reuses it."""
        said: list[tuple[int, str]] = []
        self._recorders.append(said)
        try:
            yield said
        finally:  # by identity: two recordings may hold equal lists
            del self._recorders[next(i for i, r in enumerate(self._recorders) if r is said)]

    def say(self, level: int, message: str) -> None:
        for recorder in self._recorders:
            recorder.append((level, message))
        if (level, message) not in self._said:
            self._said.add((level, message))
            self._say(level, message)

    def warn(self, message: str) -> None:
        self.say(logging.WARNING, message)

    def info(self, message: str) -> None:
        self.say(logging.INFO, message)


class Run:
    """A site's tags across its languages, from the first pass over every page's front matter
    (to create generated pages while hosts can still add files) and then each language's final
    state (`set_final`)."""

    def __init__(
        self,
        options: TagIndexConfig,
        languages: Languages,
        messages: Messages,
        *,
        serving: bool = False,
        is_shadow: Callable[[str], bool] = lambda name: False,
        icons: tagstyle.Icons | None = None,
        tag_styles_always: bool = False,
    ) -> None:
        self.options = options
        self.languages = languages
        self.messages = messages
        self.serving = serving
        self.is_shadow = is_shadow
        """Tags another plugin keeps off pages (Material's `shadow_tags`)."""
        self.separator: str | None = options.hierarchy_separator if options.hierarchy else None
        """The levels' separator with `hierarchy: true`; None: every tag is flat."""
        self.icons = icons if icons is not None else tagstyle.bundled_icons()
        """Where the tags file's icons are found: the theme's own set (Material's by default)."""
        self.tag_styles_always = tag_styles_always
        """Publish `tags.css` with every `tags.json`, styled tags or not (the `tagindex`
        command: Zensical's chip partial links it without knowing)."""
        self.catalog = tagsfile.TagCatalog(separator=self.separator)
        if options.tags_file:
            self.catalog, problems = tagsfile.load(options.tags_file, self.separator, self.icons)
            for problem in problems:
                messages.warn(problem)
        self.slugs: dict[str, str] = {}
        self.shown_as: dict[str, str] = {}
        """Tag id → its most used spelling over every language, from the first pass."""
        self.predicted: dict[str, dict[str, int]] = {}
        """Language → tag id → cards, from front matter read before any page is rendered."""
        self.final: dict[str, dict[str, int]] = {}
        """The same from the final page state, for each language built so far in this run."""
        self.categories = CategoryNames()
        """What each language calls its untranslated articles' categories (`categories.py`)."""

    def warn(self, message: str) -> None:
        self.messages.warn(message)

    def info(self, message: str) -> None:
        self.messages.info(message)

    def first_pass(
        self,
        sources: Iterable[tuple[str, str]],
        read: ReadMeta = front_matter,
        *,
        sectioned: bool = False,
    ) -> None:
        """Read every page's front matter once per run (source path, text): which tags each
        language will have, and their slugs. What is listed and counted comes later, from
        each page's final state; this only predicts. `read`: the front matter reader (a host
        may remember its results). `sectioned`: the tags of the pages' sections count too (the
        texts must then be strings): a host that makes its generated pages before it reads
        the pages (MkDocs) has fewer to add late; one that publishes from the final state
        alone need not."""
        keys = self.options.front_matter
        tagged: dict[str, tuple[str, ...]] = {}
        section_tags: dict[str, tuple[str, ...]] = {}
        """Tags of an article's sections (issue 41): a tag only a section has gets a page."""
        written: dict[str, tuple[str, ...]] = {}  # an article's categories, as written
        for src_uri, source in sources:
            meta = read(source, src_uri, self.warn)
            tags = tags_of(meta, keys) if has_tags(meta, keys) else ()
            if sectioned and sections.has_sections(source):
                found = sections.declared(source, src_uri, None)
                if found:  # a page its sections alone tag is an article too
                    section_tags[src_uri] = tuple(n for d in found for n in d.tags)
            if tags or src_uri in section_tags:
                tagged[src_uri] = tags
                written[src_uri] = categories_of(meta, keys)
        spellings: list[tuple[str, str]] = []
        fallback_mode = self.options.fallback_articles
        for lang, selected in self.languages.select(tagged).items():
            counts: Counter[str] = Counter()
            own_tags: set[str] = set()
            for src_uri in selected:
                own = self.languages.locale_of(src_uri)[0] == lang
                named = [(self.resolve(name, src_uri), name) for name in tagged[src_uri]]
                spellings.extend(self.spellings(named))
                ids = dict.fromkeys(self.levels(tag for tag, _ in named))
                if src_uri in section_tags:  # a section's tag: one card at most, predicted
                    more = [(self.resolve(name, src_uri), name) for name in section_tags[src_uri]]
                    spellings.extend(self.spellings(more))
                    ids.update(dict.fromkeys(self.levels(tag for tag, _ in more)))
                if own:
                    own_tags.update(ids)
                if own or fallback_mode == "mark":
                    counts.update(ids.keys())
            self.predicted[lang] = self._with_pages(counts, own_tags)
        self.shown_as = model.display_names(spellings)
        self.categories = category_names(
            self.languages, written, self.catalog.categories, self.warn
        )
        self.assign(self.shown_as)
        self.report_merges(spellings, self.shown_as)
        self.report_near({s: t + section_tags.get(s, ()) for s, t in tagged.items()})
        if self.separator is not None:
            self.report_moves(name for src in sorted(tagged) for name in tagged[src])

    # -- the hierarchy (`hierarchy: true`) ------------------------------------------------------

    def resolve(self, name: str, src_uri: str) -> str:
        """The tag id of a front-matter name, a bad path reported (with the hierarchy)."""
        if self.separator is not None:
            key = self.options.front_matter.tags
            problem = hierarchy.problem_message(src_uri, key, name, self.separator)
            if problem:
                self.warn(problem)
        return self.catalog.resolve(name)[0]

    def levels(self, tags: Iterable[str]) -> list[str]:
        """Tags with the hierarchy's parents of each (an article counts on every level above)."""
        return hierarchy.expand(tags) if self.separator is not None else list(tags)

    def spellings(self, named: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
        """(id, as written) of every level of each tag, for the names tags are shown by."""
        if self.separator is None:
            return list(named)
        sep = self.separator
        return [level for tag, name in named for level in hierarchy.spellings(tag, name, sep)]

    def assign(self, tags: Iterable[str]) -> None:
        if self.separator is not None:
            hierarchy.assign(tags, self.slugs)
        else:
            slugs.assign(tags, self.slugs)

    def report_moves(self, names: Iterable[str]) -> None:
        """One INFO line: the tags whose URL the hierarchy moves (`tags/llm-serving/` →
        `tags/llm/serving/`), so that a site switching it on knows which links to fix."""
        assert self.separator is not None
        tags_dir = self.options.tags_dir.strip("/")
        moved: dict[str, str] = {}
        for name in names:
            tag = self.catalog.resolve(name)[0]
            if "/" in tag:
                before = slugs.slugify(slugs.tag_key(name))
                moved.setdefault(
                    f"'{name}'", f"{tags_dir}/{before}/ → {tags_dir}/{self.slug(tag)}/"
                )
        if moved:
            listed = "; ".join(f"{name}: {move}" for name, move in sorted(moved.items()))
            self.info(f"hierarchy: {len(moved)} tag(s) moved to nested URLs: {listed}")

    def _with_pages(self, counts: Counter[str], own: set[str]) -> dict[str, int]:
        """The tags that get a page in a language: those its own pages carry (not only its
        fallbacks), unless hidden; with their card counts."""
        return {t: n for t, n in counts.items() if t in own and not self.is_hidden(t)}

    def set_final(self, lang: str, counts: Counter[str], own: set[str]) -> dict[str, int]:
        """A language's tags from its pages' final state; returns the tags that get pages."""
        self.final[lang] = self._with_pages(counts, own)
        return self.final[lang]

    def keep_final(self, lang: str, final: Mapping[str, int]) -> None:
        """A language's tags that get pages, as an earlier build of the very same inputs found
        them (`set_final`): for a host that does not build an unchanged language again."""
        self.final[lang] = dict(final)

    def report_merges(self, spellings: list[tuple[str, str]], shown_as: dict[str, str]) -> None:
        """One INFO line per tag written in several ways (`#grpo`, `grpo`): one page for all."""
        for merge in slugs.merges(spellings, shown_as):
            written = ", ".join(f"'{name}'" for name in merge.spellings)
            self.info(
                f"tags {written} are one tag, shown as '{merge.shown_as}' "
                f"(they share the URL {self.options.tags_dir.strip('/')}/{self.slug(merge.tag)}/)"
            )

    def report_near(self, tagged: Mapping[str, tuple[str, ...]], level: int | None = None) -> None:
        """One line per pair of tags that look like one (`neardups.py`), at the option's level
        (or `level`: `tagindex check` warns); two tags the tags file names each are the
        author's choice and are left out."""
        if level is None:
            levels = {"info": logging.INFO, "warn": logging.WARNING}
            level = levels.get(self.options.near_duplicates)
        if level is None:
            return
        files: dict[str, list[str]] = {}
        names: dict[str, str] = {}
        for src_uri, found in tagged.items():
            for name in found:
                tag = self.catalog.resolve(name)[0]
                files.setdefault(tag, []).append(src_uri)
                names.setdefault(tag, self.shown_as.get(tag, name))
        for near in neardups.near_pairs(files):
            if not (self.catalog.resolve(near.a)[1] and self.catalog.resolve(near.b)[1]):
                self.messages.say(level, neardups.message(near, files, names))

    def is_hidden(self, tag: str) -> bool:
        """A tag that classifies (filters, related articles) but has no page and no chip: the
        tags file's `hidden: true`, or one of Material's shadow tags."""
        if self.separator is not None and "/" in tag:  # a hidden parent hides its subtree
            return any(
                level in self.catalog.hidden or self.is_shadow(level)
                for level in hierarchy.lineage(tag)
            )
        return tag in self.catalog.hidden or self.is_shadow(tag)

    def styled(self, tag: str) -> bool:
        """Whether the tags file gives the tag a colour or an icon (`tags.css` has its rules)."""
        return tag in self.catalog.colors or tag in self.catalog.icons

    def tag_styles(self, slugs: Mapping[str, str]) -> str | None:
        """The text of a language's `tags.css`: the rules of its styled tags (`slugs`: tag id →
        slug of each tag it has), so that it changes only with them; None when it has none
        (and the host does not want the file always)."""
        catalog = self.catalog
        styles = tagstyle.styles_of(catalog.colors, catalog.icons, slugs.get, self.icons)
        if not styles and not self.tag_styles_always:
            return None
        return tagstyle.stylesheet(styles)

    def slug(self, tag: str) -> str:
        """The slug of a tag, also of one that only the final page state has."""
        if tag not in self.slugs:
            self.assign([tag])
        return self.slugs[tag]

    def plan(self, lang: str) -> Plan:
        """The generated pages of `lang`: as built if it was built in this run, else predicted."""
        counts = self.final.get(lang, self.predicted.get(lang, {}))
        return Plan(
            tags_dir=self.options.tags_dir.strip("/"),
            slugs={t: self.slug(t) for t in counts},
            counts=counts,
            per_page=self.options.per_page,
            index=self.options.index,
        )

    def tag_id(self, name: str, src_uri: str, where: str | None = None) -> str:
        """The tag a front-matter name stands for; with a tags file, unknown names are reported
        (`where`: the place named, if not the front matter's tags: a section's heading)."""
        tag = self.resolve(name, src_uri)
        known = self.catalog.resolve(name)[1]
        if self.catalog.enabled and not known and self.options.unknown_tags != "ignore":
            where = where or f"{src_uri}: front matter '{self.options.front_matter.tags}'"
            message = f"{where}: tag '{name}' is not in the tags file"
            if self.options.unknown_tags == "error":
                raise TagIndexError(f"tagindex: {message}")
            self.warn(message)
        return tag
