"""Offline tests of the transport and paging against a scripted HTTP server on loopback."""
from __future__ import annotations

import json
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Tuple

from assay import (
    APIConnectionError,
    AuthError,
    Client,
    ConflictError,
    NotFoundError,
    PaymentRequiredError,
    RateLimitError,
    ServerError,
    ValidationError,
)
from assay._transport import Transport

Reply = Tuple[int, Dict[str, str], Any]


class Scripted:
    """A loopback server answering each request with the next scripted reply, recording what it got."""

    def __init__(self) -> None:
        self.replies: List[Reply] = []
        self.seen: List[Dict[str, Any]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a: Any) -> None:
                pass

            def _do(self) -> None:
                n = int(self.headers.get("content-length") or 0)
                outer.seen.append({"method": self.command, "path": self.path, "headers": dict(self.headers), "body": self.rfile.read(n)})
                status, headers, body = outer.replies.pop(0) if outer.replies else (500, {}, {"detail": "no reply scripted"})
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                self.send_response(status)
                ctype = "application/problem+json" if status >= 400 else "application/json"
                self.send_header("content-type", headers.pop("content-type", ctype))
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_DELETE = do_PATCH = _do

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def problem(status: int, code: str, detail: str, **extra: Any) -> Dict[str, Any]:
    return {"type": "about:blank", "title": code, "status": status, "code": code, "detail": detail, **extra}


class TransportTest(unittest.TestCase):
    def setUp(self) -> None:
        self.srv = Scripted()
        self.sleeps: List[float] = []
        self.t = Transport(self.srv.url, "ak_test", max_retries=3, backoff_s=0.01, sleep=self.sleeps.append)

    def tearDown(self) -> None:
        self.srv.close()

    def test_sends_the_key_and_parses_json(self) -> None:
        self.srv.replies = [(200, {}, {"ok": True})]
        self.assertEqual(self.t.request("GET", "/api/project"), {"ok": True})
        self.assertEqual(self.srv.seen[0]["headers"]["Authorization"], "Bearer ak_test")

    def test_retries_a_get_on_429_waiting_as_retry_after_says(self) -> None:
        self.srv.replies = [(429, {"retry-after": "2"}, problem(429, "rate_limited", "slow down")), (200, {}, {"n": 1})]
        self.assertEqual(self.t.request("GET", "/x"), {"n": 1})
        self.assertEqual(self.sleeps, [2.0])
        self.assertEqual(len(self.srv.seen), 2)

    def test_prefers_retry_after_ms(self) -> None:
        self.srv.replies = [(503, {"retry-after-ms": "250", "retry-after": "1"}, problem(503, "unavailable", "starting")), (200, {}, {})]
        self.t.request("GET", "/x")
        self.assertEqual(self.sleeps, [0.25])

    def test_gives_up_after_max_retries_with_the_typed_error(self) -> None:
        self.srv.replies = [(429, {"retry-after": "1"}, problem(429, "rate_limited", "slow down"))] * 4
        with self.assertRaises(RateLimitError) as cm:
            self.t.request("GET", "/x")
        self.assertEqual(cm.exception.retry_after, 1.0)
        self.assertEqual(cm.exception.detail, "slow down")
        self.assertEqual(len(self.srv.seen), 4)

    def test_never_retries_a_write_that_is_not_idempotent(self) -> None:
        self.srv.replies = [(503, {}, problem(503, "unavailable", "down"))]
        with self.assertRaises(ServerError):
            self.t.request("POST", "/api/eval-runs/run_1/resume")
        self.assertEqual(len(self.srv.seen), 1)

    def test_retries_a_write_marked_idempotent(self) -> None:
        self.srv.replies = [(503, {}, problem(503, "unavailable", "down")), (201, {}, {"id": "run_1"})]
        self.assertEqual(self.t.request("POST", "/api/eval-runs", json_body={}, idempotent=True), {"id": "run_1"})

    def test_maps_each_problem_code_family_to_its_class(self) -> None:
        cases = [
            (401, "unauthorized", AuthError),
            (403, "forbidden", AuthError),
            (402, "payment_required", PaymentRequiredError),
            (404, "not_found", NotFoundError),
            (409, "conflict", ConflictError),
            (500, "internal", ServerError),
        ]
        for status, code, cls in cases:
            self.srv.replies = [(status, {}, problem(status, code, f"because {code}"))]
            with self.assertRaises(cls) as cm:
                self.t.request("POST", "/x")
            self.assertEqual((cm.exception.status, cm.exception.code, cm.exception.detail), (status, code, f"because {code}"))

    def test_a_422_lists_the_offending_fields(self) -> None:
        errors = [{"field": "options.val_num_tasks", "message": "unknown option"}]
        self.srv.replies = [(422, {}, problem(422, "validation_failed", "invalid body", errors=errors))]
        with self.assertRaises(ValidationError) as cm:
            self.t.request("POST", "/x")
        self.assertEqual(cm.exception.fields, ["options.val_num_tasks"])
        self.assertEqual(cm.exception.errors[0].message, "unknown option")

    def test_a_non_json_error_body_still_raises_with_its_text(self) -> None:
        self.srv.replies = [(502, {"content-type": "text/plain"}, b"bad gateway")]
        with self.assertRaises(ServerError) as cm:
            self.t.request("POST", "/x")
        self.assertEqual(cm.exception.detail, "bad gateway")

    def test_an_unreachable_api_is_a_connection_error(self) -> None:
        t = Transport("http://127.0.0.1:9", None, max_retries=1, sleep=lambda s: None, timeout=2)
        with self.assertRaises(APIConnectionError):
            t.request("GET", "/x")


