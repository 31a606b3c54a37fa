"""The package's shape rules, from issue 23 (`issues show 23`, point 3), checked on its own source.

Every `.py` under `mkdocs_tagindex/` is read with `ast` (nothing is imported), and the tests fail,
listing every offender, on:

1. a class longer than 250 lines, or a function or method (sync or async, nested ones too) longer
   than 80, measured from its `def`/`class` line (decorators aside) to its last line, docstring
   included;
2. an import cycle between modules of the package: every import counts, one inside a function too,
   except those under `if TYPE_CHECKING:`; importing `a.b.c` also imports the `__init__` of `a.b`,
   except for a module's own ancestors (Python imports those first anyway);
3. a module of the engine-neutral core (`mkdocs_tagindex/core/`) importing MkDocs' build machinery
   (`mkdocs.plugins`, `mkdocs.structure`, `mkdocs.commands`, `mkdocs.livereload`) or the host side
   of this package (`mkdocs_tagindex.host`, `mkdocs_tagindex.plugin`), type-only imports included;
   `mkdocs.config` (typed options) is allowed.

`docs/architecture.md` describes the layout these rules keep. The second half of the file proves the
checker on small synthetic packages, so that a green run means the rules hold, not that the checker
saw nothing.
"""

from __future__ import annotations

import ast
import itertools
import textwrap
from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "mkdocs_tagindex"
CLASS_LIMIT = 250
FUNCTION_LIMIT = 80
# MkDocs' build machinery: what a second host would not have. `mkdocs.config` is a library of
# typed options and stays allowed.
MKDOCS_MACHINERY = ("mkdocs.plugins", "mkdocs.structure", "mkdocs.commands", "mkdocs.livereload")
HOST_SIDE = ("host", "plugin")

Definition = ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
ImportNode = ast.Import | ast.ImportFrom
Graph = dict[str, dict[str, int]]


# --- the checker -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Module:
    """One source file: its dotted name, its path and its parsed tree."""

    name: str
    path: Path
    tree: ast.Module = field(repr=False)

    @property
    def package(self) -> str:
        """The package relative imports resolve against (a package's `__init__` is its own)."""
        if self.path.name == "__init__.py":
            return self.name
        return self.name.rpartition(".")[0]


def is_within(name: str, prefix: str) -> bool:
    """Whether `name` is `prefix` or lies under it, compared by whole dotted components."""
    return name == prefix or name.startswith(prefix + ".")


