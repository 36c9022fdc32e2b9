"""The webhook tests' settings, imported by each of their modules (so the cluster's copies of their tests
have them too). The receivers run on this machine, so a test's app lets webhooks reach private
addresses (``ARENA_WEBHOOK_ALLOW_PRIVATE=1``) unless it asks for the public-only rule with the
``public_only`` fixture."""

from __future__ import annotations

import dataclasses

import pytest

from api.settings import Settings


@pytest.fixture
def public_only() -> None:
    """Webhooks may reach public addresses only, as by default (see ``settings``)."""


@pytest.fixture
def settings(settings: Settings, request: pytest.FixtureRequest) -> Settings:
    return dataclasses.replace(settings, webhook_allow_private="public_only" not in request.fixturenames)
