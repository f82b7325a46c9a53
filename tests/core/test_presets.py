"""Model presets: the arithmetic of splitting d_model into heads."""

import pytest

import core


def test_presets_are_the_lessons_three_models():
    assert [(p.id, p.d_model, p.n_heads) for p in core.PRESETS.values()] == [
        ("transformer_base", 512, 8),
        ("gpt2_small", 768, 12),
        ("gpt3_175b", 12288, 96),
    ]
    assert [p.d_k for p in core.PRESETS.values()] == [64, 64, 128]
    assert [p.name for p in core.PRESETS.values()] == [
        "Transformer base",
        "GPT-2 small",
        "GPT-3 175B",
    ]


@pytest.mark.parametrize(
    ("d_model", "expected"), [(512, 1_048_576), (768, 2_359_296), (12288, 603_979_776)]
)
def test_projection_weights_do_not_depend_on_the_head_count(d_model, expected):
    for h in core.valid_head_counts(d_model):
        assert core.projection_weights(d_model, h) == expected == 4 * d_model**2


def test_valid_head_counts_divide_d_model():
    assert core.valid_head_counts(12) == (1, 2, 3, 4, 6, 12)
    assert core.valid_head_counts(768) == tuple(h for h in range(1, 769) if 768 % h == 0)
    assert 96 in core.valid_head_counts(12288)


def test_sharing_keys_and_values_shrinks_the_count():
    # Multi-query attention on GPT-2 small: W_K and W_V become 768 x 64.
    assert core.projection_weights(768, 12, 1) == 2 * 768 * 768 + 2 * 768 * 64
    # Grouped-query with 4 KV heads.
    assert core.projection_weights(768, 12, 4) == 2 * 768 * 768 + 2 * 768 * 256
    assert core.projection_weights(768, 12, 12) == 4 * 768 * 768


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((768, 5), "do not divide"),
        ((768, 0), "positive"),
        ((768, 12, 5), "shared evenly"),
        ((0, 1), "positive"),
        ((768.0, 12), "positive"),
    ],
)
def test_bad_counts_are_refused_with_a_reason(args, message):
    with pytest.raises(ValueError, match=message):
        core.projection_weights(*args)