class PagingTest(unittest.TestCase):
    def setUp(self) -> None:
        self.srv = Scripted()
        self.client = Client(self.srv.url, "ak_test")

    def tearDown(self) -> None:
        self.srv.close()

    def _sample(self, i: int) -> Dict[str, Any]:
        return {"id": f"att_{i}", "task_key": f"t{i}", "benchmark_id": "bm_x", "target": "a", "attempt_index": 0, "status": "succeeded", "reward": 1, "error": None}

    def test_rewards_iterate_every_page_lazily(self) -> None:
        self.srv.replies = [
            (200, {}, {"items": [self._sample(0), self._sample(1)], "next_cursor": "c1"}),
            (200, {}, {"items": [self._sample(2)], "next_cursor": None}),
        ]
        page = self.client.evals.rewards.list_trajectory_rewards("run_1", page_size=2)
        self.assertEqual(len(self.srv.seen), 1)  # nothing fetched beyond the first page yet
        self.assertEqual([r.trajectory_id for r in page.items], ["att_0", "att_1"])
        self.assertEqual([r.task_id for r in page], ["t0", "t1", "t2"])
        self.assertEqual(len(self.srv.seen), 2)
        self.assertIn("cursor=c1", self.srv.seen[1]["path"])
        self.assertIn("limit=2", self.srv.seen[0]["path"])

    def test_create_refuses_both_or_neither_benchmark_argument(self) -> None:
        with self.assertRaises(ValueError):
            self.client.evals.create(target={"kind": "model"})
        with self.assertRaises(ValueError):
            self.client.evals.create("bm_a", benchmarks=["bm_b"], target={"kind": "model"})

    def test_config_comes_from_the_environment(self) -> None:
        import os

        old = {k: os.environ.get(k) for k in ("ASSAY_URL", "ASSAY_API_KEY")}
        os.environ["ASSAY_URL"], os.environ["ASSAY_API_KEY"] = self.srv.url + "/", "ak_env"
        try:
            c = Client()
            self.srv.replies = [(200, {}, {"id": "p"})]
            c.project()
            self.assertEqual(c.base_url, self.srv.url)
            self.assertEqual(self.srv.seen[-1]["headers"]["Authorization"], "Bearer ak_env")
        finally:
            for k, v in old.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


if __name__ == "__main__":
    unittest.main()
