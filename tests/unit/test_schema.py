"""schema.json and the configuration reference against the option classes, both ways.

`mkdocs_tagindex/schema.py` reads both off `core/options.py`; these tests hold them to it:

- every option has a docstring (the reference would have a hole otherwise), and the check
  itself is proven on a synthetic config with one option left bare;
- every option is in the schema, and every schema property is an option, at every depth;
- each property's type, enum and default agree with what MkDocs really loads and accepts;
- the schema.json files in the package and at the root are the generated text (`make schema`);
- the example site's options validate, and values MkDocs rejects are rejected by the schema too;
- the combining schema docs/configuration.md tells users to write does what it says.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from referencing import Registry
from referencing.jsonschema import DRAFT7

from mkdocs_tagindex import schema
from mkdocs_tagindex.core.options.config import TagIndexConfig

ROOT = Path(__file__).resolve().parents[2]
GENERATED = schema.json_schema()
PLUGIN = GENERATED["oneOf"][1]["properties"]["tagindex"]
VALIDATOR = jsonschema.Draft7Validator(GENERATED)  # Material's "$schema" spelling, without "#"


def schema_paths(node: dict[str, Any], prefix: str = "") -> dict[str, dict[str, Any]]:
    """Every named property of the plugin's schema, by dotted path, sub-objects included."""
    out: dict[str, dict[str, Any]] = {}
    for name, prop in node.get("properties", {}).items():
        out[prefix + name] = prop
        if "markdownDescription" in prop and prop.get("type") == "object":
            out |= schema_paths(prop, prefix + name + ".")
    return out


def at(data: dict[str, Any], path: str) -> Any:
    for key in path.split("."):
        data = data[key]
    return data


def test_every_option_has_a_docstring() -> None:
    assert schema.undocumented() == []
    for opt in schema.options():
        assert len(opt.doc) > 10, opt.path


def test_an_option_without_a_docstring_is_found() -> None:
    class Bare(Config):
        documented = c.Type(bool, default=True)
        """Says what it does."""
        bare = c.Type(int, default=1)
        also_bare = c.Type(bool, default=False)

    assert schema.undocumented(Bare) == ["bare", "also_bare"]


def test_every_option_is_in_the_schema_and_every_property_is_an_option() -> None:
    options = [opt.path for opt in schema.options()]
    properties = schema_paths(PLUGIN)
    assert options == list(properties)  # same set, and the reference's order
    assert len(options) > 30


def test_sub_configs_are_closed_objects_like_mkdocs_warns() -> None:
    assert PLUGIN["additionalProperties"] is False
    for opt in schema.options():
        if opt.sub is not None:
            prop = at(PLUGIN["properties"], opt.path.replace(".", ".properties."))
            assert prop["additionalProperties"] is False, opt.path


def test_defaults_are_what_an_empty_config_loads() -> None:
    loaded = schema.defaults()
    for path, prop in schema_paths(PLUGIN).items():
        if "properties" in prop and prop.get("type") == "object":
            assert "default" not in prop
            continue
        assert prop["default"] == at(loaded, path), path
        bare = {key: value for key, value in prop.items() if key != "default"}
        assert jsonschema.Draft7Validator(bare).is_valid(prop["default"]), path


@pytest.mark.parametrize("opt", schema.options(), ids=lambda opt: opt.path)
def test_type_and_enum_agree_with_the_option(opt: schema.Option) -> None:
    prop = schema_paths(PLUGIN)[opt.path]
    assert prop["title"] and prop["markdownDescription"].startswith(prop["title"][:20])
    if isinstance(opt.option, c.Choice):
        assert prop["enum"] == list(opt.option.choices)
    elif isinstance(opt.option, c.Type):
        assert prop["type"] == {bool: "boolean"}[opt.option._type]
    elif opt.sub is not None:
        assert prop["type"] == "object"
    else:
        assert "type" in prop


def loads(options: dict[str, Any]) -> bool:
    """Whether MkDocs' own validation of these options succeeds (warnings count as failure)."""
    config = TagIndexConfig()
    config.load_dict(options)
    failed, warnings = config.validate()
    return not failed and not warnings


def valid(options: dict[str, Any] | str) -> bool:
    item = options if isinstance(options, str) else {"tagindex": options}
    return VALIDATOR.is_valid(item)


