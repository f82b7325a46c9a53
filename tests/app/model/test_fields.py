"""The state's table of fields: a new field is one row, with its reader, its signal,
its default and its part in a session reset."""

import pytest

import app.model.state
from app.model.fields import EventedState, row
from app.model.state import AppState


class Exhibit(EventedState):
    """A state of two rows, as a new field would be added to AppState."""

    colour, colour_changed = row(str, "blue", reset=True)
    visitors, visitors_changed = row(int, 0, reset=False)


@pytest.fixture
def exhibit(qapp):
    return Exhibit()


def test_a_row_is_a_field_with_its_default_and_signal(qtbot, exhibit):
    assert (exhibit.colour, exhibit.visitors) == ("blue", 0)
    assert [field.name for field in Exhibit.FIELDS] == ["colour", "visitors"]
    with qtbot.waitSignal(exhibit.colour_changed) as changed:
        exhibit._store("colour", "red")
    assert changed.args == ["red"] and exhibit.colour == "red"


def test_the_signal_fires_only_on_a_real_change(qtbot, exhibit):
    with qtbot.assertNotEmitted(exhibit.colour_changed), qtbot.assertNotEmitted(exhibit.changed):
        exhibit._store("colour", "blue")
    with qtbot.waitSignal(exhibit.visitors_changed):
        exhibit._store("visitors", False)  # equal to 0 but not the same value


def test_writes_in_a_batch_are_one_change(exhibit):
    heard = []
    exhibit.changed.connect(heard.append)
    exhibit.colour_changed.connect(heard.append)
    with exhibit.batch():
        exhibit._store("colour", "red")
        exhibit._store("colour", "green")
        exhibit._store("visitors", 3)
    assert heard == ["green", frozenset({"colour", "visitors"})]


def test_a_session_reset_restores_only_the_rows_that_say_so(exhibit):
    exhibit._store("colour", "red")
    exhibit._store("visitors", 3)
    heard = []
    exhibit.changed.connect(heard.append)
    exhibit.restore_session_fields()
    assert (exhibit.colour, exhibit.visitors) == ("blue", 3)
    assert heard == [frozenset({"colour"})]


def test_a_row_without_its_signal_or_an_unknown_name_is_refused(exhibit):
    with pytest.raises(TypeError, match="no shade_changed"):

        class Broken(EventedState):
            shade, changed_shade = row(str, "blue", reset=True)

    with pytest.raises(KeyError, match="no field 'colur'"):
        exhibit._store("colur", "red")


def test_the_app_states_defaults_and_session_fields_come_from_its_rows(qapp):
    state = AppState()
    names = [field.name for field in AppState.FIELDS]
    assert list(app.model.state.DEFAULTS) == names
    assert {name: getattr(state, name) for name in names} == app.model.state.DEFAULTS
    assert set(names) - set(app.model.state.SESSION_FIELDS) == {
        "theme_id",
        "zoom",
        "presenting",
        "session",
        "model_dir",
    }
    for name in names:
        assert hasattr(state, f"{name}_changed")
