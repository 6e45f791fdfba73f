"""The Assay client: `Client()` reads ASSAY_URL / ASSAY_API_KEY, and groups
the API the way seed 002's SDK does (evals, evals.runs, evals.rewards,
trajectories, trajectories.steps) plus datasets, benchmarks and profiles.
Does network I/O through the transport.
"""
from __future__ import annotations

import json
import os
import time
import urllib.parse
import uuid
from typing import Any, Callable, Dict, Generic, Iterable, Iterator, List, Mapping, Optional, TypeVar, Union

from ._transport import Transport
from .errors import AssayError, WaitTimeout
from .types import (
    TERMINAL_STATUSES,
    BenchmarkOptions,
    BenchmarkScore,
    Coverage,
    EvalRun,
    OptionSpec,
    Record,
    RunProgress,
    RunResult,
    Step,
    Trajectory,
    TrajectoryReward,
)

T = TypeVar("T")
DEFAULT_URL = "http://127.0.0.1:8787"


def _q(s: str) -> str:
    return urllib.parse.quote(s, safe="")


class Page(Generic[T]):
    """One page of a list (`items`); iterating goes through every item of every page, fetching each next page lazily."""

    def __init__(self, items: List[T], next_cursor: Optional[str], fetch_next: Callable[[str], "Page[T]"]) -> None:
        self.items = items
        self.next_cursor = next_cursor
        self._fetch_next = fetch_next

    def __iter__(self) -> Iterator[T]:
        page: Optional[Page[T]] = self
        while page is not None:
            yield from page.items
            page = page._fetch_next(page.next_cursor) if page.next_cursor else None

    def __len__(self) -> int:
        return len(self.items)


def _pager(transport: Transport, path: str, query: Dict[str, Any], wrap: Callable[[Dict[str, Any]], T]) -> Page[T]:
    def fetch(cursor: Optional[str]) -> Page[T]:
        body = transport.request("GET", path, query={**query, "cursor": cursor})
        return Page([wrap(i) for i in body["items"]], body.get("next_cursor"), fetch)

    return fetch(None)


def model_target(
    model: str,
    *,
    base_url: str,
    provider: str = "openai",
    api_key: Optional[str] = None,
    params: Optional[Dict[str, Any]] = None,
    name: Optional[str] = None,
) -> Dict[str, Any]:
    """A `target` for a model endpoint (OpenAI-compatible or Anthropic)."""
    t: Dict[str, Any] = {"kind": "model", "provider": provider, "base_url": base_url, "model": model}
    if api_key is not None:
        t["api_key"] = api_key
    if params:
        t["params"] = params
    if name:
        t["name"] = name
    return t


