from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_matches_status_type_1 import ListMatchesStatusType1
from ...models.list_matches_status_type_2_type_1 import ListMatchesStatusType2Type1
from ...models.list_matches_status_type_3_type_1 import ListMatchesStatusType3Type1
from ...models.match_list import MatchList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    game: None | str | Unset = UNSET,
    status: ListMatchesStatusType1
    | ListMatchesStatusType2Type1
    | ListMatchesStatusType3Type1
    | None
    | Unset = UNSET,
    open_: bool | None | Unset = UNSET,
    limit: int | Unset = 20,
    updated_within: float | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_game: None | str | Unset
    if isinstance(game, Unset):
        json_game = UNSET
    else:
        json_game = game
    params["game"] = json_game

    json_status: None | str | Unset
    if isinstance(status, Unset):
        json_status = UNSET
    elif (
        isinstance(status, ListMatchesStatusType1)
        or isinstance(status, ListMatchesStatusType2Type1)
        or isinstance(status, ListMatchesStatusType3Type1)
    ):
        json_status = status.value
    else:
        json_status = status
    params["status"] = json_status

    json_open_: bool | None | Unset
    if isinstance(open_, Unset):
        json_open_ = UNSET
    else:
        json_open_ = open_
    params["open"] = json_open_

    params["limit"] = limit

    json_updated_within: float | None | Unset
    if isinstance(updated_within, Unset):
        json_updated_within = UNSET
    else:
        json_updated_within = updated_within
    params["updated_within"] = json_updated_within

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/matches",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | MatchList:
    if response.status_code == 200:
        response_200 = MatchList.from_dict(response.json())

        return response_200

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    response_default = Error.from_dict(response.json())

    return response_default


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
    game: None | str | Unset = UNSET,
    status: ListMatchesStatusType1
    | ListMatchesStatusType2Type1
    | ListMatchesStatusType3Type1
    | None
    | Unset = UNSET,
    open_: bool | None | Unset = UNSET,
    limit: int | Unset = 20,
    updated_within: float | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
) -> Response[Error | MatchList]:
    """List matches, newest first: filter by game, status or open seats; page with `cursor`.

    Args:
        game (None | str | Unset):
        status (ListMatchesStatusType1 | ListMatchesStatusType2Type1 | ListMatchesStatusType3Type1
            | None | Unset):
        open_ (bool | None | Unset):
        limit (int | Unset):  Default: 20.
        updated_within (float | None | Unset):
        cursor (None | str | Unset):

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
    game: None | str | Unset = UNSET,
    status: ListMatchesStatusType1
    | ListMatchesStatusType2Type1
    | ListMatchesStatusType3Type1
    | None
    | Unset = UNSET,
    open_: bool | None | Unset = UNSET,
    limit: int | Unset = 20,
    updated_within: float | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
) -> Error | MatchList | None:
    """List matches, newest first: filter by game, status or open seats; page with `cursor`.

    Args:
        game (None | str | Unset):
        status (ListMatchesStatusType1 | ListMatchesStatusType2Type1 | ListMatchesStatusType3Type1
            | None | Unset):
        open_ (bool | None | Unset):
        limit (int | Unset):  Default: 20.
        updated_within (float | None | Unset):
        cursor (None | str | Unset):

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
    game: None | str | Unset = UNSET,
    status: ListMatchesStatusType1
    | ListMatchesStatusType2Type1
    | ListMatchesStatusType3Type1
    | None
    | Unset = UNSET,
    open_: bool | None | Unset = UNSET,
    limit: int | Unset = 20,
    updated_within: float | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
) -> Response[Error | MatchList]:
    """List matches, newest first: filter by game, status or open seats; page with `cursor`.

    Args:
        game (None | str | Unset):
        status (ListMatchesStatusType1 | ListMatchesStatusType2Type1 | ListMatchesStatusType3Type1
            | None | Unset):
        open_ (bool | None | Unset):
        limit (int | Unset):  Default: 20.
        updated_within (float | None | Unset):
        cursor (None | str | Unset):

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
    game: None | str | Unset = UNSET,
    status: ListMatchesStatusType1
    | ListMatchesStatusType2Type1
    | ListMatchesStatusType3Type1
    | None
    | Unset = UNSET,
    open_: bool | None | Unset = UNSET,
    limit: int | Unset = 20,
    updated_within: float | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
) -> Error | MatchList | None:
    """List matches, newest first: filter by game, status or open seats; page with `cursor`.

    Args:
        game (None | str | Unset):
        status (ListMatchesStatusType1 | ListMatchesStatusType2Type1 | ListMatchesStatusType3Type1
            | None | Unset):
        open_ (bool | None | Unset):
        limit (int | Unset):  Default: 20.
        updated_within (float | None | Unset):
        cursor (None | str | Unset):

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
