"""The optional tags file: per-language names and descriptions of tags, and their aliases.

With it, `Robotics` on English pages and `ロボティクス` on Japanese pages are one tag with one
slug, shown in each language's own word. Validated with MkDocs' config machinery like the rest.

```yaml
robotics:
  name: {en: Robotics, ja: ロボティクス}
  description: {en: Robots that learn., ja: 学習するロボット。}
  aliases: [ロボティクス, robot]
grpo:
  name: GRPO
```
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import yaml
from mkdocs.config.base import BaseConfigOption, Config, ValidationError

from .collect import TagList, short, tag_key


class LocalizedText(BaseConfigOption[dict[str, str]]):
    """One text for every language, or a mapping of language → text."""

    def __init__(self) -> None:
        super().__init__()
        self.default = {}

    def run_validation(self, value: object) -> dict[str, str]:
        if value is None:
            return {}
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            return {"*": str(value)}
        if isinstance(value, dict) and all(
            isinstance(k, str) and isinstance(v, (str, int, float)) for k, v in value.items()
        ):
            return {str(k): str(v) for k, v in value.items()}
        raise ValidationError(f"expected text or a mapping of language to text, got {short(value)}")


class TagEntry(Config):
    """One tag of the tags file."""

    name = LocalizedText()
    description = LocalizedText()
    aliases = TagList()


def _pick(texts: Mapping[str, str], lang: str) -> str | None:
    base = lang.replace("-", "_").split("_")[0]
    return texts.get(lang) or texts.get(base) or texts.get("*")


@dataclass(frozen=True)
class TagCatalog:
    """Known tags: which names and aliases mean which tag, and how each language shows it."""

    keys: Mapping[str, str] = field(default_factory=dict)
    """tag_key(name or alias) → tag id."""
    names: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    descriptions: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def resolve(self, name: str) -> tuple[str, bool]:
        """The tag id a front-matter name stands for, and whether the catalog knows it."""
        key = tag_key(name)
        known = self.keys.get(key)
        return (known, True) if known is not None else (key, False)

    def name(self, tag_id: str, lang: str) -> str | None:
        return _pick(self.names.get(tag_id, {}), lang)

    def description(self, tag_id: str, lang: str) -> str | None:
        return _pick(self.descriptions.get(tag_id, {}), lang)

    @property
    def enabled(self) -> bool:
        return bool(self.keys)


def load(path: str) -> tuple[TagCatalog, list[str]]:
    """Read and validate a tags file; problems come back as messages naming the file and tag."""
    problems: list[str] = []
    try:
        with open(path, encoding="utf-8") as handle:
            data = yaml.safe_load(handle)
    except (OSError, yaml.YAMLError) as exc:
        return TagCatalog(), [f"{path}: cannot read the tags file: {exc}"]
    if data is None:
        data = {}
    if not isinstance(data, dict):
        return TagCatalog(), [f"{path}: the tags file must be a mapping of tag to its entry"]
    keys: dict[str, str] = {}
    names: dict[str, dict[str, str]] = {}
    descriptions: dict[str, dict[str, str]] = {}
    for raw_id in sorted(data, key=str):
        entry = data[raw_id]
        tag_id = tag_key(str(raw_id))
        config = TagEntry(config_file_path=path)
        if entry is not None and not isinstance(entry, dict):
            problems.append(f"{path}: tag '{raw_id}': expected a mapping, got {short(entry)}")
            entry = {}
        config.load_dict(dict(entry or {}))
        errors, warnings = config.validate()
        for key, message in [*errors, *warnings]:
            problems.append(f"{path}: tag '{raw_id}', key '{key}': {message}")
        if errors:
            continue
        names[tag_id] = dict(config.name) or {"*": str(raw_id)}
        descriptions[tag_id] = dict(config.description)
        for alias in [str(raw_id), *config.name.values(), *config.aliases]:
            alias_key = tag_key(alias)
            owner = keys.setdefault(alias_key, tag_id)
            if owner != tag_id:
                problems.append(
                    f"{path}: '{alias}' is listed for both '{owner}' and '{raw_id}'; "
                    f"it stays with '{owner}'"
                )
    return TagCatalog(keys=keys, names=names, descriptions=descriptions), problems
