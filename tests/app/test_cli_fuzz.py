"""Seeded fuzzing of the command line: every option, odd values and odd bytes.

Whatever the arguments: no traceback, an exit code from 0 to 3, no run that hangs, and
never a window that waits for a person (every window run asks for a picture). Most runs
happen in this process (``main(argv)`` with captured output) and take milliseconds;
pictures that get drawn, and a handful of everything, run as real processes.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import core
from app import launch
from app.main import main

REPO = Path(__file__).resolve().parents[2]
SEED = 16
#: A real process still running after this long hangs (they take a second or two; how
#: long on a quiet machine: tests/benchmarks/bench_stops.py).
HANG_S = 120

#: Values that have tripped command lines before: empty, blank, huge, control
#: characters, undecodable bytes (as Python holds them: lone surrogates), emoji,
#: right-to-left text, numbers at the edges, paths that cannot be files.
ODD_TEXT = [
    "",
    " ",
    "\t",
    "-",
    "--",
    "-1",
    "0",
    "1e9",
    "nan",
    "x" * 300,
    "a " * 100,
    "Bär",
    "\udcc3\udca4",
    "\udcff\udcfe",
    "🇩🇪🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",
    "👩\u200d💻 e\u0301",
    "שלום",
    "\u200b\u200d\ufeff",
    "\x07\x1b[31m",
    "%s%n",
    "../..",
    "/dev/null",
    "/dev/full",
    "/",
    "/proc/self/mem",
    "con",
    "a\\b",
    "'\"",
    "--head",
]
HEADS = list(core.HEADS)


def odd(rng: random.Random) -> str:
    return rng.choice(ODD_TEXT)


def picture_path(rng: random.Random, folder: Path) -> str:
    name = rng.choice(
        [
            "out.png",
            "out.svg",
            "out.csv",
            "out.pdf",
            "out.txt",
            "",
            "x" * 300 + ".png",
            "missing/out.png",
            ".png",
            "folder.png",
        ]
    )
    return str(folder / name) if name else name


def window_options(rng: random.Random, folder: Path) -> list[str]:
    """A random mix of the window's options (each maybe with a bad value)."""
    options = {
        "--head": lambda: rng.choice(HEADS + [odd(rng)]),
        "--query": lambda: rng.choice(["0", "3", "-1", "64", "99999999999", odd(rng)]),
        "--sentence": lambda: rng.choice([core.LESSON_SENTENCE, odd(rng)]),
        "--size": lambda: rng.choice(["1024x768", "320x240", "1x1", "99999x2", "axb", odd(rng)]),
        "--export-what": lambda: rng.choice(["heatmap", "minimaps", "window", odd(rng)]),
        "--close-after": lambda: rng.choice(["0", "200", "-5", odd(rng)]),
        "--paper": lambda: rng.choice(["a4", "letter", "A4", "b5", odd(rng)]),
        "--kiosk-config": lambda: rng.choice([str(folder / "kiosk.json"), odd(rng)]),
    }
    argv: list[str] = []
    for name in rng.sample(sorted(options), rng.randint(0, 4)):
        argv += [name, options[name]()]
    for flag in ("--no-mask", "--presenter", "--kiosk"):
        if rng.random() < 0.2:
            argv.append(flag)
    return argv


def random_argv(rng: random.Random, folder: Path) -> list[str]:
    kind = rng.random()
    if kind < 0.35:
        argv = ["table"]
        for name, values in (("--head", HEADS), ("--format", ["text", "csv", "json"])):
            if rng.random() < 0.5:
                argv += [name, rng.choice(values + [odd(rng)])]
        if rng.random() < 0.6:
            argv += ["--sentence", odd(rng)]
        if rng.random() < 0.3:
            argv.append("--no-mask")
    elif kind < 0.45:
        argv = ["presets"] + ([odd(rng)] if rng.random() < 0.5 else [])
    elif kind < 0.5:
        argv = ["worksheet"]
        options = {
            "-o": lambda: picture_path(rng, folder),
            "--language": lambda: rng.choice(["en", "de", "DE", "fr", odd(rng)]),
            "--paper": lambda: rng.choice(["a4", "letter", "legal", odd(rng)]),
            "--sentence": lambda: rng.choice([core.LESSON_SENTENCE, "a " * 64, odd(rng)]),
        }
        for name in rng.sample(sorted(options), rng.randint(0, 4)):
            argv += [name, options[name]()]
    elif kind < 0.55:
        argv = [rng.choice(["--version", "-h", "--help", "table --help", odd(rng)])]
        argv = argv[0].split(" ") if argv[0] == "table --help" else argv
    else:  # always a picture: a window that waits for a person would be a hang
        argv = window_options(rng, folder)
        argv += [rng.choice(["--export", "--screenshot"]), picture_path(rng, folder)]
    if rng.random() < 0.1:
        argv.insert(rng.randrange(len(argv) + 1), odd(rng))  # a stray word anywhere
    return argv


