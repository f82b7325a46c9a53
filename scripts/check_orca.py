"""Listen to the program through a real screen reader: Orca, speaking into a file.

    python3 scripts/check_orca.py [--language en|de|all] [--app COMMAND]

Needs Debian's ``orca``, ``speech-dispatcher``, ``xvfb``, ``xdotool``, ``dbus``,
``at-spi2-core`` and ``python3-pyatspi`` (run it with the system ``python3``). It starts
everything of its own: an X display (``Xvfb -displayfd``, so two checks never share
one), a D-Bus session with its accessibility bus, speech-dispatcher with an output
module that appends each utterance to a file instead of sounding it, Orca with a
preferences folder of its own, and the program (from ``.venv/bin/python`` unless
``--app`` names another command). Then it presses keys as a learner would (Tab round
the window, the head keys 1-5, M, Left / Right, the arrows in the heatmap, Enter, a
page key, Page Down for the tour, a new sentence) and checks what Orca said after each:
the head's name, the mask's state, the readout, the cell; that Down among the heads
and presenter mode on and off are said once; and that F1's list is read row by row.

It prints the transcript, one line per key with what was spoken, and exits 0 when every
check holds, 1 otherwise, and 2 when a tool it needs is missing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

# The display and the program on the bus are found as the pyatspi walk finds them.
from check_screen_reader import is_program, start_display

ROOT = Path(__file__).resolve().parents[1]
BUS_LAUNCHER = Path("/usr/libexec/at-spi-bus-launcher")
SPEECH_MODULES = Path("/usr/lib/speech-dispatcher-modules")
#: Set in the private D-Bus session the script starts for itself.
OWN_SESSION = "ATTENTION_HEADS_ORCA_SESSION"
TOOLS = ("Xvfb", "dbus-run-session", "orca", "speech-dispatcher", "xdotool")


def missing_tools() -> list[str]:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if not BUS_LAUNCHER.exists():
        missing.append("at-spi2-core")
    if not (SPEECH_MODULES / "sd_generic").exists():
        missing.append("speech-dispatcher (its generic module)")
    try:
        import pyatspi  # noqa: F401
    except ImportError:
        missing.append("python3-pyatspi")
    return missing


# -- the services ---------------------------------------------------------------------

SPEECHD_CONF = """\
LogLevel 2
LogDir "{log}"
DefaultModule recorder
AudioOutputMethod "alsa"
AudioALSADevice "null"
DefaultLanguage "en"
AddModule "recorder" "sd_generic" "recorder.conf"
"""
# The generic module runs this for every utterance; $DATA is the text, quoted by it.
RECORDER_CONF = """\
GenericExecuteSynth "printf '%s\\\\n' \\'$DATA\\' >> {spoken}"
GenericCmdDependency "sh"
GenericLanguage "en" "en" "utf-8"
GenericLanguage "de" "de" "utf-8"
AddVoice "en" "MALE1" "recorder"
AddVoice "de" "MALE1" "recorder"
DefaultVoice "recorder"
"""
# Orca's own preferences: speech on, through speech-dispatcher, no sounds or braille,
# and no "Welcome to Orca" tutorial messages between the words we listen for.
ORCA_SETTINGS = """\
{
    "general": {
        "enableSpeech": true,
        "speechServerFactory": "orca.speechdispatcherfactory",
        "speechServerInfo": ["Default Synthesizer", "default"],
        "enableBraille": false,
        "enableTutorialMessages": false,
        "enableMnemonicSpeaking": false,
        "enableSound": false,
        "onlySpeakDisplayedText": false,
        "verbalizePunctuationStyle": 3,
        "enableEchoByCharacter": false,
        "enableKeyEcho": false,
        "enablePauseBreaks": false,
        "profile": ["Default", "default"],
        "activeProfile": ["Default", "default"],
        "startingProfile": ["Default", "default"]
    },
    "keybindings": {},
    "profiles": {"default": {"profile": ["Default", "default"]}},
    "pronunciations": {}
}
"""


@dataclass
class Services:
    """Everything started for one language, stopped in reverse order."""

    folder: Path
    spoken: Path
    processes: list[subprocess.Popen]
    env: dict[str, str]

    def stop(self) -> None:
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(10)


def start_services(folder: Path) -> Services:
    """Xvfb, the accessibility bus, speech-dispatcher and Orca, all of our own."""
    spoken = folder / "spoken.txt"
    spoken.write_text("", encoding="utf-8")
    speech = folder / "speech"
    (speech / "modules").mkdir(parents=True)
    (folder / "log").mkdir()
    (speech / "speechd.conf").write_text(SPEECHD_CONF.format(log=folder / "log"))
    (speech / "modules" / "recorder.conf").write_text(RECORDER_CONF.format(spoken=spoken))
    orca_prefs = folder / "orca"
    orca_prefs.mkdir()
    (orca_prefs / "user-settings.conf").write_text(ORCA_SETTINGS)
    runtime = folder / "run"
    runtime.mkdir(mode=0o700)
    socket = folder / "speechd.sock"
    xvfb, display = start_display()
    env = {
        **os.environ,
        "DISPLAY": display,
        "XDG_RUNTIME_DIR": str(runtime),
        "XDG_CONFIG_HOME": str(folder / "config"),
        "XDG_DATA_HOME": str(folder / "data"),
        "XDG_STATE_HOME": str(folder / "state"),  # the program's log file
        "SPEECHD_ADDRESS": f"unix_socket:{socket}",
        "GTK_MODULES": "",
        "NO_AT_BRIDGE": "0",
        "LANG": "C.UTF-8",
        "LANGUAGE": "",
    }
    processes = [xvfb]
    launcher = subprocess.Popen(
        [str(BUS_LAUNCHER), "--launch-immediately"], env=env, stderr=subprocess.DEVNULL
    )
    processes.append(launcher)
    speechd = subprocess.Popen(
        ["speech-dispatcher", "--run-single", "--timeout", "0", "--config-dir", str(speech),
         "--module-dir", str(SPEECH_MODULES), "--communication-method", "unix_socket",
         "--socket-path", str(socket)],
        env=env, stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
    )  # fmt: skip
    processes.append(speechd)
    wait_until(socket.exists, 10)
    orca = subprocess.Popen(
        ["orca", "--replace", "--user-prefs", str(orca_prefs),
         "--debug-file", str(folder / "orca-debug.txt")],
        env=env, stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
    )  # fmt: skip
    processes.append(orca)
    return Services(folder, spoken, processes, env)


def wait_until(ready, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if ready():
            return True
        time.sleep(0.1)
    return False


# -- listening ------------------------------------------------------------------------


class Ear:
    """Reads what Orca said since the last key. Orca works through its queue of events
    at its own pace: it has finished when neither its words nor its log grow."""

    def __init__(self, spoken: Path, log: Path) -> None:
        self.spoken = spoken
        self.log = log
        self.seen = 0

    def _size(self) -> tuple[int, int]:
        log = self.log.stat().st_size if self.log.exists() else 0
        return len(self._lines()), log

    def _lines(self) -> list[str]:
        return self.spoken.read_text(encoding="utf-8", errors="replace").splitlines()

    def _new(self) -> list[str]:
        return [line.strip() for line in self._lines()[self.seen :] if line.strip()]

    def since(
        self,
        quiet: float = 0.8,
        longest: float = 12.0,
        wanted: list[str] | None = None,
        before: list[str] | None = None,
    ) -> list[str]:
        """The lines spoken since the last call, once Orca has been quiet ``quiet`` s
        (and has said each of ``wanted``, if given, here or in the lines ``before``, or
        ``longest`` s have passed).

        A key that changes much keeps Orca busy for a while, asking the program about
        every item that changed before it speaks: pressing the next key too early
        would change the words it is about to read.
        """
        end = time.monotonic() + longest
        size, changed = self._size(), time.monotonic()
        while time.monotonic() < end:
            time.sleep(0.1)
            now = self._size()
            if now != size:
                size, changed = now, time.monotonic()
            elif time.monotonic() - changed < quiet:
                continue
            elif heard_all([*(before or []), *self._new()], wanted):
                break
        new = self._new()
        self.seen = len(self._lines())
        return new


def heard_all(heard: list[str], wanted: list[str] | None) -> bool:
    """Whether every phrase of ``wanted`` was said (speech splits sentences at ". ")."""
    said = " ".join(heard)
    return all(phrase in said for phrase in wanted or [])


def press(env: dict[str, str], *keys: str) -> None:
    subprocess.run(["xdotool", "key", "--delay", "60", *keys], env=env, check=True)


# -- what a learner should hear --------------------------------------------------------

#: The words each step must contain, by language. The lesson's sentence starts with
#: the induction head, query 7 (cat / Katze), mask on.
EXPECT = {
    "en": {
        "start": ["cat (7), the query", "cat (7) looks most at chased (2)"],
        "heatmap": ["query cat 7, key chased 2: 0.92"],
        "right": ["query cat 7, key the 3:"],
        "end": ["query cat 7, key the 9: hidden by the mask"],
        "up": ["query the 6, key the 9: hidden by the mask"],
        "enter": ["the (6) is split between"],
        "back to the strip": ["the (6), the query"],
        "head 1": ["Previous token head", "the (6) looks most at"],
        "head 2": ["Same word head", "the (6)"],
        "head 4": ["First token head", "the (6)"],
        "head 5": ["Broad head", "the (6)"],
        "head 3": ["Induction head", "the (6)"],
        "mask off": ["Causal mask: off", "the (6)"],
        "mask on": ["Causal mask: on", "the (6)"],
        "to the heads": ["Induction head"],
        "head down": ["First token head."],
        "head 3 again": ["Induction head."],
        "left": [". (5), the query", ". (5) looks most at"],
        "right on the strip": ["the (6), the query", "the (6) is split between"],
        "tour": ["Previous token head", "Tour 1 of 11", ". (5) looks most at dog (4)"],
        "page": ["Steps page shown"],
        "sentence": ["New sentence, 4 tokens", "b (3) looks most at a (2)"],
        "help": ["Keyboard shortcuts", "Show the Previous token head"],
        "help line": ["Show the Same word head"],
        "presenter on": ["Presenter mode on"],
        "presenter off": ["Presenter mode off"],
    },
    "de": {
        "start": ["Katze (7), die Query", "Katze (7) schaut am meisten auf jagte (2)"],
        "heatmap": ["Query Katze 7, Key jagte 2: 0,92"],
        "right": ["Query Katze 7, Key die 3:"],
        "end": ["Query Katze 7, Key die 9: von der Maske verdeckt"],
        "up": ["Query die 6, Key die 9: von der Maske verdeckt"],
        "enter": ["die (6)"],
        "back to the strip": ["die (6), die Query"],
        "head 1": ["Kopf Voriges Token", "die (6) schaut am meisten auf"],
        "head 2": ["Kopf Gleiches Wort", "die (6)"],
        "head 4": ["Kopf Erstes Token", "die (6)"],
        "head 5": ["Kopf Breit", "die (6)"],
        "head 3": ["Kopf Induktion", "die (6)"],
        "mask off": ["Kausale Maske: aus", "die (6)"],
        "mask on": ["Kausale Maske: an", "die (6)"],
        "to the heads": ["Kopf Induktion"],
        "head down": ["Kopf Erstes Token."],
        "head 3 again": ["Kopf Induktion."],
        "left": [". (5), die Query", ". (5) schaut am meisten auf"],
        "right on the strip": ["die (6), die Query"],
        "tour": ["Kopf Voriges Token", "Tour 1 von 11", ". (5) schaut am meisten auf Maus (4)"],
        "page": ["Seite Schritte geöffnet"],
        "sentence": ["Neuer Satz, 4 Tokens", "b (3) schaut am meisten auf a (2)"],
        "help": ["Tastenkürzel", "Kopf Voriges Token zeigen"],
        "help line": ["Kopf Gleiches Wort zeigen"],
        "presenter on": ["Vortragsmodus an"],
        "presenter off": ["Vortragsmodus aus"],
    },
}

#: After the new sentence: presenter mode on and off (Tab first: the sentence field would
#: take the letter), and F1's list, read a row at a time.
LAST_STEPS = [
    ("presenter on", ["Tab", "p"]),
    ("presenter off", ["p"]),
    ("help", ["F1"]),
    ("help line", ["Down"]),
    ("help closed", ["Escape"]),
]
#: Steps whose news must be said once: the news twice is the fault these catch.
ONCE = {"head down", "head 3 again", "presenter on", "presenter off"}

#: Seconds from a key to the end of what Orca says about it, at most (about one here;
#: a window that keeps laying itself out makes Orca wait for every answer).
SLOWEST_ANSWER = 6.0

#: The keys, in order, from the heatmap (Tab's first stop): (step name, xdotool keys).
STEPS = [
    ("right", ["Right"]),
    ("end", ["End"]),
    ("up", ["Up"]),
    ("enter", ["Return"]),
    ("back to the strip", ["shift+Tab"]),
    ("head 1", ["1"]),
    ("head 2", ["2"]),
    ("head 4", ["4"]),
    ("head 5", ["5"]),
    ("head 3", ["3"]),
    ("mask off", ["m"]),
    ("mask on", ["m"]),
    # Tab from the strip: the heatmap, then the selected head; Down selects the next
    # head, whose news is said once (not with the focus and again for the change).
    ("to the heads", ["Tab", "Tab"]),
    ("head down", ["Down"]),
    ("back to the strip again", ["shift+Tab", "shift+Tab"]),
    ("head 3 again", ["3"]),
    ("left", ["Left"]),
    ("right on the strip", ["Right"]),
    ("tour", ["Next"]),
    ("page", ["s"]),
    # The page key took the focus into the page, the last stop: Tab comes round to the
    # sentence field, the first.
    ("to the sentence field", ["Tab", "ctrl+a"]),
]


def tab_round(env, ear: Ear, limit: int = 30) -> list[tuple[list[str], float]]:
    """Tab until Orca speaks the first stop again: what it said at each stop, and how
    long it took to say it."""
    said: list[tuple[list[str], float]] = []
    for _ in range(limit):
        started = time.monotonic()
        press(env, "Tab")
        heard = ear.since()
        said.append((heard, time.monotonic() - started))
        if len(said) > 1 and heard and heard == said[0][0]:
            break
    return said


def run_language(command: list[str], language: str, folder: Path) -> int:
    import pyatspi

    services = start_services(folder)
    ear = Ear(services.spoken, folder / "orca-debug.txt")
    failed = 0
    clock = [time.monotonic()]  # when the last step's key was pressed

    def check(step: str, heard: list[str]) -> None:
        nonlocal failed
        wanted = EXPECT[language].get(step, [])
        ok = heard_all(heard, wanted)
        if not ok:  # Orca may still be working through its queue
            heard = heard + ear.since(quiet=1.5)
            ok = heard_all(heard, wanted)
        if ok and step in ONCE:  # whatever more it says about the key comes now
            heard = heard + ear.since(quiet=1.0)
            ok = all(sum(w in line for line in heard) == 1 for w in wanted)
        text = " | ".join(heard)
        took, clock[0] = time.monotonic() - clock[0], time.monotonic()
        slow = step != "start" and took > SLOWEST_ANSWER
        failed += not ok or slow
        mark = "ok  " if ok and not slow else "FAIL"
        print(f"{mark} [{language}] {step:<20} {took:4.1f} s heard: {text}")
        if not ok:
            print(f"      wanted: {wanted}")
        if slow:
            print(f"      slow: a learner waited over {SLOWEST_ANSWER:.0f} s for the words")

    program = None
    try:
        if not wait_until(lambda: ear._lines() != [], 20):
            print(f"FAIL [{language}] Orca said nothing at all (is speech working?)")
            return 1
        ear.since()  # Orca's greeting
        config = folder / "program-config"
        env = {**services.env, "QT_QPA_PLATFORM": "xcb", "XDG_CONFIG_HOME": str(config),
               "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1"}  # fmt: skip
        program = subprocess.Popen(
            [*command, "--language", language, "--size", "1280x860"],
            env=env, cwd=ROOT, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        services.processes.append(program)
        os.environ["DISPLAY"] = services.env["DISPLAY"]
        desktop = pyatspi.Registry.getDesktop(0)
        found = wait_until(lambda: any(a is not None and is_program(a) for a in desktop), 40)
        if not found:
            print(f"FAIL [{language}] the program did not appear on the accessibility bus")
            return 1
        time.sleep(2.0)  # the heatmap is built after the first paint
        subprocess.run(
            ["xdotool", "search", "--sync", "--name", "Attention Heads", "windowfocus", "--sync"],
            env=services.env, check=False, timeout=20,
        )  # fmt: skip
        check("start", ear.since(quiet=1.0, wanted=EXPECT[language]["start"]))
        timed = tab_round(services.env, ear)
        for index, (heard, took) in enumerate(timed):
            tab = f"Tab {index + 1}"
            print(f"     [{language}] {tab:<20} {took:4.1f} s heard: {' | '.join(heard)}")
        stops = [heard for heard, _took in timed]
        back = len(stops) > 1 and stops[-1] == stops[0]
        failed += not back
        print(f"{'ok  ' if back else 'FAIL'} [{language}] Tab comes back to where it started")
        clock[0] = time.monotonic() - timed[-1][1]
        check("heatmap", stops[-1])  # Tab's first stop after the tokens
        for step, keys in STEPS:
            clock[0] = time.monotonic()
            press(services.env, *keys)
            check(step, ear.since(wanted=EXPECT[language].get(step)))
        # A new sentence: typed into the sentence field, then Enter.
        clock[0] = time.monotonic()
        subprocess.run(["xdotool", "type", "--delay", "40", "a b a b"], env=services.env)
        typed = ear.since()  # the field may take the sentence as it is typed
        press(services.env, "Return")
        check("sentence", typed + ear.since(wanted=EXPECT[language]["sentence"], before=typed))
        for step, keys in LAST_STEPS:
            clock[0] = time.monotonic()
            press(services.env, *keys)
            check(step, ear.since(wanted=EXPECT[language].get(step)))
        return failed
    finally:
        services.stop()


def _sockets(folder: str, names: list[str]) -> list[str]:
    return [n for n in names if not (Path(folder, n).is_file() or Path(folder, n).is_dir())]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--app", help="shell command that starts the program")
    parser.add_argument("--language", default="all", choices=["en", "de", "all"])
    parser.add_argument("--keep", help="folder to keep the logs and the transcript in")
    args = parser.parse_args()
    missing = missing_tools()
    if missing:
        print("missing: " + ", ".join(missing) + " (install them from Debian)", file=sys.stderr)
        return 2
    languages = ["en", "de"] if args.language == "all" else [args.language]
    if os.environ.get(OWN_SESSION) != "1":  # a bus of our own, never the desktop's,
        env = {**os.environ, OWN_SESSION: "1"}  # and a new one for each language
        codes = []
        for language in languages:
            command = [sys.executable, sys.argv[0], "--language", language]
            command += ["--app", args.app] if args.app else []
            command += ["--keep", args.keep] if args.keep else []
            codes.append(subprocess.call(["dbus-run-session", "--", *command], env=env))
        return max(codes)
    venv = ROOT / ".venv" / "bin" / "python"
    command = (
        ["sh", "-c", args.app + ' "$@"', "app"]
        if args.app
        else [str(venv) if venv.exists() else "python3", "-m", "app"]
    )
    failed = 0
    for language in languages:
        folder = Path(tempfile.mkdtemp(prefix=f"attention-heads-orca-{language}-"))
        started = time.monotonic()
        try:
            failed += run_language(command, language, folder)
        finally:
            print(f"     [{language}] took {time.monotonic() - started:.0f} s")
            if args.keep:
                shutil.copytree(
                    folder, Path(args.keep) / language, dirs_exist_ok=True, ignore=_sockets
                )
            shutil.rmtree(folder, ignore_errors=True)
    print("all checks passed" if not failed else f"{failed} checks failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
