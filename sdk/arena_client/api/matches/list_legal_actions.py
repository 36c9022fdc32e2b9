from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.legal_actions import LegalActions
from ...types import UNSET, Response, Unset


def _get_kwargs(
    match_id: str,
    *,
    seat: int | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 100,
    sample: int | Unset = UNSET,
    sample_seed: int | Unset = UNSET,
    filter_: list[str] | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["seat"] = seat

    params["offset"] = offset

    params["limit"] = limit

    params["sample"] = sample

    params["sample_seed"] = sample_seed

    json_filter_: list[str] | Unset = UNSET
    if not isinstance(filter_, Unset):
        json_filter_ = filter_

    params["filter"] = json_filter_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/matches/{match_id}/legal-actions".format(
            match_id=quote(str(match_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | LegalActions | None:
    if response.status_code == 200:
        response_200 = LegalActions.from_dict(response.json())

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
) -> Response[Error | LegalActions]:
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
    seat: int | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 100,
    sample: int | Unset = UNSET,
    sample_seed: int | Unset = UNSET,
    filter_: list[str] | Unset = UNSET,
) -> Response[Error | LegalActions]:
    """The seat's legal actions now, each ready to submit unchanged, with a label; paged, with the total
    count.

     Empty when the seat may not act. `filter=key=value` narrows the list where the game offers
    filters (Girafferaffe: `filter=tree=any`). `sample=k` draws k distinct actions uniformly at
    random instead of a page, however many there are.

    Args:
        match_id (str):
        seat (int | Unset):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        sample (int | Unset):
        sample_seed (int | Unset):
        filter_ (list[str] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | LegalActions]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        seat=seat,
        offset=offset,
        limit=limit,
        sample=sample,
        sample_seed=sample_seed,
        filter_=filter_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    match_id: str,
    *,
    client: AuthenticatedClient,
    seat: int | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 100,
    sample: int | Unset = UNSET,
    sample_seed: int | Unset = UNSET,
    filter_: list[str] | Unset = UNSET,
) -> Error | LegalActions | None:
    """The seat's legal actions now, each ready to submit unchanged, with a label; paged, with the total
    count.

     Empty when the seat may not act. `filter=key=value` narrows the list where the game offers
    filters (Girafferaffe: `filter=tree=any`). `sample=k` draws k distinct actions uniformly at
    random instead of a page, however many there are.

    Args:
        match_id (str):
        seat (int | Unset):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        sample (int | Unset):
        sample_seed (int | Unset):
        filter_ (list[str] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | LegalActions
    """

    return sync_detailed(
        match_id=match_id,
        client=client,
        seat=seat,
        offset=offset,
        limit=limit,
        sample=sample,
        sample_seed=sample_seed,
        filter_=filter_,
    ).parsed


async def asyncio_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient,
    seat: int | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 100,
    sample: int | Unset = UNSET,
    sample_seed: int | Unset = UNSET,
    filter_: list[str] | Unset = UNSET,
) -> Response[Error | LegalActions]:
    """The seat's legal actions now, each ready to submit unchanged, with a label; paged, with the total
    count.

     Empty when the seat may not act. `filter=key=value` narrows the list where the game offers
    filters (Girafferaffe: `filter=tree=any`). `sample=k` draws k distinct actions uniformly at
    random instead of a page, however many there are.

    Args:
        match_id (str):
        seat (int | Unset):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        sample (int | Unset):
        sample_seed (int | Unset):
        filter_ (list[str] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | LegalActions]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        seat=seat,
        offset=offset,
        limit=limit,
        sample=sample,
        sample_seed=sample_seed,
        filter_=filter_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    match_id: str,
    *,
    client: AuthenticatedClient,
    seat: int | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 100,
    sample: int | Unset = UNSET,
    sample_seed: int | Unset = UNSET,
    filter_: list[str] | Unset = UNSET,
) -> Error | LegalActions | None:
    """The seat's legal actions now, each ready to submit unchanged, with a label; paged, with the total
    count.

     Empty when the seat may not act. `filter=key=value` narrows the list where the game offers
    filters (Girafferaffe: `filter=tree=any`). `sample=k` draws k distinct actions uniformly at
    random instead of a page, however many there are.

    Args:
        match_id (str):
        seat (int | Unset):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        sample (int | Unset):
        sample_seed (int | Unset):
        filter_ (list[str] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | LegalActions
    """

    return (
        await asyncio_detailed(
            match_id=match_id,
            client=client,
            seat=seat,
            offset=offset,
            limit=limit,
            sample=sample,
            sample_seed=sample_seed,
            filter_=filter_,
        )
    ).parsed
