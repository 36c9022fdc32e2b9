"""A bot as a user writes one, type-checked by tests/sdk (it is never run against a server there).

It uses the per-game helpers (typed views and actions without fighting the four-game union),
``act`` with a dict and with a model, and the async API.
"""

from __future__ import annotations

import asyncio
import random

from arena_client.models import PipifaxFlip, PipifaxView, SeatView, TaigaFlip, TaigaView
from arena_sdk import Action, ActionLike, Arena, AsyncArena, WrongGameError
from arena_sdk.games import girafferaffe, pili_pili, pipifax, taiga


def pipifax_choose(seen: SeatView, legal: list[Action]) -> PipifaxFlip:
    view: PipifaxView = pipifax.view(seen)
    unseen = [card.position for card in view.cards if not card.face_up]
    flips = pipifax.actions(legal)
    return next((flip for flip in flips if flip.position in unseen), flips[0])


def taiga_choose(seen: SeatView, legal: list[Action]) -> ActionLike:
    view: TaigaView = taiga.view(seen)
    if view.phase.value == "take" and view.take_from:
        return taiga.take(from_seat=view.take_from[0])
    flips: list[TaigaFlip] = [a for a in taiga.actions(legal) if isinstance(a, TaigaFlip)]
    if flips:
        return {"type": "taiga.flip", "disc": random.choice(flips).disc}
    return taiga.pass_turn()


def constructors() -> list[ActionLike]:
    return [
        taiga.flip(disc=3),
        pipifax.flip(position=0),
        girafferaffe.play("pair", ["red-7", "blue-7"]),
        girafferaffe.return_apple(),
        pili_pili.bet(2),
        pili_pili.play_card(0, joker_value=56),
        {"type": "pili-pili.bet", "tricks": 1},
    ]


def play(url: str, match_id: str, token: str) -> int:
    arena = Arena(url)
    seat = arena.seat(match_id, token)
    try:
        taiga.view(seat.view())
    except WrongGameError as error:
        print(error.details["game"])
    seat.act({"type": "pipifax.flip", "position": 0})
    seat.act(pipifax.flip(position=1))
    final: SeatView = seat.play(pipifax_choose)
    moved = seat.act(taiga.flip(disc=3))
    return final.version + len(pipifax.view(moved).cards)


async def play_async(url: str, match_id: str, token: str) -> SeatView:
    async with AsyncArena(url) as arena:
        seat = arena.seat(match_id, token)
        await seat.act({"type": "taiga.pass"})
        if await seat.wait_for_turn():
            await seat.act(taiga.flip(disc=1))
        return await seat.play(taiga_choose)


if __name__ == "__main__":
    print(play("http://127.0.0.1:8000", "m", "m.0.secret"), asyncio.run(play_async("http://x", "m", "m.1.s")))
