"""Draw the README's picture from the real program: ``docs/screenshot.png``.

    python scripts/make_screenshot.py [--out PATH]

It runs the program as a user would (``attention-heads --screenshot``, here
``python -m app`` from this checkout) on Qt's offscreen screen: 1280 x 800, in English,
on the lesson's sentence with the induction head and the query "cat" (7), with a
settings folder of its own (nothing this machine remembers shows), on a virtual
1920 x 1080 screen at 96 dpi. It prints the file it wrote.

``tests/test_screenshot.py`` draws the same way and fails when the committed picture no
longer matches the window: after changing the window, run this script and commit the
picture.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PICTURE = ROOT / "docs" / "screenshot.png"
#: What the picture shows: the window's size, its language and the lesson's state.
ARGUMENTS = (
    "--size",
    "1600x900",
    "--language",
    "en",
    "--head",
    "induction",
    "--query",
    "7",
)
#: Qt's offscreen screen: as large as a common monitor, at the usual 96 dpi.
SCREEN = {
    "screens": [
        {
            "name": "virtual",
            "x": 0,
            "y": 0,
            "width": 1920,
            "height": 1080,
            "logicalDpi": 96,
            "logicalBaseDpi": 96,
            "dpr": 1,
        }
    ]
}
#: Variables of the desktop that would change the picture (theme, scale, style).
DESKTOP_VARIABLES = ("QT_SCALE_FACTOR", "QT_SCREEN_SCALE_FACTORS", "QT_STYLE_OVERRIDE")


def render(path: Path) -> subprocess.CompletedProcess:
    """Draw the window into ``path`` (PNG); the finished process, for its exit code."""
    with tempfile.TemporaryDirectory(prefix="ah-picture-") as folder:
        screen = Path(folder) / "screen.json"
        screen.write_text(json.dumps(SCREEN), encoding="utf-8")
        env = {k: v for k, v in os.environ.items() if k not in DESKTOP_VARIABLES}
        env.update(
            QT_QPA_PLATFORM=f"offscreen:configfile={screen}",
            XDG_CONFIG_HOME=str(Path(folder) / "config"),
            XDG_STATE_HOME=str(Path(folder) / "state"),
            PYTHONPATH=str(ROOT),
        )
        command = [sys.executable, "-m", "app", "--screenshot", str(path), *ARGUMENTS]
        return subprocess.run(
            command, cwd=folder, env=env, capture_output=True, text=True, timeout=300
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=PICTURE, help="where the PNG goes")
    args = parser.parse_args(argv)
    out = args.out.resolve()
    result = render(out)
    if result.returncode != 0:
        print(result.stderr, end="", file=sys.stderr)
        return result.returncode
    shown = out.relative_to(ROOT) if out.is_relative_to(ROOT) else out
    print(f"wrote {shown} ({out.stat().st_size:,} bytes): attention-heads {' '.join(ARGUMENTS)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
