"""Card fields declared in one place. A field declared here is read from its front-matter key,
checked by its option type (a bad value: one warning naming the file and the key, and the field
left out), kept on the article record (`Article.fields`, read as `article.<name>`), given to the
card templates of both hosts (`card.article.<name>`; the Zensical listing layout's settings list
the declared fields too), and written with each card in `tags.json`. A badge field is shown by
the label of its value (`Labels.value(field.labels, value)`, a table every language of
`locales/` has). Adding one is its declaration here and the template line that places it.

The fields every card had before (title, category, member, type, read time, summary, …) each
have rules of their own (fallback keys, a blog's values, the rendered page's facts), so they
stay in `frontmatter.py` and `language.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mkdocs.config.base import BaseConfigOption, ValidationError

from ..options.optiontypes import OneOf

Warn = Callable[[str], None]


@dataclass(frozen=True)
class CardField:
    """One field of a card, declared once."""

    name: str
    """The front-matter key, the article's attribute and the name in `tags.json`."""
    option: Callable[[], BaseConfigOption[Any]]
    """Its type: which values the front matter may give, and what they become."""
    doc: str
    """What it is, for the front-matter reference."""
    labels: str | None = None
    """A badge: the label table that names each value (`levels`: `advanced` → "ADVANCED")."""
    ours: bool = False
    """Whether the key is tagindex's own. A common key (`level`) may carry another tool's
    values (`level: 3`): a value the field does not know is then an INFO note, not a warning,
    so that a site which builds with `--strict` still does with tagindex."""


FIELDS: tuple[CardField, ...] = (
    CardField(
        "level",
        lambda: OneOf(("beginner", "advanced")),
        "How much the article asks of its reader: `beginner` or `advanced`; a badge on its card.",
        labels="levels",
    ),
)


def read_fields(
    src_uri: str, meta: Mapping[str, Any], warn: Warn, note: Warn
) -> tuple[tuple[str, Any], ...]:
    """The declared fields a page's front matter gives, validated (name, value) in declared
    order; a value a field does not know is left out and said once (as a warning for a key of
    tagindex's own, as a `note` for a common one)."""
    found = []
    for field in FIELDS:
        if meta.get(field.name) is None:
            continue
        option = field.option()
        try:
            value = option.run_validation(meta[field.name])
        except ValidationError as exc:
            say = warn if field.ours else note
            say(f"{src_uri}: front matter '{field.name}': {exc}; no {field.name} shown")
            continue
        for message in option.warnings:
            warn(f"{src_uri}: front matter '{field.name}': {message}")
        if value is not None:
            found.append((field.name, value))
    return tuple(found)
