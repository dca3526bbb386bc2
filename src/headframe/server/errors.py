"""Refusals the server explains to its clients: each carries an HTTP status and
a message a person understands. Anything else is an internal error, logged and
never shown."""


class Refusal(Exception):
    status = 400

    def __init__(self, message: str, retry_after: int | None = None) -> None:
        """`retry_after`: the seconds after which asking again may do (the Retry-After header)."""
        super().__init__(message)
        self.message = message
        self.headers = None if retry_after is None else {"Retry-After": str(retry_after)}


class BadRequest(Refusal):
    status = 400


class Unauthorized(Refusal):
    status = 401


class Forbidden(Refusal):
    status = 403


class NotFound(Refusal):
    status = 404


class Conflict(Refusal):
    status = 409


class TooLarge(Refusal):
    status = 413


class Unavailable(Refusal):
    status = 503


class TooManyRequests(Refusal):
    status = 429
