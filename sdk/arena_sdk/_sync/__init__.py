# Written by sdk/scripts/unasync.py from arena_sdk/_async/__init__.py: edit that, not this.
"""One face of the SDK's I/O: ``_async`` (asyncio) is the source, ``_sync`` is written from it by unasync."""
