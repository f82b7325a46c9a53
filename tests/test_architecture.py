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
