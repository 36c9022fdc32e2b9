from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.girafferaffe_pass import GirafferaffePass
from ...models.girafferaffe_play import GirafferaffePlay
from ...models.move_result import MoveResult
from ...models.pili_pili_bet import PiliPiliBet
from ...models.pili_pili_choose_partner import PiliPiliChoosePartner
from ...models.pili_pili_exchange_with import PiliPiliExchangeWith
from ...models.pili_pili_give import PiliPiliGive
from ...models.pili_pili_pass import PiliPiliPass
from ...models.pili_pili_play_request import PiliPiliPlayRequest
from ...models.pili_pili_play_slot import PiliPiliPlaySlot
from ...models.pipifax_flip import PipifaxFlip
from ...models.taiga_flip import TaigaFlip
from ...models.taiga_pass import TaigaPass
from ...models.taiga_take import TaigaTake
from ...types import UNSET, Response, Unset


def _get_kwargs(
    match_id: str,
    *,
    body: GirafferaffePass
    | GirafferaffePlay
    | PiliPiliBet
    | PiliPiliChoosePartner
    | PiliPiliExchangeWith
    | PiliPiliGive
    | PiliPiliPass
    | PiliPiliPlayRequest
    | PiliPiliPlaySlot
    | PipifaxFlip
    | TaigaFlip
    | TaigaPass
    | TaigaTake,
    if_match: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["If-Match"] = if_match

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/matches/{match_id}/actions".format(
            match_id=quote(str(match_id), safe=""),
        ),
    }

    if (
        isinstance(body, GirafferaffePlay)
        or isinstance(body, GirafferaffePass)
        or isinstance(body, PiliPiliBet)
        or isinstance(body, PiliPiliPlayRequest)
        or isinstance(body, PiliPiliPlaySlot)
        or isinstance(body, PiliPiliPass)
        or isinstance(body, PiliPiliChoosePartner)
        or isinstance(body, PiliPiliExchangeWith)
        or isinstance(body, PiliPiliGive)
        or isinstance(body, PipifaxFlip)
        or isinstance(body, TaigaFlip)
        or isinstance(body, TaigaPass)
    ):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | MoveResult | None:
    if response.status_code == 200:
        response_200 = MoveResult.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 412:
        response_412 = Error.from_dict(response.json())

        return response_412

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 428:
        response_428 = Error.from_dict(response.json())

        return response_428

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
) -> Response[Error | MoveResult]:
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
    body: GirafferaffePass
    | GirafferaffePlay
    | PiliPiliBet
    | PiliPiliChoosePartner
    | PiliPiliExchangeWith
    | PiliPiliGive
    | PiliPiliPass
    | PiliPiliPlayRequest
    | PiliPiliPlaySlot
    | PipifaxFlip
    | TaigaFlip
    | TaigaPass
    | TaigaTake,
    if_match: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | MoveResult]:
    """Take one action as the token's seat, at the version named by If-Match.

     Exactly one of several actions racing on the same version is applied; the others get 412.
    The response is the seat's new view with the events this action produced that it sees. If
    server bots must act next, they have moved by the time the response is sent (read the match
    again to see their moves), except the search bots (`search-1` to `search-3`), whose decisions
    take up to a few hundred milliseconds: the referee plays them just after (wait on the match's
    events to see them).

    The body may be any game's action, but only the match's game's action types are accepted
    (another game's is 422 `action/malformed`, with the allowed types in `details.allowed`), and
    only a legal one (else 422 `action/illegal`; `listLegalActions` lists them):

    - girafferaffe: `girafferaffe.play`, `girafferaffe.pass`
    - pili-pili: `pili-pili.bet`, `pili-pili.play`, `pili-pili.play-slot`, `pili-pili.pass`, `pili-
    pili.choose-partner`, `pili-pili.exchange-with`, `pili-pili.give`
    - pipifax: `pipifax.flip`
    - taiga: `taiga.flip`, `taiga.pass`, `taiga.take`

    Args:
        match_id (str):
        if_match (str):
        idempotency_key (str | Unset):
        body (GirafferaffePass | GirafferaffePlay | PiliPiliBet | PiliPiliChoosePartner |
            PiliPiliExchangeWith | PiliPiliGive | PiliPiliPass | PiliPiliPlayRequest |
            PiliPiliPlaySlot | PipifaxFlip | TaigaFlip | TaigaPass | TaigaTake):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MoveResult]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    match_id: str,
    *,
    client: AuthenticatedClient,
    body: GirafferaffePass
    | GirafferaffePlay
    | PiliPiliBet
    | PiliPiliChoosePartner
    | PiliPiliExchangeWith
    | PiliPiliGive
    | PiliPiliPass
    | PiliPiliPlayRequest
    | PiliPiliPlaySlot
    | PipifaxFlip
    | TaigaFlip
    | TaigaPass
    | TaigaTake,
    if_match: str,
    idempotency_key: str | Unset = UNSET,
) -> Error | MoveResult | None:
    """Take one action as the token's seat, at the version named by If-Match.

     Exactly one of several actions racing on the same version is applied; the others get 412.
    The response is the seat's new view with the events this action produced that it sees. If
    server bots must act next, they have moved by the time the response is sent (read the match
    again to see their moves), except the search bots (`search-1` to `search-3`), whose decisions
    take up to a few hundred milliseconds: the referee plays them just after (wait on the match's
    events to see them).

    The body may be any game's action, but only the match's game's action types are accepted
    (another game's is 422 `action/malformed`, with the allowed types in `details.allowed`), and
    only a legal one (else 422 `action/illegal`; `listLegalActions` lists them):

    - girafferaffe: `girafferaffe.play`, `girafferaffe.pass`
    - pili-pili: `pili-pili.bet`, `pili-pili.play`, `pili-pili.play-slot`, `pili-pili.pass`, `pili-
    pili.choose-partner`, `pili-pili.exchange-with`, `pili-pili.give`
    - pipifax: `pipifax.flip`
    - taiga: `taiga.flip`, `taiga.pass`, `taiga.take`

    Args:
        match_id (str):
        if_match (str):
        idempotency_key (str | Unset):
        body (GirafferaffePass | GirafferaffePlay | PiliPiliBet | PiliPiliChoosePartner |
            PiliPiliExchangeWith | PiliPiliGive | PiliPiliPass | PiliPiliPlayRequest |
            PiliPiliPlaySlot | PipifaxFlip | TaigaFlip | TaigaPass | TaigaTake):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MoveResult
    """

    return sync_detailed(
        match_id=match_id,
        client=client,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient,
    body: GirafferaffePass
    | GirafferaffePlay
    | PiliPiliBet
    | PiliPiliChoosePartner
    | PiliPiliExchangeWith
    | PiliPiliGive
    | PiliPiliPass
    | PiliPiliPlayRequest
    | PiliPiliPlaySlot
    | PipifaxFlip
    | TaigaFlip
    | TaigaPass
    | TaigaTake,
    if_match: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | MoveResult]:
    """Take one action as the token's seat, at the version named by If-Match.

     Exactly one of several actions racing on the same version is applied; the others get 412.
    The response is the seat's new view with the events this action produced that it sees. If
    server bots must act next, they have moved by the time the response is sent (read the match
    again to see their moves), except the search bots (`search-1` to `search-3`), whose decisions
    take up to a few hundred milliseconds: the referee plays them just after (wait on the match's
    events to see them).

    The body may be any game's action, but only the match's game's action types are accepted
    (another game's is 422 `action/malformed`, with the allowed types in `details.allowed`), and
    only a legal one (else 422 `action/illegal`; `listLegalActions` lists them):

    - girafferaffe: `girafferaffe.play`, `girafferaffe.pass`
    - pili-pili: `pili-pili.bet`, `pili-pili.play`, `pili-pili.play-slot`, `pili-pili.pass`, `pili-
    pili.choose-partner`, `pili-pili.exchange-with`, `pili-pili.give`
    - pipifax: `pipifax.flip`
    - taiga: `taiga.flip`, `taiga.pass`, `taiga.take`

    Args:
        match_id (str):
        if_match (str):
        idempotency_key (str | Unset):
        body (GirafferaffePass | GirafferaffePlay | PiliPiliBet | PiliPiliChoosePartner |
            PiliPiliExchangeWith | PiliPiliGive | PiliPiliPass | PiliPiliPlayRequest |
            PiliPiliPlaySlot | PipifaxFlip | TaigaFlip | TaigaPass | TaigaTake):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MoveResult]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    match_id: str,
    *,
    client: AuthenticatedClient,
    body: GirafferaffePass
    | GirafferaffePlay
    | PiliPiliBet
    | PiliPiliChoosePartner
    | PiliPiliExchangeWith
    | PiliPiliGive
    | PiliPiliPass
    | PiliPiliPlayRequest
    | PiliPiliPlaySlot
    | PipifaxFlip
    | TaigaFlip
    | TaigaPass
    | TaigaTake,
    if_match: str,
    idempotency_key: str | Unset = UNSET,
) -> Error | MoveResult | None:
    """Take one action as the token's seat, at the version named by If-Match.

     Exactly one of several actions racing on the same version is applied; the others get 412.
    The response is the seat's new view with the events this action produced that it sees. If
    server bots must act next, they have moved by the time the response is sent (read the match
    again to see their moves), except the search bots (`search-1` to `search-3`), whose decisions
    take up to a few hundred milliseconds: the referee plays them just after (wait on the match's
    events to see them).

    The body may be any game's action, but only the match's game's action types are accepted
    (another game's is 422 `action/malformed`, with the allowed types in `details.allowed`), and
    only a legal one (else 422 `action/illegal`; `listLegalActions` lists them):

    - girafferaffe: `girafferaffe.play`, `girafferaffe.pass`
    - pili-pili: `pili-pili.bet`, `pili-pili.play`, `pili-pili.play-slot`, `pili-pili.pass`, `pili-
    pili.choose-partner`, `pili-pili.exchange-with`, `pili-pili.give`
    - pipifax: `pipifax.flip`
    - taiga: `taiga.flip`, `taiga.pass`, `taiga.take`

    Args:
        match_id (str):
        if_match (str):
        idempotency_key (str | Unset):
        body (GirafferaffePass | GirafferaffePlay | PiliPiliBet | PiliPiliChoosePartner |
            PiliPiliExchangeWith | PiliPiliGive | PiliPiliPass | PiliPiliPlayRequest |
            PiliPiliPlaySlot | PipifaxFlip | TaigaFlip | TaigaPass | TaigaTake):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MoveResult
    """

    return (
        await asyncio_detailed(
            match_id=match_id,
            client=client,
            body=body,
            if_match=if_match,
            idempotency_key=idempotency_key,
        )
    ).parsed
