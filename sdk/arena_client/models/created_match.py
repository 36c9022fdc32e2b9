from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.created_webhook import CreatedWebhook
    from ..models.invitation import Invitation
    from ..models.match import Match
    from ..models.seat_token import SeatToken


T = TypeVar("T", bound="CreatedMatch")


@_attrs_define
class CreatedMatch:
    """
    Attributes:
        host_token (str): The host's secret token: it may abort the match.
        invitations (list[Invitation]): The invitations of the invitation-only open seats (none without), shown this
            once.
        match (Match):
        seats (list[SeatToken]): The tokens of the player seats (not of bot or open seats).
        webhook (CreatedWebhook | None): The webhook with its secret, shown this once; null without one.
    """

    host_token: str
    invitations: list[Invitation]
    match: Match
    seats: list[SeatToken]
    webhook: CreatedWebhook | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.created_webhook import CreatedWebhook

        host_token = self.host_token

        invitations = []
        for invitations_item_data in self.invitations:
            invitations_item = invitations_item_data.to_dict()
            invitations.append(invitations_item)

        match = self.match.to_dict()

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        webhook: dict[str, Any] | None
        if isinstance(self.webhook, CreatedWebhook):
            webhook = self.webhook.to_dict()
        else:
            webhook = self.webhook

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "host_token": host_token,
                "invitations": invitations,
                "match": match,
                "seats": seats,
                "webhook": webhook,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.created_webhook import CreatedWebhook
        from ..models.invitation import Invitation
        from ..models.match import Match
        from ..models.seat_token import SeatToken

        d = dict(src_dict)
        host_token = d.pop("host_token")

        invitations = []
        _invitations = d.pop("invitations")
        for invitations_item_data in _invitations:
            invitations_item = Invitation.from_dict(invitations_item_data)

            invitations.append(invitations_item)

        match = Match.from_dict(d.pop("match"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatToken.from_dict(seats_item_data)

            seats.append(seats_item)

        def _parse_webhook(data: object) -> CreatedWebhook | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                webhook_type_0 = CreatedWebhook.from_dict(data)

                return webhook_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreatedWebhook | None, data)

        webhook = _parse_webhook(d.pop("webhook"))

        created_match = cls(
            host_token=host_token,
            invitations=invitations,
            match=match,
            seats=seats,
            webhook=webhook,
        )

        return created_match
