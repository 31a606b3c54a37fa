"""The plugin's options as data: the source of `schema.json` and of the configuration reference.

Both are read off the typed option classes of `core/options/config.py` (their order, defaults,
choices and the docstring under each option), so neither can drift from what MkDocs validates:

- `options()` walks `TagIndexConfig` and its sub-configs into `Option` records;
- `json_schema()` is the JSON schema of the `- tagindex:` item of `plugins`, in the shape
  Material publishes for its own plugins (`oneOf` the bare name or `{tagindex: {...}}`);
- `python -m mkdocs_tagindex.schema` writes it to `mkdocs_tagindex/schema.json` (shipped in the
  wheel) and `schema.json` at the repository root (`make schema`); `--check` only compares.

An option type this module does not know is an error, not a guess: a new option type needs its
JSON here, and the tests (`tests/unit/test_schema.py`) say so.
"""

from __future__ import annotations

import ast
import inspect
import itertools
import json
import re
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mkdocs.config import config_options as c
from mkdocs.config.base import BaseConfigOption, Config

from .core.options import config as o
from .core.options.optiontypes import Count, KeyName, LanguageCode, Positive
from .core.text.labels import CATEGORIES, PLACEHOLDERS

SCHEMA_ID = "https://json-schema.org/draft-07/schema"
DESCRIPTION = (
    "Tag pages, an all-tags page and tag chips of numbered article cards, with read times. "
    "Every option is described in the configuration reference (docs/configuration.md)."
)

PACKAGE_SCHEMA = Path(__file__).with_name("schema.json")
CHECKOUT = Path(__file__).resolve().parent.parent
"""The repository, when this module runs from a checkout (it has a pyproject.toml)."""


@dataclass(frozen=True)
class Option:
    """One option: its dotted path (`feeds.limit`), its type, default and docstring."""

    path: str
    option: BaseConfigOption[Any]
    doc: str
    sub: type[Config] | None = None
    """The sub-config class of a `SubConfig` option (its own options follow it in `options()`)."""

    @property
    def name(self) -> str:
        return self.path.rpartition(".")[2]

    @property
    def anchor(self) -> str:
        return "option-" + self.path.replace(".", "-").replace("_", "-")