def load_modules(root: Path) -> dict[str, Module]:
    """Parse every module of the package at `root`, keyed by dotted name, without importing it."""
    modules: dict[str, Module] = {}
    for path in sorted(root.rglob("*.py")):
        parts = [root.name, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        name = ".".join(parts)
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        modules[name] = Module(name, path, tree)
    return modules


def shown(path: Path, root: Path) -> str:
    """A path as the messages show it, relative to the folder that holds the package."""
    return path.relative_to(root.parent).as_posix()


def definitions(node: ast.AST, prefix: str = "") -> Iterator[tuple[Definition, str]]:
    """Every class and function with its dotted name, nested ones too: each is held to a limit."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, Definition):
            name = f"{prefix}{child.name}"
            yield child, name
            yield from definitions(child, f"{name}.")
        else:
            yield from definitions(child, prefix)


def oversized(modules: Mapping[str, Module], root: Path) -> list[str]:
    """Classes and functions over their limit, measured from the `def`/`class` line to the end.

    `node.lineno` is the `def` line (not the first decorator's) since Python 3.8, so decorators
    are left out; the docstring is part of the body and counts.
    """
    found = []
    for module in modules.values():
        for node, name in definitions(module.tree):
            limit = CLASS_LIMIT if isinstance(node, ast.ClassDef) else FUNCTION_LIMIT
            size = (node.end_lineno or node.lineno) - node.lineno + 1
            if size > limit:
                where = f"{shown(module.path, root)}:{node.lineno}"
                found.append(f"{where} {name} {size} lines (limit {limit})")
    return found


def is_type_checking(test: ast.expr) -> bool:
    """Whether an `if` tests `TYPE_CHECKING` or `typing.TYPE_CHECKING` (any alias of typing)."""
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def import_nodes(tree: ast.AST, *, type_checking: bool) -> Iterator[ImportNode]:
    """Every import statement at any depth: one inside a function still ties the two modules.

    With `type_checking=False` the body of an `if TYPE_CHECKING:` is skipped (it never runs);
    its `else:` branch does run and is kept.
    """
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ImportNode):
            yield node
        elif isinstance(node, ast.If) and not type_checking and is_type_checking(node.test):
            stack.extend(node.orelse)
        else:
            stack.extend(ast.iter_child_nodes(node))


def resolve_from(node: ast.ImportFrom, package: str) -> str | None:
    """The absolute module a `from ... import` reads from; None if it climbs above the top."""
    if node.level == 0:
        return node.module
    parts = package.split(".")
    if node.level - 1 >= len(parts):
        return None
    base = ".".join(parts[: len(parts) - node.level + 1])
    return f"{base}.{node.module}" if node.module else base


def import_targets(node: ImportNode, module: Module, modules: Mapping[str, Module]) -> list[str]:
    """The dotted names one statement imports.

    For `from x import name`, inside the package `x.name` when it is a submodule and `x` itself
    when `name` is an attribute; outside it both (we cannot tell, and the core rule matches on
    prefixes, so `from mkdocs import plugins` must yield `mkdocs.plugins`).
    """
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = resolve_from(node, module.package)
    if base is None:
        return []
    internal = is_within(base, module.name.partition(".")[0])
    targets: list[str] = []
    for alias in node.names:
        candidate = f"{base}.{alias.name}"
        if alias.name != "*" and (candidate in modules or not internal):
            targets.append(candidate)
        if alias.name == "*" or candidate not in modules:
            targets.append(base)
    return list(dict.fromkeys(targets))


def owning_module(target: str, modules: Mapping[str, Module]) -> str | None:
    """The module a dotted name lives in: the longest prefix of it that is a module."""
    parts = target.split(".")
    for end in range(len(parts), 0, -1):
        name = ".".join(parts[:end])
        if name in modules:
            return name
    return None


def edges_of(
    module: Module, modules: Mapping[str, Module], *, type_checking: bool = False
) -> dict[str, int]:
    """The package's modules that `module` imports at run time, each with its first import line.

    Importing `a.b.c` runs the `__init__` of `a.b` too, so that is an edge as well, except to
    the importer's own ancestors (or itself): Python has imported those before the importer.
    A name that is no module (under a folder without `__init__.py`, say) falls back to the
    nearest `__init__` above it, under the same exception.
    """
    top = module.name.partition(".")[0]
    edges: dict[str, int] = {}
    nodes = import_nodes(module.tree, type_checking=type_checking)
    for node in sorted(nodes, key=lambda n: n.lineno):
        for target in import_targets(node, module, modules):
            found = owning_module(target, modules) if is_within(target, top) else None
            if found is None:
                continue
            if found == target or not is_within(module.name, found):
                edges.setdefault(found, node.lineno)
            parts = found.split(".")
            for end in range(1, len(parts)):
                parent = ".".join(parts[:end])
                if parent in modules and not is_within(module.name, parent):
                    edges.setdefault(parent, node.lineno)
    return edges


def import_graph(modules: Mapping[str, Module], *, type_checking: bool = False) -> Graph:
    """Module → imported module → line of the first import, for the whole package (with
    `type_checking`, the imports under `if TYPE_CHECKING:` too)."""
    return {
        name: edges_of(module, modules, type_checking=type_checking)
        for name, module in modules.items()
    }


def components(graph: Mapping[str, Mapping[str, int]]) -> list[list[str]]:
    """Tarjan's strongly connected components: every module of a cycle lands in one of them."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, {})):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def cycle_through(
    start: str, members: set[str], graph: Mapping[str, Mapping[str, int]]
) -> list[str]:
    """A shortest chain `start -> ... -> start` inside one component, to show in the message."""
    previous: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for other in sorted(graph[node]):
            if other == start:
                chain = [node]
                while chain[-1] != start:
                    chain.append(previous[chain[-1]])
                return [*reversed(chain), start]
            if other in members and other not in previous:
                previous[other] = node
                queue.append(other)
    raise AssertionError(f"no cycle through {start}")  # a component always has one


def import_cycles(
    modules: Mapping[str, Module], root: Path, *, type_checking: bool = False
) -> list[str]:
    """Each import cycle as `a -> b -> a`, with the file:line of every import in the chain
    (with `type_checking`, type-only imports count as edges too)."""
    graph = import_graph(modules, type_checking=type_checking)
    found = []
    for component in components(graph):
        start = component[0]
        if len(component) == 1 and start not in graph[start]:
            continue
        chain = cycle_through(start, set(component), graph)
        lines = [
            f"{shown(modules[a].path, root)}:{graph[a][b]}" for a, b in itertools.pairwise(chain)
        ]
        message = f"{' -> '.join(chain)} (imports at {', '.join(lines)})"
        if len(component) > len(chain) - 1:
            message += f"; whole cycle: {', '.join(component)}"
        found.append(message)
    return sorted(found)


def core_violations(modules: Mapping[str, Module], root: Path) -> list[str]:
    """Imports of MkDocs' build machinery or of the host side from a module of the core.

    Type-only imports count here: they would still tie the core to MkDocs' types.
    """
    core = f"{root.name}.core"
    forbidden = (*MKDOCS_MACHINERY, *(f"{root.name}.{name}" for name in HOST_SIDE))
    found: list[tuple[str, int, str]] = []
    for module in modules.values():
        if not is_within(module.name, core):
            continue
        for node in import_nodes(module.tree, type_checking=True):
            targets = import_targets(node, module, modules)
            hits = sorted({name for name in forbidden for t in targets if is_within(t, name)})
            if hits:
                where = shown(module.path, root)
                found.append((where, node.lineno, f"{ast.unparse(node)} ({', '.join(hits)})"))
    return [f"{where}:{line} {what}" for where, line, what in sorted(found)]


def offenders(title: str, found: list[str]) -> str:
    """One failure message listing every offender, one a line."""
    return "\n".join([f"{len(found)} {title}:", *(f"  {line}" for line in found)])


# --- the rules, on the real package --------------------------------------------------------------


@pytest.fixture(scope="module")
def package() -> dict[str, Module]:
    return load_modules(PACKAGE)


def test_the_checker_sees_the_real_package(package: dict[str, Module]) -> None:
    edges = sum(len(targets) for targets in import_graph(package).values())
    assert len(package) > 15, sorted(package)
    assert edges > 20, import_graph(package)


def test_no_class_or_function_over_its_limit(package: dict[str, Module]) -> None:
    found = oversized(package, PACKAGE)
    assert not found, offenders("classes or functions over their limit", found)


def test_no_import_cycle(package: dict[str, Module]) -> None:
    found = import_cycles(package, PACKAGE)
    assert not found, offenders("import cycles", found)


def test_no_type_only_import_cycle(package: dict[str, Module]) -> None:
    """A cycle hidden under `if TYPE_CHECKING:` is still two modules that need each other:
    the types belong in the lower one (issue 33)."""
    found = import_cycles(package, PACKAGE, type_checking=True)
    assert not found, offenders("import cycles through type-only imports", found)


def test_the_command_never_imports_the_mkdocs_host(package: dict[str, Module]) -> None:
    """The command for Zensical and the MkDocs host are two translations of one engine: the
    command imports neither `host/` nor `plugin.py`, type-only imports included."""
    command = f"{PACKAGE.name}.command"
    forbidden = (f"{PACKAGE.name}.host", f"{PACKAGE.name}.plugin")
    found = []
    for module in package.values():
        if not is_within(module.name, command):
            continue
        for node in import_nodes(module.tree, type_checking=True):
            for target in import_targets(node, module, package):
                if any(is_within(target, name) for name in forbidden):
                    found.append(f"{shown(module.path, PACKAGE)}:{node.lineno} {target}")
    assert not found, offenders("imports of the MkDocs host from the command", found)


def test_the_core_imports_no_build_machinery(package: dict[str, Module]) -> None:
    if not (PACKAGE / "core").is_dir():
        pytest.fail("mkdocs_tagindex/core/ does not exist yet")
    core = [name for name in package if is_within(name, f"{PACKAGE.name}.core")]
    assert core, "mkdocs_tagindex/core/ holds no modules"
    found = core_violations(package, PACKAGE)
    assert not found, offenders(
        "imports of MkDocs' build machinery or the host from the core", found
    )


def test_no_two_modules_share_a_name(package: dict[str, Module]) -> None:
    """A module's name says what it holds in the whole package (issue 34): `run.py` beside
    `run.py`, or `language.py` beside `languages.py` with another meaning, made a reader open the
    wrong file. Packages' `__init__.py` aside."""
    seen: dict[str, list[str]] = {}
    for name, module in package.items():
        if module.path.name != "__init__.py":
            seen.setdefault(module.path.stem, []).append(name)
    twice = sorted(
        f"{stem}: {', '.join(sorted(names))}" for stem, names in seen.items() if len(names) > 1
    )
    assert not twice, offenders("module names used twice", twice)


def test_hosts_use_the_core_through_its_public_names(package: dict[str, Module]) -> None:
    """The MkDocs host (`plugin.py`, `host/`) and the command import the core only as
    `mkdocs_tagindex.core` and only names of its `__all__`: the engine's one public surface, so
    the core's modules can move without touching a host."""
    import mkdocs_tagindex.core as core

    public = set(core.__all__)
    hosts = (f"{PACKAGE.name}.host", f"{PACKAGE.name}.command", f"{PACKAGE.name}.plugin")
    core_name = f"{PACKAGE.name}.core"
    found = []
    for module in package.values():
        if not any(is_within(module.name, host) for host in hosts):
            continue
        for node in import_nodes(module.tree, type_checking=True):
            if not isinstance(node, ast.ImportFrom):
                continue
            base = resolve_from(node, module.package)
            if base is None or not is_within(base, core_name):
                continue
            where = f"{shown(module.path, PACKAGE)}:{node.lineno}"
            if base != core_name:
                found.append(f"{where} imports {base}")
            found += [f"{where} {a.name} is not public" for a in node.names if a.name not in public]
    assert not found, offenders("imports of the core's insides from a host", found)


def test_importing_the_core_loads_no_build_machinery() -> None:
    """In a fresh interpreter, the core and every public name of it load nothing of MkDocs'
    build: no `mkdocs.structure`, `mkdocs.commands` or `mkdocs.livereload`. (`mkdocs.plugins`
    is loaded by `mkdocs.config.config_options`, the typed options the core validates with: a
    library module that defines the plugin base class and holds no build state; the core never
    imports it itself, which test_the_core_imports_no_build_machinery holds.)"""
    import subprocess
    import sys

    code = (
        "import sys, mkdocs_tagindex.core as core\n"
        "for name in core.__all__: getattr(core, name)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[:2] in "
        "(['mkdocs', 'structure'], ['mkdocs', 'commands'], ['mkdocs', 'livereload'])))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


# --- the checker, proven on synthetic packages ---------------------------------------------------


def write_package(tmp_path: Path, files: Mapping[str, str]) -> Path:
    """A package named like the real one, so that the same names and rules apply."""
    root = tmp_path / "mkdocs_tagindex"
    for relative, source in {"__init__.py": "", **files}.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source), encoding="utf-8")
    return root


