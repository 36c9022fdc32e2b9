"""Every Redis key and channel name the server uses, built under one prefix (``ARENA_KEY_PREFIX``).

A match's keys share the hash tag ``{<match id>}``, a tournament's ``{t:<tournament id>}``, so a Redis
Cluster keeps each on one node and a script may touch them together; the indexes that span them have
tags of their own (``{lobby}``, ``{referee}``, ``{tournaments}``, ``{webhooks}``), and each client's live
matches and live tournaments one of its own (``{quota:<holder>}``). docs/store.md says what each key holds,
which script writes it and how long it lives.
"""

from __future__ import annotations

#: The names of a tournament's keys, in the order its write script takes them.
TOURNAMENT_KEY_NAMES = (
    "tournament",
    "entrants",
    "rounds",
    "standings",
    "h2h",
    "outcomes",
    "secrets",
    "presence",
    "records",
)


def tag_of_channel(channel: str) -> str:
    """What sits between the braces of a key or channel: a match id, ``t:<id>`` or ``t:<id>:e<n>``."""
    return channel[channel.index("{") + 1 : channel.rindex("}")]


def tournament_webhook_id(tournament_id: str) -> str:
    """The webhook id of a tournament (a match's is its match id): its keys' hash tag."""
    return f"t:{tournament_id}"


def entrant_watch_id(tournament_id: str, entrant: int) -> str:
    """The tag of a named entrant's channel, which the notifier watches for ``next?wait=``."""
    return f"t:{tournament_id}:e{entrant}"


