"""A seat for a friend through the SDK against a live server: the host creates it, the friend joins with
the invitation from the creation's answer and plays, a stranger is refused and never sees it listed."""

from __future__ import annotations

import pytest
from arena_sdk import Arena, NotInvitedError


def test_a_friend_joins_with_the_invitation_and_a_stranger_is_refused(arena: Arena) -> None:
    created = arena.create_match("taiga", 2, seats=[{"name": "ann"}, {"open": True, "invitation": True}])
    match_id = created.match.match_id
    [invited] = created.invitations
    assert invited.seat == 1 and f"#invitation={invited.invitation}" in invited.link

    listed = [m.match_id for m in arena.list_matches(open=True, limit=100).matches]
    assert match_id not in listed, "a match whose open seats are for friends is not in the public lobby"
    with pytest.raises(NotInvitedError):
        arena.join(match_id, name="eve")

    friend = arena.join(match_id, name="bea", invitation=invited.invitation)
    host = arena.seat(match_id, created.seats[0].token)
    assert friend.view().seat == 1
    mover = host if 0 in host.view().to_act else friend
    version = mover.view().version
    moved = mover.act(mover.legal_actions(limit=1)[0])
    assert moved.version == version + 1
    assert arena.match(match_id).seats[1].name == "bea"