def graph_of(root: Path) -> Graph:
    return import_graph(load_modules(root))


def function_of(lines: int, *, decorated: bool = True, asynchronous: bool = False) -> str:
    """A function `lines` long from its `def` line, with a docstring, under a decorator."""
    head = "@functools.cache\n" if decorated else ""
    keyword = "async def" if asynchronous else "def"
    body = ['    """Docstring', '    lines count."""'] + ["    x = 1"] * (lines - 3)
    return "\n".join([f"{head}{keyword} f() -> None:", *body]) + "\n"


def test_a_cycle_through_a_function_level_import_is_caught(tmp_path: Path) -> None:
    root = write_package(
        tmp_path,
        {
            "a.py": "from .b import B\n",
            "b.py": "B = 1\n\ndef later() -> None:\n    from . import a\n",
            "c.py": "from . import a\n",
        },
    )
    found = import_cycles(load_modules(root), root)
    assert found == [
        "mkdocs_tagindex.a -> mkdocs_tagindex.b -> mkdocs_tagindex.a"
        " (imports at mkdocs_tagindex/a.py:1, mkdocs_tagindex/b.py:4)"
    ]


def test_a_self_import_and_a_longer_cycle_are_caught(tmp_path: Path) -> None:
    root = write_package(
        tmp_path,
        {
            "a.py": "import mkdocs_tagindex.b\n",
            "b.py": "from mkdocs_tagindex.c import x\n",
            "c.py": "x = 1\nfrom . import a\n",
            "d.py": "from .d import y\ny = 1\n",
        },
    )
    found = import_cycles(load_modules(root), root)
    assert [line.split(" (")[0] for line in found] == [
        "mkdocs_tagindex.a -> mkdocs_tagindex.b -> mkdocs_tagindex.c -> mkdocs_tagindex.a",
        "mkdocs_tagindex.d -> mkdocs_tagindex.d",
    ]


