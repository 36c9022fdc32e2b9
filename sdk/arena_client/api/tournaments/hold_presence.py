from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.presence import Presence
from ...models.presence_held import PresenceHeld
from ...types import Response


def _get_kwargs(
    tournament_id: str,
    *,
    body: Presence,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/tournaments/{tournament_id}/presence".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PresenceHeld | None:
    if response.status_code == 200:
        response_200 = PresenceHeld.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

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
) -> Response[Error | PresenceHeld]:
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
    body: Presence,
) -> Response[Error | PresenceHeld]:
    """Hold or renew (host token) a presence lease on named entrants for `seconds`.

     The host (a runner) holds it while it is there to launch the entrants' programs; once an
    entrant's lease lapses, none of its matches starts until it is renewed (its standings row
    says `held: away`). Entrants never leased are not held. With `capacity` (how many matches
    its live workers can play at once), no more matches with one of these entrants play at once.
    With `lost` (matches whose worker died while it played them), those matches are void
    `worker_lost` and played again instead of scored. With `session` (picked at random by each host
    process), a timeout while a session renews that began after the program asked (the host
    restarted within its lease) is void `runner_lost` too.

    Args:
        tournament_id (str):
        body (Presence):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PresenceHeld]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    body: Presence,
) -> Error | PresenceHeld | None:
    """Hold or renew (host token) a presence lease on named entrants for `seconds`.

     The host (a runner) holds it while it is there to launch the entrants' programs; once an
    entrant's lease lapses, none of its matches starts until it is renewed (its standings row
    says `held: away`). Entrants never leased are not held. With `capacity` (how many matches
    its live workers can play at once), no more matches with one of these entrants play at once.
    With `lost` (matches whose worker died while it played them), those matches are void
    `worker_lost` and played again instead of scored. With `session` (picked at random by each host
    process), a timeout while a session renews that began after the program asked (the host
    restarted within its lease) is void `runner_lost` too.

    Args:
        tournament_id (str):
        body (Presence):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PresenceHeld
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    body: Presence,
) -> Response[Error | PresenceHeld]:
    """Hold or renew (host token) a presence lease on named entrants for `seconds`.

     The host (a runner) holds it while it is there to launch the entrants' programs; once an
    entrant's lease lapses, none of its matches starts until it is renewed (its standings row
    says `held: away`). Entrants never leased are not held. With `capacity` (how many matches
    its live workers can play at once), no more matches with one of these entrants play at once.
    With `lost` (matches whose worker died while it played them), those matches are void
    `worker_lost` and played again instead of scored. With `session` (picked at random by each host
    process), a timeout while a session renews that began after the program asked (the host
    restarted within its lease) is void `runner_lost` too.

    Args:
        tournament_id (str):
        body (Presence):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PresenceHeld]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    body: Presence,
) -> Error | PresenceHeld | None:
    """Hold or renew (host token) a presence lease on named entrants for `seconds`.

     The host (a runner) holds it while it is there to launch the entrants' programs; once an
    entrant's lease lapses, none of its matches starts until it is renewed (its standings row
    says `held: away`). Entrants never leased are not held. With `capacity` (how many matches
    its live workers can play at once), no more matches with one of these entrants play at once.
    With `lost` (matches whose worker died while it played them), those matches are void
    `worker_lost` and played again instead of scored. With `session` (picked at random by each host
    process), a timeout while a session renews that began after the program asked (the host
    restarted within its lease) is void `runner_lost` too.

    Args:
        tournament_id (str):
        body (Presence):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PresenceHeld
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
            body=body,
        )
    ).parsed
