from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.scheduled_match_state import ScheduledMatchState

if TYPE_CHECKING:
    from ..models.scheduled_match_tokens_type_0 import ScheduledMatchTokensType0
    from ..models.voided import Voided


T = TypeVar("T", bound="ScheduledMatch")


@_attrs_define
class ScheduledMatch:
    """
    Attributes:
        deal (int):
        entrants (list[int]): The entrant in each seat.
        forfeits (list[None | str] | None):
        host_token (None | str): Host token only.
        index (int):
        match_id (None | str):
        ranks (list[int] | None):
        rotation (int):
        round_ (int):
        seed (int | None): Revealed once it is over.
        state (ScheduledMatchState):
        table (int):
        tokens (None | ScheduledMatchTokensType0): Host token only, matches playing: each player seat's token by seat
            number.
        voided (list[Voided]): The attempts of this match voided and played again, in order.
    """

    deal: int
    entrants: list[int]
    forfeits: list[None | str] | None
    host_token: None | str
    index: int
    match_id: None | str
    ranks: list[int] | None
    rotation: int
    round_: int
    seed: int | None
    state: ScheduledMatchState
    table: int
    tokens: None | ScheduledMatchTokensType0
    voided: list[Voided]

    def to_dict(self) -> dict[str, Any]:
        from ..models.scheduled_match_tokens_type_0 import ScheduledMatchTokensType0

        deal = self.deal

        entrants = self.entrants

        forfeits: list[None | str] | None
        if isinstance(self.forfeits, list):
            forfeits = []
            for forfeits_type_0_item_data in self.forfeits:
                forfeits_type_0_item: None | str
                forfeits_type_0_item = forfeits_type_0_item_data
                forfeits.append(forfeits_type_0_item)

        else:
            forfeits = self.forfeits

        host_token: None | str
        host_token = self.host_token

        index = self.index

        match_id: None | str
        match_id = self.match_id

        ranks: list[int] | None
        if isinstance(self.ranks, list):
            ranks = self.ranks

        else:
            ranks = self.ranks

        rotation = self.rotation

        round_ = self.round_

        seed: int | None
        seed = self.seed

        state = self.state.value

        table = self.table

        tokens: dict[str, Any] | None
        if isinstance(self.tokens, ScheduledMatchTokensType0):
            tokens = self.tokens.to_dict()
        else:
            tokens = self.tokens

        voided = []
        for voided_item_data in self.voided:
            voided_item = voided_item_data.to_dict()
            voided.append(voided_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deal": deal,
                "entrants": entrants,
                "forfeits": forfeits,
                "host_token": host_token,
                "index": index,
                "match_id": match_id,
                "ranks": ranks,
                "rotation": rotation,
                "round": round_,
                "seed": seed,
                "state": state,
                "table": table,
                "tokens": tokens,
                "voided": voided,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.scheduled_match_tokens_type_0 import ScheduledMatchTokensType0
        from ..models.voided import Voided

        d = dict(src_dict)
        deal = d.pop("deal")

        entrants = cast(list[int], d.pop("entrants"))

        def _parse_forfeits(data: object) -> list[None | str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                forfeits_type_0 = []
                _forfeits_type_0 = data
                for forfeits_type_0_item_data in _forfeits_type_0:

                    def _parse_forfeits_type_0_item(data: object) -> None | str:
                        if data is None:
                            return data
                        return cast(None | str, data)

                    forfeits_type_0_item = _parse_forfeits_type_0_item(
                        forfeits_type_0_item_data
                    )

                    forfeits_type_0.append(forfeits_type_0_item)

                return forfeits_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[None | str] | None, data)

        forfeits = _parse_forfeits(d.pop("forfeits"))

        def _parse_host_token(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        host_token = _parse_host_token(d.pop("host_token"))

        index = d.pop("index")

        def _parse_match_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        match_id = _parse_match_id(d.pop("match_id"))

        def _parse_ranks(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                ranks_type_0 = cast(list[int], data)

                return ranks_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        ranks = _parse_ranks(d.pop("ranks"))

        rotation = d.pop("rotation")

        round_ = d.pop("round")

        def _parse_seed(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seed = _parse_seed(d.pop("seed"))

        state = ScheduledMatchState(d.pop("state"))

        table = d.pop("table")

        def _parse_tokens(data: object) -> None | ScheduledMatchTokensType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tokens_type_0 = ScheduledMatchTokensType0.from_dict(data)

                return tokens_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScheduledMatchTokensType0, data)

        tokens = _parse_tokens(d.pop("tokens"))

        voided = []
        _voided = d.pop("voided")
        for voided_item_data in _voided:
            voided_item = Voided.from_dict(voided_item_data)

            voided.append(voided_item)

        scheduled_match = cls(
            deal=deal,
            entrants=entrants,
            forfeits=forfeits,
            host_token=host_token,
            index=index,
            match_id=match_id,
            ranks=ranks,
            rotation=rotation,
            round_=round_,
            seed=seed,
            state=state,
            table=table,
            tokens=tokens,
            voided=voided,
        )

        return scheduled_match
