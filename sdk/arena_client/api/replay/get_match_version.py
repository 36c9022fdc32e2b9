from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.replay_version import ReplayVersion
from ...types import Response


def _get_kwargs(
    match_id: str,
    version: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/matches/{match_id}/versions/{version}".format(
            match_id=quote(str(match_id), safe=""),
            version=quote(str(version), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ReplayVersion | None:
    if response.status_code == 200:
        response_200 = ReplayVersion.from_dict(response.json())

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
) -> Response[Error | ReplayVersion]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    match_id: str,
    version: int,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | ReplayVersion]:
    """A finished or aborted match as a spectator saw it right after `version`: its public view, action and
    events.

     Rebuilt by replaying the match's seed and logged actions; versions run from 0 (the setup) to
    `last_version`.

    Args:
        match_id (str):
        version (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReplayVersion]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        version=version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    match_id: str,
    version: int,
    *,
    client: AuthenticatedClient | Client,
) -> Error | ReplayVersion | None:
    """A finished or aborted match as a spectator saw it right after `version`: its public view, action and
    events.

     Rebuilt by replaying the match's seed and logged actions; versions run from 0 (the setup) to
    `last_version`.

    Args:
        match_id (str):
        version (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReplayVersion
    """

    return sync_detailed(
        match_id=match_id,
        version=version,
        client=client,
    ).parsed


async def asyncio_detailed(
    match_id: str,
    version: int,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | ReplayVersion]:
    """A finished or aborted match as a spectator saw it right after `version`: its public view, action and
    events.

     Rebuilt by replaying the match's seed and logged actions; versions run from 0 (the setup) to
    `last_version`.

    Args:
        match_id (str):
        version (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReplayVersion]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        version=version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    match_id: str,
    version: int,
    *,
    client: AuthenticatedClient | Client,
) -> Error | ReplayVersion | None:
    """A finished or aborted match as a spectator saw it right after `version`: its public view, action and
    events.

     Rebuilt by replaying the match's seed and logged actions; versions run from 0 (the setup) to
    `last_version`.

    Args:
        match_id (str):
        version (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReplayVersion
    """

    return (
        await asyncio_detailed(
            match_id=match_id,
            version=version,
            client=client,
        )
    ).parsed
