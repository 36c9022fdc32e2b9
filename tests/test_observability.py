"""Observability without a server: request ids, the JSON log format, and the metrics directory's upkeep."""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path

import pytest
from flask import Flask
from prometheus_client.parser import text_string_to_metric_families

from api import gunicorn_conf
from api.cli import prepare_metrics_dir
from api.http.requests import METHODS, install_observability, request_id_from
from api.observability.logs import REQUEST_ID, JsonFormatter


@pytest.mark.parametrize("sane", ["abc", "0f3a-77", "req:1/2+3=4@x_y.z", "a" * 128])
def test_a_sane_request_id_is_kept(sane: str) -> None:
    assert request_id_from(sane) == sane


@pytest.mark.parametrize("insane", [None, "", "a" * 129, "two words", "é", "line\nbreak", "semi;colon", '"quoted"'])
def test_any_other_request_id_is_replaced_by_a_new_one(insane: str | None) -> None:
    fresh = request_id_from(insane)
    assert fresh != insane and len(fresh) == 32 and int(fresh, 16) >= 0
    assert request_id_from(insane) != fresh  # a new one each time


def record(name: str, message: str, args: object = None) -> logging.LogRecord:
    return logging.LogRecord(name, logging.WARNING, __file__, 1, message, args, None)  # type: ignore[arg-type]


def test_a_log_line_is_one_json_object_with_the_request_id() -> None:
    formatter = JsonFormatter()
    token = REQUEST_ID.set("req-1")
    try:
        line = formatter.format(record("api.store.matches", "the store is %s", ("slow",)))
    finally:
        REQUEST_ID.reset(token)
    fields = json.loads(line)
    assert "\n" not in line
    assert fields["message"] == "the store is slow" and fields["request_id"] == "req-1"
    assert fields["level"] == "WARNING" and fields["logger"] == "api.store.matches" and fields["pid"] == os.getpid()
    assert fields["time"].endswith("Z")
    assert json.loads(formatter.format(record("api.store.matches", "outside a request")))["request_id"] is None


def test_an_exception_s_traceback_is_a_field_of_its_line() -> None:
    try:
        raise ValueError("boom")
    except ValueError:
        failed = logging.LogRecord("api", logging.ERROR, __file__, 1, "failed", None, sys.exc_info())
    fields = json.loads(JsonFormatter().format(failed))
    assert fields["traceback"].startswith("Traceback") and "ValueError: boom" in fields["traceback"]


def test_an_access_line_takes_its_fields_and_request_id_from_gunicorn_s_atoms() -> None:
    atoms = {
        "h": "10.0.0.1",
        "m": "POST",
        "U": "/matches",
        "s": "201",
        "b": "900",
        "D": "1234",
        "{x-request-id}o": "r-9",
    }
    fields = json.loads(JsonFormatter().format(record("gunicorn.access", "%(h)s %(s)s", atoms)))
    assert fields["message"] == "10.0.0.1 201"
    assert fields["request_id"] == "r-9" and fields["method"] == "POST" and fields["path"] == "/matches"
    assert fields["status"] == "201" and fields["duration_us"] == "1234" and fields["remote"] == "10.0.0.1"


def test_gunicorn_s_start_keeps_only_the_values_of_live_processes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dead = 2**22 + 7  # above any pid this machine gives out
    for name in (f"counter_{os.getpid()}.db", f"histogram_{dead}.db", f"gauge_livesum_{dead}.db", "notes.txt"):
        (tmp_path / name).write_bytes(b"x")
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    gunicorn_conf.on_starting(None)
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"counter_{os.getpid()}.db", "notes.txt"]


def test_gunicorn_s_start_makes_a_directory_when_none_is_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", "")  # unset, as gunicorn takes it (and restored after)
    gunicorn_conf.on_starting(None)
    made = Path(os.environ["PROMETHEUS_MULTIPROC_DIR"])
    assert made.is_dir()
    gunicorn_conf.on_exit(None)
    assert not made.exists()


def test_arena_serve_gives_its_processes_an_empty_metrics_directory(tmp_path: Path) -> None:
    given = tmp_path / "metrics"
    given.mkdir()
    (given / "counter_1.db").write_bytes(b"x")
    env = {"PROMETHEUS_MULTIPROC_DIR": str(given)}
    assert prepare_metrics_dir(env) is None  # the operator's: emptied, kept
    assert list(given.iterdir()) == []
    env = {}
    made = prepare_metrics_dir(env)
    assert made is not None and env["PROMETHEUS_MULTIPROC_DIR"] == made and Path(made).is_dir()
    Path(made).rmdir()


def test_the_metrics_name_no_series_a_client_makes_up() -> None:
    """Routes are patterns and methods a known few: a client cannot grow the series (nor the files) without end."""
    app = Flask("series")
    install_observability(app)
    client = app.test_client()
    for method in ("BREW", "PROPFIND", "X" * 50):
        assert client.open("/no/such/route/" + method, method=method).status_code in (404, 405)
    samples = [
        sample.labels
        for family in text_string_to_metric_families(client.get("/metrics").get_data(as_text=True))
        if family.name == "arena_request_seconds"
        for sample in family.samples
    ]
    assert {"method": "other", "route": "unmatched", "le": "+Inf"} in samples
    assert not [labels for labels in samples if labels["method"] not in METHODS | {"other"}], samples
    assert not [labels for labels in samples if "no/such" in labels["route"]], samples