def test_a_type_only_cycle_is_caught_when_asked(tmp_path: Path) -> None:
    root = write_package(
        tmp_path,
        {
            "a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import b\n",
            "b.py": "from . import a\n",
        },
    )
    modules = load_modules(root)
    assert import_cycles(modules, root) == []
    assert len(import_cycles(modules, root, type_checking=True)) == 1


def test_a_type_checking_import_is_not_an_edge(tmp_path: Path) -> None:
    root = write_package(
        tmp_path,
        {
            "a.py": "from .b import B\n",
            "b.py": """\
                import typing
                from typing import TYPE_CHECKING

                if TYPE_CHECKING:
                    from .a import A
                if typing.TYPE_CHECKING:
                    from . import a
                else:
                    from . import c
                B = 1
            """,
            "c.py": "",
        },
    )
    graph = graph_of(root)
    assert graph["mkdocs_tagindex.b"] == {"mkdocs_tagindex.c": 9}
    assert import_cycles(load_modules(root), root) == []


def test_a_decorated_80_line_function_passes_and_81_fails(tmp_path: Path) -> None:
    root = write_package(
        tmp_path,
        {
            "ok.py": "import functools\n\n" + function_of(80),
            "over.py": "import functools\n\n" + function_of(81, asynchronous=True),
        },
    )
    assert oversized(load_modules(root), root) == [
        "mkdocs_tagindex/over.py:4 f 81 lines (limit 80)"
    ]


