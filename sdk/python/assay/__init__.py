"""Assay's Python client: evaluation runs, their rewards and trajectories.

    from assay import Client
    client = Client()  # ASSAY_URL, ASSAY_API_KEY
"""
from ._transport import __version__
from .client import Client, Page, model_target
from .errors import (
    APIConnectionError,
    AssayError,
    AuthError,
    BadRequestError,
    ConflictError,
    FieldError,
    NotFoundError,
    PayloadTooLargeError,
    PaymentRequiredError,
    RateLimitError,
    ServerError,
    UnsupportedMediaTypeError,
    ValidationError,
    WaitTimeout,
)
from .types import (
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

__all__ = [
    "__version__",
    "Client",
    "Page",
    "model_target",
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
    "BenchmarkOptions",
    "BenchmarkScore",
    "Coverage",
    "EvalRun",
    "OptionSpec",
    "Record",
    "RunProgress",
    "RunResult",
    "Step",
    "Trajectory",
    "TrajectoryReward",
]
