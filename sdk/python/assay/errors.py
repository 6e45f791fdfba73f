"""Errors raised by the client: one class per problem+json code family.

Every error carries the API's problem fields (status, code, title, detail)
and, for validation failures, the offending fields. No I/O.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional


@dataclass
class FieldError:
    """One offending input field: a dotted path and what is wrong with it."""

    field: str
    message: str


class AssayError(Exception):
    """Any error answered by the API (or the transport failing to reach it)."""

    def __init__(
        self,
        detail: str,
        *,
        status: Optional[int] = None,
        code: Optional[str] = None,
        title: Optional[str] = None,
        problem: Optional[Dict[str, Any]] = None,
    ) -> None:
        super().__init__(f"{status} {code}: {detail}" if status else detail)
        self.detail = detail
        self.status = status
        self.code = code
        self.title = title
        self.problem: Dict[str, Any] = problem or {}


class APIConnectionError(AssayError):
    """The API could not be reached (refused, DNS, timeout).

    Named as the OpenAI and Anthropic SDKs name theirs, and not after the
    built-in ConnectionError, which it would shadow in a star import.
    """


class BadRequestError(AssayError):
    """400: the request is malformed (bad JSON, bad query)."""


class AuthError(AssayError):
    """401 or 403: no key, a revoked key, or a key without the scope."""


class PaymentRequiredError(AssayError):
    """402: the project's plan lacks evaluations or its credits are out."""


class NotFoundError(AssayError):
    """404: absent, or another project's."""


class ConflictError(AssayError):
    """409: the object's state forbids this (e.g. editing a running run, a reused request_id)."""


class PayloadTooLargeError(AssayError):
    """413: the body is larger than the API accepts."""


class UnsupportedMediaTypeError(AssayError):
    """415: a dataset upload in a format the API does not parse."""


class ValidationError(AssayError):
    """422: the input is well formed but invalid; `errors` lists each field and what is wrong."""

    def __init__(self, detail: str, *, errors: Optional[List[FieldError]] = None, **kw: Any) -> None:
        super().__init__(detail, **kw)
        self.errors: List[FieldError] = errors or []

    @property
    def fields(self) -> List[str]:
        """The dotted paths of the offending fields."""
        return [e.field for e in self.errors]


class RateLimitError(AssayError):
    """429: too many requests; `retry_after` is the wait the API asked for, in seconds."""

    def __init__(self, detail: str, *, retry_after: Optional[float] = None, **kw: Any) -> None:
        super().__init__(detail, **kw)
        self.retry_after = retry_after


class ServerError(AssayError):
    """5xx: the API (or its configuration) failed; 503 is retried for idempotent calls."""


class WaitTimeout(AssayError):
    """`runs.wait` gave up before the run ended; the run goes on."""


_BY_STATUS = {
    400: BadRequestError,
    401: AuthError,
    402: PaymentRequiredError,
    403: AuthError,
    404: NotFoundError,
    409: ConflictError,
    413: PayloadTooLargeError,
    415: UnsupportedMediaTypeError,
    422: ValidationError,
    429: RateLimitError,
}


def error_from_problem(status: int, body: Any, retry_after: Optional[float] = None) -> AssayError:
    """The exception for an error response (problem+json, or anything else the server sent)."""
    problem: Dict[str, Any] = body if isinstance(body, dict) else {}
    detail = str(problem.get("detail") or problem.get("title") or (body if isinstance(body, str) and body else f"HTTP {status}"))
    kw: Dict[str, Any] = {"status": status, "code": problem.get("code"), "title": problem.get("title"), "problem": problem}
    cls = _BY_STATUS.get(status, ServerError if status >= 500 else AssayError)
    if cls is ValidationError:
        errors = [FieldError(str(e.get("field", "")), str(e.get("message", ""))) for e in problem.get("errors") or [] if isinstance(e, dict)]
        return ValidationError(detail, errors=errors, **kw)
    if cls is RateLimitError:
        return RateLimitError(detail, retry_after=retry_after, **kw)
    return cls(detail, **kw)


__all__ = [
    "APIConnectionError",
    "AssayError",
    "AuthError",
    "BadRequestError",
    "ConflictError",
    "FieldError",
    "NotFoundError",
    "PayloadTooLargeError",
    "PaymentRequiredError",
    "RateLimitError",
    "ServerError",
    "UnsupportedMediaTypeError",
    "ValidationError",
    "WaitTimeout",
    "error_from_problem",
]
