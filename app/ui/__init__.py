"""UI basics every layer above may use: the theme, its colour table, painting helpers, layouts and
Qt typing helpers. Nothing here knows the state, the results or any page."""
