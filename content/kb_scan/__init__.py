"""The knowledge-base health scan: near-duplicate articles and articles that contradict
each other, found before any user asks (see scan.py for the steps)."""

from __future__ import annotations

from .scan import ScanBusy, ScanResult, kb_scan_run

__all__ = ["ScanBusy", "ScanResult", "kb_scan_run"]
