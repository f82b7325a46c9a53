"""Saving and loading weights: round trip, and clear errors on damaged files."""

import json
import zipfile

import numpy as np
import pytest

from core.learned import (
    FORMAT_VERSION,
    ModelConfig,
    WeightsError,
    init_params,
    load_weights,
    save_weights,
)

CONFIG = ModelConfig(vocab_size=8, context_length=8, d_model=4, n_heads=2, d_head=2)


@pytest.fixture
def params():
    return init_params(CONFIG, np.random.default_rng(0))


@pytest.fixture
def good_file(tmp_path, params):
    path = tmp_path / "model.npz"
    save_weights(path, CONFIG, params, {"seed": 3})
    return path


def rewrite(path, **changes):
    """Copy the archive at ``path`` with some arrays replaced (None drops one)."""
    with np.load(path) as archive:
        arrays = {name: archive[name] for name in archive.files}
    arrays.update(changes)
    out = path.with_name("changed.npz")
    np.savez(out, **{k: v for k, v in arrays.items() if v is not None})
    return out


def test_round_trip_keeps_config_params_and_info(good_file, params):
    model = load_weights(good_file)
    assert model.config == CONFIG and model.info == {"seed": 3}
    for name, value in params.items():
        np.testing.assert_array_equal(model.params[name], value)
        assert model.params[name].dtype == np.float32


def test_save_refuses_params_that_do_not_fit(tmp_path, params):
    params["w_o"] = params["w_o"][:1]
    with pytest.raises(WeightsError, match="w_o"):
        save_weights(tmp_path / "x.npz", CONFIG, params)
    assert not list(tmp_path.iterdir())


def test_missing_file(tmp_path):
    with pytest.raises(WeightsError, match="No model weights at .*Reinstall"):
        load_weights(tmp_path / "nowhere.npz")


def test_directory_is_not_a_weights_file(tmp_path):
    with pytest.raises(WeightsError, match="No model weights"):
        load_weights(tmp_path)


@pytest.mark.parametrize("fraction", [0.0, 0.1, 0.5, 0.9, 0.99])
def test_truncated_file(good_file, fraction):
    data = good_file.read_bytes()
    good_file.write_bytes(data[: int(len(data) * fraction)])
    with pytest.raises(WeightsError, match="damaged or is not a NumPy .npz archive"):
        load_weights(good_file)


@pytest.mark.parametrize("seed", range(4))
def test_random_bytes(tmp_path, seed):
    path = tmp_path / "noise.npz"
    path.write_bytes(np.random.default_rng(seed).bytes(5000))
    with pytest.raises(WeightsError, match="damaged"):
        load_weights(path)


def test_flipped_byte_in_an_array(good_file):
    data = bytearray(good_file.read_bytes())
    data[len(data) // 2] ^= 0xFF  # inside some array's data: the zip checksum catches it
    good_file.write_bytes(bytes(data))
    with pytest.raises(WeightsError):
        load_weights(good_file)


def test_pickled_object_array_is_refused(good_file):
    path = rewrite(good_file, config=np.array([{"not": "json"}], dtype=object))
    with pytest.raises(WeightsError):
        load_weights(path)


def test_wrong_shape(good_file, params):
    path = rewrite(good_file, w_q=params["w_q"][:, :3])
    with pytest.raises(WeightsError, match=r"'w_q' .* shape \(2, 3, 2, 2\).*needs \(2, 4, 2, 2\)"):
        load_weights(path)


def test_config_that_disagrees_with_the_arrays(good_file):
    other = json.dumps(dict(CONFIG.to_dict(), d_model=6))
    with pytest.raises(WeightsError, match="shape"):
        load_weights(rewrite(good_file, config=np.str_(other)))


@pytest.mark.parametrize("name", ["embed", "format_version", "config"])
def test_missing_array(good_file, name):
    with pytest.raises(WeightsError, match=name if name != "embed" else "'embed' in .* missing"):
        load_weights(rewrite(good_file, **{name: None}))


@pytest.mark.parametrize("version", [FORMAT_VERSION + 1, 0])
def test_other_format_version(good_file, version):
    path = rewrite(good_file, format_version=np.int64(version))
    with pytest.raises(WeightsError, match=f"format version {version}.*reads version"):
        load_weights(path)


@pytest.mark.parametrize("config", ["{not json", '["a list"]', '{"d_model": -1}', '{"bogus": 1}'])
def test_unusable_config(good_file, config):
    with pytest.raises(WeightsError, match="config"):
        load_weights(rewrite(good_file, config=np.str_(config)))


def test_non_finite_weights(good_file, params):
    bad = params["unembed"].copy()
    bad[0, 0] = np.nan
    with pytest.raises(WeightsError, match="not finite"):
        load_weights(rewrite(good_file, unembed=bad))


def test_integer_weights(good_file, params):
    with pytest.raises(WeightsError, match="not finite"):
        load_weights(rewrite(good_file, embed=np.zeros(params["embed"].shape, dtype=int)))


def test_errors_are_value_errors_and_archive_is_a_plain_zip(good_file):
    assert issubclass(WeightsError, ValueError)
    with zipfile.ZipFile(good_file) as archive:
        assert "format_version.npy" in archive.namelist()
