"""Plugin options, typed with MkDocs' own config machinery and all checked when mkdocs.yml loads.

A bad value is MkDocs' usual configuration error, and names the option's path the way MkDocs
names sub-options, down to the key at fault:

    ERROR - Config value 'plugins': Plugin 'tagindex' option 'labels': Sub-option 'ja':
            Sub-option 'articles': Sub-option 'other': '{n}' is not a placeholder ...

Two kinds of unknown key:

- an unknown *option* (at the top, under `front_matter`, under `read_time`) is MkDocs' own
  "Unrecognised configuration name" warning, exactly as for any plugin's options: the build goes
  on, `--strict` stops it;
- an unknown key in a *table* whose keys are a fixed vocabulary (label keys, plural categories,
  language codes, reading-rate names) can only be a typo that would silently do nothing: an
  error, as MkDocs' own `Choice` does for a value outside its list.

Like MkDocs, the first error stops the load; warnings are all reported.
"""

from __future__ import annotations

import difflib
import posixpath
import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import fields
from typing import Any

from mkdocs.config import config_options as c
from mkdocs.config.base import (
    BaseConfigOption,
    Config,
    ConfigErrors,
    ConfigWarnings,
    ValidationError,
)

from ..text import readtime
from ..text.labels import CATEGORIES, PLACEHOLDERS
from ..text.slugs import tag_key
from ..text.values import shown
from .optiontypes import Count, KeyName, LanguageCode, Positive, language_key, language_problem


def _sub(*path: object) -> str:
    """MkDocs' own way of naming a nested key: `Sub-option 'ja': Sub-option 'articles': `."""
    return "".join(f"Sub-option '{key}': " for key in path)


def _close(word: str, choices: list[str]) -> str:
    match = difflib.get_close_matches(word, choices, n=1)
    return f" (did you mean '{match[0]}'?)" if match else ""


# -- language codes -------------------------------------------------------------------------------


# -- numbers and names ----------------------------------------------------------------------------


class Filters(c.ListOfItems[str]):
    """Facets offered as filter chips; each at most once."""

    def run_validation(self, value: object) -> list[str]:
        items = super().run_validation(value)
        twice = sorted({item for item in items if items.count(item) > 1})
        if twice:
            raise ValidationError(f"'{twice[0]}' is listed twice")
        return items


class Separator(BaseConfigOption[str]):
    """The separator of tag levels: non-empty text without line breaks."""

    def __init__(self, default: str) -> None:
        super().__init__()
        self.default = default

    def run_validation(self, value: object) -> str:
        if value is None:
            return str(self.default)
        if not isinstance(value, str) or not value.strip() or not value.isprintable():
            raise ValidationError(f"expected a non-empty separator such as '/', got {shown(value)}")
        return value


# -- tags_dir: a folder inside the site -----------------------------------------------------------

_DRIVE = re.compile(r"[A-Za-z]:")
_NOT_IN_NAMES = '*?"<>|#%'
"""Not allowed in a file name on Windows (`*?"<>|`), or meaning something else in a URL (`#%`)."""
_DEVICES = frozenset(
    ["con", "prn", "aux", "nul"] + [f"{d}{n}" for d in ("com", "lpt") for n in range(1, 10)]
)
MAX_NAME_BYTES = 255
"""The longest file name Linux, macOS and Windows all allow."""


