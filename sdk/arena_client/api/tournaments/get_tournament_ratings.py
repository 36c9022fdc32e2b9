from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.get_tournament_ratings_format import GetTournamentRatingsFormat
from ...models.rating_table import RatingTable
from ...types import UNSET, Response, Unset


def _get_kwargs(
    tournament_id: str,
    *,
    anchor: int | Unset = UNSET,
    format_: GetTournamentRatingsFormat | Unset = GetTournamentRatingsFormat.JSON,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["anchor"] = anchor

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/tournaments/{tournament_id}/ratings".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | RatingTable | None:
    if response.status_code == 200:
        response_200 = RatingTable.from_dict(response.json())

        return response_200

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | RatingTable]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    anchor: int | Unset = UNSET,
    format_: GetTournamentRatingsFormat | Unset = GetTournamentRatingsFormat.JSON,
) -> Response[Error | RatingTable]:
    """Every entrant's Elo from all recorded matches with a 95% interval, best first (Ordo's model).

     Maximum likelihood over every pairwise result (ahead 1, level 1/2), with two virtual draws
    per entrant as a prior, relative to the mean or to the `anchor` entrant; intervals from the
    Hessian (docs/tournaments.md). `?format=csv`: one row per entrant.

    Args:
        tournament_id (str):
        anchor (int | Unset):
        format_ (GetTournamentRatingsFormat | Unset):  Default: GetTournamentRatingsFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RatingTable]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        anchor=anchor,
        format_=format_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    anchor: int | Unset = UNSET,
    format_: GetTournamentRatingsFormat | Unset = GetTournamentRatingsFormat.JSON,
) -> Error | RatingTable | None:
    """Every entrant's Elo from all recorded matches with a 95% interval, best first (Ordo's model).

     Maximum likelihood over every pairwise result (ahead 1, level 1/2), with two virtual draws
    per entrant as a prior, relative to the mean or to the `anchor` entrant; intervals from the
    Hessian (docs/tournaments.md). `?format=csv`: one row per entrant.

    Args:
        tournament_id (str):
        anchor (int | Unset):
        format_ (GetTournamentRatingsFormat | Unset):  Default: GetTournamentRatingsFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RatingTable
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
        anchor=anchor,
        format_=format_,
    ).parsed


async def asyncio_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    anchor: int | Unset = UNSET,
    format_: GetTournamentRatingsFormat | Unset = GetTournamentRatingsFormat.JSON,
) -> Response[Error | RatingTable]:
    """Every entrant's Elo from all recorded matches with a 95% interval, best first (Ordo's model).

     Maximum likelihood over every pairwise result (ahead 1, level 1/2), with two virtual draws
    per entrant as a prior, relative to the mean or to the `anchor` entrant; intervals from the
    Hessian (docs/tournaments.md). `?format=csv`: one row per entrant.

    Args:
        tournament_id (str):
        anchor (int | Unset):
        format_ (GetTournamentRatingsFormat | Unset):  Default: GetTournamentRatingsFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RatingTable]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        anchor=anchor,
        format_=format_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    anchor: int | Unset = UNSET,
    format_: GetTournamentRatingsFormat | Unset = GetTournamentRatingsFormat.JSON,
) -> Error | RatingTable | None:
    """Every entrant's Elo from all recorded matches with a 95% interval, best first (Ordo's model).

     Maximum likelihood over every pairwise result (ahead 1, level 1/2), with two virtual draws
    per entrant as a prior, relative to the mean or to the `anchor` entrant; intervals from the
    Hessian (docs/tournaments.md). `?format=csv`: one row per entrant.

    Args:
        tournament_id (str):
        anchor (int | Unset):
        format_ (GetTournamentRatingsFormat | Unset):  Default: GetTournamentRatingsFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RatingTable
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
            anchor=anchor,
            format_=format_,
        )
    ).parsed
