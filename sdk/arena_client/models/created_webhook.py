from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CreatedWebhook")


@_attrs_define
class CreatedWebhook:
    """
    Attributes:
        events (list[str]):
        secret (str): The key of every delivery's `Arena-Signature` (HMAC-SHA256 of `<t>.<body>`); the SDKs'
            `verify_signature` checks one in one call.
        url (str):
    """

    events: list[str]
    secret: str
    url: str

    def to_dict(self) -> dict[str, Any]:
        events = self.events

        secret = self.secret

        url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "secret": secret,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        events = cast(list[str], d.pop("events"))

        secret = d.pop("secret")

        url = d.pop("url")

        created_webhook = cls(
            events=events,
            secret=secret,
            url=url,
        )

        return created_webhook
