from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.stream_seat_response_200_type_0 import StreamSeatResponse200Type0
from ...types import UNSET, Response, Unset


def _get_kwargs(
    match_id: str,
    *,
    after: int | Unset = UNSET,
    legal_limit: int | Unset = 100,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    params: dict[str, Any] = {}

    params["after"] = after

    params["legal_limit"] = legal_limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/matches/{match_id}/seat-stream".format(
            match_id=quote(str(match_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | str | StreamSeatResponse200Type0 | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> str | StreamSeatResponse200Type0:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = StreamSeatResponse200Type0.from_dict(data)

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(str | StreamSeatResponse200Type0, data)

        response_200 = _parse_response_200(response.text)

        return response_200

    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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
) -> Response[Any | Error | str | StreamSeatResponse200Type0]:
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
    after: int | Unset = UNSET,
    legal_limit: int | Unset = 100,
    last_event_id: str | Unset = UNSET,
) -> Response[Any | Error | str | StreamSeatResponse200Type0]:
    """What the token's seat sees happen: public events, its private ones, a `turn` whenever it must act.

    Args:
        match_id (str):
        after (int | Unset):
        legal_limit (int | Unset):  Default: 100.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | str | StreamSeatResponse200Type0]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        after=after,
        legal_limit=legal_limit,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    match_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    legal_limit: int | Unset = 100,
    last_event_id: str | Unset = UNSET,
) -> Any | Error | str | StreamSeatResponse200Type0 | None:
    """What the token's seat sees happen: public events, its private ones, a `turn` whenever it must act.

    Args:
        match_id (str):
        after (int | Unset):
        legal_limit (int | Unset):  Default: 100.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | str | StreamSeatResponse200Type0
    """

    return sync_detailed(
        match_id=match_id,
        client=client,
        after=after,
        legal_limit=legal_limit,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    legal_limit: int | Unset = 100,
    last_event_id: str | Unset = UNSET,
) -> Response[Any | Error | str | StreamSeatResponse200Type0]:
    """What the token's seat sees happen: public events, its private ones, a `turn` whenever it must act.

    Args:
        match_id (str):
        after (int | Unset):
        legal_limit (int | Unset):  Default: 100.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | str | StreamSeatResponse200Type0]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        after=after,
        legal_limit=legal_limit,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    match_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    legal_limit: int | Unset = 100,
    last_event_id: str | Unset = UNSET,
) -> Any | Error | str | StreamSeatResponse200Type0 | None:
    """What the token's seat sees happen: public events, its private ones, a `turn` whenever it must act.

    Args:
        match_id (str):
        after (int | Unset):
        legal_limit (int | Unset):  Default: 100.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | str | StreamSeatResponse200Type0
    """

    return (
        await asyncio_detailed(
            match_id=match_id,
            client=client,
            after=after,
            legal_limit=legal_limit,
            last_event_id=last_event_id,
        )
    ).parsed
