"""Refusals the server explains to its clients: each carries an HTTP status and
a message a person understands. Anything else is an internal error, logged and
never shown."""


class Refusal(Exception):
    status = 400
    headers: dict[str, str] | None = None

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


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

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.headers = {"Retry-After": str(retry_after)}