def test_methods_nested_functions_and_classes_are_measured(tmp_path: Path) -> None:
    method = textwrap.indent(function_of(81, decorated=False), "    ")
    nested = textwrap.indent(function_of(81, decorated=False), "    ")
    root = write_package(
        tmp_path,
        {
            "big.py": "class Big:\n" + "    x = 1\n" * 250,
            "small.py": "class Small:\n" + "    x = 1\n" * 249,
            "methods.py": "class M:\n" + method,
            "nested.py": "def outer() -> None:\n" + nested,
        },
    )
    assert oversized(load_modules(root), root) == [
        "mkdocs_tagindex/big.py:1 Big 251 lines (limit 250)",
        "mkdocs_tagindex/methods.py:2 M.f 81 lines (limit 80)",
        "mkdocs_tagindex/nested.py:1 outer 82 lines (limit 80)",
        "mkdocs_tagindex/nested.py:2 outer.f 81 lines (limit 80)",
    ]


def test_a_package_init_importing_its_submodules_is_not_a_cycle(tmp_path: Path) -> None:
    root = write_package(
        tmp_path,
        {
            "__init__.py": "from .core import model\nfrom . import plugin\n",
            "core/__init__.py": "from .model import Model\nfrom . import tags\n",
            "core/model.py": "from . import tags\nfrom .tags import Tag\nModel = 1\n",
            "core/tags.py": "from .. import routes\nTag = 1\n",
            "routes.py": "",
            "plugin.py": "from mkdocs_tagindex.core import Model\n",
        },
    )
    graph = graph_of(root)
    assert graph["mkdocs_tagindex.core.model"] == {"mkdocs_tagindex.core.tags": 1}
    # An attribute of a package's __init__ is an edge to that __init__.
    assert graph["mkdocs_tagindex.plugin"] == {"mkdocs_tagindex.core": 1}
    assert import_cycles(load_modules(root), root) == []


