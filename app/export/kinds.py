"""What can be exported, and in which formats: known to the menu and the writing code alike."""

#: What a picture can show.
PICTURES = ("heatmap", "minimaps", "window")
#: Everything that can be exported, with the formats each one takes.
FORMATS: dict[str, tuple[str, ...]] = {
    "heatmap": ("png", "svg"),
    "minimaps": ("png", "svg"),
    "window": ("png", "svg"),
    "weights": ("csv",),
}
