"""The package's shape (issue #19): imports point down and never round in a
cycle, games import only the engine, every game is laid out alike, and no
module outgrows 600 lines."""

from __future__ import annotations

import ast
import sys
from functools import cache
from pathlib import Path

import pytest

import headframe

ROOT = Path(headframe.__file__).parent
GAMES = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").exists())
LAYOUT = ("__init__", "options", "components", "actions", "state", "flow", "view", "presentation", "text", "board",
          "learning", "encoding", "heuristic")
MOST_LINES = 600


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _under_type_checking(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return True
    return False


@cache
def imports() -> dict[str, set[str]]:
    """Every headframe module -> the modules it imports when it runs (at the top
    or inside a function; not those only for type checkers)."""
    graph: dict[str, set[str]] = {}
    for path in ROOT.rglob("*.py"):
        name = module_name(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        found: set[str] = set()
        for node in ast.walk(tree):
            if _under_type_checking(node, parents):
                continue
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
        graph[name] = found
    modules = set(graph)
    return {name: {m for m in targets if m in modules and m != name} for name, targets in graph.items()}


def test_there_is_no_import_cycle() -> None:
    graph = imports()
    # A package's __init__ re-exporting its modules is not a cycle of theirs.
    edges = {name: {m for m in targets if not name.startswith(m + ".")} for name, targets in graph.items()}
    state: dict[str, int] = {}
    cycles = []

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for target in sorted(edges[name]):
            if state.get(target) == 1:
                cycles.append(path[path.index(target):] + [target] if target in path else [name, target])
            elif target not in state:
                visit(target, path + [target])
        state[name] = 2

    sys.setrecursionlimit(10_000)
    for name in sorted(edges):
        if name not in state:
            visit(name, [name])
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(cycle) for cycle in cycles)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_only_the_engine(game: str) -> None:
    package = ROOT / "games" / game
    allowed = set(sys.stdlib_module_names) | {"yaml", "headframe"}
    for path in package.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            for name in names:
                assert name.split(".")[0] in allowed, f"{path.name} imports {name}"
                if name.startswith("headframe."):
                    assert name == "headframe.engine" or name.startswith("headframe.engine."), \
                        f"{path.name} imports {name}: a game imports only headframe.engine"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_is_laid_out_alike(game: str) -> None:
    present = {path.stem for path in (ROOT / "games" / game).glob("*.py")}
    assert set(LAYOUT) <= present, f"{game} lacks {sorted(set(LAYOUT) - present)}"
    for old in ("rules", "render", "describe"):
        assert old not in present, f"{game} still has {old}.py"


def test_no_module_is_over_600_lines() -> None:
    long = {str(p.relative_to(ROOT)): n for p in ROOT.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert not long, f"modules over {MOST_LINES} lines: {long}"
