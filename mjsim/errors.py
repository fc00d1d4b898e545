"""The one error type that user input can raise, so the CLI can report it in one line."""

from __future__ import annotations


class MjsimError(ValueError):
    """A problem with user input (tiles, options, files): the message says what and where."""


class NotationError(MjsimError):
    """A tile string that cannot be read."""
