"""Walk the running program on a real accessibility bus, as a screen reader would.

    python3 scripts/check_screen_reader.py

Needs Debian's ``xvfb``, ``at-spi2-core``, ``python3-pyatspi`` and ``dbus`` (run it with
the system ``python3``, which has pyatspi); it always starts a D-Bus session of its own.
The program runs under Xvfb with Qt's AT-SPI bridge switched on, from ``.venv/bin/python``
unless ``--app`` names another command. It checks what a blind learner needs:

1. every token is a list item (word, position, weight; the query selected), and
   pressing one through the Action interface makes it the query;
2. the readout's sentence is its name, and a change is announced on the bus;
3. the heatmap is a table whose cells carry their row, column, headers and weight;
4. the head buttons (and the themes) are radio buttons with their key;
5. the mini maps are focusable buttons that select their head, the tab list has its own
   name, and no node is of unknown role or interactive without a name.

It prints one line per check and exits with 0 when all pass, 1 otherwise, and 2 when
something it needs is missing.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUS_LAUNCHER = Path("/usr/libexec/at-spi-bus-launcher")
#: Set in the private D-Bus session the script starts for itself.
OWN_SESSION = "ATTENTION_HEADS_A11Y_SESSION"
INTERACTIVE_ROLES = {
    "push button",
    "radio button",
    "check box",
    "page tab",
    "list item",
    "table cell",
    "toggle button",
    "menu item",
    "combo box",
    "slider",
    "text",
}


def missing_tools() -> list[str]:
    missing = [tool for tool in ("Xvfb", "dbus-run-session") if shutil.which(tool) is None]
    if not BUS_LAUNCHER.exists():
        missing.append("at-spi2-core")
    try:
        import pyatspi  # noqa: F401
    except ImportError:
        missing.append("python3-pyatspi")
    return missing


# -- the bus, the display and the program --------------------------------------------------


def start_display() -> tuple[subprocess.Popen, str]:
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x900x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    return xvfb, f":{number}"


def start_program(command: list[str], display: str, config: str) -> subprocess.Popen:
    env = {
        **os.environ,
        "DISPLAY": display,
        "QT_QPA_PLATFORM": "xcb",
        "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",  # the bridge, without a screen reader
        "XDG_CONFIG_HOME": config,
        "XDG_STATE_HOME": str(Path(config) / "state"),  # the program's log file, in the temp folder
    }
    return subprocess.Popen(command, env=env, cwd=ROOT, stderr=subprocess.DEVNULL)


# -- walking the tree -------------------------------------------------------------------


def pump(seconds: float) -> None:
    """Let events arrive (pyatspi delivers them from GLib's main loop)."""
    from gi.repository import GLib

    context, end = GLib.MainContext.default(), time.monotonic() + seconds
    while time.monotonic() < end:
        if not context.iteration(False):
            time.sleep(0.02)


def wait_for(find: Callable[[], object], seconds: float = 30) -> object:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = find()
        if found:
            return found
        pump(0.2)
    return None


def walk(node, depth: int = 0) -> Iterator:
    yield node
    if depth < 30:
        for child in node:
            if child is not None:
                yield from walk(child, depth + 1)


def find(root, role: str, name: str | None = None, starts: str | None = None):
    for node in walk(root):
        wanted = name is None or node.name == name
        if node.getRoleName() == role and wanted and node.name.startswith(starts or ""):
            return node
    return None


def is_program(app) -> bool:
    """Whether an application on the bus is ours: its window's title, not its name on
    the bus (Qt gives the bus the application's name, "attention-heads")."""
    try:
        return any(child.name == "Attention Heads" for child in app)
    except Exception:  # an application that went while we looked
        return False


def find_named(root, name: str):
    return next((node for node in walk(root) if node.name == name), None)


def press(node) -> None:
    action = node.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    action.doAction(names.index("Press"))
    pump(0.8)


def states(node) -> set[str]:
    import pyatspi

    names = {
        pyatspi.STATE_SELECTED: "selected",
        pyatspi.STATE_CHECKED: "checked",
        pyatspi.STATE_FOCUSABLE: "focusable",
        pyatspi.STATE_SHOWING: "showing",
    }
    held = node.getState()
    return {label for state, label in names.items() if held.contains(state)}


class Checks:
    """Collects one line per check; ``failed`` counts the ones that did not hold."""

    def __init__(self) -> None:
        self.failed = 0

    def __call__(self, ok: bool, what: str, seen: object = "") -> None:
        self.failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {what}" + ("" if ok else f"  (saw {seen!r})"))


def check_tokens_and_readout(app, ok: Checks, heard: list[tuple[str, str]]) -> None:
    tokens = find(app, "list", "Sentence tokens")
    ok(tokens is not None and tokens.childCount == 10, "1 tokens: a list of 10 items")
    names = [item.name for item in tokens]
    ok(names[2] == "chased (2), 92%", "1 a token names word, position and weight", names[2])
    ok(
        [i for i, item in enumerate(tokens) if "selected" in states(item)] == [7],
        "1 the query token (7) is the one selected",
    )
    readout = find(app, "label", starts="cat (7) looks most at")
    ok(readout is not None, "2 the readout's sentence is its name")
    heard.clear()
    press(tokens[2])
    ok(
        "selected" in states(tokens[2]) and "selected" not in states(tokens[7]),
        "1 pressing token 2 through the Action interface makes it the query",
    )
    ok(readout.name.startswith("chased (2) looks most at"), "2 the readout follows", readout.name)
    said = [text for kind, text in heard if text.startswith("chased (2) looks most at")]
    ok(bool(said), "2 the new sentence is announced on the bus", heard[-6:])


def check_heatmap(app, ok: Checks) -> None:
    table = find(app, "table", "Attention weights heatmap")
    ok(table is not None and table.childCount == 10 + 10 * 11, "3 the heatmap is a table node")
    cell = table[10 + 7 * 11 + 3]
    ok(
        cell.getRoleName() == "table cell" and cell.name == "query cat 7, key chased 2: 0.92",
        "3 a cell names its weight",
        (cell.getRoleName(), cell.name),
    )
    position = cell.queryTableCell()
    row, column = position.position[-2:]  # pyatspi gives (found, row, column)
    ok((row, column) == (7, 2), "3 the cell knows its row and column", (row, column))
    headers = [h.name for h in position.get_rowHeaderCells()] + [
        h.name for h in position.get_columnHeaderCells()
    ]
    ok(headers == ["query cat (7)", "key chased (2)"], "3 and its header cells", headers)
    masked = table[10 + 2 * 11 + 6]
    masked_name = "query chased 2, key . 5: hidden by the mask"
    ok(masked.name == masked_name, "3 masked cells say so", masked.name)


def check_choices_and_frame(app, ok: Checks) -> None:
    heads = [n for n in walk(app) if n.getRoleName() == "radio button" and "head, key" in n.name]
    ok(len(heads) == 5, "4 five head radio buttons with their key", [h.name for h in heads])
    binding = heads[2].queryAction().getKeyBinding(0)
    ok(binding == "3", "4 the third head's key binding is 3", binding)
    press(heads[2])
    ok("checked" in states(heads[2]), "4 pressing it checks it")
    themes = [
        n.name
        for n in walk(app)
        if n.getRoleName() == "radio button" and "head" not in n.name and "preset" not in n.name
    ]
    ok({"Light", "Dark"} <= set(themes), "4 themes are radio buttons", themes)

    broad = find(app, "push button", starts="Broad head, small map")
    ok(broad is not None and "focusable" in states(broad), "5 mini maps are focusable buttons")
    press(broad)
    ok(heads[4] is not None and "checked" in states(heads[4]), "5 pressing a map selects it")
    ok(
        broad.description.startswith("Selected. Every token spreads"),
        "5 the selected map keeps its summary",
        broad.description,
    )
    tabs = find(app, "page tab list")
    ok(
        tabs is not None and tabs.name == "Side panel pages",
        "5 the tab list has its own name",
        tabs and tabs.name,
    )
    unknown = [n.name for n in walk(app) if n.getRoleName() == "unknown"]
    ok(not unknown, "5 no node of unknown role", unknown)
    unnamed = [
        n.getRoleName()
        for n in walk(app)
        if n.getRoleName() in INTERACTIVE_ROLES and "showing" in states(n) and not n.name.strip()
    ]
    ok(not unnamed, "5 every interactive node on screen has a name", unnamed)


def check_side_pages(app, ok: Checks) -> None:
    tabs = find(app, "page tab list")
    steps = next((t for t in tabs if t.name == "Steps"), None)
    press(steps)
    picture = wait_for(lambda: find(app, "image", "Scores, masked scores and weights"), 5)
    lines = [line.name for line in picture] if picture else []
    ok(
        len(lines) == 3 and lines[2].startswith("Weights, query chased (2)"),
        "side pages: the steps read as lines with their numbers",
        lines[-1:] or lines,
    )


def check(app, heard: list[tuple[str, str]]) -> int:
    """Run every group of checks; a group that breaks off counts as one more failure."""
    ok = Checks()
    groups = (
        lambda: check_tokens_and_readout(app, ok, heard),
        lambda: check_heatmap(app, ok),
        lambda: check_choices_and_frame(app, ok),
        lambda: check_side_pages(app, ok),
    )
    for group in groups:
        try:
            group()
        except Exception as error:  # a missing node: report it, go on with the next group
            ok(False, "a group of checks broke off", f"{type(error).__name__}: {error}")
    return ok.failed


def quits_cleanly(app, program: subprocess.Popen) -> bool:
    """File > Quit through the Action interface: the program must end with exit code 0
    (our accessible items are released before Qt's own teardown)."""
    quit_item = find(app, "menu item", "Quit")
    if quit_item is not None:
        # The program may be gone before the reply arrives.
        with contextlib.suppress(Exception):
            press(quit_item)
    try:
        code = program.wait(20)
    except subprocess.TimeoutExpired:
        code = None
    ok = code == 0
    print(
        f"{'ok  ' if ok else 'FAIL'} File > Quit ends the program with exit code 0"
        + ("" if ok else f"  (saw {code!r})")
    )
    return ok


def run(command: list[str]) -> int:
    import pyatspi

    xvfb, display = start_display()
    launcher = subprocess.Popen(
        [str(BUS_LAUNCHER), "--launch-immediately"], stderr=subprocess.DEVNULL
    )
    config = tempfile.mkdtemp(prefix="attention-heads-a11y-")
    program = None
    try:
        time.sleep(0.5)
        heard: list[tuple[str, str]] = []

        def listen(event) -> None:
            text = event.any_data if isinstance(event.any_data, str) else event.source.name
            heard.append((event.type, text or ""))

        pyatspi.Registry.registerEventListener(
            listen, "object:announcement", "object:property-change:accessible-name"
        )
        program = start_program(command, display, config)
        desktop = pyatspi.Registry.getDesktop(0)
        app = wait_for(lambda: next((a for a in desktop if a and is_program(a)), None))
        heatmap = "Attention weights heatmap"  # built just after the first paint
        if app is None or not wait_for(lambda: find_named(app, heatmap)):
            seen = [a.name for a in desktop if a]
            print(f"FAIL the program did not appear on the accessibility bus (saw {seen})")
            return 1
        failed = check(app, heard)
        failed += not quits_cleanly(app, program)
        kinds = sorted({kind for kind, _text in heard})
        print("events heard: " + ", ".join(kinds))
        print("all checks passed" if not failed else f"{failed} checks failed")
        return 1 if failed else 0
    finally:
        for process in (program, launcher, xvfb):
            if process is not None:
                process.terminate()
                process.wait(10)
        shutil.rmtree(config, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--app", help="shell command that starts the program")
    args = parser.parse_args()
    missing = missing_tools()
    if missing:
        print("missing: " + ", ".join(missing) + " (install them from Debian)", file=sys.stderr)
        return 2
    if os.environ.get(OWN_SESSION) != "1":  # a bus of our own, never the desktop's
        env = {**os.environ, OWN_SESSION: "1"}
        return subprocess.call(["dbus-run-session", "--", sys.executable, *sys.argv], env=env)
    venv = ROOT / ".venv" / "bin" / "python"
    default = [str(venv) if venv.exists() else "python3", "-m", "app"]
    command = ["sh", "-c", args.app] if args.app else default
    return run(command)


if __name__ == "__main__":
    sys.exit(main())
