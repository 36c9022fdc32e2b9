from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_tournament_matches_state import ListTournamentMatchesState
from ...models.schedule import Schedule
from ...types import UNSET, Response, Unset


def _get_kwargs(
    tournament_id: str,
    *,
    state: ListTournamentMatchesState | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_state: str | Unset = UNSET
    if not isinstance(state, Unset):
        json_state = state.value

    params["state"] = json_state

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/tournaments/{tournament_id}/matches".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Schedule | None:
    if response.status_code == 200:
        response_200 = Schedule.from_dict(response.json())

        return response_200

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
) -> Response[Error | Schedule]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    state: ListTournamentMatchesState | Unset = UNSET,
) -> Response[Error | Schedule]:
    """Every scheduled match (or those in `state`) with its state, match id and outcome.

     With the host's token (optional), matches playing also carry their seats' tokens, so a host
    can launch the programs of each match (`arena tournament run`, `arena worker`).

    Args:
        tournament_id (str):
        state (ListTournamentMatchesState | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Schedule]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        state=state,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    state: ListTournamentMatchesState | Unset = UNSET,
) -> Error | Schedule | None:
    """Every scheduled match (or those in `state`) with its state, match id and outcome.

     With the host's token (optional), matches playing also carry their seats' tokens, so a host
    can launch the programs of each match (`arena tournament run`, `arena worker`).

    Args:
        tournament_id (str):
        state (ListTournamentMatchesState | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Schedule
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
        state=state,
    ).parsed


async def asyncio_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    state: ListTournamentMatchesState | Unset = UNSET,
) -> Response[Error | Schedule]:
    """Every scheduled match (or those in `state`) with its state, match id and outcome.

     With the host's token (optional), matches playing also carry their seats' tokens, so a host
    can launch the programs of each match (`arena tournament run`, `arena worker`).

    Args:
        tournament_id (str):
        state (ListTournamentMatchesState | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Schedule]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        state=state,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    state: ListTournamentMatchesState | Unset = UNSET,
) -> Error | Schedule | None:
    """Every scheduled match (or those in `state`) with its state, match id and outcome.

     With the host's token (optional), matches playing also carry their seats' tokens, so a host
    can launch the programs of each match (`arena tournament run`, `arena worker`).

    Args:
        tournament_id (str):
        state (ListTournamentMatchesState | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Schedule
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
            state=state,
        )
    ).parsed
