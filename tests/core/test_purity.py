"""core/ must stay free of Qt, pyqtgraph and the app package."""

import subprocess
import sys


def test_importing_core_loads_no_qt():
    code = (
        "import sys, core; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', "
        "'pyqtgraph', 'app')]; print(bad)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