class Runs:
    """`client.evals.runs`: read, wait for, stop, resume and copy runs."""

    def __init__(self, t: Transport) -> None:
        self._t = t

    def progress(self, run_id: str) -> RunProgress:
        return RunProgress.of(self._t.request("GET", f"/api/eval-runs/{_q(run_id)}/progress"))

    def get(self, run_id: str) -> EvalRun:
        """The run's configuration and status."""
        return EvalRun.of(self._t.request("GET", f"/api/eval-runs/{_q(run_id)}"))

    def retrieve(self, run_id: str) -> RunResult:
        """Status, score (and reward_mean once completed) and coverage of the run's target, per benchmark too."""
        run = self._t.request("GET", f"/api/eval-runs/{_q(run_id)}")
        scores = self._t.request("GET", f"/api/eval-runs/{_q(run_id)}/scores")
        rows = [BenchmarkScore.of(r) for r in scores.get("scores") or []]
        mine = [r for r in rows if r.target == "a"]
        coverage = sum((r.coverage for r in mine), Coverage())
        weighted = [(r.score, r.coverage.scored) for r in mine if r.score is not None and r.coverage.scored]
        n = sum(w for _, w in weighted)
        score = sum(s * w for s, w in weighted) / n if n else None
        return RunResult(
            id=run["id"],
            status=run["status"],
            error=run.get("error"),
            score=score,
            reward_mean=score if run["status"] == "completed" else None,
            coverage=coverage,
            benchmarks=rows,
            raw={"run": run, "scores": scores},
        )

    def list(self, bench_id: Optional[str] = None, *, status: Optional[str] = None, page_size: int = 50) -> Page[EvalRun]:
        """Runs newest first, optionally only those including `bench_id` or in one status."""
        return _pager(self._t, "/api/eval-runs", {"benchmark_id": bench_id, "status": status, "limit": page_size}, EvalRun.of)

    def wait(self, run_id: str, *, timeout: float = 600.0, poll_interval: float = 0.5, max_interval: float = 10.0) -> RunProgress:
        """Polls progress with backoff until the run is terminal; raises WaitTimeout (the run goes on) after `timeout` s."""
        deadline = time.monotonic() + timeout
        interval = poll_interval
        while True:
            p = self.progress(run_id)
            if p.terminal:
                return p
            left = deadline - time.monotonic()
            if left <= 0:
                raise WaitTimeout(f"run {run_id} is still {p.status} after {timeout:g} s ({p.terminal_attempts}/{p.total_attempts} attempts ended)")
            time.sleep(min(interval, left))
            interval = min(interval * 1.5, max_interval)

    def start(self, run_id: str) -> EvalRun:
        return EvalRun.of(self._t.request("POST", f"/api/eval-runs/{_q(run_id)}/start", idempotent=True))

    def stop(self, run_id: str) -> EvalRun:
        return EvalRun.of(self._t.request("POST", f"/api/eval-runs/{_q(run_id)}/stop", idempotent=True))

    def resume(self, run_id: str) -> EvalRun:
        """Runs again only the attempts without a reward (matched by task digest)."""
        return EvalRun.of(self._t.request("POST", f"/api/eval-runs/{_q(run_id)}/resume"))

    def copy(self, run_id: str) -> EvalRun:
        """A new draft with the run's configuration (keys are not copied)."""
        return EvalRun.of(self._t.request("POST", f"/api/eval-runs/{_q(run_id)}/copy"))

    def delete(self, run_id: str) -> None:
        self._t.request("DELETE", f"/api/eval-runs/{_q(run_id)}")

    def scores(self, run_id: str) -> Record:
        """The whole /scores answer: per benchmark and target, score, pass, pass@k, pass^k, coverage, intervals, A/B."""
        return Record(self._t.request("GET", f"/api/eval-runs/{_q(run_id)}/scores"))

    def metrics(self, run_id: str) -> Record:
        """pass@j and pass^j curves per benchmark and target."""
        return Record(self._t.request("GET", f"/api/eval-runs/{_q(run_id)}/metrics"))

    def logs(self, run_id: str) -> List[Record]:
        body = self._t.request("GET", f"/api/eval-runs/{_q(run_id)}/logs")
        return [Record(i) for i in (body.get("items") if isinstance(body, dict) else body) or []]

    def export(self, run_id: str, format: str = "md") -> str:
        """A standalone report: Markdown (md) or one self-contained HTML file (html)."""
        payload, _ = self._t.request("GET", f"/api/eval-runs/{_q(run_id)}/export", query={"format": format}, raw=True)
        return payload.decode("utf-8")


class Rewards:
    """`client.evals.rewards`."""

    def __init__(self, t: Transport) -> None:
        self._t = t

    def list_trajectory_rewards(
        self,
        run_id: str,
        *,
        benchmark_id: Optional[str] = None,
        target: Optional[str] = None,
        filter: Optional[str] = None,
        page_size: int = 200,
    ) -> Page[TrajectoryReward]:
        """Every attempt's task id, trajectory id and reward, in task order; iterating fetches every page lazily."""
        q = {"benchmark_id": benchmark_id, "target": target, "filter": filter, "limit": page_size}
        return _pager(self._t, f"/api/eval-runs/{_q(run_id)}/samples", q, TrajectoryReward.of)