def site_folder(value: str) -> str:
    """`value` as a normalized folder path inside the site (`a//b/` → `a/b`), or ValueError.

    The tag pages are written to `<site_dir>/<this>/…`, so every path that could leave
    site_dir on any system is refused, not repaired: `..`, absolute paths, drive letters,
    backslashes (separators on Windows), and names Windows or URLs read differently."""
    if not value.strip():
        raise ValueError("must name a folder inside the site, such as 'tags'; it is empty")
    if any(unicodedata.category(ch) == "Cc" for ch in value):
        raise ValueError(f"{value!r} contains a control character")
    if "\\" in value:
        raise ValueError(f"'{value}' contains a backslash; separate folders with '/'")
    if _DRIVE.match(value):
        raise ValueError(f"'{value}' starts with a drive letter; give a folder inside the site")
    if ":" in value:
        raise ValueError(f"'{value}' contains ':', which Windows does not allow in a folder name")
    if value.startswith("/"):
        raise ValueError(f"'{value}' is absolute; give a folder inside the site, such as 'tags'")
    parts = [part for part in value.split("/") if part not in ("", ".")]
    for part in parts:
        if part == "..":
            raise ValueError(f"'{value}' contains '..', which would leave the site")
        bad = sorted(set(part) & set(_NOT_IN_NAMES))
        if bad:
            raise ValueError(
                f"'{value}' contains '{bad[0]}', which is not allowed in a folder name"
            )
        if part != part.strip() or part.endswith("."):
            raise ValueError(
                f"'{value}': the folder name '{part}' ends or starts with a space or ends with "
                "a dot, which Windows drops"
            )
        if part.split(".")[0].lower() in _DEVICES:
            raise ValueError(f"'{value}': '{part}' is a device name on Windows")
        if len(part.encode("utf-8")) > MAX_NAME_BYTES:
            raise ValueError(f"'{value}': a folder name is longer than {MAX_NAME_BYTES} bytes")
    if not parts:
        raise ValueError(f"'{value}' names the site root; give a folder inside it, such as 'tags'")
    normalized = "/".join(parts)
    assert posixpath.normpath(normalized) == normalized
    return normalized


class SiteFolder(BaseConfigOption[str]):
    """A relative folder inside the site, normalized; see `site_folder`."""

    def __init__(self, default: str) -> None:
        super().__init__()
        self.default = default

    def run_validation(self, value: object) -> str:
        if value is None:
            value = self.default
        if not isinstance(value, str):
            raise ValidationError(f"expected a folder path, got {shown(value)}")
        try:
            return site_folder(value)
        except ValueError as exc:
            raise ValidationError(str(exc)) from None


# -- labels ---------------------------------------------------------------------------------------

_FIELD = re.compile(r"\{([^{}]*)\}")


def template_problem(key: str, text: object) -> str | None:
    """Why `text` is not a valid template for label `key`, or None.

    Only the key's own `{placeholder}`s: no attribute or index access, no format spec or
    conversion (configuration must not reach Python objects or size the output), no braces
    that are not a placeholder (the page script reads the same templates)."""
    if not isinstance(text, str):
        return f"expected text, got {shown(text)}"
    allowed = PLACEHOLDERS[key].placeholders
    supported = (
        f"'{key}' supports " + ", ".join(f"{{{name}}}" for name in allowed)
        if allowed
        else f"'{key}' takes no placeholders"
    )
    for match in _FIELD.finditer(text):
        field = match.group(1)
        name = re.split(r"[.\[!:]", field, maxsplit=1)[0]
        if field != name:
            what = (
                "a format spec or conversion"
                if field[len(name)] in "!:"
                else "attribute or index access"
            )
            return f"'{{{field}}}' has {what}, which labels do not allow; {supported}"
        if name not in allowed:
            return f"'{{{field}}}' is not a placeholder of this label; {supported}"
    if re.search(r"[{}]", _FIELD.sub("", text)):
        return f"a '{{' or '}}' that is not part of a placeholder; {supported}"
    return None


