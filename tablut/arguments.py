"""What the command-line tools share: an argument parser whose errors are one line, and
the checks of their arguments.

A tool builds a :class:`Parser`, catches :class:`UsageError` around ``parse_args`` (and
its own checks) and returns :func:`fail`'s status: one line on standard error, status 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from .rules import Rules, rules_named


class UsageError(Exception):
    """Arguments a tool cannot run with; the message is one line for a person."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, not usage and a message."""

    def error(self, message: str) -> NoReturn:
        """Raise ``message`` as a one-line usage error."""
        raise UsageError(f"{self.prog}: {message}")


def fail(error: Exception) -> int:
    """Say ``error`` on standard error; the exit status of a usage error."""
    print(f"error: {error}", file=sys.stderr)
    return 2


def rules_arg(text: str) -> Rules:
    """The rule set named by an argument."""
    try:
        return rules_named(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def positive_float(text: str) -> float:
    """A positive number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r}: the time must be positive")
    return value


def positive_int(text: str) -> int:
    """A whole number, at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: must be at least 1")
    return value
