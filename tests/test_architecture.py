"""The layers of docs/architecture.md, checked on the real tree: every module of the
project is parsed (``ast``, nothing is imported) and its imports are held to the rules.

- ``engine/`` imports only the standard library and ``engine`` (anywhere in a module,
  function-local imports included); only ``engine/rng.py`` imports ``random``.
- ``lab/`` (the simulation lab) imports only the standard library, ``engine``, ``store``,
  ``lab`` and its executors (pebble, cachetools, Ray); ``engine``, ``tutorials`` and
  ``store`` never import ``lab``.
- ``ui/`` never imports ``pages``; ``tutorials/`` never imports ``ui`` or ``pages``;
  ``store/`` never imports ``ui`` or ``pages``; nothing imports ``tests`` or ``bench``.
- No import cycle among the modules (the imports run when a module is loaded: module
  level, ``if TYPE_CHECKING`` blocks left out), and none either when the imports made for
  the type checker only (``if TYPE_CHECKING:``) are counted: two modules whose types need
  each other are one module, or the shared types belong below both.
- No private name (``_x``) of a project module used by another module, tests included.
- Short files: ``pages/*.py`` under 200 lines, ``ui/`` modules under 600 (the string
  catalogues of ``ui/strings/`` are data, not modules with a job, and are not counted).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The project's top-level packages (and the entry script's module).
PACKAGES = ("engine", "lab", "ui", "tutorials", "store", "pages", "tests", "bench")
SKIP_PARTS = {"node_modules", "artifacts", "out", "__pycache__", ".venv"}
PAGE_MAX_LINES = 200
UI_MAX_LINES = 600


@dataclass(frozen=True)
class Import:
    line: int
    module: str        # the module imported, resolved to a file of the project when it is one
    names: tuple[str, ...]  # names taken from it (``from m import a, b``), () for ``import m``
    module_level: bool  # runs when the importing module is loaded
    type_only: bool = False  # at module level inside ``if TYPE_CHECKING:`` (types only)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def project_files() -> list[Path]:
    files = [ROOT / "streamlit_app.py"]
    for package in PACKAGES:
        files += [p for p in sorted((ROOT / package).rglob("*.py"))
                  if not SKIP_PARTS & set(p.relative_to(ROOT).parts)]
    return files


FILES = project_files()
MODULES: dict[str, Path] = {module_name(p): p for p in FILES}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _resolve(module: str, name: str | None) -> str:
    """``from module import name``: the submodule when ``name`` is one."""
    if name is not None and f"{module}.{name}" in MODULES:
        return f"{module}.{name}"
    return module


def _absolute(node: ast.ImportFrom, me: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = me.split(".") if is_package else me.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _module_level_nodes(nodes: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements that run when the module is loaded: not inside a function, not in
    an ``if TYPE_CHECKING:`` block."""
    for node in nodes:
        yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _module_level_nodes(node.orelse)
        elif isinstance(node, ast.ClassDef):
            yield from _module_level_nodes(node.body)
        elif isinstance(node, (ast.If, ast.For, ast.While, ast.With)):
            yield from _module_level_nodes(node.body + getattr(node, "orelse", []))
        elif isinstance(node, ast.Try):
            yield from _module_level_nodes(
                node.body + node.orelse + node.finalbody + [s for h in node.handlers
                                                            for s in h.body])


def _type_checking_nodes(nodes: list[ast.stmt], inside: bool = False) -> Iterator[ast.stmt]:
    """The module-level statements inside ``if TYPE_CHECKING:`` blocks."""
    for node in nodes:
        if inside:
            yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _type_checking_nodes(node.body, True)
            yield from _type_checking_nodes(node.orelse, inside)
        elif isinstance(node, (ast.If, ast.Try, ast.With, ast.ClassDef)):
            yield from _type_checking_nodes(
                node.body + getattr(node, "orelse", []) + getattr(node, "finalbody", [])
                + [s for h in getattr(node, "handlers", []) for s in h.body], inside)


