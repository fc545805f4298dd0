"""Domain errors. The CLI turns each into one line on stderr and an exit code."""

from __future__ import annotations


class RulesbotError(Exception):
    """Base class: a problem a user can act on, shown as one line."""

    exit_code = 1


class CorpusError(RulesbotError):
    """A corpus or data file is malformed. Names the file, the line and the problem."""

    exit_code = 3

    def __init__(self, path: str, line: int | None, problem: str) -> None:
        self.path = path
        self.line = line
        self.problem = problem
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {problem}")


class NotFound(RulesbotError):
    """An id, law number, code or term that the corpus does not have."""

    exit_code = 1


class UsageError(RulesbotError):
    """Bad input that typer's own validation cannot catch (blank question, ...)."""

    exit_code = 2