GOOD = [
    {},
    {"tags_dir": "blog/tags", "per_page": 0, "filters": ["type", "member"]},
    {"audiences": {"students": {"en": "Students", "ja": "学生向け"}, "pro": "Pro", "x": None}},
    {"labels": {"en": {"articles": {"one": "{count} post", "other": "{count} posts"}}}},
    {"labels": {"de": {"types": {"paper": "STUDIE"}, "member": "★"}, "is": None}},
    {"read_time": {"rates": {"default": {"code_words_per_minute": None}, "ja": {}}}},
    {"feeds": {"limit": 1, "site_wide": True}, "related": {"limit": 2, "enabled": False}},
    {"front_matter": {"tags": "keywords"}, "read_time": {"language": "ja"}},
]
BAD = [
    {"sort_by": "newest"},
    {"per_page": -1},
    {"per_page": True},
    {"related": {"limit": 0}},
    {"filters": ["type", "type"]},
    {"filters": ["colour"]},
    {"audiences": {"students": ["x"]}},
    {"labels": {"en": {"article": "x"}}},
    {"labels": {"en": {"articles": {"one": "{count} post"}}}},
    {"read_time": {"rates": {"ja": {"chars": 500}}}},
    {"read_time": {"rates": {"ja": {"chars_per_minute": 0}}}},
    {"feeds": {"enable": True}},
    {"bogus": 1},
]


@pytest.mark.parametrize("options", GOOD, ids=lambda o: json.dumps(o, ensure_ascii=False))
def test_what_mkdocs_accepts_the_schema_accepts(options: dict[str, Any]) -> None:
    assert loads(options)
    assert valid(options)


@pytest.mark.parametrize("options", BAD, ids=lambda o: json.dumps(o, ensure_ascii=False))
def test_what_mkdocs_refuses_the_schema_refuses(options: dict[str, Any]) -> None:
    assert not loads(options)
    assert not valid(options)


def test_the_bare_name_and_the_example_site_validate() -> None:
    assert valid("tagindex")
    config = yaml.safe_load((ROOT / "example_site" / "mkdocs.yml").read_text("utf-8"))
    (item,) = [p for p in config["plugins"] if isinstance(p, dict) and "tagindex" in p]
    VALIDATOR.validate(item)


def test_both_schema_files_are_the_generated_text() -> None:
    text = schema.dumps()
    assert (ROOT / "mkdocs_tagindex" / "schema.json").read_text("utf-8") == text, "make schema"
    assert (ROOT / "schema.json").read_text("utf-8") == text, "make schema"
    jsonschema.Draft7Validator.check_schema(GENERATED)


def test_an_option_type_without_json_is_an_error() -> None:
    with pytest.raises(TypeError, match="no JSON schema for option type"):
        schema.type_schema(c.URL())


def test_the_combining_schema_of_the_docs_checks_plugins_items() -> None:
    """docs/configuration.md's `mkdocs.schema.json`, with a stand-in for Material's schema."""
    page = (ROOT / "docs" / "configuration.md").read_text("utf-8")
    (block,) = [b for b in re.findall(r"```json\n(.*?)```", page, re.S) if '"if"' in b]
    wrapper = json.loads(block)
    material = wrapper["allOf"][0]["$ref"]
    ours = wrapper["properties"]["plugins"]["items"]["then"]["$ref"]
    assert ours.endswith("mkdocs_tagindex/schema.json")
    registry: Registry[Any] = Registry().with_resources(
        [
            (material, DRAFT7.create_resource({"type": "object"})),
            (ours, DRAFT7.create_resource(GENERATED)),
        ]
    )
    check = jsonschema.Draft7Validator(wrapper, registry=registry)
    config = yaml.safe_load((ROOT / "example_site" / "mkdocs.yml").read_text("utf-8"))
    assert check.is_valid({"plugins": config["plugins"]})
    assert check.is_valid({"plugins": ["search", {"search": {"lang": 3}}, "tagindex"]})
    assert not check.is_valid({"plugins": [{"tagindex": {"sort_by": "newest"}}]})
    assert not check.is_valid({"plugins": [{"tagindex": {"bogus": 1}}]})
