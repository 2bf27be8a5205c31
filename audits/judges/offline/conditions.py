"""Moved to :mod:`kbaudit.text.conditions`; kept so older imports still resolve."""

from kbaudit.text.conditions import *  # noqa: F403
