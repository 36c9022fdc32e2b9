"""One seat's socket: the token first, then the seat stream's items pushed and the seat's moves answered.

The items come from :func:`api.usecases.following.follow`, the same generator the seat stream sends, run
in a greenlet of its own; moves go through :func:`api.usecases.matches.playing.play`, the code path of
``POST .../actions``, with the same compare-and-set, idempotency, clocks, limits and
disqualification. Only the transport differs.
"""

from __future__ import annotations

import logging

import gevent
from gevent.lock import Semaphore
from simple_websocket import ConnectionClosed, Server
from wsproto.events import CloseConnection, TextMessage

from api.clock import SYSTEM
from api.http.errors import KNOWN_ERRORS, describe
from api.http.limits import count_socket_refusal
from api.http.sockets import protocol
from api.http.sockets.protocol import Close, ProtocolError, check_backlog
from api.store.notifier import Notifier
from api.usecases.context import Context
from api.usecases.matches.following import Reader, follow
from api.usecases.matches.playing import play
from api.usecases.matches.reading import note_request
from arena.errors import ArenaError
from arena.matches.access import authorise
from arena.matches.moves import read_action
from arena.matches.table import Table
from arena.matches.versions import Expected
from arena.streams import Position
from arena.tokens import Claim, seat_claim

log = logging.getLogger(__name__)


class SeatSocket:
    """The life of one seat socket, from its token to its close."""

    def __init__(
        self,
        ws: Server,
        *,
        ctx: Context,
        notifier: Notifier,
        table: Table,
        start: tuple[Position, bool],
        legal_limit: int,
    ) -> None:
        self.ws, self.ctx, self.notifier = ws, ctx, notifier
        self.table, self.start, self.legal_limit = table, start, legal_limit
        self.sending = Semaphore()  # one frame at a time: the pusher and the answers share the socket
        self.moving = Semaphore()  # held while a move is played and answered: the end waits for its answer

    def run(self) -> None:
        """Serve the socket until the match is over, the client leaves, or a frame breaks the protocol."""
        try:
            claim, seat = self.authorise(protocol.read_token(self.ws.receive(timeout=protocol.TOKEN_SECONDS)))
            reader = Reader(self.ctx, self.notifier, self.table.match_id, seat, self.legal_limit)
            reader.table = note_request(self.ctx, self.table, seat)  # the seat's program asks, as a seat's read does
            pusher = gevent.spawn(self.push, reader)
            try:
                self.answer_moves(claim, reader)
            finally:
                pusher.kill()
        except ProtocolError as refused:
            self.close(refused.code, refused.reason)
        except (ConnectionClosed, OSError):
            pass  # the client left (or its connection broke): nothing more to say

    def authorise(self, token: str) -> tuple[Claim, int]:
        """The claim and seat the token proves in this match, or a close code saying why not."""
        try:
            claim = seat_claim(token)
            return claim, authorise(self.table, claim)
        except ArenaError as refused:
            code = Close.FORBIDDEN if describe(refused).status == 403 else Close.UNAUTHORIZED
            raise ProtocolError(code, refused.message) from None

    def push(self, reader: Reader) -> None:
        """Send every item of the seat stream as it happens; close the socket after ``match_over`` (or when
        the process stops, saying where to resume)."""
        position, fresh = self.start
        last_id = position.event_id
        try:
            for batch in follow(reader, position, fresh, reader.table):
                if batch:
                    self.send_all([protocol.item(item.type, event_id, item.data) for event_id, item in batch])
                    last_id = batch[-1][0]
            table = reader.table
            with self.moving:  # a move that ended the match is answered before the socket closes
                if table is not None and table.is_over:
                    self.close(Close.NORMAL, "the match is over")
                elif self.notifier.closing:
                    self.close(Close.GOING_AWAY, protocol.going_away_reason(last_id))
                else:
                    self.close(Close.TRY_LATER, "the match store is unavailable; connect again to resume")
        except (ConnectionClosed, OSError):
            pass  # the client left: the session ends with its reading loop

    def answer_moves(self, claim: Claim, reader: Reader) -> None:
        """Read the client's frames, each a move, and answer each with the move's result or refusal."""
        while self.ws.connected:
            frame = self.ws.receive()
            if frame is None:
                continue
            check_backlog(len(self.ws.input_buffer))  # frames received but not yet answered
            act = protocol.read_act(frame)
            with self.moving:
                self.answer_move(act, claim, reader)

    def answer_move(self, act: protocol.Act, claim: Claim, reader: Reader) -> None:
        """Play one move as ``POST .../actions`` plays it, and send its answer (a refusal counted as that
        request's would be, against the token's ``refused`` limit)."""
        try:
            answer = play(
                self.ctx,
                reader.match_id,
                claim,
                expected=Expected.exactly(act.version),
                action=read_action(act.action),
                idempotency_key=act.key,
            )
        except KNOWN_ERRORS as refused:
            self.send(protocol.error(act.key, count_socket_refusal(claim.token, describe(refused)).body()))
        except Exception:
            log.exception("seat socket of match %s: a move failed", reader.match_id)
            self.send(protocol.error(act.key, describe(RuntimeError()).body()))
        else:
            self.send(protocol.result(act.key, answer.status, answer.body, answer.replayed))

    def send(self, frame: bytes) -> None:
        self.send_all([frame])

    def send_all(self, frames: list[bytes]) -> None:
        """Send text frames at once: one write to the connection for all of them."""
        with self.sending:
            if not self.ws.connected:
                raise ConnectionClosed(self.ws.close_reason, self.ws.close_message)
            self.ws.sock.sendall(b"".join(self.ws.ws.send(TextMessage(data=frame.decode())) for frame in frames))

    def close(self, code: Close, reason: str) -> None:
        """Send the close frame, then wait a moment for the client's own before closing the connection.

        Closing at once would lose the close frame whenever the client's frames are still unread (a
        flood, a frame too big): the kernel answers unread data with a reset, and the client's side
        may drop what it has not read yet, the close frame with its code among it. Meanwhile the
        connection's reading thread takes in (and this drops) what the client still sends.
        """
        with self.sending:
            if not self.ws.connected:
                return
            try:
                self.ws.sock.sendall(self.ws.ws.send(CloseConnection(int(code), reason)))
            except OSError:
                pass  # the client is gone: nothing to wait for
            else:
                deadline = SYSTEM.monotonic() + protocol.CLOSE_SECONDS
                while self.ws.connected and SYSTEM.monotonic() < deadline:
                    self.ws.input_buffer.clear()
                    gevent.sleep(0.02)
            if self.ws.connected:  # the client did not answer: close anyway
                self.ws.connected = False
                self.ws.sock.close()
                self.ws.event.set()
