"""The bundle's recipe, read without building: what PyInstaller is asked for on each system.

``packaging/attention-heads.spec`` runs here with stand-ins for PyInstaller's classes
(which record what they are given), once as on Linux, Windows and macOS. The Info.plist
is then made as PyInstaller 6 makes it: its keys, ``LSBackgroundOnly`` when the program
is a console program, then the spec's own keys over them.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "packaging" / "attention-heads.spec"
sys.path.insert(0, str(ROOT / "scripts"))
import build_bundle  # noqa: E402  (scripts/build_bundle.py)


class Recorded:
    """A PyInstaller build step: remembers its arguments."""

    made: list[Recorded] = []

    def __init__(self, *args, **kwargs) -> None:
        self.args, self.kwargs = args, kwargs
        self.binaries, self.datas, self.scripts, self.pure = [], [], [], []
        Recorded.made.append(self)


def steps(kind: str) -> list:
    return [made for made in Recorded.made if type(made).__name__ == kind]


def pyinstaller_plist(bundle: Recorded, exe: Recorded) -> dict:
    """Info.plist as PyInstaller's BUNDLE writes it (PyInstaller/building/osx.py)."""
    plist = {
        "CFBundleDisplayName": bundle.kwargs["name"].removesuffix(".app"),
        "CFBundleIdentifier": bundle.kwargs["bundle_identifier"],
        "CFBundleIconFile": Path(bundle.kwargs["icon"]).name,
        "CFBundlePackageType": "APPL",
        "CFBundleShortVersionString": bundle.kwargs["version"],
    }
    if exe.kwargs["console"]:
        plist["LSBackgroundOnly"] = True  # "Setting EXE console=True implies LSBackgroundOnly"
    plist.update(bundle.kwargs.get("info_plist") or {})
    return plist


@pytest.fixture
def run_spec(monkeypatch):
    """Run the spec as on ``platform``."""
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_data_files = lambda *a, **k: []
    hooks.copy_metadata = lambda *a, **k: []
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)

    def run(platform: str) -> None:
        Recorded.made = []
        monkeypatch.setattr(sys, "platform", platform)
        names = {
            kind: type(kind, (Recorded,), {})
            for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")
        }
        code = compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec")
        exec(code, {"SPECPATH": str(SPEC.parent), "__name__": "__main__", **names})

    return run


def test_the_macos_app_has_a_dock_icon_and_a_menu_bar(run_spec):
    run_spec("darwin")
    (exe,), (bundle,) = steps("EXE"), steps("BUNDLE")
    assert exe.kwargs["console"] is False
    plist = pyinstaller_plist(bundle, exe)
    assert build_bundle.plist_problems(plist) == []
    assert "LSUIElement" not in plist and plist["LSBackgroundOnly"] is False
    assert plist["CFBundleIconFile"] == "attention-heads.icns"
    assert Path(bundle.kwargs["icon"]) == ROOT / "packaging" / "attention-heads.icns"


def test_the_check_refuses_what_a_console_program_would_have_made(run_spec):
    run_spec("darwin")
    (exe,), (bundle,) = steps("EXE"), steps("BUNDLE")
    exe.kwargs["console"] = True
    bundle.kwargs["info_plist"] = {
        k: v for k, v in bundle.kwargs["info_plist"].items() if k != "LSBackgroundOnly"
    }
    problems = build_bundle.plist_problems(pyinstaller_plist(bundle, exe))
    assert len(problems) == 1 and "LSBackgroundOnly" in problems[0]
    assert build_bundle.plist_problems({"LSUIElement": True})[0].startswith("LSUIElement")


def test_windows_gets_a_window_program_and_a_console_one_with_the_icon(run_spec):
    run_spec("win32")
    programs = {exe.kwargs["name"]: exe.kwargs for exe in steps("EXE")}
    assert programs["attention-heads"]["console"] is False
    assert programs["attention-heads-cli"]["console"] is True
    for kwargs in programs.values():
        assert Path(kwargs["icon"]) == ROOT / "packaging" / "attention-heads.ico"
    assert steps("BUNDLE") == []


def test_linux_gets_one_console_program(run_spec):
    run_spec("linux")
    (exe,) = steps("EXE")
    assert exe.kwargs["console"] is True and exe.kwargs["icon"] is None
    assert steps("BUNDLE") == []


def test_an_app_whose_icon_is_missing_is_refused(tmp_path):
    app = tmp_path / "Attention Heads.app"
    (app / "Contents" / "Resources").mkdir(parents=True)
    plist = {
        "CFBundlePackageType": "APPL",
        "CFBundleIdentifier": build_bundle.MACOS_BUNDLE_ID,
        "CFBundleIconFile": "attention-heads.icns",
    }
    assert build_bundle.plist_problems(plist, app) == [
        "the icon attention-heads.icns is not in Contents/Resources"
    ]
    (app / "Contents" / "Resources" / "attention-heads.icns").write_bytes(b"icns")
    assert build_bundle.plist_problems(plist, app) == []
