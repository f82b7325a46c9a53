"""Before Qt tries X11: name the system libraries that are missing, and how to get them.

Qt's own message on a bare machine ("could not load the Qt platform plugin xcb")
names one library at most, and not always the one that is missing. This check tries
each library the X11 plugin links against and prints the one ``apt-get`` command that
installs every missing one. No Qt is imported here.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable

#: The libraries Qt's X11 plugin (libqxcb, libQt6XcbQpa) needs from the system, with
#: the Debian and Ubuntu packages that provide them. The Qt libraries themselves come
#: with PySide6; the GL, font and GLib libraries are needed by QtGui already, so a
#: machine without them fails earlier, on import.
X11_LIBRARIES: dict[str, str] = {
    "libxcb.so.1": "libxcb1",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
}

#: Exit code when no window can be opened.
NO_DISPLAY_EXIT = 1


def _loads(name: str) -> bool:
    try:
        ctypes.CDLL(name)
    except OSError:
        return False
    return True


#: Systems whose Qt draws through X11 (or Wayland); Windows and macOS have their own
#: window systems and no X11 libraries to look for.
X11_SYSTEMS = ("linux", "freebsd", "openbsd", "netbsd", "dragonfly", "sunos")


def uses_x11(environ: dict[str, str] | None = None) -> bool:
    """Whether Qt will pick its X11 plugin (as it decides: the variable, else the session).

    Never on Windows or macOS, whatever the variables say.
    """
    if not sys.platform.startswith(X11_SYSTEMS):
        return False
    env = os.environ if environ is None else environ
    platform = env.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip()
    if platform:
        return platform == "xcb"
    return not (env.get("XDG_SESSION_TYPE") == "wayland" and env.get("WAYLAND_DISPLAY"))


def missing_x11_libraries(loads: Callable[[str], bool] = _loads) -> list[str]:
    """The libraries of ``X11_LIBRARIES`` that cannot be loaded, in that order."""
    return [name for name in X11_LIBRARIES if not loads(name)]


def install_command(missing: list[str]) -> str:
    """The one command that installs the packages of the ``missing`` libraries."""
    packages = dict.fromkeys(X11_LIBRARIES[name] for name in missing)
    return "sudo apt-get install " + " ".join(packages)


def x11_problem(
    environ: dict[str, str] | None = None, loads: Callable[[str], bool] = _loads
) -> str | None:
    """A message for the person at the terminal if X11 libraries are missing, else None."""
    if not uses_x11(environ):
        return None
    missing = missing_x11_libraries(loads)
    if not missing:
        return None
    return (
        "attention-heads: cannot open a window: these X11 libraries are missing: "
        f"{', '.join(missing)}\n"
        "On Debian or Ubuntu, install them with:\n"
        f"    {install_command(missing)}\n"
        "(Pictures and tables work without them: --screenshot, --export, table, presets.)"
    )
