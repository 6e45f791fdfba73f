"""Typed views of the API's answers. Each keeps the whole answer in `raw`
so fields added later by the API are never lost. No I/O.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

TERMINAL_STATUSES = frozenset({"completed", "failed", "cancelled"})


@dataclass
class OptionSpec:
    """One run option a benchmark accepts: its type, default, bounds and allowed values."""

    name: str
    type: str
    description: str
    default: Any = None
    minimum: Optional[float] = None
    maximum: Optional[float] = None
    allowed: Optional[List[Any]] = None
    fields: List["OptionSpec"] = field(default_factory=list)

    @classmethod
    def of(cls, d: Dict[str, Any]) -> "OptionSpec":
        return cls(
            name=d["name"],
            type=d["type"],
            description=d.get("description", ""),
            default=d.get("default"),
            minimum=d.get("minimum", d.get("exclusive_minimum")),
            maximum=d.get("maximum"),
            allowed=d.get("allowed"),
            fields=[cls.of(f) for f in d.get("fields") or []],
        )


@dataclass
class BenchmarkOptions:
    """What `evals.list_options` returns: every option a run of the benchmark accepts (any other is a 422)."""

    benchmark_id: str
    options: List[OptionSpec]

    @property
    def names(self) -> List[str]:
        return [o.name for o in self.options]

    @property
    def defaults(self) -> Dict[str, Any]:
        """Option → the value a run uses when it is omitted (options with no default are left out)."""
        return {o.name: o.default for o in self.options if o.default is not None}


@dataclass
class EvalRun:
    """A run's configuration and status (seed 002's eval run)."""

    id: str
    status: str
    display_name: Optional[str]
    benchmarks: List[str]
    options: Dict[str, Any]
    error: Optional[str]
    created_at: str
    started_at: Optional[str]
    finished_at: Optional[str]
    raw: Dict[str, Any] = field(repr=False)

    @property
    def eval_run_id(self) -> str:
        return self.id

    @classmethod
    def of(cls, d: Dict[str, Any]) -> "EvalRun":
        return cls(
            id=d["id"],
            status=d["status"],
            display_name=d.get("display_name"),
            benchmarks=list(d.get("benchmarks") or []),
            options=d.get("options") or {},
            error=d.get("error"),
            created_at=d.get("created_at", ""),
            started_at=d.get("started_at"),
            finished_at=d.get("finished_at"),
            raw=d,
        )


@dataclass
class RunProgress:
    """How far a run is. `total_attempts` is None until every benchmark is planned."""

    id: str
    status: str
    terminal_attempts: int
    total_attempts: Optional[int]
    scored_attempts: int
    in_flight: int
    counts: Dict[str, int]
    raw: Dict[str, Any] = field(repr=False)

    @property
    def terminal(self) -> bool:
        """The run has ended (completed, failed or cancelled)."""
        return self.status in TERMINAL_STATUSES

    # The seed's names for the same counts.
    @property
    def terminal_rollouts(self) -> int:
        return self.terminal_attempts

    @property
    def total_rollouts(self) -> Optional[int]:
        return self.total_attempts

    @classmethod
    def of(cls, d: Dict[str, Any]) -> "RunProgress":
        return cls(
            id=d["id"],
            status=d["status"],
            terminal_attempts=d.get("terminal_attempts", 0),
            total_attempts=d.get("total_attempts"),
            scored_attempts=d.get("scored_attempts", 0),
            in_flight=d.get("in_flight", 0),
            counts=d.get("counts") or {},
            raw=d,
        )


@dataclass
class Coverage:
    """How many attempts were asked for and how many have a reward (missing includes invalid)."""

    total: int = 0
    scored: int = 0
    missing: int = 0
    invalid: int = 0
    total_members: int = 0
    complete_members: int = 0

    @classmethod
    def of(cls, d: Optional[Dict[str, Any]]) -> "Coverage":
        d = d or {}
        return cls(**{k: int(d.get(k) or 0) for k in ("total", "scored", "missing", "invalid", "total_members", "complete_members")})

    def __add__(self, o: "Coverage") -> "Coverage":
        return Coverage(*(getattr(self, k) + getattr(o, k) for k in ("total", "scored", "missing", "invalid", "total_members", "complete_members")))

    @property
    def fraction(self) -> Optional[float]:
        return self.scored / self.total if self.total else None


@dataclass
class BenchmarkScore:
    """One benchmark and target of a run: status, score, pass@k and coverage (None where the metric contract says so)."""

    benchmark_id: str
    target: str
    status: str
    error: Optional[str]
    k: Optional[int]
    score: Optional[float]
    pass_: Optional[float]
    pass_at_k: Optional[float]
    pass_hat_k: Optional[float]
    coverage: Coverage
    raw: Dict[str, Any] = field(repr=False)

    @classmethod
    def of(cls, d: Dict[str, Any]) -> "BenchmarkScore":
        return cls(
            benchmark_id=d["benchmark_id"],
            target=d.get("target", "a"),
            status=d.get("status", ""),
            error=d.get("error"),
            k=d.get("k"),
            score=d.get("score"),
            pass_=d.get("pass"),
            pass_at_k=d.get("pass_at_k"),
            pass_hat_k=d.get("pass_hat_k"),
            coverage=Coverage.of(d.get("score_counts")),
            raw=d,
        )


@dataclass
class RunResult:
    """`runs.retrieve`: the run's status, its score over the target's scored attempts, and coverage.

    `score` is the mean reward over every scored attempt of the run's target (benchmarks weighted by
    scored attempts), available while the run goes on; `reward_mean` is the same number published only
    once the run completed (None for a running, failed or cancelled run, as the seed says).
    """

    id: str
    status: str
    error: Optional[str]
    score: Optional[float]
    reward_mean: Optional[float]
    coverage: Coverage
    benchmarks: List[BenchmarkScore]
    raw: Dict[str, Any] = field(repr=False)


@dataclass
class TrajectoryReward:
    """One attempt's reward: `trajectory_id` opens it with `trajectories.retrieve`; reward None is missing, never 0."""

    task_id: str
    trajectory_id: str
    benchmark_id: str
    target: str
    attempt_index: int
    status: str
    reward: Optional[float]
    error: Optional[str]
    raw: Dict[str, Any] = field(repr=False)

    @classmethod
    def of(cls, d: Dict[str, Any]) -> "TrajectoryReward":
        return cls(
            task_id=d["task_key"],
            trajectory_id=d["id"],
            benchmark_id=d["benchmark_id"],
            target=d.get("target", "a"),
            attempt_index=d.get("attempt_index", 0),
            status=d.get("status", ""),
            reward=d.get("reward"),
            error=d.get("error"),
            raw=d,
        )


