from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.crosstable_form_type_1 import CrosstableFormType1
from ..models.crosstable_form_type_2_type_1 import CrosstableFormType2Type1
from ..models.crosstable_form_type_3_type_1 import CrosstableFormType3Type1

if TYPE_CHECKING:
    from ..models.crosstable_entrant import CrosstableEntrant
    from ..models.crosstable_pair import CrosstablePair


T = TypeVar("T", bound="Crosstable")


@_attrs_define
class Crosstable:
    """
    Attributes:
        entrants (list[CrosstableEntrant]):
        form (CrosstableFormType1 | CrosstableFormType2Type1 | CrosstableFormType3Type1 | None): How the pairwise Elo
            counts: each match (`trinomial`), or each duplicate deal (`pentanomial`); null for tables of more than 2.
        pairs (list[CrosstablePair]): Pairs that met.
        players_per_match (int):
    """

    entrants: list[CrosstableEntrant]
    form: (
        CrosstableFormType1 | CrosstableFormType2Type1 | CrosstableFormType3Type1 | None
    )
    pairs: list[CrosstablePair]
    players_per_match: int

    def to_dict(self) -> dict[str, Any]:
        entrants = []
        for entrants_item_data in self.entrants:
            entrants_item = entrants_item_data.to_dict()
            entrants.append(entrants_item)

        form: None | str
        if (
            isinstance(self.form, CrosstableFormType1)
            or isinstance(self.form, CrosstableFormType2Type1)
            or isinstance(self.form, CrosstableFormType3Type1)
        ):
            form = self.form.value
        else:
            form = self.form

        pairs = []
        for pairs_item_data in self.pairs:
            pairs_item = pairs_item_data.to_dict()
            pairs.append(pairs_item)

        players_per_match = self.players_per_match

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entrants": entrants,
                "form": form,
                "pairs": pairs,
                "players_per_match": players_per_match,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.crosstable_entrant import CrosstableEntrant
        from ..models.crosstable_pair import CrosstablePair

        d = dict(src_dict)
        entrants = []
        _entrants = d.pop("entrants")
        for entrants_item_data in _entrants:
            entrants_item = CrosstableEntrant.from_dict(entrants_item_data)

            entrants.append(entrants_item)

        def _parse_form(
            data: object,
        ) -> (
            CrosstableFormType1
            | CrosstableFormType2Type1
            | CrosstableFormType3Type1
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                form_type_1 = CrosstableFormType1(data)

                return form_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                form_type_2_type_1 = CrosstableFormType2Type1(data)

                return form_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                form_type_3_type_1 = CrosstableFormType3Type1(data)

                return form_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                CrosstableFormType1
                | CrosstableFormType2Type1
                | CrosstableFormType3Type1
                | None,
                data,
            )

        form = _parse_form(d.pop("form"))

        pairs = []
        _pairs = d.pop("pairs")
        for pairs_item_data in _pairs:
            pairs_item = CrosstablePair.from_dict(pairs_item_data)

            pairs.append(pairs_item)

        players_per_match = d.pop("players_per_match")

        crosstable = cls(
            entrants=entrants,
            form=form,
            pairs=pairs,
            players_per_match=players_per_match,
        )

        return crosstable
