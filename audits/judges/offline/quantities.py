"""Moved to :mod:`kbaudit.text.quantities`; kept so older imports still resolve."""

from kbaudit.text.quantities import *  # noqa: F403
