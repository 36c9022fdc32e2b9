from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.seat_view import SeatView
from ...types import UNSET, Response, Unset


def _get_kwargs(
    match_id: str,
    *,
    seat: int | Unset = UNSET,
    wait: float | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    params["seat"] = seat

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/matches/{match_id}/view".format(
            match_id=quote(str(match_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | SeatView | None:
    if response.status_code == 200:
        response_200 = SeatView.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

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
) -> Response[Any | Error | SeatView]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient,
    seat: int | Unset = UNSET,
    wait: float | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | Error | SeatView]:
    """What the token's seat sees: its own hand and everything public, nothing more.

     With `wait=S` and `If-None-Match`, answers as soon as the match moves past that version, or
    304 after S seconds (at once for a match that is over: it never changes again).

    Args:
        match_id (str):
        seat (int | Unset):
        wait (float | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | SeatView]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        seat=seat,
        wait=wait,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    match_id: str,
    *,
    client: AuthenticatedClient,
    seat: int | Unset = UNSET,
    wait: float | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | Error | SeatView | None:
    """What the token's seat sees: its own hand and everything public, nothing more.

     With `wait=S` and `If-None-Match`, answers as soon as the match moves past that version, or
    304 after S seconds (at once for a match that is over: it never changes again).

    Args:
        match_id (str):
        seat (int | Unset):
        wait (float | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | SeatView
    """

    return sync_detailed(
        match_id=match_id,
        client=client,
        seat=seat,
        wait=wait,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient,
    seat: int | Unset = UNSET,
    wait: float | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | Error | SeatView]:
    """What the token's seat sees: its own hand and everything public, nothing more.

     With `wait=S` and `If-None-Match`, answers as soon as the match moves past that version, or
    304 after S seconds (at once for a match that is over: it never changes again).

    Args:
        match_id (str):
        seat (int | Unset):
        wait (float | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | SeatView]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        seat=seat,
        wait=wait,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    match_id: str,
    *,
    client: AuthenticatedClient,
    seat: int | Unset = UNSET,
    wait: float | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | Error | SeatView | None:
    """What the token's seat sees: its own hand and everything public, nothing more.

     With `wait=S` and `If-None-Match`, answers as soon as the match moves past that version, or
    304 after S seconds (at once for a match that is over: it never changes again).

    Args:
        match_id (str):
        seat (int | Unset):
        wait (float | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | SeatView
    """

    return (
        await asyncio_detailed(
            match_id=match_id,
            client=client,
            seat=seat,
            wait=wait,
            if_none_match=if_none_match,
        )
    ).parsed