def imports_of(path: Path) -> list[Import]:
    """Every import of the file (function-local ones too), each marked module level or not
    (and type-only when in a module-level ``if TYPE_CHECKING:`` block)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    me, is_package = module_name(path), path.name == "__init__.py"
    loaded = {id(node) for node in _module_level_nodes(tree.body)}
    typed = {id(node) for node in _type_checking_nodes(tree.body)}
    out: list[Import] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [Import(node.lineno, alias.name, (), id(node) in loaded, id(node) in typed)
                    for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, me, is_package)
            out += [Import(node.lineno, _resolve(base, alias.name), (alias.name,),
                           id(node) in loaded, id(node) in typed) for alias in node.names]
    return sorted(out, key=lambda imp: imp.line)


IMPORTS: dict[str, list[Import]] = {module_name(p): imports_of(p) for p in FILES}


def top(module: str) -> str:
    return module.split(".")[0]


def layer_of(module: str) -> str:
    return "streamlit_app" if module == "streamlit_app" else top(module)


def in_layer(*layers: str) -> Iterator[tuple[str, Import]]:
    for module, imports in IMPORTS.items():
        if layer_of(module) in layers:
            for imp in imports:
                yield module, imp


def where(module: str, imp: Import) -> str:
    return f"{MODULES[module].relative_to(ROOT)}:{imp.line} imports {imp.module}"


def test_the_tree_is_found_and_read() -> None:
    """The checks below look at real files (a wrong ROOT would pass them all), and tell
    module-level imports from function-local ones."""
    layers = {layer_of(m) for m in MODULES}
    assert {"engine", "lab", "ui", "tutorials", "store", "pages", "tests"} <= layers
    assert len([m for m in MODULES if top(m) == "engine"]) > 30
    recordio = {imp.module: imp.module_level for imp in IMPORTS["engine.recordio"]}
    assert recordio["engine.cards"] is True and recordio["json"] is True
    rng = {imp.module: imp.module_level for imp in IMPORTS["engine.rng"]}
    assert rng["engine.cards"] is False  # under TYPE_CHECKING, and inside shuffled_deck
    # ``from engine.kachuful import fast`` is an import of the module engine.kachuful.fast.
    assert "engine.kachuful.fast" in {imp.module for imp in IMPORTS["engine.bots.kachuful_policy"]}


def test_engine_imports_only_the_standard_library_and_engine() -> None:
    bad = [where(m, imp) for m, imp in in_layer("engine")
           if top(imp.module) != "engine" and top(imp.module) not in sys.stdlib_module_names]
    assert not bad, "engine/ may import only the standard library and engine:\n" + "\n".join(bad)


def test_only_engine_rng_makes_random_generators() -> None:
    """Every random number of the engine is seeded through engine.rng (Rng, sim_random)."""
    bad = [where(m, imp) for m, imp in in_layer("engine")
           if top(imp.module) == "random" and m != "engine.rng"]
    assert not bad, "use engine.rng.sim_random / engine.rng.Rng:\n" + "\n".join(bad)


#: What ``lab/`` may import beyond the standard library: the layers below it and its
#: executors.
LAB_MAY_IMPORT = {"engine", "store", "lab", "pebble", "cachetools", "ray"}


def test_lab_imports_only_engine_store_and_its_executors() -> None:
    bad = [where(m, imp) for m, imp in in_layer("lab")
           if top(imp.module) not in LAB_MAY_IMPORT
           and top(imp.module) not in sys.stdlib_module_names]
    assert not bad, f"lab/ may import only {sorted(LAB_MAY_IMPORT)}:\n" + "\n".join(bad)


@pytest.mark.parametrize(("layer", "forbidden"), [
    ("ui", {"pages", "tests", "bench"}),
    ("lab", {"ui", "pages", "tutorials", "tests", "bench"}),
    ("tutorials", {"ui", "pages", "store", "lab", "tests", "bench"}),
    ("store", {"ui", "pages", "tutorials", "lab", "tests", "bench"}),
    ("pages", {"pages", "tests", "bench"}),
    ("streamlit_app", {"tests", "bench"}),
])
def test_no_import_runs_back_up_a_layer(layer: str, forbidden: set[str]) -> None:
    bad = [where(m, imp) for m, imp in in_layer(layer) if top(imp.module) in forbidden]
    assert not bad, f"{layer} must not import {sorted(forbidden)}:\n" + "\n".join(bad)


def _cycles(type_only: bool = False) -> list[list[str]]:
    """The groups of modules that import each other at module level (with ``type_only``,
    counting the ``if TYPE_CHECKING:`` imports too)."""
    graph = {m: sorted({imp.module for imp in imps
                        if (imp.module_level or (type_only and imp.type_only))
                        and imp.module in MODULES and imp.module != m})
             for m, imps in IMPORTS.items()}
    # Tarjan's strongly connected components, iteratively.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph[child])))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_no_import_cycle() -> None:
    cycles = _cycles()
    assert not cycles, "modules that import each other (at module level):\n" + "\n".join(
        " <-> ".join(c) for c in cycles)


def test_no_import_cycle_even_counting_the_type_checkers_imports() -> None:
    """``engine.review`` and ``engine.session`` imported each other this way (issue 26):
    ``Move`` now lives below both, in ``engine.moves``."""
    cycles = _cycles(type_only=True)
    assert not cycles, "modules whose types import each other:\n" + "\n".join(
        " <-> ".join(c) for c in cycles)


def test_the_cycle_finder_finds_a_cycle(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = {"a": [Import(1, "b", (), True)], "b": [Import(1, "a", (), True)],
            "c": [Import(1, "a", (), False)], "d": [Import(1, "a", (), False, True)]}
    fake["a"].append(Import(2, "d", (), False, True))  # a <-> d for the type checker only
    monkeypatch.setattr(sys.modules[__name__], "IMPORTS", fake)
    monkeypatch.setattr(sys.modules[__name__], "MODULES", {m: ROOT for m in fake})
    assert _cycles() == [["a", "b"]]
    assert _cycles(type_only=True) == [["a", "b", "d"]]


def _private_uses(path: Path) -> list[str]:
    """``from m import _x`` and ``alias._x`` where ``alias`` is a project module."""
    me = module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    aliases: dict[str, str] = {}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in MODULES or top(alias.name) in PACKAGES:
                    aliases[alias.asname or alias.name.split(".")[0]] = (
                        alias.name if alias.asname else top(alias.name))
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, me, path.name == "__init__.py")
            if top(base) not in PACKAGES:
                continue
            for alias in node.names:
                full = _resolve(base, alias.name)
                if full != base:  # a submodule
                    aliases[alias.asname or alias.name] = full
                elif alias.name.startswith("_") and not alias.name.startswith("__"):
                    out.append(f"{path.relative_to(ROOT)}:{node.lineno}: from {base} "
                               f"import {alias.name}")
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                and not node.attr.startswith("__")):
            value = node.value
            while isinstance(value, ast.Attribute):
                value = value.value
            if isinstance(value, ast.Name) and value.id in aliases and aliases[value.id] != me:
                out.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    return out


def test_no_private_name_is_used_outside_its_module() -> None:
    bad = [use for path in FILES for use in _private_uses(path)]
    assert not bad, "make the name public or give a function:\n" + "\n".join(bad)


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_pages_are_short() -> None:
    long = {str(p.relative_to(ROOT)): _lines(p) for p in sorted((ROOT / "pages").glob("*.py"))
            if _lines(p) >= PAGE_MAX_LINES}
    assert not long, f"pages/ files of {PAGE_MAX_LINES} lines or more: {long}"


def test_ui_modules_are_short() -> None:
    long = {str(p.relative_to(ROOT)): _lines(p) for p in sorted((ROOT / "ui").rglob("*.py"))
            if _lines(p) >= UI_MAX_LINES and "strings" not in p.parts}
    assert not long, f"ui/ modules of {UI_MAX_LINES} lines or more (one job each): {long}"


#: The layers whose public classes must each have a name of their own.
CLASS_LAYERS = ("engine", "lab", "ui", "store", "tutorials")
#: Public class names still defined twice, with why (the list only shrinks: a name
#: defined once is taken off).
KNOWN_DUPLICATE_CLASSES: dict[str, str] = {
    "Phase": "engine/kachuful/state.py (its owner at work on the fast path) and "
             "engine/krypkasino/state.py (engine/analysis/, its owner at work, imports it)",
    "Option": "engine/registry.py and lab/studies/sweep_danger.py (lab/, its owner at work)",
    "Walkthrough": "engine/walkthrough/model.py and ui/walkthrough/kachuful.py (ui/classroom/deck.py "
                   "uses the latter; the live-class owner at work)",
}


def public_classes() -> dict[str, list[str]]:
    """Each public module-level class name of the layers, with the files defining it."""
    found: dict[str, list[str]] = {}
    for path in FILES:
        if layer_of(module_name(path)) not in CLASS_LAYERS:
            continue
        for node in ast.parse(path.read_text(encoding="utf-8"), str(path)).body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                found.setdefault(node.name, []).append(str(path.relative_to(ROOT)))
    return found


def test_no_two_public_classes_share_a_name() -> None:
    """``Note``, ``Option``, ``Step`` meant different things in different modules (issue
    26): one name, one class, so a reader (and an import) never confuses them."""
    classes = public_classes()
    assert len(classes) > 100  # the tree is read
    twice = {name: files for name, files in classes.items()
             if len(files) > 1 and name not in KNOWN_DUPLICATE_CLASSES}
    assert not twice, "public classes sharing a name:\n" + "\n".join(
        f"{name}: {', '.join(files)}" for name, files in sorted(twice.items()))
    settled = [name for name in KNOWN_DUPLICATE_CLASSES if len(classes.get(name, ())) < 2]
    assert not settled, f"defined once now, take off KNOWN_DUPLICATE_CLASSES: {settled}"
