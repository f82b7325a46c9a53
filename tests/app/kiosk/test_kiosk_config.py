"""The kiosk's JSON config: good values are used, anything wrong falls back with a warning."""

import json
import logging

import pytest

from app.kiosk import KioskConfig, load_config

DEFAULTS = KioskConfig()


def write(tmp_path, text):
    path = tmp_path / "kiosk.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file_is_used(tmp_path, caplog):
    values = {
        "idle_seconds": 120,
        "countdown_seconds": 15,
        "attract_step_seconds": 4.5,
        "staff_pin": "4711",
        "long_press_seconds": 2,
        "corner_px": 100,
    }
    with caplog.at_level(logging.WARNING):
        config = KioskConfig.from_file(write(tmp_path, json.dumps(values)))
    assert config == KioskConfig(**values)
    assert caplog.records == []


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '"just a string"', b"\xff\xfe not UTF-8"])
def test_an_unreadable_file_gives_the_defaults_and_a_warning(tmp_path, caplog, text):
    path = tmp_path / "kiosk.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    with caplog.at_level(logging.WARNING):
        assert KioskConfig.from_file(path) == DEFAULTS
    assert str(path) in caplog.text


def test_a_missing_file_gives_the_defaults_and_a_warning(tmp_path, caplog):
    with caplog.at_level(logging.WARNING):
        assert KioskConfig.from_file(tmp_path / "absent.json") == DEFAULTS
    assert "absent.json" in caplog.text


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("idle_seconds", 1),
        ("idle_seconds", "90"),
        ("idle_seconds", True),
        ("countdown_seconds", 0),
        ("attract_step_seconds", None),
        ("staff_pin", "12"),
        ("staff_pin", "12ab"),
        ("staff_pin", 12.5),
        ("staff_pin", "1" * 33),
        ("long_press_seconds", 99),
        ("corner_px", -5),
        ("model_dir", 7),
        ("model_dir", "   "),
    ],
)
def test_a_bad_value_falls_back_to_its_default_only(caplog, name, value):
    with caplog.at_level(logging.WARNING):
        config = KioskConfig.from_mapping({"staff_pin": "9999", name: value})
    assert getattr(config, name) == getattr(DEFAULTS, name)
    if name != "staff_pin":
        assert config.staff_pin == "9999"  # the good values still count
    assert name in caplog.text


def test_unknown_settings_are_named_in_a_warning(caplog):
    with caplog.at_level(logging.WARNING):
        config = KioskConfig.from_mapping({"idle_secs": 30, "staff_pin": "2468"})
    assert config == KioskConfig(staff_pin="2468")
    assert "idle_secs" in caplog.text


def test_a_numeric_pin_is_accepted_as_digits():
    assert KioskConfig.from_mapping({"staff_pin": 4711}).staff_pin == "4711"


def test_long_pins_are_allowed():
    assert KioskConfig.from_mapping({"staff_pin": "0" * 32}).staff_pin == "0" * 32


def test_the_default_pin_is_warned_about(caplog):
    with caplog.at_level(logging.WARNING):
        assert load_config(None) == DEFAULTS
    assert "staff PIN" in caplog.text
    # The manager reading the log learns the PIN itself, and where to set another.
    assert "the default, 0000" in caplog.text and DEFAULTS.staff_pin == "0000"
    assert '"staff_pin"' in caplog.text and "--kiosk-config" in caplog.text


def test_the_config_is_frozen():
    with pytest.raises(AttributeError):
        DEFAULTS.idle_seconds = 1


def test_a_model_folder_for_the_gpt2_page(tmp_path, caplog):
    values = {"staff_pin": "2468", "model_dir": "~/models/gpt2"}
    with caplog.at_level(logging.WARNING):
        config = KioskConfig.from_file(write(tmp_path, json.dumps(values)))
    assert config.model_dir.endswith("/models/gpt2") and not config.model_dir.startswith("~")
    assert caplog.records == []
    assert DEFAULTS.model_dir == ""  # none: the kiosk does not offer the page
