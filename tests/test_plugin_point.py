"""The registry is the plug-in point (issue 26): outside the two game packages
(``engine/kachuful/``, ``engine/krypkasino/``) and ``engine/registry.py`` no code asks which
game it is playing. The tree is parsed (``ast``, nothing imported) and these are counted:

* a comparison with a game's id (``game == "kachuful"``, ``!= "krypkasino"``,
  ``game in ("kachuful", ...)``);
* a two-game union (``KachufulState | KrypkasinoState``, ``Union[KachufulRules, ...]``);
* an ``isinstance``/``issubclass`` check against a game's own class (``Kachuful…``,
  ``Krypkasino…``);
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
    "engine/analysis/__init__.py": "the analyst (issue 27) dispatches by state type; it "
                                   "plugs in through GamePlugins.analyst",
    "engine/analysis/cli.py": "the analyst's command (issue 27)",
    "engine/analysis/review.py": "the analyst's review (issue 27) matches each game's "
                                 "actions itself",
    "engine/coach.py": "the coach and its drills (issue 27) word each game's decisions "
                       "and draw each game's table themselves",
    "ui/classroom.py": "the live class draws each game's walkthrough slides with its own "
                      "code (the Kachuful walkthrough is still built in ui/)",
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


def branches(tree: ast.AST) -> list[tuple[int, str]]:
    """Each place that asks which game it is (line, what)."""
    found: list[tuple[int, str]] = []
    unions: set[int] = set()
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
        elif isinstance(node, ast.Dict) and sum(map(_is_game_id, node.keys)) > 1:
            found.append((node.lineno, "table keyed by the games' ids"))
    return found


def test_no_code_outside_the_games_and_the_registry_asks_which_game() -> None:
    found = [f"{path.relative_to(ROOT)}:{line}: {what}"
             for path in project_files()
             for line, what in branches(ast.parse(path.read_text(encoding="utf-8")))]
    assert not found, f"{len(found)} places ask which game:\n" + "\n".join(found)


def test_every_pending_file_still_asks_which_game() -> None:
    """A file taken onto the registry leaves :data:`PENDING` (the list only shrinks)."""
    done = [path for path in PENDING
            if not branches(ast.parse((ROOT / path).read_text(encoding="utf-8")))]
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
'''
    kinds = [what for _, what in sorted(branches(ast.parse(source)))]
    assert kinds == ["compares with a game id"] * 3 + ["two-game union"] * 2 + [
        "isinstance against a game's class", "issubclass against a game's class",
        "table keyed by the games' ids"]


def test_the_scan_covers_the_tree_but_not_the_games() -> None:
    scanned = {str(p.relative_to(ROOT)) for p in project_files()}
    assert "engine/session.py" in scanned and "ui/play_record.py" in scanned
    assert "streamlit_app.py" in scanned
    assert not any(s.startswith(ALLOWED) for s in scanned)
    assert not scanned & set(PENDING)
