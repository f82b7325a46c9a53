"""The two-layer walk-through's parts: its words, its picture's layout and painting."""