def _label(key: str, value: object, path: list[object]) -> Any:
    """One label of a language's table, checked against PLACEHOLDERS."""
    spec = PLACEHOLDERS[key]
    if spec.shape == "text":
        problem = template_problem(key, value)
        if problem:
            raise ValidationError(_sub(*path) + problem)
        return value
    if not isinstance(value, dict):
        what = (
            "a mapping of CLDR plural categories (zero, one, two, few, many, other) to text, "
            "such as {one: '{count} post', other: '{count} posts'}"
            if spec.shape == "plural"
            else "a mapping of article type to its text, such as {paper: RESEARCH}"
        )
        raise ValidationError(f"{_sub(*path)}expected {what}, got {shown(value)}")
    out: dict[str, str] = {}
    for name, text in value.items():
        where = [*path, name]
        if spec.shape == "plural":
            if name not in CATEGORIES:
                raise ValidationError(
                    f"{_sub(*where)}not a CLDR plural category; the categories are "
                    f"{', '.join(CATEGORIES)}{_close(str(name), list(CATEGORIES))}"
                )
        elif not isinstance(name, str) or not name.strip():
            raise ValidationError(f"{_sub(*where)}an article type must be non-empty text")
        problem = template_problem(key, text)
        if problem:
            raise ValidationError(_sub(*where) + problem)
        name = name if spec.shape == "plural" else name.lower()  # types match lower-cased
        if name in out:
            raise ValidationError(f"{_sub(*where)}given twice")
        out[name] = str(text)
    if spec.shape == "plural" and "other" not in out:
        raise ValidationError(
            f"{_sub(*path)}the form 'other' is missing; every language has it and it is used "
            "for every count another form does not cover"
        )
    return out


class LabelTables(BaseConfigOption[dict[str, dict[str, Any]]]):
    """`labels`: language code → label key → text, plural forms, or (for `types`) names.

    The result has the same shape as the input, every key and template checked; a language
    given as `null` has no overrides."""

    def __init__(self) -> None:
        super().__init__()
        self.default = {}

    def run_validation(self, value: object) -> dict[str, dict[str, Any]]:
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise ValidationError(
                f"expected a mapping of language code to labels, got {shown(value)}"
            )
        out: dict[str, dict[str, Any]] = {}
        seen: dict[str, str] = {}
        for lang, table in value.items():
            problem = language_problem(lang)
            if problem:
                raise ValidationError(f"{_sub(lang)}{problem}")
            if language_key(lang) in seen:
                raise ValidationError(
                    f"{_sub(lang)}the same language as '{seen[language_key(lang)]}'"
                )
            seen[language_key(lang)] = lang
            if table is None:
                out[lang] = {}
                continue
            if not isinstance(table, dict):
                raise ValidationError(
                    f"{_sub(lang)}expected a mapping of label key to text, got {shown(table)}"
                )
            checked: dict[str, Any] = {}
            for key, label in table.items():
                if key not in PLACEHOLDERS:
                    raise ValidationError(
                        f"{_sub(lang, key)}not a label{_close(str(key), list(PLACEHOLDERS))}; "
                        f"the labels are {', '.join(PLACEHOLDERS)}"
                    )
                checked[key] = _label(key, label, [lang, key])
            out[lang] = checked
        return out


# -- audiences ------------------------------------------------------------------------------------


class Audiences(BaseConfigOption[dict[str, dict[str, str]]]):
    """`audiences`: audience id → its label per language (`{}`: the id is the label).

    A plain text label is every language's: it comes back as `{"*": text}`."""

    def __init__(self) -> None:
        super().__init__()
        self.default = {}

    def run_validation(self, value: object) -> dict[str, dict[str, str]]:
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise ValidationError(
                f"expected a mapping of audience id to its label, got {shown(value)}"
            )
        out: dict[str, dict[str, str]] = {}
        seen: dict[str, str] = {}
        for audience, label in value.items():
            if not isinstance(audience, str) or not audience.strip():
                raise ValidationError(
                    f"{_sub(audience)}an audience id must be non-empty text, got {shown(audience)}"
                )
            key = tag_key(audience)
            if key in seen:
                raise ValidationError(
                    f"{_sub(audience)}the same audience as '{seen[key]}' (ids are compared "
                    "ignoring case and width, as in front matter)"
                )
            seen[key] = audience
            if label is None:
                out[audience] = {}
            elif isinstance(label, str):
                out[audience] = {"*": label}
            elif isinstance(label, dict):
                texts: dict[str, str] = {}
                for lang, text in label.items():
                    problem = language_problem(lang)
                    if problem:
                        raise ValidationError(f"{_sub(audience, lang)}{problem}")
                    if not isinstance(text, str):
                        raise ValidationError(
                            f"{_sub(audience, lang)}expected text, got {shown(text)}"
                        )
                    texts[lang] = text
                out[audience] = texts
            else:
                raise ValidationError(
                    f"{_sub(audience)}expected text or a mapping of language code to text, "
                    f"got {shown(label)}"
                )
        return out


