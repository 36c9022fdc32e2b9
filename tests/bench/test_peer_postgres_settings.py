"""bench/peer's Postgres starter: the settings it writes take effect as intended, and a missing server is
named with what to install. Its cluster itself is started by the bench only, never by the suite."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.peer.postgres import INSTALL_HINT, server_bin_dir, write_settings

#: What initdb writes, in short: defaults commented out, a few set (a set port shows the override).
INITDB_CONF = """\
#listen_addresses = 'localhost'
port = 5432
#fsync = on
#synchronous_commit = on
max_connections = 100
"""


def effective(conf: str) -> dict[str, str]:
    """The settings a ``postgresql.conf`` holds, read as Postgres reads it: comments dropped, the last wins."""
    values: dict[str, str] = {}
    for line in conf.splitlines():
        setting = line.split("#", 1)[0].strip()
        if setting:
            name, value = (part.strip() for part in setting.split("=", 1))
            values[name] = value
    return values


def test_the_cluster_commits_without_waiting_for_the_disk_but_still_syncs_on_loopback_only(tmp_path: Path) -> None:
    (tmp_path / "postgresql.conf").write_text(INITDB_CONF)
    write_settings(tmp_path, 45678)
    conf = (tmp_path / "postgresql.conf").read_text()
    assert conf.startswith(INITDB_CONF)  # initdb's file kept, ours appended
    values = effective(conf)
    assert values["synchronous_commit"] == "off"
    assert values["fsync"] == "on"
    assert values["listen_addresses"] == "'127.0.0.1'"
    assert values["port"] == "45678"
    assert values["unix_socket_directories"] == f"'{tmp_path}'"
    assert values["max_connections"] == "100"


def test_the_server_programs_are_found_where_both_are(tmp_path: Path) -> None:
    client_only, server = tmp_path / "client", tmp_path / "server"
    for folder, programs in ((client_only, ["initdb"]), (server, ["initdb", "postgres"])):
        folder.mkdir()
        for program in programs:
            (folder / program).write_text("")
    assert server_bin_dir([client_only, server]) == server


def test_a_missing_server_says_what_to_install(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="apt-get install postgresql") as missing:
        server_bin_dir([tmp_path / "nowhere", tmp_path])
    assert INSTALL_HINT in str(missing.value)
