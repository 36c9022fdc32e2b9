from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    tournament_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/tournaments/{tournament_id}/records".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

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
) -> Response[Error | str]:
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
) -> Response[Error | str]:
    """The record of every recorded match of a finished or cancelled tournament, as JSON lines.

     Each line is the match's record (as `GET /matches/{id}/record` serves it) whose `tournament`
    also holds the entrant in each seat, each seat's forfeit and points, and whose `text` is the
    match as text a player reads (`?format=text` of the match's record, naming the entrants too).
    Kept as long as the tournament (`ARENA_TOURNAMENT_TTL` after it ends); streamed a few lines at
    a time, unpaged.
    `arena replay FILE` replays every line and checks its result and scoring.

    Args:
        tournament_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Error | str | None:
    """The record of every recorded match of a finished or cancelled tournament, as JSON lines.

     Each line is the match's record (as `GET /matches/{id}/record` serves it) whose `tournament`
    also holds the entrant in each seat, each seat's forfeit and points, and whose `text` is the
    match as text a player reads (`?format=text` of the match's record, naming the entrants too).
    Kept as long as the tournament (`ARENA_TOURNAMENT_TTL` after it ends); streamed a few lines at
    a time, unpaged.
    `arena replay FILE` replays every line and checks its result and scoring.

    Args:
        tournament_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | str]:
    """The record of every recorded match of a finished or cancelled tournament, as JSON lines.

     Each line is the match's record (as `GET /matches/{id}/record` serves it) whose `tournament`
    also holds the entrant in each seat, each seat's forfeit and points, and whose `text` is the
    match as text a player reads (`?format=text` of the match's record, naming the entrants too).
    Kept as long as the tournament (`ARENA_TOURNAMENT_TTL` after it ends); streamed a few lines at
    a time, unpaged.
    `arena replay FILE` replays every line and checks its result and scoring.

    Args:
        tournament_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Error | str | None:
    """The record of every recorded match of a finished or cancelled tournament, as JSON lines.

     Each line is the match's record (as `GET /matches/{id}/record` serves it) whose `tournament`
    also holds the entrant in each seat, each seat's forfeit and points, and whose `text` is the
    match as text a player reads (`?format=text` of the match's record, naming the entrants too).
    Kept as long as the tournament (`ARENA_TOURNAMENT_TTL` after it ends); streamed a few lines at
    a time, unpaged.
    `arena replay FILE` replays every line and checks its result and scoring.

    Args:
        tournament_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
        )
    ).parsed