def test_importing_a_submodule_imports_its_package_init(tmp_path: Path) -> None:
    root = write_package(
        tmp_path,
        {
            "core/__init__.py": "from ..routes import Route\n",
            "core/model.py": "",
            "routes.py": """\
                Route = 1

                def late() -> None:
                    import mkdocs_tagindex.core.model
            """,
        },
    )
    graph = graph_of(root)
    assert graph["mkdocs_tagindex.routes"] == {
        "mkdocs_tagindex.core.model": 4,
        "mkdocs_tagindex.core": 4,
    }
    assert import_cycles(load_modules(root), root) == [
        "mkdocs_tagindex.core -> mkdocs_tagindex.routes -> mkdocs_tagindex.core"
        " (imports at mkdocs_tagindex/core/__init__.py:1, mkdocs_tagindex/routes.py:4)"
    ]


def test_relative_imports_resolve_against_the_importers_package(tmp_path: Path) -> None:
    root = write_package(
        tmp_path,
        {
            "x.py": "y = 1\n",
            "core/__init__.py": "",
            "core/a.py": "from ..x import y\nfrom .. import x\nfrom . import b\n",
            "core/b.py": "",
            "core/sub/__init__.py": "from ...x import y\nfrom .. import a\n",
        },
    )
    graph = graph_of(root)
    assert graph["mkdocs_tagindex.core.a"] == {
        "mkdocs_tagindex.x": 1,
        "mkdocs_tagindex.core.b": 3,
    }
    assert graph["mkdocs_tagindex.core.sub"] == {
        "mkdocs_tagindex.x": 1,
        "mkdocs_tagindex.core.a": 2,
    }


def test_the_core_rule_catches_type_only_and_host_imports(tmp_path: Path) -> None:
    root = write_package(
        tmp_path,
        {
            "core/__init__.py": "",
            "core/ok.py": """\
                from mkdocs.config import config_options
                from mkdocs.config.base import Config
                from mkdocs.exceptions import PluginError
                from .. import routes
            """,
            "core/bad.py": """\
                from typing import TYPE_CHECKING
                import mkdocs.commands.build
                from mkdocs import plugins

                if TYPE_CHECKING:
                    from mkdocs.structure.pages import Page

                def later() -> None:
                    from ..host import files
                    from .. import plugin
                    from mkdocs_tagindex.plugin import TagIndexPlugin
            """,
            "routes.py": "",
            "plugin.py": "TagIndexPlugin = 1\n",
            "host/__init__.py": "",
            "host/files.py": "from mkdocs.structure.files import File\n",
        },
    )
    assert core_violations(load_modules(root), root) == [
        "mkdocs_tagindex/core/bad.py:2 import mkdocs.commands.build (mkdocs.commands)",
        "mkdocs_tagindex/core/bad.py:3 from mkdocs import plugins (mkdocs.plugins)",
        "mkdocs_tagindex/core/bad.py:6 from mkdocs.structure.pages import Page (mkdocs.structure)",
        "mkdocs_tagindex/core/bad.py:9 from ..host import files (mkdocs_tagindex.host)",
        "mkdocs_tagindex/core/bad.py:10 from .. import plugin (mkdocs_tagindex.plugin)",
        "mkdocs_tagindex/core/bad.py:11 from mkdocs_tagindex.plugin import TagIndexPlugin"
        " (mkdocs_tagindex.plugin)",
    ]


def test_a_folder_without_init_adds_no_edge_to_the_top_package(tmp_path: Path) -> None:
    root = write_package(
        tmp_path,
        {
            "__init__.py": "from .host import files\n",
            "host/files.py": "from . import missing\nfrom .missing import thing\n",
            "host/build.py": """\
                import mkdocs_tagindex.host
                from mkdocs_tagindex.host import files
            """,
        },
    )
    graph = graph_of(root)
    assert graph["mkdocs_tagindex"] == {"mkdocs_tagindex.host.files": 1}
    assert graph["mkdocs_tagindex.host.files"] == {}
    assert graph["mkdocs_tagindex.host.build"] == {"mkdocs_tagindex.host.files": 2}
    assert import_cycles(load_modules(root), root) == []
