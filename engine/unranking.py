"""Unranking: the ``index``-th item of a combinatorial listing, computed without walking the listing.

Games whose action spaces are huge (Girafferaffe's plays, Pili Pili's S1 passes) list their actions
with :mod:`itertools`; these functions find the item at a given position of the same listings in
time proportional to its size, which is what makes an exactly uniform sample cheap.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import TypeVar

T = TypeVar("T")


def nth_combination(items: Sequence[T], size: int, index: int) -> tuple[T, ...]:
    """The ``index``-th tuple of ``itertools.combinations(items, size)``."""
    if not 0 <= index < comb(len(items), size):
        raise IndexError(f"combination index {index} out of range")
    chosen: list[T] = []
    low = 0
    for left in range(size, 0, -1):
        for position in range(low, len(items)):
            block = comb(len(items) - position - 1, left - 1)  # the combinations that start here
            if index < block:
                chosen.append(items[position])
                low = position + 1
                break
            index -= block
    return tuple(chosen)


def nth_multiset(items: Sequence[T], size: int, index: int) -> tuple[T, ...]:
    """The ``index``-th tuple of ``itertools.combinations_with_replacement(items, size)``."""
    count = comb(len(items) + size - 1, size) if items else int(size == 0)
    if not 0 <= index < count:
        raise IndexError(f"multiset index {index} out of range")
    chosen: list[T] = []
    low = 0
    for left in range(size, 0, -1):
        for position in range(low, len(items)):
            block = comb(len(items) - position + left - 2, left - 1)  # the multisets that start here
            if index < block:
                chosen.append(items[position])
                low = position
                break
            index -= block
    return tuple(chosen)


def nth_product(groups: Sequence[Sequence[T]], index: int) -> tuple[T, ...]:
    """The ``index``-th tuple of ``itertools.product(*groups)`` (the last group varies fastest)."""
    if index < 0:
        raise IndexError("product index out of range")
    chosen: list[T] = []
    for group in reversed(groups):
        index, position = divmod(index, len(group))
        chosen.append(group[position])
    if index:
        raise IndexError("product index out of range")
    return tuple(reversed(chosen))
