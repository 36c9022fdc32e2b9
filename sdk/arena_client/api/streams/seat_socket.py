from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
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
        "url": "/matches/{match_id}/seat-socket".format(
            match_id=quote(str(match_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | None:
    if response.status_code == 101:
        response_101 = cast(Any, None)
        return response_101

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 426:
        response_426 = Error.from_dict(response.json())

        return response_426

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
) -> Response[Any | Error]:
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
    after: int | Unset = UNSET,
    legal_limit: int | Unset = 100,
    last_event_id: str | Unset = UNSET,
) -> Response[Any | Error]:
    """A seat's WebSocket: the seat stream's items pushed, the seat's moves sent and answered.

     Upgrade with `Upgrade: websocket`. The first message is the seat's token (a text frame holding it
    alone; never in the URL). The server then pushes the seat stream's items, `{"type": "event" | "turn"
    | "match_over", "id": "<event id>", "data": {...}}` (the same ids and data as `streamSeat`, resumed
    the same way with `after` or `Last-Event-ID`), and the client moves with `{"action": {...},
    "version": <If-Match>, "key": "<Idempotency-Key>"}`, answered with `{"type": "result", "key",
    "status", "replayed", "data": <MoveResult>}` or `{"type": "error", "key", "status", "error":
    <Error>}`: the same checks and answers as `submitAction`. Close codes: 1000 the match is over; 1001
    the server is stopping (the reason ends with the id of the last item sent: connect again with it as
    `Last-Event-ID` to resume); 1003 a binary frame; 1007 a frame that is no message of this protocol;
    1008 more than 32 frames sent ahead of their answers, or no answer to the server's pings; 1009 a
    frame over 65536 bytes; 1013 the store is unavailable (connect again to resume); 4401 a missing or
    invalid token; 4403 the host token or another match's; 4408 no token within 10 s. After its close
    frame the server waits up to 2 s for the client's. Nothing is stored for a frame that closes the
    socket.

    Args:
        match_id (str):
        after (int | Unset):
        legal_limit (int | Unset):  Default: 100.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
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
    client: AuthenticatedClient | Client,
    after: int | Unset = UNSET,
    legal_limit: int | Unset = 100,
    last_event_id: str | Unset = UNSET,
) -> Any | Error | None:
    """A seat's WebSocket: the seat stream's items pushed, the seat's moves sent and answered.

     Upgrade with `Upgrade: websocket`. The first message is the seat's token (a text frame holding it
    alone; never in the URL). The server then pushes the seat stream's items, `{"type": "event" | "turn"
    | "match_over", "id": "<event id>", "data": {...}}` (the same ids and data as `streamSeat`, resumed
    the same way with `after` or `Last-Event-ID`), and the client moves with `{"action": {...},
    "version": <If-Match>, "key": "<Idempotency-Key>"}`, answered with `{"type": "result", "key",
    "status", "replayed", "data": <MoveResult>}` or `{"type": "error", "key", "status", "error":
    <Error>}`: the same checks and answers as `submitAction`. Close codes: 1000 the match is over; 1001
    the server is stopping (the reason ends with the id of the last item sent: connect again with it as
    `Last-Event-ID` to resume); 1003 a binary frame; 1007 a frame that is no message of this protocol;
    1008 more than 32 frames sent ahead of their answers, or no answer to the server's pings; 1009 a
    frame over 65536 bytes; 1013 the store is unavailable (connect again to resume); 4401 a missing or
    invalid token; 4403 the host token or another match's; 4408 no token within 10 s. After its close
    frame the server waits up to 2 s for the client's. Nothing is stored for a frame that closes the
    socket.

    Args:
        match_id (str):
        after (int | Unset):
        legal_limit (int | Unset):  Default: 100.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
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
    client: AuthenticatedClient | Client,
    after: int | Unset = UNSET,
    legal_limit: int | Unset = 100,
    last_event_id: str | Unset = UNSET,
) -> Response[Any | Error]:
    """A seat's WebSocket: the seat stream's items pushed, the seat's moves sent and answered.

     Upgrade with `Upgrade: websocket`. The first message is the seat's token (a text frame holding it
    alone; never in the URL). The server then pushes the seat stream's items, `{"type": "event" | "turn"
    | "match_over", "id": "<event id>", "data": {...}}` (the same ids and data as `streamSeat`, resumed
    the same way with `after` or `Last-Event-ID`), and the client moves with `{"action": {...},
    "version": <If-Match>, "key": "<Idempotency-Key>"}`, answered with `{"type": "result", "key",
    "status", "replayed", "data": <MoveResult>}` or `{"type": "error", "key", "status", "error":
    <Error>}`: the same checks and answers as `submitAction`. Close codes: 1000 the match is over; 1001
    the server is stopping (the reason ends with the id of the last item sent: connect again with it as
    `Last-Event-ID` to resume); 1003 a binary frame; 1007 a frame that is no message of this protocol;
    1008 more than 32 frames sent ahead of their answers, or no answer to the server's pings; 1009 a
    frame over 65536 bytes; 1013 the store is unavailable (connect again to resume); 4401 a missing or
    invalid token; 4403 the host token or another match's; 4408 no token within 10 s. After its close
    frame the server waits up to 2 s for the client's. Nothing is stored for a frame that closes the
    socket.

    Args:
        match_id (str):
        after (int | Unset):
        legal_limit (int | Unset):  Default: 100.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
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
    client: AuthenticatedClient | Client,
    after: int | Unset = UNSET,
    legal_limit: int | Unset = 100,
    last_event_id: str | Unset = UNSET,
) -> Any | Error | None:
    """A seat's WebSocket: the seat stream's items pushed, the seat's moves sent and answered.

     Upgrade with `Upgrade: websocket`. The first message is the seat's token (a text frame holding it
    alone; never in the URL). The server then pushes the seat stream's items, `{"type": "event" | "turn"
    | "match_over", "id": "<event id>", "data": {...}}` (the same ids and data as `streamSeat`, resumed
    the same way with `after` or `Last-Event-ID`), and the client moves with `{"action": {...},
    "version": <If-Match>, "key": "<Idempotency-Key>"}`, answered with `{"type": "result", "key",
    "status", "replayed", "data": <MoveResult>}` or `{"type": "error", "key", "status", "error":
    <Error>}`: the same checks and answers as `submitAction`. Close codes: 1000 the match is over; 1001
    the server is stopping (the reason ends with the id of the last item sent: connect again with it as
    `Last-Event-ID` to resume); 1003 a binary frame; 1007 a frame that is no message of this protocol;
    1008 more than 32 frames sent ahead of their answers, or no answer to the server's pings; 1009 a
    frame over 65536 bytes; 1013 the store is unavailable (connect again to resume); 4401 a missing or
    invalid token; 4403 the host token or another match's; 4408 no token within 10 s. After its close
    frame the server waits up to 2 s for the client's. Nothing is stored for a frame that closes the
    socket.

    Args:
        match_id (str):
        after (int | Unset):
        legal_limit (int | Unset):  Default: 100.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
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