class Keys:
    """The key and channel names under one prefix."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def pattern_prefix(self) -> str:
        """The prefix as a literal in a glob pattern (of PSUBSCRIBE or SCAN)."""
        return "".join(f"\\{c}" if c in "*?[]\\" else c for c in self.prefix)

    # --- a match: {<match id>} ---------------------------------------------------------------------

    def match(self, match_id: str) -> str:
        """The match's hash: version, snapshot, summary, due, first requests, webhook fields."""
        return f"{self.prefix}:{{{match_id}}}:match"

    def log(self, match_id: str) -> str:
        return f"{self.prefix}:{{{match_id}}}:log"

    def record(self, match_id: str) -> str:
        return f"{self.prefix}:{{{match_id}}}:record"

    def checkpoints(self, match_id: str) -> str:
        return f"{self.prefix}:{{{match_id}}}:checkpoints"

    def idempotency(self, match_id: str, scope: str, digest: str | None) -> str:
        """The answer remembered for an ``Idempotency-Key`` (``digest``: its SHA-256; ``None``: no key)."""
        return f"{self.prefix}:{{{match_id}}}:idem:{scope}:{digest or '-'}"

    def illegal(self, match_id: str, seat: int) -> str:
        """How many illegal actions a seat of a tournament's match has sent."""
        return f"{self.prefix}:{{{match_id}}}:illegal:{seat}"

    def notify(self, tag: str) -> str:
        """The channel every write of a match (or tournament, ``t:<id>``; or entrant) publishes on."""
        return f"{self.prefix}:{{{tag}}}:notify"

    def notify_pattern(self) -> str:
        """The pattern of every notify channel, for one subscription per process."""
        return f"{self.pattern_prefix()}:{{*}}:notify"

    def match_pattern(self) -> str:
        """The pattern of every match's hash (a SCAN that repairs a cluster's indexes)."""
        return f"{self.pattern_prefix()}:{{*}}:match"

    # --- the indexes that span matches -------------------------------------------------------------

    def lobby(self, game: str | None = None, status: str | None = None) -> str:
        """The lobby index of matches of ``game`` (any) in ``status`` (any), scored by creation time."""
        parts = [f"game:{game}"] * (game is not None) + [f"status:{status}"] * (status is not None)
        return f"{self.prefix}:{{lobby}}:" + (":".join(parts) or "all")

    def lobby_indexes(self, game: str, status: str) -> list[str]:
        """Every lobby index a match of ``game`` in ``status`` belongs to."""
        return [self.lobby(), self.lobby(game), self.lobby(None, status), self.lobby(game, status)]

    def due(self) -> str:
        """The referee's due set: match ids scored by when the server must next act on them."""
        return f"{self.prefix}:{{referee}}:due"

    def due_version(self) -> str:
        """On a cluster: the version each match's due time was set for."""
        return f"{self.prefix}:{{referee}}:due-version"

    def referee_wake(self) -> str:
        """The channel that tells referees the due set changed."""
        return f"{self.prefix}:referee:wake"

    def api_beat(self) -> str:
        """When a serving API process last beat (every process beats every second)."""
        return f"{self.prefix}:{{referee}}:api-beat"

    def outages(self) -> str:
        """The arena's outages: ``<from>,<until>`` scored by ``until`` (gaps between the API's beats)."""
        return f"{self.prefix}:{{referee}}:outages"

    def outages_credited(self) -> str:
        """The end of the last outage whose clocks the referees have extended in every match in play."""
        return f"{self.prefix}:{{referee}}:outages-credited"

    def crediting(self) -> str:
        """The lease of the referee extending the clocks of an outage now."""
        return f"{self.prefix}:{{referee}}:crediting"

    # --- a tournament: {t:<tournament id>} ---------------------------------------------------------

    def tournament(self, tournament_id: str, name: str = "tournament") -> str:
        """One of the tournament's keys (:data:`TOURNAMENT_KEY_NAMES`); by default its hash."""
        return f"{self.prefix}:{{t:{tournament_id}}}:{name}"

    def tournament_keys(self, tournament_id: str) -> list[str]:
        """Every key of the tournament, in the write script's order."""
        return [self.tournament(tournament_id, name) for name in TOURNAMENT_KEY_NAMES]

    def entrant_channel(self, tournament_id: str, entrant: int) -> str:
        return self.notify(entrant_watch_id(tournament_id, entrant))

    def tournaments(self) -> str:
        """Every tournament, scored by creation time, for the list."""
        return f"{self.prefix}:{{tournaments}}:all"

    def tournaments_running(self) -> str:
        """The tournaments under way, which the referee sweeps."""
        return f"{self.prefix}:{{tournaments}}:running"

    # --- webhooks, in their match's or tournament's slot -------------------------------------------

    def webhook_holder(self, webhook_id: str) -> str:
        """The hash of the match or tournament that holds a webhook's fields."""
        if webhook_id.startswith("t:"):
            return self.tournament(webhook_id.removeprefix("t:"))
        return self.match(webhook_id)

    def webhook_log(self, webhook_id: str) -> str:
        return f"{self.prefix}:{{{webhook_id}}}:webhook:log"

    def webhook_dead(self, webhook_id: str) -> str:
        return f"{self.prefix}:{{{webhook_id}}}:webhook:dead"

    def webhooks_due(self) -> str:
        """The webhooks with deliveries ahead, scored by when a worker should next look at each."""
        return f"{self.prefix}:{{webhooks}}:due"

    def webhooks_wake(self) -> str:
        """The channel that announces a new webhook to the workers."""
        return f"{self.prefix}:webhooks:wake"

    # --- the quota of live matches: {quota:<holder>} ----------------------------------------------

    def live_matches(self, holder: str) -> str:
        """The unfinished matches a client holds (``addr:<address>`` or ``tournament:<id>``): match ids
        scored by when each expires unless written again (its creation plus the idle TTL)."""
        return f"{self.prefix}:{{quota:{holder}}}:live"

    def live_tournaments(self, holder: str) -> str:
        """The unfinished tournaments a client holds (``addr:<address>``), in the slot of its live matches:
        tournament ids scored by when each expires unless written again (its last write plus the idle TTL)."""
        return f"{self.prefix}:{{quota:{holder}}}:tournaments"

    # --- rate limits --------------------------------------------------------------------------------

    def limits(self) -> str:
        """The prefix of the rate limits' counters (the ``limits`` library names the rest)."""
        return f"{self.prefix}:limits"