# -- read_time.rates ------------------------------------------------------------------------------

RATE_NAMES = tuple(f.name for f in fields(readtime.Rates))


class ReadTimeRates(Mapping[str, Mapping[str, float | None]]):
    """Validated `read_time.rates`: language (lower case, `-`) or `default` → overrides.

    A read-only mapping in the shape `readtime.rates_for` takes; `for_lang` is that call."""

    def __init__(self, sections: Mapping[str, Mapping[str, float | None]] | None = None) -> None:
        self._sections = {lang: dict(rates) for lang, rates in (sections or {}).items()}

    def __getitem__(self, lang: str) -> Mapping[str, float | None]:
        return self._sections[lang]

    def __iter__(self) -> Iterator[str]:
        return iter(self._sections)

    def __len__(self) -> int:
        return len(self._sections)

    def __repr__(self) -> str:
        return f"ReadTimeRates({self._sections!r})"

    def for_lang(self, lang: str | None) -> readtime.Rates:
        """The rates of a page in `lang` (None: the default language)."""
        return readtime.rates_for(lang, self)


class RatesOption(BaseConfigOption[ReadTimeRates]):
    """`read_time.rates`: every section, rate and combination checked at load."""

    def __init__(self) -> None:
        super().__init__()
        self.default = ReadTimeRates()

    def run_validation(self, value: object) -> ReadTimeRates:
        if value is None:
            return ReadTimeRates()
        if isinstance(value, ReadTimeRates):
            return value
        if not isinstance(value, dict):
            raise ValidationError(
                f"expected a mapping of language code (or 'default') to rates, got {shown(value)}"
            )
        sections: dict[str, dict[str, float | None]] = {}
        written: dict[str, str] = {}
        for lang, section in value.items():
            problem = None if lang == "default" else language_problem(lang)
            if problem:
                raise ValidationError(f"{_sub(lang)}{problem} or 'default'")
            key = language_key(lang)
            if key in sections:
                raise ValidationError(f"{_sub(lang)}the same language as '{written[key]}'")
            written[key] = lang
            if section is None:
                section = {}
            if not isinstance(section, dict):
                raise ValidationError(
                    f"{_sub(lang)}expected a mapping of rate name to number, got {shown(section)}"
                )
            for name, rate in section.items():
                if name not in RATE_NAMES:
                    raise ValidationError(
                        f"{_sub(lang, name)}not a rate{_close(str(name), list(RATE_NAMES))}; "
                        f"the rates are {', '.join(RATE_NAMES)}"
                    )
                reason = readtime._invalid(name, rate)
                if reason:
                    raise ValidationError(f"{_sub(lang, name)}{reason.removeprefix(name + ' ')}")
            sections[key] = dict(section)
        rates = ReadTimeRates(sections)
        # Rates fine alone but not together (image_min_seconds above image_first_seconds), also
        # once `default` is merged into each language: rates_for checks every section.
        try:
            rates.for_lang(None)
        except ValueError as exc:
            match = re.fullmatch(r"read time rates for '([^']*)': (.*)", str(exc), re.S)
            lang, message = match.groups() if match else ("default", str(exc))
            raise ValidationError(f"{_sub(written.get(lang, lang))}{message}") from None
        return rates


# -- the options ----------------------------------------------------------------------------------


