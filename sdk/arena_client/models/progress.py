from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Progress")


@_attrs_define
class Progress:
    """
    Attributes:
        done (int):
        finished (int): Matches over (`done` and `void`).
        pending (int):
        playing (int):
        replayed (int): Matches voided and played again: aborted by the host, or a program never asked for its match
            (they count neither as finished nor in the standings).
        scheduled (int): Matches the tournament plays in all.
        skipped (int): Matches never played (SPRT verdict, cancel).
        void (int): Matches that ended without a result.
    """

    done: int
    finished: int
    pending: int
    playing: int
    replayed: int
    scheduled: int
    skipped: int
    void: int

    def to_dict(self) -> dict[str, Any]:
        done = self.done

        finished = self.finished

        pending = self.pending

        playing = self.playing

        replayed = self.replayed

        scheduled = self.scheduled

        skipped = self.skipped

        void = self.void

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "done": done,
                "finished": finished,
                "pending": pending,
                "playing": playing,
                "replayed": replayed,
                "scheduled": scheduled,
                "skipped": skipped,
                "void": void,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        done = d.pop("done")

        finished = d.pop("finished")

        pending = d.pop("pending")

        playing = d.pop("playing")

        replayed = d.pop("replayed")

        scheduled = d.pop("scheduled")

        skipped = d.pop("skipped")

        void = d.pop("void")

        progress = cls(
            done=done,
            finished=finished,
            pending=pending,
            playing=playing,
            replayed=replayed,
            scheduled=scheduled,
            skipped=skipped,
            void=void,
        )

        return progress
