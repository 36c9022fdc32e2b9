"""The browser client: pages under ``/play`` and the offline assets of the API docs at ``/docs``."""
