from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Invitation")


@_attrs_define
class Invitation:
    """
    Attributes:
        invitation (str): The secret that joins this seat (`POST /matches/{id}/join`).
        link (str): The web client's join page for this seat, relative to the server, with the invitation in its
            fragment (a browser never sends a fragment anywhere): what a host shares with a friend.
        seat (int):
    """

    invitation: str
    link: str
    seat: int

    def to_dict(self) -> dict[str, Any]:
        invitation = self.invitation

        link = self.link

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "invitation": invitation,
                "link": link,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        invitation = d.pop("invitation")

        link = d.pop("link")

        seat = d.pop("seat")

        invitation = cls(
            invitation=invitation,
            link=link,
            seat=seat,
        )

        return invitation
