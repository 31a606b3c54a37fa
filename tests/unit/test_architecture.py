"""docs/architecture.md is the map a newcomer reads first: where it can be checked, it is.
The event table must give every handler of `plugin.py` with its priority, and the module
tables must list every module of the package, and no module that is gone."""

from __future__ import annotations

import ast
import re

from conftest import ROOT

PACKAGE = ROOT / "mkdocs_tagindex"
DOC = (ROOT / "docs" / "architecture.md").read_text("utf-8")


def _section(title: str) -> str:
    start = DOC.index(f"## {title}")
    end = DOC.find("\n## ", start + 3)
    return DOC[start : end if end != -1 else None]


def _priority(function: ast.FunctionDef) -> int:
    for decorator in function.decorator_list:
        if (
            isinstance(decorator, ast.Call)
            and getattr(decorator.func, "id", "") == "event_priority"
        ):
            return int(ast.literal_eval(decorator.args[0]))
    return 0


def handlers_in_plugin() -> set[tuple[str, str, int]]:
    """(event, handler, priority) of every handler `TagIndexPlugin` defines."""
    tree = ast.parse((PACKAGE / "plugin.py").read_text("utf-8"))
    plugin = next(
        n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "TagIndexPlugin"
    )
    functions = {n.name: n for n in plugin.body if isinstance(n, ast.FunctionDef)}
    found = set()
    for node in plugin.body:  # on_x = CombinedEvent(_a, _b)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            event = node.targets[0].id.removeprefix("on_")  # type: ignore[attr-defined]
            for arg in node.value.args:
                name = arg.id  # type: ignore[attr-defined]
                found.add((event, name, _priority(functions[name])))
    for name, function in functions.items():
        if name.startswith("on_"):
            found.add((name.removeprefix("on_"), name, _priority(function)))
    return found


def handlers_in_doc() -> set[tuple[str, str, int]]:
    rows = re.findall(
        r"^\| `(\w+)` \| `(\w+)` \| (-?\d+) \|", _section("When things happen on MkDocs"), re.M
    )
    return {(event, handler, int(priority)) for event, handler, priority in rows}


def test_the_event_table_is_plugin_py() -> None:
    in_plugin = handlers_in_plugin()
    assert len(in_plugin) >= 12  # the parser found the handlers
    assert handlers_in_doc() == in_plugin


def modules_in_doc() -> set[str]:
    """Every module the module tables name, relative to the package: the engine's table names
    them within `core/`, the others from the package's root."""
    section = _section("Modules, one line each")
    core_start = section.index("The engine")
    core_end = section.index("The MkDocs host")
    named = set()
    for start, end, base in ((core_start, core_end, "core/"), (core_end, len(section), "")):
        for name in re.findall(r"`([\w/]+\.py)`", section[start:end]):
            if not name.startswith("tests/"):  # a test named as an example
                named.add(base + name if base or "/" not in name else name)
    return named


def modules_in_tree() -> set[str]:
    return {
        p.relative_to(PACKAGE).as_posix()
        for p in PACKAGE.rglob("*.py")
        if p.name != "__init__.py" or p.parent.name == "core"
    }


def test_the_module_tables_are_the_tree() -> None:
    in_doc = modules_in_doc()
    assert "core/options/config.py" in in_doc and "command/cli.py" in in_doc
    assert sorted(modules_in_tree() - in_doc) == [], "modules missing from the map"
    assert sorted(in_doc - modules_in_tree()) == [], "the map names modules that are gone"


COMMAND_ORDER = ["config", "caches", "pages", "files"]
"""The command's groups, lowest first (docs/architecture.md): a group imports only the groups
below it; the command-level modules above them all import any."""


def _runtime_imports(path: object) -> list[ast.ImportFrom]:
    """The relative imports of a module, those under `if TYPE_CHECKING:` left out."""
    tree = ast.parse(path.read_text("utf-8"))  # type: ignore[attr-defined]
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only.update(id(n) for child in node.body for n in ast.walk(child))
    return [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.ImportFrom) and n.level > 0 and id(n) not in typing_only
    ]


def test_the_command_groups_import_downwards() -> None:
    command = PACKAGE / "command"
    assert sorted(p.name for p in command.iterdir() if (p / "__init__.py").is_file()) == sorted(
        COMMAND_ORDER
    )
    against = []
    for rank, group in enumerate(COMMAND_ORDER):
        for path in sorted((command / group).glob("*.py")):
            for node in _runtime_imports(path):
                if node.level != 2:  # `.x` within the group, `...core` the engine
                    continue
                target = (node.module or "").split(".")[0]
                allowed = COMMAND_ORDER[:rank]
                if target not in allowed:
                    against.append(f"{group}/{path.name} imports ..{node.module}")
    assert against == [], "imports against the order of the command's groups"
