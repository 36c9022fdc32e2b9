from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.get_match_record_format import GetMatchRecordFormat
from ...models.record import Record
from ...types import UNSET, Response, Unset


def _get_kwargs(
    match_id: str,
    *,
    format_: GetMatchRecordFormat | Unset = GetMatchRecordFormat.JSON,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/matches/{match_id}/record".format(
            match_id=quote(str(match_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Record | None:
    if response.status_code == 200:
        response_200 = Record.from_dict(response.json())

        return response_200

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

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
) -> Response[Error | Record]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient | Client,
    format_: GetMatchRecordFormat | Unset = GetMatchRecordFormat.JSON,
) -> Response[Error | Record]:
    """A finished or aborted match's record: seats, seed and salt, each version's action and time, the
    result.

     Kept `ARENA_RECORD_TTL` seconds (30 days by default) after the match ended, after the match
    itself has expired. `arena replay FILE` and `arena verify FILE` replay it offline; the SDK's
    `verify(record)` checks its commitment and consistency. `?format=text` answers the record as
    text a player reads (`text/plain; charset=utf-8`): a header of tag pairs (the game, the match,
    the date, the seats, the options, the seed and its commitment, the result and how the match
    ended), then one line per version in words, as PGN is for chess.

    Args:
        match_id (str):
        format_ (GetMatchRecordFormat | Unset):  Default: GetMatchRecordFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Record]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        format_=format_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    match_id: str,
    *,
    client: AuthenticatedClient | Client,
    format_: GetMatchRecordFormat | Unset = GetMatchRecordFormat.JSON,
) -> Error | Record | None:
    """A finished or aborted match's record: seats, seed and salt, each version's action and time, the
    result.

     Kept `ARENA_RECORD_TTL` seconds (30 days by default) after the match ended, after the match
    itself has expired. `arena replay FILE` and `arena verify FILE` replay it offline; the SDK's
    `verify(record)` checks its commitment and consistency. `?format=text` answers the record as
    text a player reads (`text/plain; charset=utf-8`): a header of tag pairs (the game, the match,
    the date, the seats, the options, the seed and its commitment, the result and how the match
    ended), then one line per version in words, as PGN is for chess.

    Args:
        match_id (str):
        format_ (GetMatchRecordFormat | Unset):  Default: GetMatchRecordFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Record
    """

    return sync_detailed(
        match_id=match_id,
        client=client,
        format_=format_,
    ).parsed


async def asyncio_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient | Client,
    format_: GetMatchRecordFormat | Unset = GetMatchRecordFormat.JSON,
) -> Response[Error | Record]:
    """A finished or aborted match's record: seats, seed and salt, each version's action and time, the
    result.

     Kept `ARENA_RECORD_TTL` seconds (30 days by default) after the match ended, after the match
    itself has expired. `arena replay FILE` and `arena verify FILE` replay it offline; the SDK's
    `verify(record)` checks its commitment and consistency. `?format=text` answers the record as
    text a player reads (`text/plain; charset=utf-8`): a header of tag pairs (the game, the match,
    the date, the seats, the options, the seed and its commitment, the result and how the match
    ended), then one line per version in words, as PGN is for chess.

    Args:
        match_id (str):
        format_ (GetMatchRecordFormat | Unset):  Default: GetMatchRecordFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Record]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        format_=format_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    match_id: str,
    *,
    client: AuthenticatedClient | Client,
    format_: GetMatchRecordFormat | Unset = GetMatchRecordFormat.JSON,
) -> Error | Record | None:
    """A finished or aborted match's record: seats, seed and salt, each version's action and time, the
    result.

     Kept `ARENA_RECORD_TTL` seconds (30 days by default) after the match ended, after the match
    itself has expired. `arena replay FILE` and `arena verify FILE` replay it offline; the SDK's
    `verify(record)` checks its commitment and consistency. `?format=text` answers the record as
    text a player reads (`text/plain; charset=utf-8`): a header of tag pairs (the game, the match,
    the date, the seats, the options, the seed and its commitment, the result and how the match
    ended), then one line per version in words, as PGN is for chess.

    Args:
        match_id (str):
        format_ (GetMatchRecordFormat | Unset):  Default: GetMatchRecordFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Record
    """

    return (
        await asyncio_detailed(
            match_id=match_id,
            client=client,
            format_=format_,
        )
    ).parsed
