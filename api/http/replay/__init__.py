"""Replays of finished matches: the public view at any past version."""
