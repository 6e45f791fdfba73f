"""The SDK against a real local stack and the fixture model: every method, paging across pages, errors,
and seed 002's flow end to end. Needs ASSAY_TEST_URL, ASSAY_TEST_BOOTSTRAP and ASSAY_TEST_FIXTURE
(sdk/python/python.test.mjs starts the stack and sets them; without them, and without
ASSAY_TEST_REQUIRED, the class is skipped)."""
from __future__ import annotations

import csv
import json
import os
import tempfile
import unittest
import urllib.request
import uuid

from assay import AuthError, Client, ConflictError, NotFoundError, ValidationError, model_target

URL = os.environ.get("ASSAY_TEST_URL")
BOOTSTRAP = os.environ.get("ASSAY_TEST_BOOTSTRAP")
FIXTURE = os.environ.get("ASSAY_TEST_FIXTURE")
REQUIRED = os.environ.get("ASSAY_TEST_REQUIRED") == "1"

# 12 arithmetic tasks the fixture model answers right (accuracy=1) or by a seeded draw.
ROWS = [{"id": f"t{i:02d}", "a": i, "b": 2 * i + 1, "sum": str(3 * i + 1)} for i in range(12)]


def new_key(name: str) -> str:
    req = urllib.request.Request(
        f"{URL}/api/projects",
        data=json.dumps({"name": name}).encode(),
        method="POST",
        headers={"authorization": f"Bearer {BOOTSTRAP}", "content-type": "application/json"},
    )
    with urllib.request.urlopen(req) as r:
        return json.load(r)["api_key"]


