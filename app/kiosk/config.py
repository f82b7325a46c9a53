"""Kiosk timings and the staff PIN, read from a JSON file that may be missing or wrong.

A museum must never find the exhibit dead because of a typo in a file: every
value that is absent, of the wrong type or out of range falls back to its
default, and the reason is logged.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from app.text.i18n import LANGUAGES, SOURCE_LANGUAGE, normalize

log = logging.getLogger(__name__)

DEFAULT_PIN = "0000"
#: The longest staff PIN (the keypad takes as many digits).
MAX_PIN_DIGITS = 32

#: Accepted range of every number in a config file (tests build KioskConfig directly).
_RANGES: dict[str, tuple[float, float]] = {
    "idle_seconds": (5, 24 * 3600),
    "countdown_seconds": (1, 600),
    "attract_step_seconds": (0.5, 600),
    "long_press_seconds": (0.5, 30),
    "corner_px": (24, 400),
}


@dataclass(frozen=True)
class KioskConfig:
    """How a kiosk behaves.

    Parameters
    ----------
    idle_seconds
        Time without any input before "Still there?" appears.
    countdown_seconds
        Length of the visible countdown before everything resets.
    attract_step_seconds
        Time between two steps of the attract loop.
    staff_pin
        Digits that close the program from the staff PIN pad.
    long_press_seconds
        How long the top-left corner must be held to open the PIN pad.
    corner_px
        Side of the square, top-left, where the long press counts.
    language
        The exhibit's own language (a code such as "de"): it starts in it, and every
        idle reset returns to it whatever a visitor picked.
    model_dir
        A GPT-2-family model folder for the GPT-2 page ("": none, and the kiosk does not
        offer that page; a visitor cannot choose a folder).
    """

    idle_seconds: float = 90
    countdown_seconds: int = 10
    attract_step_seconds: float = 3
    staff_pin: str = DEFAULT_PIN
    long_press_seconds: float = 3
    corner_px: int = 80
    language: str = SOURCE_LANGUAGE
    model_dir: str = ""

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> KioskConfig:
        """Build a config from parsed values; bad or unknown entries are logged and skipped."""
        known = {f.name for f in fields(cls)}
        for name in sorted(set(values) - known):
            log.warning("kiosk config: unknown setting %r ignored", name)
        chosen: dict[str, Any] = {}
        for name in sorted(known & set(values)):
            try:
                chosen[name] = _checked(name, values[name])
            except ValueError as error:
                log.warning("kiosk config: %s; using the default", error)
        config = cls(**chosen)
        if config.staff_pin == DEFAULT_PIN:
            log.warning(
                "kiosk config: the staff PIN is the default, %s, which anyone can look up; "
                'set your own as "staff_pin" in the file given with --kiosk-config '
                "(see docs/kiosk.md)",
                DEFAULT_PIN,
            )
        return config

    @classmethod
    def from_file(cls, path: str | Path) -> KioskConfig:
        """Read a JSON object such as ``{"idle_seconds": 120, "staff_pin": "583029"}``."""
        try:
            values = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            log.warning("kiosk config %s is unusable (%s); using the defaults", path, error)
            values = {}
        if not isinstance(values, dict):
            log.warning("kiosk config %s is not a JSON object; using the defaults", path)
            values = {}
        return cls.from_mapping(values)


def _checked(name: str, value: Any) -> Any:
    """The value converted to the field's type, or ValueError saying what is wrong."""
    if name == "language":
        code = normalize(value) if isinstance(value, str) else None
        if code is None:
            raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {value!r}")
        return code
    if name == "model_dir":
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"model_dir must be the path of a folder, not {value!r}")
        return str(Path(value.strip()).expanduser())
    if name == "staff_pin":
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise ValueError(f"staff_pin must be a string of digits, not {value!r}")
        pin = str(value).strip()
        if not (pin.isdigit() and pin.isascii() and 4 <= len(pin) <= MAX_PIN_DIGITS):
            raise ValueError(f"staff_pin must be 4 to {MAX_PIN_DIGITS} digits")
        return pin
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{name} must be a number, not {value!r}")
    low, high = _RANGES[name]
    if not low <= value <= high:
        raise ValueError(f"{name} = {value} is outside {low} to {high}")
    return int(value) if name in ("countdown_seconds", "corner_px") else float(value)


def load_config(path: str | Path | None) -> KioskConfig:
    """The config in ``path``, or the defaults when no path is given (warnings logged)."""
    return KioskConfig.from_file(path) if path else KioskConfig.from_mapping({})
