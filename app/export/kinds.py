"""What can be exported, and in which formats: known to the menu and the writing code alike."""

#: What a picture can show.
PICTURES = ("heatmap", "minimaps", "window")
#: Everything that can be exported, with the formats each one takes. The handout is
#: what the window shows, laid out on paper (File > Print draws the same pages).
FORMATS: dict[str, tuple[str, ...]] = {
    "heatmap": ("png", "svg"),
    "minimaps": ("png", "svg"),
    "window": ("png", "svg"),
    "weights": ("csv",),
    "handout": ("pdf",),
}
#: The paper a handout or a worksheet is laid out for, by the name the command line takes.
PAPERS = ("a4", "letter")
