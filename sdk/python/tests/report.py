"""Runs the SDK's unittest suite and prints one JSON line per test ({"name", "outcome", "detail"}),
so sdk/python/python.test.mjs can report each Python test as its own node test."""
from __future__ import annotations

import json
import sys
import unittest
from pathlib import Path


class JsonResult(unittest.TextTestResult):
    def _emit(self, test: unittest.TestCase, outcome: str, detail: str = "") -> None:
        print(json.dumps({"name": test.id(), "outcome": outcome, "detail": detail}), flush=True)

    def addSuccess(self, test: unittest.TestCase) -> None:
        super().addSuccess(test)
        self._emit(test, "pass")

    def addFailure(self, test: unittest.TestCase, err) -> None:  # type: ignore[no-untyped-def]
        super().addFailure(test, err)
        self._emit(test, "fail", self._exc_info_to_string(err, test))

    def addError(self, test: unittest.TestCase, err) -> None:  # type: ignore[no-untyped-def]
        super().addError(test, err)
        self._emit(test, "fail", self._exc_info_to_string(err, test))

    def addSkip(self, test: unittest.TestCase, reason: str) -> None:
        super().addSkip(test, reason)
        self._emit(test, "skip", reason)


if __name__ == "__main__":
    root = Path(__file__).resolve().parent.parent
    suite = unittest.defaultTestLoader.discover(str(root / "tests"), top_level_dir=str(root))
    result = unittest.TextTestRunner(stream=sys.stderr, resultclass=JsonResult, verbosity=0).run(suite)
    sys.exit(0 if result.wasSuccessful() else 1)