class Evals:
    """`client.evals`: options, create, and the runs and rewards of runs."""

    def __init__(self, t: Transport) -> None:
        self._t = t
        self.runs = Runs(t)
        self.rewards = Rewards(t)

    def list_options(self, bench_id: str) -> BenchmarkOptions:
        """The options a run of the benchmark accepts, with defaults and allowed values; any other option is a 422."""
        body = self._t.request("GET", f"/api/benchmarks/{_q(bench_id)}/options")
        return BenchmarkOptions(body["benchmark_id"], [OptionSpec.of(o) for o in body["options"]])

    def create(
        self,
        bench_id: Optional[str] = None,
        *,
        benchmarks: Optional[List[str]] = None,
        target: Optional[Dict[str, Any]] = None,
        model: Optional[str] = None,
        base_url: Optional[str] = None,
        provider: str = "openai",
        api_key: Optional[str] = None,
        compare_target: Optional[Dict[str, Any]] = None,
        judge: Optional[Dict[str, Any]] = None,
        options: Optional[Dict[str, Any]] = None,
        display_name: Optional[str] = None,
        request_id: Optional[str] = None,
        start: bool = True,
    ) -> EvalRun:
        """Creates a run of `bench_id` (or several `benchmarks`) against `target` (or the model shorthand) and starts it.

        A `request_id` (one is generated when omitted) makes the call safe to retry: the same request_id with the
        same body returns the same run; with another body it is a ConflictError. `start=False` leaves a draft.
        An unknown option raises ValidationError listing the fields.
        """
        if (bench_id is None) == (benchmarks is None):
            raise ValueError("give bench_id or benchmarks, not both")
        if target is None:
            if model is None or base_url is None:
                raise ValueError("give target, or model and base_url")
            target = model_target(model, base_url=base_url, provider=provider, api_key=api_key)
        body: Dict[str, Any] = {"benchmarks": [bench_id] if bench_id is not None else benchmarks, "target": target}
        for k, v in (("compare_target", compare_target), ("judge", judge), ("options", options), ("display_name", display_name)):
            if v is not None:
                body[k] = v
        body["request_id"] = request_id or f"py-{uuid.uuid4()}"
        run = EvalRun.of(self._t.request("POST", "/api/eval-runs", json_body=body, idempotent=True))
        if start and run.status == "draft":
            run = Runs(self._t).start(run.id)
        return run


class Steps:
    """`client.trajectories.steps`."""

    def __init__(self, t: Transport) -> None:
        self._t = t

    def list(self, trajectory_id: str, *, start_step_index: Optional[int] = None, limit: Optional[int] = None) -> Page[Step]:
        """Steps from `start_step_index`, `limit` per page; iterating fetches each following page."""
        path = f"/api/trials/{_q(trajectory_id)}/steps"

        def fetch(cursor: Optional[str]) -> Page[Step]:
            q: Dict[str, Any] = {"limit": limit}
            if cursor is not None:
                q["cursor"] = cursor
            elif start_step_index is not None:
                q["start_step_index"] = start_step_index
            body = self._t.request("GET", path, query=q)
            return Page([Step.of(s) for s in body["items"]], body.get("next_cursor"), fetch)

        return fetch(None)


class Trajectories:
    """`client.trajectories`: one attempt and its steps."""

    def __init__(self, t: Transport) -> None:
        self._t = t
        self.steps = Steps(t)

    def retrieve(self, trajectory_id: str, *, include_steps: bool = False, include_reward_components: bool = False) -> Trajectory:
        """The attempt; `num_steps` is always filled (a trajectory that failed before its first model call has 0)."""
        q = {"include_steps": "true" if include_steps else None, "include_reward_components": "true" if include_reward_components else None}
        tr = Trajectory.of(self._t.request("GET", f"/api/trials/{_q(trajectory_id)}", query=q))
        if tr.num_steps is None:
            # The steps page states the count without sending every step.
            tr.num_steps = self._t.request("GET", f"/api/trials/{_q(trajectory_id)}/steps", query={"limit": 1})["num_steps"]
        return tr


