from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_tournament_matches_state_type_1 import (
    ListTournamentMatchesStateType1,
)
from ...models.list_tournament_matches_state_type_2_type_1 import (
    ListTournamentMatchesStateType2Type1,
)
from ...models.list_tournament_matches_state_type_3_type_1 import (
    ListTournamentMatchesStateType3Type1,
)
from ...models.schedule import Schedule
from ...types import UNSET, Response, Unset


def _get_kwargs(
    tournament_id: str,
    *,
    state: ListTournamentMatchesStateType1
    | ListTournamentMatchesStateType2Type1
    | ListTournamentMatchesStateType3Type1
    | None
    | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_state: None | str | Unset
    if isinstance(state, Unset):
        json_state = UNSET
    elif (
        isinstance(state, ListTournamentMatchesStateType1)
        or isinstance(state, ListTournamentMatchesStateType2Type1)
        or isinstance(state, ListTournamentMatchesStateType3Type1)
    ):
        json_state = state.value
    else:
        json_state = state
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
) -> Error | Schedule:
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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    response_default = Error.from_dict(response.json())

    return response_default


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
    state: ListTournamentMatchesStateType1
    | ListTournamentMatchesStateType2Type1
    | ListTournamentMatchesStateType3Type1
    | None
    | Unset = UNSET,
) -> Response[Error | Schedule]:
    """Every scheduled match (or those in `state`) with its state, match id and outcome.

     With the host's token (optional), matches playing also carry their seats' tokens, so a host
    can launch the programs of each match (`arena tournament run`, `arena worker`).

    Args:
        tournament_id (str):
        state (ListTournamentMatchesStateType1 | ListTournamentMatchesStateType2Type1 |
            ListTournamentMatchesStateType3Type1 | None | Unset):

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
    state: ListTournamentMatchesStateType1
    | ListTournamentMatchesStateType2Type1
    | ListTournamentMatchesStateType3Type1
    | None
    | Unset = UNSET,
) -> Error | Schedule | None:
    """Every scheduled match (or those in `state`) with its state, match id and outcome.

     With the host's token (optional), matches playing also carry their seats' tokens, so a host
    can launch the programs of each match (`arena tournament run`, `arena worker`).

    Args:
        tournament_id (str):
        state (ListTournamentMatchesStateType1 | ListTournamentMatchesStateType2Type1 |
            ListTournamentMatchesStateType3Type1 | None | Unset):

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
    state: ListTournamentMatchesStateType1
    | ListTournamentMatchesStateType2Type1
    | ListTournamentMatchesStateType3Type1
    | None
    | Unset = UNSET,
) -> Response[Error | Schedule]:
    """Every scheduled match (or those in `state`) with its state, match id and outcome.

     With the host's token (optional), matches playing also carry their seats' tokens, so a host
    can launch the programs of each match (`arena tournament run`, `arena worker`).

    Args:
        tournament_id (str):
        state (ListTournamentMatchesStateType1 | ListTournamentMatchesStateType2Type1 |
            ListTournamentMatchesStateType3Type1 | None | Unset):

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
    state: ListTournamentMatchesStateType1
    | ListTournamentMatchesStateType2Type1
    | ListTournamentMatchesStateType3Type1
    | None
    | Unset = UNSET,
) -> Error | Schedule | None:
    """Every scheduled match (or those in `state`) with its state, match id and outcome.

     With the host's token (optional), matches playing also carry their seats' tokens, so a host
    can launch the programs of each match (`arena tournament run`, `arena worker`).

    Args:
        tournament_id (str):
        state (ListTournamentMatchesStateType1 | ListTournamentMatchesStateType2Type1 |
            ListTournamentMatchesStateType3Type1 | None | Unset):

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
