"""One small module per game: its view narrowed from the four-game union, its actions, and constructors.

``pipifax.view(seat.view()) -> PipifaxView`` (``WrongGameError`` for another game's match),
``taiga.actions(seat.legal_actions()) -> list[TaigaFlip | TaigaPass | TaigaTake]`` and
``taiga.flip(disc=3) -> TaigaFlip``, ready for ``Seat.act``.
"""

from arena_sdk.games import girafferaffe, pili_pili, pipifax, taiga

__all__ = ["girafferaffe", "pili_pili", "pipifax", "taiga"]