@dataclass
class Message:
    role: str
    content: Any
    raw: Dict[str, Any] = field(repr=False)


@dataclass
class Step:
    """One model call of a trajectory; `messages` is the conversation so far, this step's reply last."""

    step_index: int
    messages: List[Message]
    reward: Optional[float]
    model: Optional[str]
    latency_ms: Optional[int]
    raw: Dict[str, Any] = field(repr=False)

    @classmethod
    def of(cls, d: Dict[str, Any]) -> "Step":
        return cls(
            step_index=d["step_index"],
            messages=[Message(m.get("role", ""), m.get("content"), m) for m in d.get("messages") or []],
            reward=d.get("reward"),
            model=d.get("model"),
            latency_ms=d.get("latency_ms"),
            raw=d,
        )


@dataclass
class RewardComponents:
    """The scorer's verdict in detail: its reason and structured result (composite, dimensions)."""

    scorer: Optional[str]
    reason: Optional[str]
    composite: Optional[float]
    dimensions: Optional[Dict[str, float]]
    judge_summary: Optional[str]


@dataclass
class Trajectory:
    """One attempt (the seed's trajectory). `num_steps` and `steps` are filled with include_steps=True."""

    id: str
    run_id: str
    benchmark_id: str
    task_id: str
    attempt_index: int
    status: str
    reward: Optional[float]
    output: Optional[str]
    error: Optional[str]
    tries: int
    num_steps: Optional[int]
    steps: Optional[List[Step]]
    reward_components: Optional[RewardComponents]
    raw: Dict[str, Any] = field(repr=False)

    @property
    def failure(self) -> Optional[str]:
        """Why the attempt has no reward (its error), None when it was scored."""
        return self.error

    @classmethod
    def of(cls, d: Dict[str, Any]) -> "Trajectory":
        rc = d.get("reward_components")
        return cls(
            id=d["id"],
            run_id=d.get("run_id", ""),
            benchmark_id=d.get("benchmark_id", ""),
            task_id=d.get("task_key", ""),
            attempt_index=d.get("attempt_index", 0),
            status=d.get("status", ""),
            reward=d.get("reward"),
            output=d.get("output"),
            error=d.get("error"),
            tries=d.get("tries", 0),
            num_steps=d.get("num_steps"),
            steps=[Step.of(s) for s in d["steps"]] if isinstance(d.get("steps"), list) else None,
            reward_components=RewardComponents(
                rc.get("scorer"), rc.get("reason"), rc.get("composite"), rc.get("dimensions"), rc.get("judge_summary")
            )
            if isinstance(rc, dict)
            else None,
            raw=d,
        )


class Record(dict):  # type: ignore[type-arg]
    """A JSON object from the API with attribute access (`rev.name`), for resources without a typed view."""

    def __getattr__(self, name: str) -> Any:
        try:
            v = self[name]
        except KeyError:
            raise AttributeError(name) from None
        return Record(v) if isinstance(v, dict) else v
