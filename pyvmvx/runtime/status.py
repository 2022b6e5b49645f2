"""The runtime's single error family: an exception carrying an IREE status code.

Every failure the runtime reports (bad arguments, out-of-bounds accesses, read-only writes, ...)
is a `StatusError` whose `code` is the name of the matching `iree_status_code_t` value and
whose message says what was wrong, worded like IREE's where IREE has a message.
"""


class StatusCode:
    """The status names of IREE's `iree_status_code_t` (without the `IREE_STATUS_` prefix)."""

    CANCELLED = "CANCELLED"
    UNKNOWN = "UNKNOWN"
    INVALID_ARGUMENT = "INVALID_ARGUMENT"
    DEADLINE_EXCEEDED = "DEADLINE_EXCEEDED"
    NOT_FOUND = "NOT_FOUND"
    ALREADY_EXISTS = "ALREADY_EXISTS"
    PERMISSION_DENIED = "PERMISSION_DENIED"
    RESOURCE_EXHAUSTED = "RESOURCE_EXHAUSTED"
    FAILED_PRECONDITION = "FAILED_PRECONDITION"
    ABORTED = "ABORTED"
    OUT_OF_RANGE = "OUT_OF_RANGE"
    UNIMPLEMENTED = "UNIMPLEMENTED"
    INTERNAL = "INTERNAL"
    UNAVAILABLE = "UNAVAILABLE"
    DATA_LOSS = "DATA_LOSS"
    UNAUTHENTICATED = "UNAUTHENTICATED"
    DEFERRED = "DEFERRED"
    INCOMPATIBLE = "INCOMPATIBLE"


STATUS_CODES: frozenset[str] = frozenset(
    value for name, value in vars(StatusCode).items() if not name.startswith("_")
)


class StatusError(Exception):
    """A failed runtime status: `code` is the status name, `str(err)` the message."""

    def __init__(self, code: str, message: str) -> None:
        if code not in STATUS_CODES:
            raise ValueError(f"unknown status code {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"StatusError({self.code!r}, {self.message!r})"


def invalid_argument(message: str) -> StatusError:
    return StatusError(StatusCode.INVALID_ARGUMENT, message)


def out_of_range(message: str) -> StatusError:
    return StatusError(StatusCode.OUT_OF_RANGE, message)


def permission_denied(message: str) -> StatusError:
    return StatusError(StatusCode.PERMISSION_DENIED, message)
