"""The registry is the plug-in point (issue 26): outside the two game packages
(``engine/kachuful/``, ``engine/krypkasino/``) and ``engine/registry.py`` no code asks which
game it is playing. The tree is parsed (``ast``, nothing imported) and these are counted:

* a comparison with a game's id (``game == "kachuful"``, ``!= "krypkasino"``,
  ``game in ("kachuful", ...)``);
* a two-game union (``KachufulState | KrypkasinoState``, ``Union[KachufulRules, ...]``);
* an ``isinstance``/``issubclass`` check against a game's own class (``Kachuful…``,
  ``Krypkasino…``), or against any class imported from a game's package (``Play``,
  ``Bid``, ``kevents.TrickWon``) outside a module of that game (its file or folder named
  after it, e.g. ``engine/bots/kachuful_policy.py``);
* a table keyed by the games' ids written by hand (``{"kachuful": ..., "krypkasino": ...}``).

There must be none in the project's code (``engine``, ``lab``, ``tutorials``, ``store``,
``ui``, ``pages``, ``streamlit_app.py``); tests and benchmarks check one game at a time and
are not counted. :data:`PENDING` names the files still being moved onto the registry by
the work that owns them (each entry must still hold a branch: a file that no longer asks
is taken off the list, so the list only shrinks).
"""

from __future__ import annotations

import ast
from pathlib import Path

from engine.registry import GAME_IDS

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("engine", "lab", "tutorials", "store", "ui", "pages")
ALLOWED = ("engine/kachuful/", "engine/krypkasino/", "engine/registry.py")
GAME_PREFIXES = tuple(g.capitalize() for g in GAME_IDS)  # Kachuful..., Krypkasino...
#: Files whose branches are not yet replaced, with why (built at the same time as the
#: registry's plug-in point, by their own work).
PENDING: dict[str, str] = {
}


def project_files() -> list[Path]:
    files = [ROOT / "streamlit_app.py"]
    for top in SCANNED:
        files += sorted((ROOT / top).rglob("*.py"))
    return [f for f in files if f.exists() and "__pycache__" not in f.parts
            and not str(f.relative_to(ROOT)).startswith(ALLOWED)
            and str(f.relative_to(ROOT)) not in PENDING]


def _is_game_id(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in GAME_IDS


def _names(node: ast.AST) -> list[str]:
    """The class names a type expression or isinstance argument mentions."""
    out = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            out.append(sub.id)
        elif isinstance(sub, ast.Attribute):
            out.append(sub.attr)
    return out


def _games_named(node: ast.AST) -> set[str]:
    return {p for name in _names(node) for p in GAME_PREFIXES if name.startswith(p)}


def game_names(tree: ast.AST) -> dict[str, str]:
    """The names a module binds to something of a game's package (a class such as
    ``Play`` or ``Bid``, or a module such as ``kevents``), each with its game."""
    out: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            parts = node.module.split(".")
            for alias in node.names:
                game = (parts[1] if parts[0] == "engine" and len(parts) > 1 else
                        alias.name if parts == ["engine"] else None)
                if game in GAME_IDS:
                    out[alias.asname or alias.name] = game
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if alias.asname and parts[0] == "engine" and len(parts) > 1 \
                        and parts[1] in GAME_IDS:
                    out[alias.asname] = parts[1]
    return out


def _games_checked(node: ast.AST, bound: dict[str, str]) -> set[str]:
    """The games whose classes an isinstance argument names through the module's imports
    (``Play``, ``(Bid, int)``, ``crecord.RecordedPlay``)."""
    games = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and sub.id in bound:
            games.add(bound[sub.id])
    return games


def branches(tree: ast.AST, path: str = "") -> list[tuple[int, str]]:
    """Each place that asks which game it is (line, what). A module of one game outside
    its package (its file or folder named after it: ``engine/bots/kachuful_policy.py``)
    may check its own game's classes."""
    found: list[tuple[int, str]] = []
    unions: set[int] = set()
    bound = game_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            flat = [e for o in operands
                    for e in (o.elts if isinstance(o, (ast.Tuple, ast.List, ast.Set)) else [o])]
            if any(_is_game_id(e) for e in flat):
                found.append((node.lineno, "compares with a game id"))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            if id(node) not in unions and len(_games_named(node)) > 1:
                found.append((node.lineno, "two-game union"))
            unions.update(id(sub) for sub in ast.walk(node))
        elif (isinstance(node, ast.Subscript) and _names(node.value)[-1:] == ["Union"]
              and len(_games_named(node.slice)) > 1):
            found.append((node.lineno, "two-game union"))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("isinstance", "issubclass") and len(node.args) == 2
              and _games_named(node.args[1])):
            found.append((node.lineno, f"{node.func.id} against a game's class"))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("isinstance", "issubclass") and len(node.args) == 2
              and {g for g in _games_checked(node.args[1], bound) if g not in path}):
            found.append((node.lineno, f"{node.func.id} against a game's imported class"))
        elif isinstance(node, ast.Dict) and sum(map(_is_game_id, node.keys)) > 1:
            found.append((node.lineno, "table keyed by the games' ids"))
    return found


def test_no_code_outside_the_games_and_the_registry_asks_which_game() -> None:
    found = [f"{path.relative_to(ROOT)}:{line}: {what}"
             for path in project_files()
             for line, what in branches(ast.parse(path.read_text(encoding="utf-8")),
                                        str(path.relative_to(ROOT)))]
    assert not found, f"{len(found)} places ask which game:\n" + "\n".join(found)


def test_every_pending_file_still_asks_which_game() -> None:
    """A file taken onto the registry leaves :data:`PENDING` (the list only shrinks)."""
    done = [path for path in PENDING
            if not branches(ast.parse((ROOT / path).read_text(encoding="utf-8")), path)]
    assert not done, f"no longer asking which game, take off PENDING: {done}"


def test_the_counter_finds_each_kind_of_branch() -> None:
    source = '''
if game == "kachuful": pass
x = 1 if "krypkasino" != g else 2
ok = g in ("kachuful", "other")
State = KachufulState | KrypkasinoState | None
R = Union[KachufulRules, KrypkasinoRules]
isinstance(state, KachufulState)
issubclass(t, (int, engine.krypkasino.KrypkasinoRules))
TABLE = {"kachuful": 1, "krypkasino": 2}
fine = KachufulState | None
also_fine = isinstance(state, GameState) and spec.id
from engine.krypkasino.state import Play
from engine import kachuful as kg
isinstance(action, Play)
isinstance(action, (kg.Bid, int))
isinstance(action, Card)
'''
    kinds = [what for _, what in sorted(branches(ast.parse(source)))]
    assert kinds == ["compares with a game id"] * 3 + ["two-game union"] * 2 + [
        "isinstance against a game's class", "issubclass against a game's class",
        "table keyed by the games' ids"] + ["isinstance against a game's imported class"] * 2
    # a module of one game (named after it) may check that game's classes, not another's
    own = [line for line, _ in branches(ast.parse(source), "engine/bots/krypkasino_x.py")]
    assert 14 not in own and 15 in own


def test_the_scan_covers_the_tree_but_not_the_games() -> None:
    scanned = {str(p.relative_to(ROOT)) for p in project_files()}
    assert "engine/session.py" in scanned and "ui/play/record.py" in scanned
    assert "streamlit_app.py" in scanned
    assert not any(s.startswith(ALLOWED) for s in scanned)
    assert not scanned & set(PENDING)
