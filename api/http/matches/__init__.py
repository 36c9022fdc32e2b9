"""Matches: create, watch, view as a seat, list legal actions, act, read the event log."""
