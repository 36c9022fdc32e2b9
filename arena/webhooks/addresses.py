"""Which URLs a webhook may name and which addresses it may reach (the server must not be made to
call into its own network).

A URL is ``http`` or ``https`` with a host, no credentials and at most :data:`MAX_URL_LENGTH`
characters. Its host is resolved when the webhook is created and again before every delivery (a
name may resolve elsewhere later), and every address it resolves to must be a public one: never
loopback, private, link-local, unspecified, multicast, reserved or otherwise not global (an
IPv4-mapped IPv6 address counts as its IPv4 address). ``ARENA_WEBHOOK_ALLOW_PRIVATE=1`` lifts the
address rule, for a server whose receivers run beside it (and for the tests); the URL rules stay.
Pure: :func:`resolve` asks the resolver it is given (the system's, from the use cases).
"""

from __future__ import annotations

import dataclasses
import ipaddress
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

#: The longest URL a webhook may name.
MAX_URL_LENGTH = 2048
#: Looks up a host's addresses for a port, as ``socket.getaddrinfo(host, port)`` does (its answers' fifth
#: item holds the address first).
Resolver = Callable[[str, int], list[tuple[Any, ...]]]


class RefusedUrl(Exception):
    """A webhook URL the server will not call: ``reason`` says which rule it breaks."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message


@dataclasses.dataclass(frozen=True)
class WebhookUrl:
    """A URL as a webhook calls it: scheme, host, port, and the path with its query."""

    url: str
    scheme: str
    host: str
    port: int
    target: str


def parse_url(url: str) -> WebhookUrl:
    """``url`` split for calling it, or :class:`RefusedUrl` (reason ``malformed``, ``scheme`` or
    ``credentials``)."""
    if len(url) > MAX_URL_LENGTH:
        raise RefusedUrl("malformed", f"the URL is longer than {MAX_URL_LENGTH} characters")
    if any(ord(c) <= 0x20 or 0x7F <= ord(c) <= 0x9F for c in url):
        raise RefusedUrl("malformed", "the URL holds spaces or control characters (percent-encode them)")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise RefusedUrl("malformed", f"the URL cannot be read: {error}") from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise RefusedUrl("scheme", f"a webhook URL is http or https, not {parts.scheme or 'without a scheme'}")
    if parts.username is not None or parts.password is not None:
        raise RefusedUrl("credentials", "a webhook URL may not hold credentials (user:password@)")
    host = parts.hostname
    if not host:
        raise RefusedUrl("malformed", "the URL names no host")
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return WebhookUrl(url, scheme, host, port or (443 if scheme == "https" else 80), target)


def address_refusal(address: str) -> str | None:
    """Why a webhook may not reach ``address`` (an IP address as text), or ``None`` if it may."""
    ip = ipaddress.ip_address(address.partition("%")[0])  # an IPv6 scope (fe80::1%eth0) names no other address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    for kind, found in (
        ("unspecified", ip.is_unspecified),
        ("loopback", ip.is_loopback),
        ("link-local", ip.is_link_local),
        ("multicast", ip.is_multicast),
        ("private", ip.is_private),
        ("reserved", ip.is_reserved),
    ):
        if found:
            return f"{ip} is a {kind} address"
    if not ip.is_global:
        return f"{ip} is not a public address"
    return None


def resolve(host: str, port: int, allow_private: bool, resolver: Resolver) -> list[str]:
    """The addresses ``host`` resolves to now, every one of them allowed, or :class:`RefusedUrl`
    (reason ``unresolvable`` or ``private_address``)."""
    try:
        found = resolver(host, port)
    except (OSError, UnicodeError) as error:
        raise RefusedUrl("unresolvable", f"the host {host!r} does not resolve ({error})") from None
    addresses = list(dict.fromkeys(str(info[4][0]) for info in found))
    if not addresses:
        raise RefusedUrl("unresolvable", f"the host {host!r} resolves to no address")
    if not allow_private:
        for address in addresses:
            refusal = address_refusal(address)
            if refusal is not None:
                raise RefusedUrl(
                    "private_address", f"the host {host!r} resolves to {refusal}: webhooks call public addresses only"
                )
    return addresses
