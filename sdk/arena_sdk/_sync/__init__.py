# Written by sdk/scripts/unasync.py from arena_sdk/_async/__init__.py: edit that, not this.
"""The one source of the SDK's I/O: asyncio. ``sdk/scripts/unasync.py`` writes :mod:`arena_sdk._sync` from it."""
