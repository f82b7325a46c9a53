"""Refresh the translation sources from the code, then compile them for the program.

``python scripts/update_translations.py`` runs ``pyside6-lupdate`` over every
module of ``app/`` (new strings arrive as unfinished entries in
``resources/i18n/attention_heads_<code>.ts``, strings no longer used are
dropped) and ``pyside6-lrelease`` to write the ``.qm`` files the program loads.
``--release-only`` skips the first step. Both tools come with PySide6.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "resources" / "i18n"
CATALOGUE = "attention_heads"


def tool(name: str) -> str:
    """The PySide6 tool ``name``, next to the running Python or on the PATH."""
    beside = Path(sys.executable).with_name(f"pyside6-{name}")
    found = str(beside) if beside.exists() else shutil.which(f"pyside6-{name}")
    if found is None:
        raise SystemExit(f"pyside6-{name} not found; install PySide6-Essentials")
    return found


def sources() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "app").rglob("*.py"))


def translation_files() -> list[Path]:
    return sorted(I18N.glob(f"{CATALOGUE}_*.ts"))


def update(ts_files: list[Path]) -> None:
    command = [tool("lupdate"), "-no-obsolete", "-locations", "none", "-silent", *sources()]
    subprocess.run([*command, "-ts", *map(str, ts_files)], cwd=ROOT, check=True)


def release(ts: Path, qm: Path) -> None:
    subprocess.run(
        [tool("lrelease"), "-silent", "-nounfinished", str(ts), "-qm", str(qm)], check=True
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--release-only", action="store_true", help="only compile the .ts files")
    parser.add_argument("--new", metavar="CODE", help="start a translation for language CODE")
    args = parser.parse_args(argv)
    files = translation_files()
    if args.new:
        files.append(I18N / f"{CATALOGUE}_{args.new}.ts")
    if not args.release_only:
        update(files)
    for ts in files:
        release(ts, ts.with_suffix(".qm"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
