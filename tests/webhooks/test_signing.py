"""Signatures: what the server signs, and the Python SDK's one-call check, against each other. Pure."""

from __future__ import annotations

import hashlib
import hmac

from arena_sdk import verify_signature

from arena.webhooks.signing import SECRET_PREFIX, new_secret, signature_header

BODY = b'{"id":"abc.3","type":"version","match_id":"abc","occurred_at":1.5,"data":{"version":3,"events":[]}}'
NOW = 1_750_000_000


def test_the_header_is_t_and_v1_the_hmac_sha256_of_t_dot_body() -> None:
    secret = new_secret()
    header = signature_header(secret, NOW, BODY)
    expected = hmac.new(secret.encode(), f"{NOW}.".encode() + BODY, hashlib.sha256).hexdigest()
    assert header == f"t={NOW},v1={expected}"


def test_each_secret_is_new_and_long() -> None:
    secrets = {new_secret() for _ in range(100)}
    assert len(secrets) == 100
    assert all(s.startswith(SECRET_PREFIX) and len(s) >= len(SECRET_PREFIX) + 43 for s in secrets)


def test_the_sdk_verifies_a_signature_of_the_server_in_one_call() -> None:
    secret = new_secret()
    header = signature_header(secret, NOW, BODY)
    assert verify_signature(secret, header, BODY, now=NOW)
    assert verify_signature(secret, header, BODY.decode(), now=NOW + 299)  # a str body is its UTF-8


def test_a_wrong_secret_a_changed_body_or_a_changed_time_fails() -> None:
    secret = new_secret()
    header = signature_header(secret, NOW, BODY)
    assert not verify_signature(new_secret(), header, BODY, now=NOW)
    assert not verify_signature(secret, header, BODY.replace(b"3", b"4"), now=NOW)
    assert not verify_signature(secret, header.replace(f"t={NOW}", f"t={NOW + 1}"), BODY, now=NOW)


def test_an_old_or_future_signature_fails_unless_the_tolerance_allows_it() -> None:
    secret = new_secret()
    header = signature_header(secret, NOW, BODY)
    assert not verify_signature(secret, header, BODY, now=NOW + 301)
    assert not verify_signature(secret, header, BODY, now=NOW - 301)
    assert verify_signature(secret, header, BODY, tolerance=3600, now=NOW + 301)
    assert verify_signature(secret, header, BODY, tolerance=None, now=NOW + 10**6)


def test_any_v1_of_the_header_may_match() -> None:
    secret = new_secret()
    good = signature_header(secret, NOW, BODY).split(",")[1]
    assert verify_signature(secret, f"t={NOW},v1={'0' * 64},{good}", BODY, now=NOW)


def test_malformed_headers_fail_without_raising() -> None:
    secret = new_secret()
    good = signature_header(secret, NOW, BODY)
    for header in [None, "", "t=,v1=", f"v1={good.split('v1=')[1]}", f"t={NOW}", "t=abc,v1=00", "garbage", "t=1,v1=é"]:
        assert not verify_signature(secret, header, BODY, now=NOW), header


#: A delivery signed by the server, also checked by the TypeScript client's test (sdk-ts/test/webhooks.test.ts).
VECTOR_SECRET = "whsec_3q2-7wEXAMPLEsecretFORtests0000000000000000"
VECTOR_BODY = (
    '{"id":"m1.0","type":"version","match_id":"m1","occurred_at":1750000000.5,"data":{"version":0,"events":'
    '[{"version":0,"kind":"dealt","data":{"note":"é"},"visible_to":null}]}}'
).encode()
VECTOR_HEADER = "t=1750000000,v1=db2b71f8d54d27ca0ee7c7c2f710dce26a9639ecf94ffe0ba8e2131dc0563cc1"


def test_the_vector_both_sdks_check_is_what_the_server_signs() -> None:
    assert signature_header(VECTOR_SECRET, 1_750_000_000, VECTOR_BODY) == VECTOR_HEADER
    assert verify_signature(VECTOR_SECRET, VECTOR_HEADER, VECTOR_BODY, now=1_750_000_000)
