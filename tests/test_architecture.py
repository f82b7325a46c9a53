"""The program's shape: pages draw what the controller publishes, they compute nothing."""

import ast
import importlib
import inspect
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PANELS = ROOT / "app" / "panels"

#: Functions of core/ a page may call: lookups, validation and wording, no results.
HELPERS = {
    "core.get_head",  # a head's name and summary
    "core.tokenize",  # checks a sentence the learner types before it reaches the state
    "core.causal_mask",  # which cells a picture hatches
    "core.focus",  # the readout's favourite keys, worded by app.text.wording
    "core.readout.focus",
    "core.table.position_label",  # a token as the axes name it, "cat 7"
}


def _core_names(path: Path) -> set[str]:
    """Every core name the module uses: ``from core.x import y`` and ``core.y``."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] == "core":
                names |= {f"{node.module}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Attribute) and getattr(node.value, "id", None) == "core":
            names.add(f"core.{node.attr}")
    return names


def _resolve(name: str) -> object:
    module, _, attr = name.rpartition(".")
    try:
        return getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError):
        return importlib.import_module(name)  # a submodule, imported by name


def computations_used(path: Path) -> set[str]:
    """The core functions ``path`` calls that are not in HELPERS."""
    found = set()
    for name in _core_names(path):
        value = _resolve(name)
        if inspect.isfunction(value) and name not in HELPERS:
            found.add(name)
    return found


def test_no_page_calls_a_core_computation():
    offenders = {}
    for path in sorted(PANELS.rglob("*.py")):
        used = computations_used(path)
        if used:
            offenders[path.relative_to(ROOT).as_posix()] = sorted(used)
    assert not offenders, (
        "pages draw published results; compute these in the controller "
        f"(app/model/page_results.py): {offenders}"
    )


def test_the_check_sees_both_import_forms(tmp_path):
    page = tmp_path / "page.py"
    page.write_text(
        "import core\nfrom core.steps import attention_steps\n"
        "x = core.head_weights\nlabel = core.get_head\n",
        encoding="utf-8",
    )
    assert computations_used(page) == {"core.steps.attention_steps", "core.head_weights"}


def window_imports(folder: Path) -> dict[str, set[str]]:
    """Which modules of ``folder`` (app/window) each one imports, type-only imports
    (under ``if TYPE_CHECKING:``) and imports inside functions included."""
    modules = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for module in modules:
        tree = ast.parse((folder / f"{module}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "app.window":
                named = {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                named = {node.module.removeprefix("app.window.").split(".")[0]}
            elif isinstance(node, ast.Import):
                named = {a.name.removeprefix("app.window.").split(".")[0] for a in node.names}
            else:
                continue
            edges[module] |= (named & modules) - {module}
    return edges


def import_circle(edges: dict[str, set[str]]) -> list[str]:
    """The modules of a circle, if the imports make one (else [])."""
    from graphlib import CycleError, TopologicalSorter

    try:
        tuple(TopologicalSorter(edges).static_order())
    except CycleError as error:
        return list(error.args[1])
    return []


def test_the_window_package_has_no_import_circle():
    """No module of app/window imports, even for its types only, one that imports it
    back: each helper names what it needs of the window as a protocol (roles.py)."""
    assert import_circle(window_imports(ROOT / "app" / "window")) == []


def test_the_circle_check_sees_a_type_only_import(tmp_path):
    for name in ("main_window", "spoken"):
        (tmp_path / f"{name}.py").write_text("", encoding="utf-8")
    (tmp_path / "main_window.py").write_text("from app.window.spoken import SpokenChanges\n")
    assert import_circle(window_imports(tmp_path)) == []
    (tmp_path / "spoken.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from app.window.main_window import MainWindow\n"
    )
    assert set(import_circle(window_imports(tmp_path))) == {"main_window", "spoken"}


#: The start-up code, which makes the window and hands it over (besides app/window).
START_UP = {"app/launch.py", "app/window_host.py", "app/main.py"}


def modules_naming_the_main_window(root: Path) -> list[str]:
    """Modules outside app/window and the start-up code that import ``MainWindow``
    (for its type only, too): they would take the whole window rather than name what
    they need of it as a protocol."""
    found = []
    for path in sorted((root / "app").rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if name.startswith("app/window/") or name in START_UP:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "app.window.main_window":
                found.append(name)
                break
    return found


def test_no_module_outside_the_window_takes_the_main_window():
    assert modules_naming_the_main_window(ROOT) == []


def test_the_main_window_check_sees_a_type_only_import(tmp_path):
    kiosk = tmp_path / "app" / "kiosk"
    kiosk.mkdir(parents=True)
    (kiosk / "touch.py").write_text(
        "if TYPE_CHECKING:\n    from app.window.main_window import MainWindow\n"
    )
    (tmp_path / "app" / "launch.py").write_text("from app.window.main_window import MainWindow\n")
    assert modules_naming_the_main_window(tmp_path) == ["app/kiosk/touch.py"]


#: The window composes and lays out; the jobs around it live in modules of their own.
MAIN_WINDOW_METHODS = 25


def own_methods(cls: type) -> list[str]:
    """The functions and properties ``cls`` and the classes of ours it mixes in define
    (Qt's classes left out)."""
    return [
        name
        for klass in cls.__mro__
        if klass.__module__.startswith("app.")
        for name, value in vars(klass).items()
        if inspect.isfunction(value) or isinstance(value, property)
    ]


def test_the_main_window_stays_small():
    from app.window.main_window import MainWindow

    methods = own_methods(MainWindow)
    assert len(methods) <= MAIN_WINDOW_METHODS, sorted(methods)
