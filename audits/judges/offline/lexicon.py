"""Moved to :mod:`kbaudit.text.lexicon`; kept so older imports still resolve."""

from kbaudit.text.lexicon import *  # noqa: F403
