"""Build the one-folder bundle, check what it needs from the system, and archive it.

    python scripts/build_bundle.py [--out dist] [--max-glibc 2.34] [--max-macos 13.0]

Needs PyInstaller (``pip install -e '.[bundle]'``). Makes, under ``--out`` (``dist/``):

- Linux: ``attention-heads/`` and ``attention-heads-<version>-linux-<cpu>.tar.gz``
- Windows: ``attention-heads/`` (``attention-heads.exe`` opens the window,
  ``attention-heads-cli.exe`` is the command line) and ``...-windows-<cpu>.zip``
- macOS: ``Attention Heads.app`` and ``...-macos-<cpu>.zip``

and prints the build time, the folder's and the archive's size, and the oldest system
the bundle runs on (the newest glibc symbol, or the newest macOS its binaries ask for).
``--max-glibc`` and ``--max-macos`` make the build fail when the bundle would need more.
To sign the programs before they are archived: ``--no-archive``, sign, ``--archive-only``.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "packaging" / "attention-heads.spec"
NAME = "attention-heads"
MACOS_APP = "Attention Heads.app"
MIB = 1024 * 1024


def _version() -> str:
    sys.path.insert(0, str(ROOT))
    from app.version import app_version

    return app_version()


def system_name() -> str:
    return {"win32": "windows", "darwin": "macos"}.get(
        sys.platform, sys.platform.rstrip("0123456789")
    )


def machine() -> str:
    cpu = platform.machine().lower()
    return {"amd64": "x86_64", "aarch64": "arm64"}.get(cpu, cpu)


def build(out: Path, work: Path) -> None:
    """Run PyInstaller on the spec: the bundle (a folder, or the .app on macOS) in ``out``."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        sys.exit("PyInstaller is missing: pip install -e '.[bundle]'")
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(out),
        "--workpath",
        str(work),
        str(SPEC),
    ]
    subprocess.run(command, check=True, cwd=ROOT)


def strip_python(bundle: Path) -> None:
    """Drop the debugging symbols of Python's own library (a Python built from source keeps
    them: 23 MiB instead of 5). Only that one: stripping libraries that a wheel patched
    (NumPy's OpenBLAS) leaves them unloadable."""
    if shutil.which("strip") is None:
        return
    for library in bundle.rglob("libpython3*.so*"):
        if library.is_file() and not library.is_symlink():
            subprocess.run(["strip", "--strip-unneeded", str(library)], check=True)


def folder_size(folder: Path) -> int:
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def _elf_files(folder: Path):
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as handle:
                if handle.read(4) == b"\x7fELF":
                    yield path


def glibc_needed(folder: Path) -> tuple[tuple[int, ...], str]:
    """The newest glibc symbol version any binary of ``folder`` asks for, and which."""
    newest: tuple[tuple[int, ...], str] = ((0,), "")
    for path in _elf_files(folder):
        listing = subprocess.run(
            ["objdump", "-T", str(path)], capture_output=True, text=True, check=False
        ).stdout
        for found in set(re.findall(r"GLIBC_(\d+(?:\.\d+)+)", listing)):
            level = tuple(int(p) for p in found.split("."))
            if level > newest[0]:
                newest = (level, str(path.relative_to(folder)))
    return newest


#: ``otool -l``: LC_BUILD_VERSION says "minos 13.0"; the older LC_VERSION_MIN_MACOSX
#: says "version 10.13" two lines below its name.
_MACOS_MINIMUM = re.compile(r"(?:minos|LC_VERSION_MIN_MACOSX.*\n.*\n\s*version) (\d+(?:\.\d+)*)")


def macos_needed(app: Path) -> tuple[tuple[int, ...], str]:
    """The newest macOS version any Mach-O binary of ``app`` asks for (``otool -l``)."""
    newest: tuple[tuple[int, ...], str] = ((0,), "")
    for path in app.rglob("*"):
        if not path.is_file() or path.is_symlink():
            continue
        with path.open("rb") as handle:
            magic = handle.read(4)
        if magic not in (b"\xcf\xfa\xed\xfe", b"\xca\xfe\xba\xbe", b"\xce\xfa\xed\xfe"):
            continue
        listing = subprocess.run(
            ["otool", "-l", str(path)], capture_output=True, text=True, check=False
        ).stdout
        for found in re.findall(_MACOS_MINIMUM, listing):
            level = tuple(int(p) for p in found.split("."))
            if level > newest[0]:
                newest = (level, str(path.relative_to(app)))
    return newest


def archive(bundle: Path, out: Path, version: str) -> Path:
    """The download: a .tar.gz on Linux (keeps permissions), a .zip elsewhere."""
    stem = f"{NAME}-{version}-{system_name()}-{machine()}"
    if sys.platform == "darwin":
        target = out / f"{stem}.zip"
        # ditto keeps the .app's symbolic links and attributes, which zipfile does not.
        subprocess.run(["ditto", "-c", "-k", "--keepParent", str(bundle), str(target)], check=True)
    elif sys.platform == "win32":
        target = out / f"{stem}.zip"
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zipped:
            for path in sorted(bundle.rglob("*")):
                zipped.write(path, path.relative_to(bundle.parent))
    else:
        target = out / f"{stem}.tar.gz"
        with tarfile.open(target, "w:gz", compresslevel=6) as tarred:
            tarred.add(bundle, arcname=bundle.name)
    return target


def _level(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in text.split("."))


def _dotted(level: tuple[int, ...]) -> str:
    return ".".join(str(p) for p in level)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where the bundle goes")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller")
    parser.add_argument("--max-glibc", type=_level, help="fail if the bundle needs a newer glibc")
    parser.add_argument("--max-macos", type=_level, help="fail if it needs a newer macOS")
    parser.add_argument("--no-archive", action="store_true", help="only the folder")
    parser.add_argument(
        "--archive-only",
        action="store_true",
        help="archive the folder built before (after signing it, say), without a new build",
    )
    args = parser.parse_args(argv)

    started = time.perf_counter()
    out = args.out.resolve()
    bundle = out / (MACOS_APP if sys.platform == "darwin" else NAME)
    if args.archive_only:
        if not bundle.is_dir():
            sys.exit(f"nothing to archive: {bundle} is missing")
    else:
        shutil.rmtree(bundle, ignore_errors=True)
        shutil.rmtree(out / NAME, ignore_errors=True)
        build(out, args.work.resolve())
        if sys.platform.startswith("linux"):
            strip_python(bundle)
    built = "" if args.archive_only else f"built in {time.perf_counter() - started:.1f} s, "
    print(f"bundle:  {bundle}")
    print(f"{built}{folder_size(bundle) / MIB:.1f} MiB")
    failed = False
    if sys.platform.startswith("linux"):
        level, where = glibc_needed(bundle)
        print(f"needs glibc {_dotted(level)} or newer (the newest symbol is in {where})")
        failed = args.max_glibc is not None and level > args.max_glibc
    elif sys.platform == "darwin":
        level, where = macos_needed(bundle)
        print(f"needs macOS {_dotted(level)} or newer (asked for by {where})")
        failed = args.max_macos is not None and level > args.max_macos
    if failed:
        print("error: that is newer than allowed", file=sys.stderr)
        return 1
    if not args.no_archive:
        target = archive(bundle, out, _version())
        total = time.perf_counter() - started
        print(f"archive: {target} ({os.path.getsize(target) / MIB:.1f} MiB), {total:.1f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
