"""Liveness and readiness."""
