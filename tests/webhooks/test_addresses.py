"""Which URLs a webhook may name and which addresses it may reach. Pure, but for one lookup of localhost."""

from __future__ import annotations

import socket
from typing import Any

import pytest

from api.usecases.webhooks import system_resolver
from arena.webhooks.addresses import RefusedUrl, address_refusal, parse_url, resolve


def test_an_https_or_http_url_is_split_for_calling() -> None:
    url = parse_url("https://hooks.example.com/arena/in?key=1#frag")
    assert (url.scheme, url.host, url.port, url.target) == ("https", "hooks.example.com", 443, "/arena/in?key=1")
    plain = parse_url("HTTP://[2001:db8::1]:8080")
    assert (plain.scheme, plain.host, plain.port, plain.target) == ("http", "2001:db8::1", 8080, "/")


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("ftp://example.com/hook", "scheme"),
        ("file:///etc/passwd", "scheme"),
        ("gopher://example.com", "scheme"),
        ("example.com/hook", "scheme"),
        ("https://user:secret@example.com/hook", "credentials"),
        ("https://user@example.com/hook", "credentials"),
        ("https:///hook", "malformed"),
        ("https://example.com:99999/", "malformed"),
        ("https://exa mple.com/", "malformed"),
        ("https://example.com/\r\nX-Injected: 1", "malformed"),
        ("https://example.com/" + "a" * 2048, "malformed"),
    ],
)
def test_urls_that_are_refused_say_why(url: str, reason: str) -> None:
    with pytest.raises(RefusedUrl) as refused:
        parse_url(url)
    assert refused.value.reason == reason


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "127.8.9.10",
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.1",
        "169.254.169.254",  # a cloud's metadata service
        "0.0.0.0",
        "100.64.0.1",  # shared address space
        "224.0.0.1",
        "255.255.255.255",
        "::1",
        "::",
        "fe80::1%eth0",
        "fc00::1",
        "ff02::1",
        "::ffff:127.0.0.1",  # IPv4-mapped loopback
        "::ffff:10.0.0.1",
    ],
)
def test_loopback_private_link_local_and_other_non_public_addresses_are_refused(address: str) -> None:
    assert address_refusal(address) is not None


@pytest.mark.parametrize("address", ["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
def test_public_addresses_are_allowed(address: str) -> None:
    assert address_refusal(address) is None


def answers(*addresses: str) -> Any:
    """A stand-in for the system resolver that answers ``addresses`` (to test names we do not own)."""

    def resolver(host: str, port: int, **_: Any) -> list[tuple[Any, ...]]:
        family = socket.AF_INET6
        return [(family, socket.SOCK_STREAM, 6, "", (address, port)) for address in addresses]

    return resolver


def test_a_name_is_refused_if_any_of_its_addresses_is_not_public() -> None:
    assert resolve("hooks.example", 443, False, answers("8.8.8.8", "8.8.4.4")) == ["8.8.8.8", "8.8.4.4"]
    with pytest.raises(RefusedUrl) as refused:
        resolve("rebind.example", 443, False, answers("8.8.8.8", "10.0.0.7"))
    assert refused.value.reason == "private_address" and "10.0.0.7" in refused.value.message


def test_allow_private_lifts_the_address_rule_only() -> None:
    assert resolve("inside.example", 80, True, answers("10.0.0.7")) == ["10.0.0.7"]


def test_localhost_resolves_to_loopback_and_is_refused() -> None:
    with pytest.raises(RefusedUrl) as refused:
        resolve("localhost", 80, False, system_resolver)
    assert refused.value.reason == "private_address"
    assert resolve("localhost", 80, True, system_resolver)


def test_a_name_that_does_not_resolve_is_refused() -> None:
    def failing(host: str, port: int, **_: Any) -> list[tuple[Any, ...]]:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    with pytest.raises(RefusedUrl) as refused:
        resolve("nowhere.invalid", 80, True, failing)
    assert refused.value.reason == "unresolvable"
