"""The one source of the SDK's I/O: asyncio. ``sdk/scripts/unasync.py`` writes :mod:`arena_sdk._sync` from it."""
