"""Moved to :mod:`kbaudit.text.tokens`; kept so older imports still resolve."""

from kbaudit.text.tokens import *  # noqa: F403
