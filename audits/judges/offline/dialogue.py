"""Moved to :mod:`kbaudit.text.dialogue`; kept so older imports still resolve."""

from kbaudit.text.dialogue import *  # noqa: F403
