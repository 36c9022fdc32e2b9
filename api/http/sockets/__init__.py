"""The seat socket: ``GET /matches/{id}/seat-socket``, a WebSocket carrying one seat's stream and moves."""
