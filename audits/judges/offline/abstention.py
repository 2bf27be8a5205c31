"""Saying "I don't know" (SPEC §7), as the offline judge used to provide it: the checks
now live in :mod:`kbaudit.text` and :mod:`audits.abstention`."""

from __future__ import annotations

from audits.abstention.assessment import NOT_KNOWING_REASONS, not_knowing_reason
from kbaudit.text.dialogue import is_decline
from kbaudit.text.quotes import quotes_not_in_sources

__all__ = ["NOT_KNOWING_REASONS", "is_decline", "not_knowing_reason", "quotes_not_in_sources"]
