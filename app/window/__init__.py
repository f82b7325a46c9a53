"""The window: the main window that composes the stage and the side pages, its menus, commands,
saved look and settings, presenter mode and its tour."""