class Datasets:
    """`client.datasets`: upload rows as an immutable revision, list and read revisions."""

    CONTENT_TYPES = {"jsonl": "application/x-ndjson", "csv": "text/csv", "parquet": "application/vnd.apache.parquet"}

    def __init__(self, t: Transport) -> None:
        self._t = t

    def upload(
        self,
        name: str,
        *,
        path: Optional[Union[str, "os.PathLike[str]"]] = None,
        rows: Optional[Iterable[Mapping[str, Any]]] = None,
        version: Optional[int] = None,
        format: Optional[str] = None,
    ) -> Record:
        """Uploads a file (JSONL, CSV or Parquet, optionally gzipped; format from the extension) or a list of dicts.

        The same content again returns the existing revision.
        """
        if (path is None) == (rows is None):
            raise ValueError("give path or rows, not both")
        if rows is not None:
            data = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode()
            fmt = "jsonl"
        else:
            p = os.fspath(path)  # type: ignore[arg-type]
            with open(p, "rb") as f:
                data = f.read()
            base = p[:-3] if p.endswith(".gz") else p
            fmt = format or {"jsonl": "jsonl", "ndjson": "jsonl", "csv": "csv", "parquet": "parquet"}.get(base.rsplit(".", 1)[-1].lower(), "")
            if fmt not in self.CONTENT_TYPES:
                raise ValueError(f"cannot tell the format of {p}: pass format='jsonl', 'csv' or 'parquet'")
        return Record(
            self._t.request(
                "POST",
                f"/api/datasets/{_q(name)}/revisions",
                query={"version": version},
                data=data,
                content_type=self.CONTENT_TYPES[fmt],
                idempotent=True,
            )
        )

    def list(self, *, name: Optional[str] = None, page_size: int = 50) -> Page[Record]:
        return _pager(self._t, "/api/datasets", {"name": name, "limit": page_size}, Record)

    def retrieve(self, ref: str) -> Record:
        """A revision by name@version."""
        return Record(self._t.request("GET", f"/api/datasets/{_q(ref)}"))

    def rows(self, ref: str, *, page_size: int = 100) -> Page[Record]:
        return _pager(self._t, f"/api/datasets/{_q(ref)}/rows", {"limit": page_size}, Record)


class Benchmarks:
    """`client.benchmarks`: the catalog and custom benchmarks."""

    def __init__(self, t: Transport) -> None:
        self._t = t

    def list(self, *, category: Optional[str] = None, kind: Optional[str] = None, page_size: int = 100) -> Page[Record]:
        return _pager(self._t, "/api/benchmarks", {"category": category, "kind": kind, "limit": page_size}, Record)

    def retrieve(self, bench_id: str) -> Record:
        return Record(self._t.request("GET", f"/api/benchmarks/{_q(bench_id)}"))

    def create(self, **fields: Any) -> Record:
        """A custom benchmark over one of the project's revisions (name, dataset, prompt_column or prompt_template, answer_column, scoring, ...)."""
        return Record(self._t.request("POST", "/api/benchmarks", json_body=fields))


class Profiles:
    """`client.profiles`: immutable, versioned parameter sets; secret values are never returned."""

    def __init__(self, t: Transport) -> None:
        self._t = t

    def create(self, name: str, version: str, *, params: Optional[Dict[str, Any]] = None, secret_params: Optional[Dict[str, str]] = None) -> Record:
        body = {"name": name, "version": version, "params": params or {}, "secret_params": secret_params or {}}
        return Record(self._t.request("POST", "/api/profiles", json_body=body, idempotent=True))

    def list(self, *, page_size: int = 50) -> Page[Record]:
        return _pager(self._t, "/api/profiles", {"limit": page_size}, Record)

    def retrieve(self, ref: str) -> Record:
        """By id or name@version."""
        if "@" in ref:
            return Record(self._t.request("GET", "/api/profiles/by-ref", query={"ref": ref}))
        return Record(self._t.request("GET", f"/api/profiles/{_q(ref)}"))


class Client:
    """The Assay API. `base_url` and `api_key` default to ASSAY_URL and ASSAY_API_KEY."""

    def __init__(
        self,
        base_url: Optional[str] = None,
        api_key: Optional[str] = None,
        *,
        timeout: float = 60.0,
        max_retries: int = 4,
    ) -> None:
        url = base_url or os.environ.get("ASSAY_URL") or DEFAULT_URL
        key = api_key or os.environ.get("ASSAY_API_KEY")
        self._transport = Transport(url, key, timeout=timeout, max_retries=max_retries)
        self.evals = Evals(self._transport)
        self.trajectories = Trajectories(self._transport)
        self.datasets = Datasets(self._transport)
        self.benchmarks = Benchmarks(self._transport)
        self.profiles = Profiles(self._transport)

    @property
    def base_url(self) -> str:
        return self._transport.base_url

    def project(self) -> Record:
        """The calling key's project, with its plan and credits."""
        return Record(self._transport.request("GET", "/api/project"))


__all__ = ["Client", "Page", "model_target", "TERMINAL_STATUSES", "AssayError"]