def draws_a_picture(argv: list[str], folder: Path) -> bool:
    """Whether ``argv`` asks for a picture or table with a usable name (bad ones fail
    before anything is drawn, in milliseconds)."""
    good = {str(folder / name) for name in ("out.png", "out.svg", "out.csv", "out.pdf")}
    return any(
        option in ("--export", "--screenshot", "-o") and value in good
        for option, value in zip(argv, argv[1:], strict=False)
    )


def run_in_process(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as stop:  # argparse: --help, --version, usage errors
            code = stop.code if isinstance(stop.code, int) else 1
    return code, err.getvalue()


def run_process(argv: list[str], folder: Path) -> tuple[int, str]:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_RUNTIME_DIR": str(folder),
        "XDG_CONFIG_HOME": str(folder / "config"),
    }
    try:
        result = subprocess.run(
            [sys.executable, "-m", "app", *[os.fsencode(a) for a in argv]],
            cwd=folder,
            env=env,
            capture_output=True,
            timeout=HANG_S,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"argv={argv!r} hung (a window waiting for a person?)")
    return result.returncode, result.stderr.decode("utf-8", "replace")


def make_folder(tmp_path: Path) -> Path:
    (tmp_path / "folder.png").mkdir(exist_ok=True)
    (tmp_path / "kiosk.json").write_text('{"staff_pin": 12}')
    return tmp_path


def check(argv, code, err):
    where = f"argv={argv!r}"
    assert "Traceback" not in err, f"{where}\n{err[-3000:]}"
    assert 0 <= code <= 3, f"{where} exit {code}\n{err[-3000:]}"


def fuzz_in_process(tmp_path, monkeypatch, runs: int) -> None:
    folder = make_folder(tmp_path)
    monkeypatch.chdir(folder)
    real_run_window = launch.run_window
    waiting = []

    def run_window(args, *rest):
        if args.screenshot or args.export:
            return real_run_window(args, *rest)
        waiting.append(args)  # a window that would wait for a person: a hang
        return 0

    monkeypatch.setattr(launch, "run_window", run_window)
    rng = random.Random(SEED)
    for _ in range(runs):
        argv = random_argv(rng, folder)
        if draws_a_picture(argv, folder):
            continue  # a second or so each: pictures that succeed run as real processes
        code, err = run_in_process(argv)
        check(argv, code, err)
        assert not waiting, f"argv={argv!r} opened a window that waits for a person"


def fuzz_processes(tmp_path, runs: int, seed: int) -> None:
    folder = make_folder(tmp_path)
    rng = random.Random(seed)
    for _ in range(runs):
        argv = random_argv(rng, folder)
        check(argv, *run_process(argv, folder))


def test_fuzz_the_command_line_in_process(tmp_path, monkeypatch):
    fuzz_in_process(tmp_path, monkeypatch, runs=60)  # the slow test runs 1,000


@pytest.mark.slow  # a real process of the program
def test_fuzz_the_command_line_in_real_processes(tmp_path):
    fuzz_processes(tmp_path, runs=4, seed=SEED)


@pytest.mark.slow
def test_fuzz_the_command_line_at_length(tmp_path, monkeypatch):
    # FUZZ_RUNS=3000 (and a twentieth as many processes) for a long session by hand.
    runs = int(os.environ.get("FUZZ_RUNS", "1000"))
    fuzz_in_process(tmp_path, monkeypatch, runs=runs)
    fuzz_processes(tmp_path, runs=max(runs // 50, 4), seed=SEED + 1)