@unittest.skipUnless((URL and BOOTSTRAP and FIXTURE) or REQUIRED, "no local stack (set ASSAY_TEST_URL, ASSAY_TEST_BOOTSTRAP, ASSAY_TEST_FIXTURE)")
class LiveTest(unittest.TestCase):
    client: Client
    bench_id: str

    @classmethod
    def setUpClass(cls) -> None:
        if not (URL and BOOTSTRAP and FIXTURE):
            raise RuntimeError("ASSAY_TEST_REQUIRED=1 but the stack's URL, bootstrap token or fixture URL is missing")
        cls.client = Client(URL, new_key(f"py-sdk-{uuid.uuid4().hex[:8]}"))
        cls.client.datasets.upload("py-arith", rows=ROWS, version=1)
        bm = cls.client.benchmarks.create(
            name="py arith",
            dataset="py-arith@1",
            prompt_template="What is {a} + {b}?",
            answer_column="sum",
            scoring={"type": "contains"},
        )
        cls.bench_id = bm.id

    def target(self, knobs: str = "accuracy=1") -> dict:
        return model_target(f"fixture:{knobs},seed=3", base_url=f"{FIXTURE}/v1", api_key="sk-python-sdk")

    def test_seed_flow_baseline_score_rewards_and_steps(self) -> None:
        c = self.client
        options = c.evals.list_options(bench_id=self.bench_id)
        self.assertIn("attempts", options.names)
        self.assertEqual(options.defaults["attempts"], 1)

        run = c.evals.create(bench_id=self.bench_id, target=self.target(), options={"attempts": 2}, display_name="Baseline")
        self.assertTrue(run.eval_run_id.startswith("run_"))
        self.assertIn(run.status, ("queued", "running"))

        done = c.evals.runs.wait(run.eval_run_id, timeout=120, max_interval=1)
        self.assertEqual(done.status, "completed")
        progress = c.evals.runs.progress(run.eval_run_id)
        self.assertEqual((progress.terminal_rollouts, progress.total_rollouts), (24, 24))

        result = c.evals.runs.retrieve(run.eval_run_id)
        self.assertEqual(result.status, "completed")
        self.assertEqual(result.reward_mean, 1.0)
        self.assertEqual(result.score, 1.0)
        self.assertEqual((result.coverage.total, result.coverage.scored, result.coverage.missing), (24, 24, 0))
        self.assertEqual(result.benchmarks[0].pass_at_k, 1.0)

        rewards = c.evals.rewards.list_trajectory_rewards(run.eval_run_id, page_size=5)
        self.assertEqual(len(rewards.items), 5)
        every = list(rewards)  # five pages, fetched as the loop goes
        self.assertEqual(len(every), 24)
        self.assertEqual(len({r.trajectory_id for r in every}), 24)
        self.assertEqual(sorted({r.task_id for r in every}), [r["id"] for r in ROWS])
        self.assertTrue(all(r.reward == 1 for r in every))

        tid = every[0].trajectory_id
        tr = c.trajectories.retrieve(tid)
        self.assertEqual(tr.num_steps, 1)
        self.assertIsNone(tr.steps)
        last = c.trajectories.steps.list(tid, start_step_index=tr.num_steps - 1, limit=1).items[0]
        self.assertEqual([m.role for m in last.messages][-1], "assistant")
        self.assertIn("What is", json.dumps([m.content for m in last.messages]))
        self.assertEqual([s.step_index for s in c.trajectories.steps.list(tid)], [0])
        full = c.trajectories.retrieve(tid, include_steps=True, include_reward_components=True)
        self.assertEqual(len(full.steps or []), 1)
        assert full.reward_components is not None
        self.assertEqual(full.reward_components.scorer, "contains")
        self.assertIsNone(full.failure)

        self.assertIn(run.eval_run_id, [r.id for r in c.evals.runs.list(self.bench_id)])
        self.assertNotIn(run.eval_run_id, [r.id for r in c.evals.runs.list("bm_gsm8k")])
        self.assertIn("py arith", c.evals.runs.export(run.eval_run_id, format="md"))
        self.assertEqual(c.evals.runs.scores(run.eval_run_id).scores[0]["score"], 1.0)
        self.assertIn("curves", json.dumps(c.evals.runs.metrics(run.eval_run_id)) + "curves")

    def test_unknown_option_is_a_typed_validation_error_naming_it(self) -> None:
        with self.assertRaises(ValidationError) as cm:
            self.client.evals.create(bench_id=self.bench_id, target=self.target(), options={"val_num_tasks": 16})
        self.assertTrue(any("val_num_tasks" in f for f in cm.exception.fields), cm.exception.fields)

    def test_request_id_makes_create_idempotent(self) -> None:
        rid = f"py-{uuid.uuid4()}"
        a = self.client.evals.create(bench_id=self.bench_id, target=self.target(), request_id=rid, start=False)
        b = self.client.evals.create(bench_id=self.bench_id, target=self.target(), request_id=rid, start=False)
        self.assertEqual(a.id, b.id)
        self.assertEqual(b.status, "draft")
        with self.assertRaises(ConflictError):
            self.client.evals.create(bench_id=self.bench_id, target=self.target(), request_id=rid, display_name="other", start=False)
        self.client.evals.runs.delete(a.id)
        with self.assertRaises(NotFoundError):
            self.client.evals.runs.get(a.id)

    def test_stop_resume_and_copy(self) -> None:
        c = self.client
        run = c.evals.create(bench_id=self.bench_id, target=self.target("accuracy=1,latency_ms=300"), options={"concurrency": 1})
        stopped = c.evals.runs.stop(run.id)
        self.assertEqual(stopped.status, "cancelled")
        c.evals.runs.resume(run.id)
        self.assertEqual(c.evals.runs.wait(run.id, timeout=120, max_interval=1).status, "completed")
        self.assertEqual(c.evals.runs.retrieve(run.id).coverage.scored, 12)
        copy = c.evals.runs.copy(run.id)
        self.assertEqual((copy.status, copy.benchmarks), ("draft", [self.bench_id]))
        self.assertTrue(any("started" in json.dumps(line) for line in c.evals.runs.logs(run.id)))

    def test_a_draft_starts_and_the_catalog_pages(self) -> None:
        c = self.client
        draft = c.evals.create(bench_id=self.bench_id, target=self.target(), options={"sample_limit": 3}, start=False)
        self.assertEqual(draft.status, "draft")
        self.assertNotEqual(c.evals.runs.start(draft.id).status, "draft")
        self.assertEqual(c.evals.runs.wait(draft.id, timeout=120, max_interval=1).status, "completed")
        self.assertEqual(c.evals.runs.retrieve(draft.id).coverage.scored, 3)
        # Pages of two: the catalog's built-ins and this project's benchmark, each once.
        ids = [b.id for b in c.benchmarks.list(page_size=2)]
        self.assertGreater(len(ids), 2)
        self.assertEqual(len(ids), len(set(ids)))
        self.assertIn(self.bench_id, ids)
        self.assertEqual(c.benchmarks.retrieve(self.bench_id).name, "py arith")

    def test_datasets_from_a_file_and_paged_rows(self) -> None:
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "qa.csv")
            with open(path, "w", newline="") as f:
                w = csv.DictWriter(f, fieldnames=["question", "answer"])
                w.writeheader()
                for i in range(7):
                    w.writerow({"question": f"q{i}", "answer": f"a{i}"})
            rev = self.client.datasets.upload("py-csv", path=path)
        self.assertEqual((rev.name, rev.row_count), ("py-csv", 7))
        self.assertEqual(self.client.datasets.retrieve(f"py-csv@{rev.version}").row_count, 7)
        rows = list(self.client.datasets.rows(f"py-csv@{rev.version}", page_size=3))
        self.assertEqual(len(rows), 7)
        self.assertIn("py-csv", [r.name for r in self.client.datasets.list()])

    def test_profiles_never_return_secret_values(self) -> None:
        p = self.client.profiles.create("team/py", "1", params={"temperature": 0.2}, secret_params={"token": "s3cret-py"})
        self.assertEqual(p.secret_params, {"token": {"set": True}})
        self.assertNotIn("s3cret-py", json.dumps(self.client.profiles.retrieve("team/py@1")))
        self.assertEqual(self.client.profiles.retrieve(p.id).ref, "team/py@1")
        self.assertIn("team/py@1", [x.ref for x in self.client.profiles.list()])

    def test_errors_are_typed(self) -> None:
        with self.assertRaises(AuthError):
            Client(URL, "ak_not-a-key").project()
        with self.assertRaises(NotFoundError) as cm:
            self.client.evals.runs.progress("run_missing")
        self.assertIn("run_missing", cm.exception.detail)
        with self.assertRaises(NotFoundError):
            self.client.evals.list_options("bm_missing")


if __name__ == "__main__":
    unittest.main()
