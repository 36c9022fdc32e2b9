"""Girafferaffe's engine as it was before the compact state (stored format 1), frozen for tests only.

A copy of ``engine/games/girafferaffe`` at the last commit before the compact state, not registered
as a game: ``tests/engine/test_girafferaffe_formats.py`` plays random positions through it and the
engine side by side and requires the same legal actions, events, views and results, and that the
compact state reads back as this engine's state. Never change it: it is the reference.
"""