class FrontMatterKeys(Config):
    """Which front-matter key carries each field, so existing sites keep their own names."""

    tags = KeyName("tags")
    """Tag list; the same key Material's tags plugin reads."""
    category = KeyName("category")
    """Category shown first on a card."""
    member = KeyName("member")
    """Members-only flag; shows the member badge."""
    type = KeyName("type")
    """Kind of article (`paper`, `tutorial`), shown in capitals."""
    summary = KeyName("summary")
    """Card summary. Falls back to `description`, then to the page's first paragraph."""
    description = KeyName("description")
    """Fallback for the summary; the key MkDocs and Material use for `<meta name=description>`."""
    date = KeyName("date")
    """Publication date, used by the default order (newest first)."""
    weight = KeyName("weight")
    """Number used by `sort_by: weight` (lower comes first)."""
    read_time = KeyName("read_time")
    """Minutes; overrides the computed read time."""
    lang = KeyName("lang")
    """Language of the page's text, for the read time; overrides the build's language."""
    audience = KeyName("audience")
    """Who the article is for: a list of audience ids from the `audiences` option."""

    def validate(self) -> tuple[ConfigErrors, ConfigWarnings]:
        """MkDocs' warnings for unknown names; then drop them, since every key here is read as
        a field's front-matter key."""
        failed, warnings = super().validate()
        for key in set(self.keys()) - self._schema_keys:
            del self[key]
        return failed, warnings


class ReadTimeConfig(Config):
    """Reading speeds; the Read time page of the docs says where the defaults come from."""

    enabled = c.Type(bool, default=True)
    """Compute read times at all (a `read_time` in front matter is shown either way)."""
    language = LanguageCode()
    """Language of pages when neither static-i18n nor the theme's `language` names one."""
    rates = RatesOption()
    """Per-language overrides of the reading speeds, e.g. `{ja: {chars_per_minute: 500}}`;
    the key `default` applies to languages without an entry. Loaded as a `ReadTimeRates`."""
    on_article = c.Type(bool, default=True)
    """Show the read time and the member badge in the header of article pages."""


class RelatedConfig(Config):
    """Related articles at the end of each article page."""

    enabled = c.Type(bool, default=True)
    """Show them (the block `tagindex_related` restyles or removes them per template)."""
    limit = Positive(4)
    """How many, at most: those sharing the rarest tags with the article come first."""


class FeedsConfig(Config):
    """RSS 2.0 and JSON Feed 1.1 feeds of every tag page, in every language."""

    enabled = c.Type(bool, default=True)
    """Write `<tags_dir>/<slug>/feed.xml` and `feed.json`; they need `site_url` (absolute
    links), so without it there are none and one INFO line says so."""
    limit = Positive(20)
    """Newest articles in each feed, at most (`items` would shadow the mapping's method)."""
    site_wide = c.Type(bool, default=False)
    """Also `<tags_dir>/feed.xml` and `feed.json`: every article of the language."""
    git_dates = c.Type(bool, default=False)
    """With mkdocs-git-revision-date-localized-plugin: an article without a date in its front
    matter (or from Material's blog) takes its first commit's date, and its last commit's as
    the date it was updated."""


