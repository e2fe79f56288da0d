"""The layers point one way: lessons -> tutor.ui -> tutor.classroom -> tutor.teach -> tutor.games
-> tutor.engine.

The engine and the games use the standard library only and never import a UI module."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parent.parent / "tutor"
LAYERS = ["engine", "games", "teach", "classroom", "ui"]  # lowest first
UI_MODULES = {"ipywidgets", "IPython", "voila", "traitlets", "jupyter", "notebook",
              "ipykernel", "matplotlib"}


def imports_of(path: Path) -> list[tuple[str, int]]:
    """(absolute module name, line) of every import in a file of the tutor package."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    package = parts if path.name == "__init__.py" else parts[:-1]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module
            out.append((mod, node.lineno))
    return out


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "tutor" and len(parts) > 1 and parts[1] in LAYERS else None


def files_of(layer: str):
    return sorted((PKG / layer).rglob("*.py")) if (PKG / layer).exists() else []


@pytest.mark.parametrize("layer", LAYERS)
def test_no_import_points_up(layer):
    rank = LAYERS.index(layer)
    bad = []
    for f in files_of(layer):
        for mod, line in imports_of(f):
            other = layer_of(mod)
            if other is not None and LAYERS.index(other) > rank:
                bad.append(f"{f.relative_to(PKG.parent)}:{line} imports {mod}")
            if mod == "tutor.cases" or mod == "tutor.cli":
                if layer == "engine":
                    bad.append(f"{f.relative_to(PKG.parent)}:{line} imports {mod}")
    assert not bad, bad


@pytest.mark.parametrize("layer", ["engine", "games"])
def test_engine_and_games_use_the_standard_library_only(layer):
    bad = []
    for f in files_of(layer):
        for mod, line in imports_of(f):
            top = mod.split(".")[0]
            if top == "tutor" or top in sys.stdlib_module_names or top == "__future__":
                continue
            bad.append(f"{f.relative_to(PKG.parent)}:{line} imports {mod}")
    assert not bad, bad


@pytest.mark.parametrize("layer", ["engine", "games", "teach", "classroom"])
def test_no_ui_module_below_the_ui(layer):
    bad = [f"{f.relative_to(PKG.parent)}:{line} imports {mod}"
           for f in files_of(layer) for mod, line in imports_of(f)
           if mod.split(".")[0] in UI_MODULES or layer_of(mod) == "ui"]
    assert not bad, bad


def test_the_checker_sees_relative_imports():
    found = {m for m, _ in imports_of(PKG / "games" / "g55" / "game.py")}
    assert "tutor.engine.state" in found and "tutor.games.g55.auction" in found


# The server side (the classes voila.json names) is the package tutor_server; the package tutor
# is what a lesson's kernel imports, and no module of it imports a server module: not
# jupyter_server, voila or tornado anywhere, and outside tutor/ui not even the kernel-side
# widget modules (ipywidgets, traitlets, IPython), which tutor/ui uses legitimately.
SERVER_MODULES = {"tutor_server", "jupyter_server", "jupyter_client", "jupyter_core", "voila",
                  "tornado", "notebook", "jupyterlab", "nbclient", "nbconvert"}


def test_tutor_imports_no_server_module():
    bad = []
    for f in sorted(PKG.rglob("*.py")):
        in_ui = f.relative_to(PKG).parts[0] == "ui"
        for mod, line in imports_of(f):
            top = mod.split(".")[0]
            if top in SERVER_MODULES or (not in_ui and top in UI_MODULES):
                bad.append(f"{f.relative_to(PKG.parent)}:{line} imports {mod}")
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):  # import_module("...")
            if (isinstance(node, ast.Call) and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                    and node.args[0].value.split(".")[0] in SERVER_MODULES
                    and getattr(node.func, "attr", getattr(node.func, "id", None))
                    in ("import_module", "__import__")):
                bad.append(f"{f.relative_to(PKG.parent)}:{node.lineno} imports "
                           f"{node.args[0].value}")
    assert not bad, bad
    # the rule sees the server modules where they are
    server = {m.split(".")[0] for m, _ in imports_of(PKG.parent / "tutor_server" / "app_config.py")}
    assert {"jupyter_server", "voila", "tornado"} <= server


def test_voila_json_names_the_classes_of_tutor_server():
    import importlib
    import json

    config = json.loads((PKG.parent / "voila.json").read_text(encoding="utf-8"))
    names = [v for section in config.values() for v in section.values()
             if isinstance(v, str) and v.startswith(("tutor.", "tutor_server."))]
    assert len(names) == 3, names
    for name in names:
        module, _, cls = name.rpartition(".")
        assert module == "tutor_server.app_config", name
        assert isinstance(getattr(importlib.import_module(module), cls), type), name


def game_literals(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every string constant in a file that is a registered game's name
    (docstrings aside)."""
    from tutor.games.registry import game_names

    names = set(game_names())
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and node.value in names and id(node) not in docs]


def test_nothing_above_the_games_layer_names_a_game_by_a_literal():
    """A game is named once, by its package in the games layer (``SPEC.name``); everything
    above finds it in the registry, and the lesson data (TOML, not Python) names it."""
    found = [f"{path.relative_to(PKG.parent)}:{line}: {value!r}"
             for layer in ("teach", "classroom", "ui") for path in files_of(layer)
             for line, value in game_literals(path)]
    found += [f"{path.relative_to(PKG.parent)}:{line}: {value!r}"
              for path in sorted(PKG.glob("*.py")) for line, value in game_literals(path)]
    assert found == []


def test_the_literal_checker_sees_a_literal(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""55 in a docstring is fine."""\nGAME = "56"\n', encoding="utf-8")
    assert game_literals(sample) == [(2, "56")]


def per_game(module: str) -> str | None:
    """The game package a module belongs to (``tutor.teach.g56.guided`` -> ``g56``), if any."""
    parts = module.split(".")
    return next((p for p in parts[1:] if p.startswith("g") and p[1:].isdigit()), None)


def test_generic_modules_import_no_game_package():
    """Above the games layer, code for one game lives in that game's package (``teach/g55``,
    ``ui/g56``...); a generic module asks the registry and the registered parts, and only a
    package's ``__init__`` imports the game packages (to register them)."""
    found = []
    for layer in ("teach", "classroom", "ui"):
        for path in files_of(layer):
            module = ".".join(path.relative_to(PKG.parent).with_suffix("").parts)
            if per_game(module) or path.name == "__init__.py":
                continue
            found += [f"{module}:{line} imports {name}" for name, line in imports_of(path)
                      if name and name.startswith("tutor.") and per_game(name)]
    assert found == []
