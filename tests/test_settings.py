"""One settings module reads every variable (``api/settings.py``), and README's configuration table lists
exactly those it reads."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from api.settings import VARIABLES, Settings

ROOT = Path(__file__).parents[1]
#: Read by prometheus-client itself; the server sets it for its workers (api/gunicorn_conf.py).
LIBRARY_VARIABLES = {"PROMETHEUS_MULTIPROC_DIR"}


def readme_variables() -> set[str]:
    """The variables README's configuration table names (a row may name several)."""
    section = (ROOT / "README.md").read_text().split("## Configuration", 1)[1]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return {name for row in rows for name in re.findall(r"`([A-Z][A-Z0-9_]+)`", row.split("|")[1])}


def test_readme_lists_every_variable_the_settings_read_and_no_other() -> None:
    assert readme_variables() == set(VARIABLES) | LIBRARY_VARIABLES


def test_no_module_of_the_server_reads_an_arena_variable_but_the_settings() -> None:
    """An ``ARENA_*`` name written as a string anywhere else in the server is a variable read around them."""
    readers = []
    for path in sorted((ROOT / "api").rglob("*.py")):
        if path.name == "settings.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("get", "getenv")
            ):
                for argument in node.args[:1]:
                    name = argument.value if isinstance(argument, ast.Constant) else None
                    if isinstance(name, str) and name.startswith(("ARENA_", "REDIS_URL")):
                        readers.append(f"{path.relative_to(ROOT)}:{node.lineno} {name}")
    assert not readers, f"variables read outside api/settings.py: {readers}"


def test_every_variable_sets_its_field_and_a_blank_one_keeps_the_default() -> None:
    given = {
        "REDIS_URL": "redis://example:1/2",
        "ARENA_IDLE_TTL": "7",
        "ARENA_CORS_ORIGINS": " https://a.example , https://b.example ",
        "ARENA_FRAME_ANCESTORS": "'self' https://host.example",
        "ARENA_COMPACT_FINISHED": "0",
        "ARENA_WEBHOOK_ALLOW_PRIVATE": "1",
        "ARENA_THINKERS": "0",
        "ARENA_LOG_LEVEL": "debug",
        "ARENA_KEY_PREFIX": "  ",
    }
    settings = Settings.from_environment(given)
    assert settings.redis_url == "redis://example:1/2"
    assert settings.idle_ttl == 7
    assert settings.cors_origins == ("https://a.example", "https://b.example")
    assert settings.frame_ancestors == ("'self'", "https://host.example")
    assert settings.compact_finished is False
    assert settings.webhook_allow_private is True
    assert settings.thinkers == 1  # at least one thinker process
    assert settings.log_level == "DEBUG"
    assert settings.key_prefix == Settings().key_prefix  # blank: the default
    assert Settings.from_environment({}) == Settings()


def test_a_cluster_url_selects_the_cluster() -> None:
    settings = Settings.from_environment({"REDIS_URL": "redis+cluster://node:7000"})
    assert settings.redis_cluster and settings.node_url == "redis://node:7000"
    plain = Settings.from_environment({"REDIS_URL": "redis://node:7000", "ARENA_REDIS_CLUSTER": "1"})
    assert plain.redis_cluster and plain.limiter_url == "redis+cluster://node:7000"


def test_a_malformed_frame_ancestor_is_refused_at_start() -> None:
    with pytest.raises(ValueError, match="ARENA_FRAME_ANCESTORS"):
        Settings.from_environment({"ARENA_FRAME_ANCESTORS": "'self'; script-src *"})


@pytest.mark.parametrize(("text", "quota"), [("250", 250), ("0", 0), ("off", 0), ("OFF", 0), ("", 1000)])
def test_the_quota_of_live_matches_is_a_count_or_off(text: str, quota: int) -> None:
    assert Settings.from_environment({"ARENA_MAX_LIVE_MATCHES": text}).max_live_matches == quota


@pytest.mark.parametrize(("text", "quota"), [("3", 3), ("0", 0), ("off", 0), ("Off", 0), ("", 10)])
def test_the_quota_of_live_tournaments_is_a_count_or_off(text: str, quota: int) -> None:
    assert Settings.from_environment({"ARENA_MAX_LIVE_TOURNAMENTS": text}).max_live_tournaments == quota


@pytest.mark.parametrize("variable", ["ARENA_MAX_LIVE_MATCHES", "ARENA_MAX_LIVE_TOURNAMENTS"])
@pytest.mark.parametrize("text", ["-1", "many"])
def test_a_quota_that_is_no_count_is_refused_at_start(variable: str, text: str) -> None:
    with pytest.raises(ValueError, match=variable):
        Settings.from_environment({variable: text})


def test_the_webhook_retry_schedule_is_the_settings_one() -> None:
    """The worker retries as ``ARENA_WEBHOOK_RETRY_FIRST`` and ``_LONGEST`` say; by default 1 s doubling to 10 min."""
    from api.workers.webhooks.worker import WorkerSettings
    from arena.webhooks.backoff import RetryPolicy

    environ = {
        "ARENA_WEBHOOK_RETRY_FIRST": "0.25",
        "ARENA_WEBHOOK_RETRY_LONGEST": "1.5",
        "ARENA_WEBHOOK_RETRY_FOR": "90",
    }
    policy = WorkerSettings.of(Settings.from_environment(environ)).policy
    assert [policy.delay(failures) for failures in range(1, 6)] == [0.25, 0.5, 1.0, 1.5, 1.5]
    assert policy.retry_for == 90
    assert WorkerSettings.of(Settings()).policy == RetryPolicy(first=1.0, longest=600.0, retry_for=24 * 3600.0)


@pytest.mark.parametrize("variable", ["ARENA_WEBHOOK_RETRY_FIRST", "ARENA_WEBHOOK_RETRY_LONGEST"])
@pytest.mark.parametrize("text", ["0", "-1", "soon", "nan"])
def test_a_retry_wait_that_is_no_positive_number_is_refused_at_start(variable: str, text: str) -> None:
    with pytest.raises(ValueError, match=f"{variable}: .* not a number of seconds above 0"):
        Settings.from_environment({variable: text})