class TagIndexConfig(Config):
    """Options of the `tagindex` plugin, as written under `plugins: - tagindex:`."""

    enabled = c.Type(bool, default=True)
    """Turn the plugin off without removing it, e.g. `enabled: !ENV [TAGINDEX, true]`."""
    tags_dir = SiteFolder("tags")
    """Folder (under the site root of each language) for the tag pages and the all-tags page:
    relative, inside the site, normalized (`a//b/` → `a/b`)."""
    index = c.Type(bool, default=True)
    """Generate the all-tags page at `<tags_dir>/`."""
    explorer = c.Type(bool, default=True)
    """On the all-tags page, let readers combine tags (all or any of them) and see the articles
    that match as cards, the choice in the URL (`?t=grpo+rl&match=all`). The page carries
    every article's card once, hidden until asked for; without JavaScript it is the plain
    list of tags. `false`: the plain list only."""
    index_sort = c.Choice(("name", "count", "tags_file"), default="name")
    """Order of the all-tags page: by name, by article count (largest first, then name), or as
    the entries of the tags file stand (tags not in it after them, by name)."""
    sort_by = c.Choice(("date", "title", "read_time", "weight"), default="date")
    """Order of the cards on a tag page. Ties are broken by title, then by source path."""
    sort_reverse = c.Type(bool, default=False)
    """Reverse the order above (date is already newest first)."""
    group_by = c.Choice(("none", "category", "type", "year", "month"), default="none")
    """Cards of a tag page under a heading per year, month, category (its first) or type;
    inside a group in `sort_by` order, numbered on across groups. A tag's entry in the tags
    file and a listing marker may say otherwise."""
    per_page = Count(50)
    """Cards per tag page; longer tags continue on `<tags_dir>/<slug>/page/2/` (0: one page)."""
    hierarchy = c.Type(bool, default=False)
    """Read tags written `ml/rl/grpo` as levels, as Material's `tags_hierarchy` does: a page per
    level (`<tags_dir>/ml/`, `<tags_dir>/ml/rl/`, …) listing its whole subtree, breadcrumbs on
    tag pages and the all-tags page as a tree. Off: `ml/rl` is one flat tag (`ml-rl`)."""
    hierarchy_separator = Separator("/")
    """What separates the levels of a tag with `hierarchy: true` (Material's
    `tags_hierarchy_separator`)."""
    chips = c.Type(bool, default=True)
    """Link the tags shown on article pages (Material's tags spot) to this plugin's tag pages."""
    tags_file = c.Optional(c.File(exists=False))
    """YAML file giving tags per-language names, descriptions and aliases, and categories their
    names per language (`categories:`; see the docs' Languages and labels page), relative to
    `mkdocs.yml`. Its existence is not checked here:
    `mkdocs serve` loads the config again on every rebuild, and a tags file that is gone for a
    moment is a warning there (`tagsfile.load`); `mkdocs build` stops on it."""
    unknown_tags = c.Choice(("ignore", "warn", "error"), default="warn")
    """With a tags file: what a tag missing from it does (as Docusaurus' `onInlineTags`)."""
    near_duplicates = c.Choice(("info", "warn", "ignore"), default="info")
    """Tags that look like one tag spelled two ways (`agent` / `agents`, `kubernetes` /
    `kubernets`, `k8s` / `kubernetes`), named with their files and the tags file entry that
    makes them one: said as INFO lines, as warnings (`warn`: `--strict` fails on them), or not
    at all. `tagindex check` always warns."""
    fallback_articles = c.Choice(("mark", "hide"), default="mark")
    """With mkdocs-static-i18n: untranslated pages it falls back to are listed with a small
    "not translated" label (`mark`), or left off the other language's tag pages (`hide`)."""
    audiences = Audiences()
    """Audience ids and their label per language, e.g. `{students: {en: Students, ja: 学生}}`.
    With any, tag pages and the all-tags page get an audience switch (All / Students / …)."""
    filters = Filters(c.Choice(("type", "member", "category")), default=[])
    """Facets offered as filter chips on tag pages; they combine with the audience (AND)."""
    front_matter = c.SubConfig(FrontMatterKeys)
    """Front-matter key names, for sites that already use other names."""
    read_time = c.SubConfig(ReadTimeConfig)
    """Read-time settings."""
    labels = LabelTables()
    """Per-language label overrides, e.g. `{en: {articles: {other: "{count} posts"}}}`."""
    summary_length = Count(300)
    """Longest summary taken from a page's first paragraph, in characters (0: no limit)."""
    search_articles = c.Type(bool, default=True)
    """What a generated page gives the search index besides its heading, description and count:
    the titles of the articles it lists (`false`: none). Never the cards' summaries: the
    articles are indexed themselves."""
    related = c.SubConfig(RelatedConfig)
    """Related articles at the end of each article."""
    narrow_with = Count(6)
    """Tags offered on each tag page to narrow it with (a "narrow with…" block): those sharing
    most articles with it, each a link to the all-tags page with both tags selected (0: none;
    no block either without the all-tags page)."""
    feeds = c.SubConfig(FeedsConfig)
    """Feeds of every tag page, JSON-LD and Open Graph on tag pages."""
