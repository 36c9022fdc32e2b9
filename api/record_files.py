"""Reading records from files and from a server: one JSON record, or JSON lines of them.

A file of records (``arena replay records.jsonl``) holds one record per line; a file with one record
may be pretty-printed over many lines. Both are told apart by parsing the whole text first.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import orjson

#: How long ``arena verify <match id>`` waits for the server, in seconds.
FETCH_TIMEOUT = 30.0


class RecordsUnreadable(ValueError):
    """A file or answer that holds no records: says which and why."""


def parse_records(text: str, source: str) -> list[dict[str, Any]]:
    """The records in ``text``: one JSON object, or one per non-blank line (JSON lines)."""
    try:
        whole = orjson.loads(text)
    except orjson.JSONDecodeError:
        whole = None
    if isinstance(whole, dict):
        return [whole]
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = orjson.loads(line)
        except orjson.JSONDecodeError as error:
            raise RecordsUnreadable(f"{source}, line {number}: not JSON ({error})") from None
        if not isinstance(record, dict):
            raise RecordsUnreadable(f"{source}, line {number}: a record is a JSON object")
        records.append(record)
    if not records:
        raise RecordsUnreadable(f"{source}: no record in it")
    return records


def read_records(path: Path) -> list[dict[str, Any]]:
    """The records in the file at ``path``."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordsUnreadable(f"{path}: no such file") from None
    except IsADirectoryError:
        raise RecordsUnreadable(f"{path}: a directory, not a record file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise RecordsUnreadable(f"{path}: {error}") from None
    return parse_records(text, str(path))


def could_be_match_id(target: str) -> bool:
    """Whether ``target`` could name a match (its id: URL-safe base64 letters alone), rather than a file: a
    path with a dot or a slash in it is a file, so a missing one is said to be missing, not fetched."""
    return re.fullmatch(r"[A-Za-z0-9_-]+", target) is not None


def fetch_record(base_url: str, match_id: str) -> dict[str, Any]:
    """The record of ``match_id`` from the server at ``base_url`` (``GET /matches/{id}/record``)."""
    url = f"{base_url.rstrip('/')}/matches/{urllib.parse.quote(match_id, safe='')}/record"
    try:
        with urllib.request.urlopen(url, timeout=FETCH_TIMEOUT) as answer:
            return parse_records(answer.read().decode("utf-8"), url)[0]
    except urllib.error.HTTPError as error:
        try:
            message = json.loads(error.read())["message"]
        except (ValueError, KeyError, TypeError):
            message = error.reason
        raise RecordsUnreadable(f"{url}: {error.code} {message}") from None
    except (urllib.error.URLError, OSError) as error:
        raise RecordsUnreadable(f"{url}: cannot reach the server ({error})") from None
