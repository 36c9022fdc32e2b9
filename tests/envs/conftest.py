"""The live server of the end-to-end tests, for playing an offline-tested policy online."""

from tests.e2e.conftest import arena, live_server

__all__ = ["arena", "live_server"]