def docstrings(cls: type) -> dict[str, str]:
    """The docstring under each attribute of `cls` (a string right after `name = ...`)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    body = tree.body[0].body if isinstance(tree.body[0], ast.ClassDef) else []
    found: dict[str, str] = {}
    for node, after in itertools.pairwise(body):
        target = node.targets[0] if isinstance(node, ast.Assign) else None
        if isinstance(node, ast.AnnAssign):
            target = node.target
        if (
            isinstance(target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            found[target.id] = inspect.cleandoc(after.value.value)
    return found


def options(cls: type[Config] = o.TagIndexConfig, prefix: str = "") -> list[Option]:
    """Every option of `cls`, depth first, in the order the class declares them."""
    docs = docstrings(cls)
    out: list[Option] = []
    for name, option in cls._schema:
        sub = option.config_class if isinstance(option, c.SubConfig) else None
        out.append(Option(prefix + name, option, docs.get(name, ""), sub))
        if sub is not None:
            out.extend(options(sub, prefix + name + "."))
    return out


def undocumented(cls: type[Config] = o.TagIndexConfig) -> list[str]:
    """Paths of the options that have no docstring (the reference would have a hole)."""
    return [opt.path for opt in options(cls) if not opt.doc.strip()]


def defaults() -> dict[str, Any]:
    """What an empty `- tagindex:` loads to, as plain data (the defaults MkDocs really uses)."""
    config = o.TagIndexConfig()
    config.load_dict({})
    failed, _ = config.validate()
    assert not failed, failed
    plain: dict[str, Any] = _plain(dict(config))
    return plain


def _plain(value: Any) -> Any:
    if isinstance(value, (Config, dict, o.ReadTimeRates)):
        return {key: _plain(value[key]) for key in value}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


# -- JSON of each option type ----------------------------------------------------------------------

_TEXT = {"type": "string"}
_SENTENCE_END = re.compile(r"(?<!e\.g)(?<!i\.e)\.\s")


def _labels() -> dict[str, Any]:
    plural = {
        "type": "object",
        "properties": {name: _TEXT for name in CATEGORIES},
        "required": ["other"],
        "additionalProperties": False,
    }
    names = {"type": "object", "additionalProperties": _TEXT}
    shapes = {"text": _TEXT, "plural": plural, "names": names}
    table = {
        "type": ["object", "null"],
        "properties": {key: shapes[spec.shape] for key, spec in PLACEHOLDERS.items()},
        "additionalProperties": False,
    }
    return {"type": "object", "additionalProperties": table}


def _rates() -> dict[str, Any]:
    rate = {"type": "number", "exclusiveMinimum": 0}
    seconds = {"type": "number", "minimum": 0}
    properties: dict[str, Any] = {
        "words_per_minute": rate,
        "chars_per_minute": rate,
        "code_words_per_minute": {"type": ["number", "null"], "exclusiveMinimum": 0},
        "image_first_seconds": seconds,
        "image_min_seconds": seconds,
    }
    assert set(properties) == set(o.RATE_NAMES), o.RATE_NAMES  # a rate added to readtime.Rates
    section = {"type": ["object", "null"], "properties": properties, "additionalProperties": False}
    return {"type": "object", "additionalProperties": section}


def _audiences() -> dict[str, Any]:
    per_language = {"type": "object", "additionalProperties": _TEXT}
    return {
        "type": "object",
        "additionalProperties": {"oneOf": [_TEXT, per_language, {"type": "null"}]},
    }


def type_schema(option: BaseConfigOption[Any]) -> dict[str, Any]:
    """The JSON schema of one option's values (without title, description or default)."""
    if isinstance(option, c.Type) and option._type is bool:
        return {"type": "boolean"}
    if isinstance(option, c.Choice):
        return {"enum": list(option.choices)}
    if isinstance(option, Positive):
        return {"type": "integer", "minimum": 1}
    if isinstance(option, Count):
        return {"type": "integer", "minimum": 0}
    if isinstance(option, (o.SiteFolder, KeyName, o.Separator)):
        return {"type": "string", "minLength": 1}
    if isinstance(option, LanguageCode):
        return {"type": ["string", "null"]}
    if isinstance(option, c.Optional) and isinstance(option.option, c.File):
        return {"type": ["string", "null"]}
    if isinstance(option, o.Filters):
        return {"type": "array", "items": type_schema(option.option_type), "uniqueItems": True}
    if isinstance(option, o.Audiences):
        return _audiences()
    if isinstance(option, o.LabelTables):
        return _labels()
    if isinstance(option, o.RatesOption):
        return _rates()
    raise TypeError(
        f"no JSON schema for option type {type(option).__name__}: add it to "
        "mkdocs_tagindex/schema.py (type_schema)"
    )


def _properties(cls: type[Config], prefix: str, defaults: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    docs = {opt.path: opt for opt in options(cls, prefix)}
    for name, option in cls._schema:
        opt = docs[prefix + name]
        text = re.sub(r"(?<!\n)\n(?!\n)", " ", opt.doc)  # docstring lines joined, paragraphs kept
        entry: dict[str, Any] = {
            "title": _SENTENCE_END.split(text.split("\n\n")[0], maxsplit=1)[0].rstrip("."),
            "markdownDescription": text,
        }
        if opt.sub is not None:
            entry |= {
                "type": "object",
                "properties": _properties(opt.sub, prefix + name + ".", defaults[name]),
                "additionalProperties": False,
            }
        else:
            entry |= type_schema(option)
            entry["default"] = defaults[name]
        out[name] = entry
    return out


def json_schema() -> dict[str, Any]:
    """The schema of a `plugins` item naming tagindex, as Material's `schema/plugins/*.json`."""
    return {
        "$schema": SCHEMA_ID,
        "title": "mkdocs-tagindex plugin",
        "oneOf": [
            {"markdownDescription": DESCRIPTION, "enum": ["tagindex"]},
            {
                "type": "object",
                "properties": {
                    "tagindex": {
                        "markdownDescription": DESCRIPTION,
                        "type": ["object", "null"],
                        "properties": _properties(o.TagIndexConfig, "", defaults()),
                        "additionalProperties": False,
                    }
                },
                "additionalProperties": False,
            },
        ],
    }


def dumps() -> str:
    return json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    """Write both copies of schema.json; with `--check`, only say whether they are current."""
    text = dumps()
    targets = [PACKAGE_SCHEMA]
    if (CHECKOUT / "pyproject.toml").is_file():
        targets.append(CHECKOUT / "schema.json")  # the copy at the repository's root
    stale = [p for p in targets if not p.is_file() or p.read_text("utf-8") != text]
    if "--check" in argv:
        for path in stale:
            print(f"{path} is out of date: run `make schema`", file=sys.stderr)
        return 1 if stale else 0
    for path in stale:
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
