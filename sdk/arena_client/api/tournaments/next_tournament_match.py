from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.next_match import NextMatch
from ...types import UNSET, Response, Unset


def _get_kwargs(
    tournament_id: str,
    *,
    wait: float | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/tournaments/{tournament_id}/next".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | NextMatch | None:
    if response.status_code == 200:
        response_200 = NextMatch.from_dict(response.json())

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
) -> Response[Any | Error | NextMatch]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    wait: float | Unset = UNSET,
) -> Response[Any | Error | NextMatch]:
    """The entrant's match to play now (`match_id`, `seat`, `token`), or `{"done": true}`.

     The same match is given again until it is over. With `wait=S`, answers as soon as a match
    is scheduled for the entrant, or 304 after S seconds. Receiving a match counts as its
    program's first request for it: the seat's clock runs from then.

    Args:
        tournament_id (str):
        wait (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | NextMatch]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        wait=wait,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    wait: float | Unset = UNSET,
) -> Any | Error | NextMatch | None:
    """The entrant's match to play now (`match_id`, `seat`, `token`), or `{"done": true}`.

     The same match is given again until it is over. With `wait=S`, answers as soon as a match
    is scheduled for the entrant, or 304 after S seconds. Receiving a match counts as its
    program's first request for it: the seat's clock runs from then.

    Args:
        tournament_id (str):
        wait (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | NextMatch
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
        wait=wait,
    ).parsed


async def asyncio_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    wait: float | Unset = UNSET,
) -> Response[Any | Error | NextMatch]:
    """The entrant's match to play now (`match_id`, `seat`, `token`), or `{"done": true}`.

     The same match is given again until it is over. With `wait=S`, answers as soon as a match
    is scheduled for the entrant, or 304 after S seconds. Receiving a match counts as its
    program's first request for it: the seat's clock runs from then.

    Args:
        tournament_id (str):
        wait (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | NextMatch]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        wait=wait,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    wait: float | Unset = UNSET,
) -> Any | Error | NextMatch | None:
    """The entrant's match to play now (`match_id`, `seat`, `token`), or `{"done": true}`.

     The same match is given again until it is over. With `wait=S`, answers as soon as a match
    is scheduled for the entrant, or 304 after S seconds. Receiving a match counts as its
    program's first request for it: the seat's clock runs from then.

    Args:
        tournament_id (str):
        wait (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | NextMatch
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
            wait=wait,
        )
    ).parsed
