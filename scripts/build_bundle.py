"""Build the one-folder bundle, check what it needs from the system, and archive it.

    python scripts/build_bundle.py [--out dist] [--max-glibc 2.34] [--max-macos 13.0]

Needs PyInstaller (``pip install -e '.[bundle]'``). Makes, under ``--out`` (``dist/``):

- Linux: ``attention-heads/`` and ``attention-heads-<version>-linux-<cpu>.tar.gz``
- Windows: ``attention-heads/`` (``attention-heads.exe`` opens the window,
  ``attention-heads-cli.exe`` is the command line) and ``...-windows-<cpu>.zip``
- macOS: ``Attention Heads.app`` and ``...-macos-<cpu>.zip``

with the third-party notice (``THIRD-PARTY-NOTICES.txt``: every bundled distribution's
name, version, licence and licence text, from the installed metadata; beside the
program, in the macOS app under ``Contents/Resources``), and prints the build time, the
folder's and the archive's size, and the oldest system the bundle runs on (the newest
glibc symbol, or the newest macOS its binaries ask for). On macOS it also checks the
app's ``Info.plist``: a Dock icon and a menu bar (not background-only), and its icon.
``--max-glibc`` and ``--max-macos`` make the build fail when the bundle would need more.
To sign the programs before they are archived: ``--no-archive``, sign, ``--archive-only``.
"""

from __future__ import annotations

import argparse
import os
import platform
import plistlib
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


sys.path.insert(0, str(ROOT))  # this checkout's app/: its version, its notice


def _version() -> str:
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


def notice_place(bundle: Path) -> Path:
    """Where a bundle keeps its third-party notice (where ``app.notices`` looks)."""
    from app.notices import NOTICE_NAME

    if sys.platform == "darwin":
        return bundle / "Contents" / "Resources" / NOTICE_NAME
    return bundle / NOTICE_NAME


def write_notice(bundle: Path) -> Path:
    """The third-party notice, from this environment's metadata: what was bundled, and
    PyInstaller, whose start-up program every bundle carries."""
    from app.notices import notice_text

    path = notice_place(bundle)
    path.write_text(notice_text(alone=("pyinstaller",)), encoding="utf-8")
    return path


#: The macOS app's identity, as the spec sets it.
MACOS_BUNDLE_ID = "io.github.attention-heads.AttentionHeads"


def plist_problems(plist: dict, app: Path | None = None) -> list[str]:
    """What in a macOS app's Info.plist would keep it from being an ordinary app, with
    its icon in the Dock and its menu bar (and, given ``app``, the icon file there)."""
    problems = []
    if plist.get("LSBackgroundOnly"):
        problems.append("LSBackgroundOnly is set: no Dock icon, no menu bar, no window in front")
    if plist.get("LSUIElement"):
        problems.append("LSUIElement is set: an agent app, with no Dock icon and no menu bar")
    if plist.get("CFBundlePackageType") != "APPL":
        problems.append(f"CFBundlePackageType is {plist.get('CFBundlePackageType')!r}, not APPL")
    if plist.get("CFBundleIdentifier") != MACOS_BUNDLE_ID:
        problems.append(f"CFBundleIdentifier is {plist.get('CFBundleIdentifier')!r}")
    icon = plist.get("CFBundleIconFile")
    if not icon or not str(icon).endswith(".icns"):
        problems.append(f"CFBundleIconFile is {icon!r}: the app would show the generic icon")
    elif app is not None and not (app / "Contents" / "Resources" / icon).is_file():
        problems.append(f"the icon {icon} is not in Contents/Resources")
    return problems


def app_problems(app: Path) -> list[str]:
    """``plist_problems`` of a built macOS app."""
    with open(app / "Contents" / "Info.plist", "rb") as handle:
        return plist_problems(plistlib.load(handle), app)


def reseal(app: Path) -> None:
    """Sign the macOS app again (ad hoc, as PyInstaller did) after the notice was added:
    PyInstaller sealed the app's files, and a file added after that breaks the seal
    (macOS then calls the app damaged). A Developer ID signature, when there is one,
    comes later and replaces this one."""
    subprocess.run(["codesign", "--force", "--deep", "--sign", "-", str(app)], check=True)
    verify = ["codesign", "--verify", "--all-architectures", "--deep", "--strict", str(app)]
    subprocess.run(verify, check=True)


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
        print(f"notice:  {write_notice(bundle)}")
        if sys.platform == "darwin":
            reseal(bundle)
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
        for problem in app_problems(bundle):
            print(f"error: Info.plist: {problem}", file=sys.stderr)
            failed = True
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
