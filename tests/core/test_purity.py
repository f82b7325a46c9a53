"""core/ must stay free of Qt, pyqtgraph and the app package."""

import pkgutil
import subprocess
import sys
from pathlib import Path

import core


def _all_core_modules() -> list[str]:
    """Every module under core/, found on disk so that a new one is checked too."""
    root = Path(core.__file__).parent
    return ["core"] + [info.name for info in pkgutil.walk_packages([str(root)], prefix="core.")]


def test_the_module_list_covers_the_subpackages():
    modules = _all_core_modules()
    assert {"core.learned", "core.steps", "core.induction_story", "core.table"} <= set(modules)


def test_importing_every_core_module_loads_no_qt():
    code = (
        "import importlib, sys\n"
        f"for name in {_all_core_modules()!r}: importlib.import_module(name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', "
        "'pyqtgraph', 'app')]; print(bad)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
