"""HTTP transport: JSON requests with the API key, problem+json errors as
exceptions, and retries of idempotent calls on 429/503 and connection
failures (honouring retry-after). Uses urllib only; does network I/O.
"""
from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Callable, Dict, Mapping, Optional, Tuple, Union

from .errors import APIConnectionError, AssayError, error_from_problem

__version__ = "0.1.0"

#: Statuses retried for idempotent calls: rate limited, and unavailable (a deployment starting or misconfigured).
RETRY_STATUSES = frozenset({429, 503})
#: Most waits honoured from a retry-after header, in seconds.
MAX_RETRY_AFTER_S = 60.0

Query = Mapping[str, Union[str, int, float, bool, None]]


def _retry_after(headers: Any) -> Optional[float]:
    """Seconds from retry-after-ms or retry-after (a number of seconds; an HTTP date is treated as 1 s)."""
    if headers is None:
        return None
    ms = headers.get("retry-after-ms")
    if ms:
        try:
            return max(0.0, float(ms) / 1000)
        except ValueError:
            pass
    s = headers.get("retry-after")
    if not s:
        return None
    try:
        return max(0.0, float(s))
    except ValueError:
        return 1.0


class Transport:
    """One API base URL and key; every resource of the client calls through it."""

    def __init__(
        self,
        base_url: str,
        api_key: Optional[str],
        *,
        timeout: float = 60.0,
        max_retries: int = 4,
        backoff_s: float = 0.5,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff_s = backoff_s
        self._sleep = sleep

    def url(self, path: str, query: Optional[Query] = None) -> str:
        q = {k: ("true" if v is True else "false" if v is False else str(v)) for k, v in (query or {}).items() if v is not None}
        return f"{self.base_url}{path}" + (f"?{urllib.parse.urlencode(q)}" if q else "")

    def request(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Query] = None,
        json_body: Any = None,
        data: Optional[bytes] = None,
        content_type: Optional[str] = None,
        idempotent: Optional[bool] = None,
        raw: bool = False,
    ) -> Any:
        """Sends one request and returns the parsed JSON (or the bytes and content type with raw=True).

        Idempotent calls (GET, DELETE, and writes the caller marks idempotent, such as a create with a
        request_id) are retried on 429/503 and on connection failures, waiting as the API asks.
        """
        retry = idempotent if idempotent is not None else method in ("GET", "HEAD", "DELETE")
        headers = {"accept": "application/json", "user-agent": f"assay-python/{__version__}"}
        if self.api_key:
            headers["authorization"] = f"Bearer {self.api_key}"
        body = data
        if json_body is not None:
            body = json.dumps(json_body).encode()
            headers["content-type"] = "application/json"
        elif content_type:
            headers["content-type"] = content_type
        attempt = 0
        while True:
            attempt += 1
            req = urllib.request.Request(self.url(path, query), data=body, method=method, headers=headers)
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as res:
                    payload = res.read()
                    ctype = res.headers.get("content-type", "")
                    if raw:
                        return payload, ctype
                    return json.loads(payload) if payload else None
            except urllib.error.HTTPError as e:
                payload = e.read()
                wait = _retry_after(e.headers)
                err = error_from_problem(e.code, _decode(payload), retry_after=wait)
                if retry and e.code in RETRY_STATUSES and attempt <= self.max_retries:
                    self._sleep(min(wait if wait is not None else self._backoff(attempt), MAX_RETRY_AFTER_S))
                    continue
                raise err from None
            except (urllib.error.URLError, OSError) as e:
                if retry and attempt <= self.max_retries:
                    self._sleep(self._backoff(attempt))
                    continue
                reason = getattr(e, "reason", e)
                raise APIConnectionError(f"cannot reach {self.base_url}: {reason}") from None

    def _backoff(self, attempt: int) -> float:
        return self.backoff_s * (2 ** (attempt - 1)) * (0.5 + random.random() / 2)


def _decode(payload: bytes) -> Any:
    try:
        return json.loads(payload)
    except ValueError:
        return payload.decode("utf-8", "replace")




__all__ = ["Transport", "AssayError", "RETRY_STATUSES"]
