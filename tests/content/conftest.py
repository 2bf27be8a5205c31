"""Fixtures shared by the content tests."""

from __future__ import annotations

from tests.content.test_item_evidence import returns_gap  # noqa: F401 - shared fixture
