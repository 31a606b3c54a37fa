"""MkDocs hook of this documentation site: the configuration reference, written from the code.

`docs/configuration.md` holds the marker `<!-- tagindex-reference -->`; this hook replaces it,
when the page is built, with every option of `mkdocs_tagindex/core/options.py`: a YAML block of
all defaults, then one section per option with its kind, its default and its docstring. The
options, their order, defaults and docstrings come from `mkdocs_tagindex.schema`, which also
writes schema.json, so the reference, the schema and what MkDocs validates are one source.
"""

from __future__ import annotations

from typing import Any

import yaml

from mkdocs_tagindex import schema

MARKER = "<!-- tagindex-reference -->"


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    if MARKER not in markdown:
        return markdown
    return markdown.replace(MARKER, reference())


def reference() -> str:
    """The generated part of the configuration page, as Markdown."""
    props = _properties()
    parts = ["## All options", "", "With their defaults; each is explained below it.", ""]
    parts += ["```yaml", "plugins:", "  - tagindex:", *_yaml_lines(props), "```", ""]
    for opt in schema.options():
        prop = props[opt.path]
        depth = "###" if "." not in opt.path else "####"
        parts.append(f"{depth} `{opt.path}` {{ #{opt.anchor} }}")
        parts.append("")
        if opt.sub is None:
            parts.append(f"*{describe(prop)}*, default `{_inline(prop['default'])}`")
        else:
            parts.append(f"*a mapping of the options below* ({_sub_doc(opt.sub)})")
        parts += ["", opt.doc, ""]
    return "\n".join(parts)


def _properties() -> dict[str, dict[str, Any]]:
    root = schema.json_schema()["oneOf"][1]["properties"]["tagindex"]
    out: dict[str, dict[str, Any]] = {}

    def walk(node: dict[str, Any], prefix: str) -> None:
        for name, prop in node["properties"].items():
            out[prefix + name] = prop
            if "properties" in prop and prop.get("type") == "object":
                walk(prop, prefix + name + ".")

    walk(root, "")
    return out


def _sub_doc(cls: type) -> str:
    return " ".join((cls.__doc__ or "").split()).rstrip(".")


def _inline(value: Any) -> str:
    return (
        yaml.safe_dump(value, default_flow_style=True, allow_unicode=True)
        .strip()
        .removesuffix("\n...")
        .removesuffix("...")
        .strip()
        or "null"
    )


def _yaml_lines(props: dict[str, dict[str, Any]]) -> list[str]:
    lines = []
    for opt in schema.options():
        indent = "      " + "  " * opt.path.count(".")
        if opt.sub is not None:
            lines.append(f"{indent}{opt.name}:")
            continue
        prop = props[opt.path]
        value = f"{indent}{opt.name}: {_inline(prop['default'])}"
        comment = " | ".join(prop["enum"]) if "enum" in prop else ""
        lines.append(f"{value:<40} # {comment}" if comment else value)
    return lines


def describe(prop: dict[str, Any]) -> str:
    """A kind of value in words: `true` or `false`, one of …, a whole number, 0 or more, …"""
    if "enum" in prop:
        return "one of " + ", ".join(f"`{v}`" for v in prop["enum"])
    kinds = prop["type"] if isinstance(prop["type"], list) else [prop["type"]]
    words = {
        "boolean": "`true` or `false`",
        "string": "text",
        "null": "`null`",
        "number": "a number",
        "object": "a mapping",
    }
    out = []
    for kind in kinds:
        if kind == "integer":
            out.append(f"a whole number, {prop['minimum']} or more")
        elif kind == "array":
            items = describe(prop["items"]) if "items" in prop else "values"
            once = ", at most once" if prop.get("uniqueItems") else ""
            out.append(f"a list, each item {items}{once}")
        else:
            out.append(words[kind])
    return " or ".join(out)


if __name__ == "__main__":  # print the generated Markdown
    print(reference())
