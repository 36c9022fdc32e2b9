"""One face of the SDK's I/O: ``_async`` (asyncio) is the source, ``_sync`` is written from it by unasync."""
