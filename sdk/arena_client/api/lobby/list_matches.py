from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.game_id import GameId
from ...models.list_matches_status import ListMatchesStatus
from ...models.match_list import MatchList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    game: GameId | Unset = UNSET,
    status: ListMatchesStatus | Unset = UNSET,
    open_: bool | Unset = UNSET,
    limit: int | Unset = 20,
    updated_within: float | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_game: str | Unset = UNSET
    if not isinstance(game, Unset):
        json_game = game.value

    params["game"] = json_game

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["open"] = open_

    params["limit"] = limit

    params["updated_within"] = updated_within

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/matches",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | MatchList | None:
    if response.status_code == 200:
        response_200 = MatchList.from_dict(response.json())

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
) -> Response[Error | MatchList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    game: GameId | Unset = UNSET,
    status: ListMatchesStatus | Unset = UNSET,
    open_: bool | Unset = UNSET,
    limit: int | Unset = 20,
    updated_within: float | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Response[Error | MatchList]:
    """List matches, newest first: filter by game, status or open seats; page with `cursor`.

     A `game` the catalogue does not have is 404 `game/unknown`.

    Args:
        game (GameId | Unset): A game of the catalogue (`/games`). A request naming another is 404
            `game/unknown` (422 for a tournament).
        status (ListMatchesStatus | Unset):
        open_ (bool | Unset):
        limit (int | Unset):  Default: 20.
        updated_within (float | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MatchList]
    """

    kwargs = _get_kwargs(
        game=game,
        status=status,
        open_=open_,
        limit=limit,
        updated_within=updated_within,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    game: GameId | Unset = UNSET,
    status: ListMatchesStatus | Unset = UNSET,
    open_: bool | Unset = UNSET,
    limit: int | Unset = 20,
    updated_within: float | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Error | MatchList | None:
    """List matches, newest first: filter by game, status or open seats; page with `cursor`.

     A `game` the catalogue does not have is 404 `game/unknown`.

    Args:
        game (GameId | Unset): A game of the catalogue (`/games`). A request naming another is 404
            `game/unknown` (422 for a tournament).
        status (ListMatchesStatus | Unset):
        open_ (bool | Unset):
        limit (int | Unset):  Default: 20.
        updated_within (float | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MatchList
    """

    return sync_detailed(
        client=client,
        game=game,
        status=status,
        open_=open_,
        limit=limit,
        updated_within=updated_within,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    game: GameId | Unset = UNSET,
    status: ListMatchesStatus | Unset = UNSET,
    open_: bool | Unset = UNSET,
    limit: int | Unset = 20,
    updated_within: float | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Response[Error | MatchList]:
    """List matches, newest first: filter by game, status or open seats; page with `cursor`.

     A `game` the catalogue does not have is 404 `game/unknown`.

    Args:
        game (GameId | Unset): A game of the catalogue (`/games`). A request naming another is 404
            `game/unknown` (422 for a tournament).
        status (ListMatchesStatus | Unset):
        open_ (bool | Unset):
        limit (int | Unset):  Default: 20.
        updated_within (float | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MatchList]
    """

    kwargs = _get_kwargs(
        game=game,
        status=status,
        open_=open_,
        limit=limit,
        updated_within=updated_within,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    game: GameId | Unset = UNSET,
    status: ListMatchesStatus | Unset = UNSET,
    open_: bool | Unset = UNSET,
    limit: int | Unset = 20,
    updated_within: float | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Error | MatchList | None:
    """List matches, newest first: filter by game, status or open seats; page with `cursor`.

     A `game` the catalogue does not have is 404 `game/unknown`.

    Args:
        game (GameId | Unset): A game of the catalogue (`/games`). A request naming another is 404
            `game/unknown` (422 for a tournament).
        status (ListMatchesStatus | Unset):
        open_ (bool | Unset):
        limit (int | Unset):  Default: 20.
        updated_within (float | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MatchList
    """

    return (
        await asyncio_detailed(
            client=client,
            game=game,
            status=status,
            open_=open_,
            limit=limit,
            updated_within=updated_within,
            cursor=cursor,
        )
    ).parsed
