"""The draft check (SPEC §6): before a rewrite is published, replay the questions the
article's traffic failed on against the draft."""

from __future__ import annotations

from .services import DraftReport, draft_check, draft_report

__all__ = ["DraftReport", "draft_check", "draft_report"]
