from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.event_page import EventPage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    match_id: str,
    *,
    after: int | Unset = -1,
    limit: int | Unset = 100,
    wait: float | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/matches/{match_id}/events".format(
            match_id=quote(str(match_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | EventPage | None:
    if response.status_code == 200:
        response_200 = EventPage.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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
) -> Response[Any | Error | EventPage]:
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
    after: int | Unset = -1,
    limit: int | Unset = 100,
    wait: float | Unset = UNSET,
) -> Response[Any | Error | EventPage]:
    """The public event log after a version, paged by versions: what every player and spectator saw.

     With `wait=S`, answers as soon as an event after `after` exists, or 304 after S seconds (at
    once for a match that is over).

    Args:
        match_id (str):
        after (int | Unset):  Default: -1.
        limit (int | Unset):  Default: 100.
        wait (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | EventPage]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        after=after,
        limit=limit,
        wait=wait,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    match_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = -1,
    limit: int | Unset = 100,
    wait: float | Unset = UNSET,
) -> Any | Error | EventPage | None:
    """The public event log after a version, paged by versions: what every player and spectator saw.

     With `wait=S`, answers as soon as an event after `after` exists, or 304 after S seconds (at
    once for a match that is over).

    Args:
        match_id (str):
        after (int | Unset):  Default: -1.
        limit (int | Unset):  Default: 100.
        wait (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | EventPage
    """

    return sync_detailed(
        match_id=match_id,
        client=client,
        after=after,
        limit=limit,
        wait=wait,
    ).parsed


async def asyncio_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = -1,
    limit: int | Unset = 100,
    wait: float | Unset = UNSET,
) -> Response[Any | Error | EventPage]:
    """The public event log after a version, paged by versions: what every player and spectator saw.

     With `wait=S`, answers as soon as an event after `after` exists, or 304 after S seconds (at
    once for a match that is over).

    Args:
        match_id (str):
        after (int | Unset):  Default: -1.
        limit (int | Unset):  Default: 100.
        wait (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | EventPage]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        after=after,
        limit=limit,
        wait=wait,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    match_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = -1,
    limit: int | Unset = 100,
    wait: float | Unset = UNSET,
) -> Any | Error | EventPage | None:
    """The public event log after a version, paged by versions: what every player and spectator saw.

     With `wait=S`, answers as soon as an event after `after` exists, or 304 after S seconds (at
    once for a match that is over).

    Args:
        match_id (str):
        after (int | Unset):  Default: -1.
        limit (int | Unset):  Default: 100.
        wait (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | EventPage
    """

    return (
        await asyncio_detailed(
            match_id=match_id,
            client=client,
            after=after,
            limit=limit,
            wait=wait,
        )
    ).parsed
