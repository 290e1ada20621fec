"""One catalogue of coded errors: users and tests match the code, never the wording.

Messages name the file and place (path, line, column, offset) but never a document's text.
"""
from __future__ import annotations


class ScrubError(Exception):
    """An error the command line reports as one line and a non-zero exit."""

    def __init__(self, code: str, message: str, exit_code: int = 2):
        super().__init__(f"[{code}] {message}")
        self.code = code
        self.message = message
        self.exit_code = exit_code

    def __str__(self) -> str:  # pragma: no cover - trivial
        return f"[{self.code}] {self.message}"
