"""Small modules with one concern: none over 400 lines, no function over 60."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


def too_long(path: Path) -> list[str]:
    """The module (by path) and its functions (path:Qualified.name) that are too long."""
    relative = path.relative_to(ROOT).as_posix()
    text = path.read_text(encoding="utf-8")
    found = [relative] if len(text.splitlines()) > MAX_MODULE_LINES else []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    assert child.end_lineno is not None
                    if child.end_lineno - child.lineno + 1 > MAX_FUNCTION_LINES:
                        found.append(f"{relative}:{name}")
                visit(child, f"{name}.")

    visit(ast.parse(text), "")
    return found


def test_modules_and_functions_stay_small():
    offenders = [
        entry
        for folder in ("core", "app")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for entry in too_long(path)
    ]
    assert not offenders, f"split these (about {MAX_MODULE_LINES} / {MAX_FUNCTION_LINES} lines)"


def test_the_check_finds_a_long_function(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    module = tmp_path / "m.py"
    module.write_text("class A:\n    def f(self):\n" + "        x = 1\n" * 70)
    assert too_long(module) == ["m.py:A.f"]
