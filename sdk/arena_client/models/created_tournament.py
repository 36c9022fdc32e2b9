from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.created_webhook import CreatedWebhook
    from ..models.entrant_token import EntrantToken
    from ..models.tournament import Tournament


T = TypeVar("T", bound="CreatedTournament")


@_attrs_define
class CreatedTournament:
    """
    Attributes:
        entrants (list[EntrantToken]): The tokens of the named entrants (server bots get none).
        host_token (str): The host's secret token: it starts and cancels the tournament.
        tournament (Tournament):
        webhook (CreatedWebhook | None): The webhook with its secret, shown this once; null without one.
    """

    entrants: list[EntrantToken]
    host_token: str
    tournament: Tournament
    webhook: CreatedWebhook | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.created_webhook import CreatedWebhook

        entrants = []
        for entrants_item_data in self.entrants:
            entrants_item = entrants_item_data.to_dict()
            entrants.append(entrants_item)

        host_token = self.host_token

        tournament = self.tournament.to_dict()

        webhook: dict[str, Any] | None
        if isinstance(self.webhook, CreatedWebhook):
            webhook = self.webhook.to_dict()
        else:
            webhook = self.webhook

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entrants": entrants,
                "host_token": host_token,
                "tournament": tournament,
                "webhook": webhook,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.created_webhook import CreatedWebhook
        from ..models.entrant_token import EntrantToken
        from ..models.tournament import Tournament

        d = dict(src_dict)
        entrants = []
        _entrants = d.pop("entrants")
        for entrants_item_data in _entrants:
            entrants_item = EntrantToken.from_dict(entrants_item_data)

            entrants.append(entrants_item)

        host_token = d.pop("host_token")

        tournament = Tournament.from_dict(d.pop("tournament"))

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

        created_tournament = cls(
            entrants=entrants,
            host_token=host_token,
            tournament=tournament,
            webhook=webhook,
        )

        return created_tournament
