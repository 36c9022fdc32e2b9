"""Limits that keep one request cheap: deep legal-action pages and malformed version tags."""

from __future__ import annotations

from flask.testing import FlaskClient

from api.http.matches.schemas import LEGAL_OFFSET_MAX
from tests.api.helpers import assert_error, body_of, create_match, legal, submit


def test_a_page_past_the_end_is_empty_and_a_page_past_the_cap_is_refused(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=1, options={"first_player": 0})
    past_end = legal(client, created, 0, "?offset=24")
    assert past_end["total"] == 24 and past_end["actions"] == []
    response = client.get(f"{created.url}/legal-actions?offset={LEGAL_OFFSET_MAX + 1}", headers=created.auth(0))
    body = assert_error(response, 422, "request/invalid")
    assert "offset" in body["details"]["errors"]["query"]


def test_if_match_takes_a_bare_quoted_or_weak_version_and_nothing_else(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=1, options={"first_player": 0})
    flip = legal(client, created, 0)["actions"][0]
    for malformed in ('"0', '0"', 'W/0"', "W/0", '""0""'):
        body = assert_error(submit(client, created, 0, flip, malformed), 412, "match/stale_version")
        assert body["details"] == {"current_version": 0}
    response = submit(client, created, 0, flip, 'W/"0"')
    assert response.status_code == 200 and body_of(response)["version"] == 1
