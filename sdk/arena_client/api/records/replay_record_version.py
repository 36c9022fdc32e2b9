from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.record import Record
from ...models.replay_version import ReplayVersion
from ...types import Response


def _get_kwargs(
    version: int,
    *,
    body: Record,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/records/versions/{version}".format(
            version=quote(str(version), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ReplayVersion | None:
    if response.status_code == 200:
        response_200 = ReplayVersion.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if response.status_code == 507:
        response_507 = Error.from_dict(response.json())

        return response_507

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
    version: int,
    *,
    client: AuthenticatedClient | Client,
    body: Record,
) -> Response[Error | ReplayVersion]:
    """A version of a record's match as a spectator saw it (the web replay page opens record files so).

     The whole record is checked first, as `arena verify` checks it (the commitment, every version
    replayed with the engine, the end it states); nothing is stored. The answer has the shape of
    `GET /matches/{id}/versions/{version}`.

    Args:
        version (int):
        body (Record):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReplayVersion]
    """

    kwargs = _get_kwargs(
        version=version,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    version: int,
    *,
    client: AuthenticatedClient | Client,
    body: Record,
) -> Error | ReplayVersion | None:
    """A version of a record's match as a spectator saw it (the web replay page opens record files so).

     The whole record is checked first, as `arena verify` checks it (the commitment, every version
    replayed with the engine, the end it states); nothing is stored. The answer has the shape of
    `GET /matches/{id}/versions/{version}`.

    Args:
        version (int):
        body (Record):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReplayVersion
    """

    return sync_detailed(
        version=version,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    version: int,
    *,
    client: AuthenticatedClient | Client,
    body: Record,
) -> Response[Error | ReplayVersion]:
    """A version of a record's match as a spectator saw it (the web replay page opens record files so).

     The whole record is checked first, as `arena verify` checks it (the commitment, every version
    replayed with the engine, the end it states); nothing is stored. The answer has the shape of
    `GET /matches/{id}/versions/{version}`.

    Args:
        version (int):
        body (Record):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReplayVersion]
    """

    kwargs = _get_kwargs(
        version=version,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    version: int,
    *,
    client: AuthenticatedClient | Client,
    body: Record,
) -> Error | ReplayVersion | None:
    """A version of a record's match as a spectator saw it (the web replay page opens record files so).

     The whole record is checked first, as `arena verify` checks it (the commitment, every version
    replayed with the engine, the end it states); nothing is stored. The answer has the shape of
    `GET /matches/{id}/versions/{version}`.

    Args:
        version (int):
        body (Record):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReplayVersion
    """

    return (
        await asyncio_detailed(
            version=version,
            client=client,
            body=body,
        )
    ).parsed
