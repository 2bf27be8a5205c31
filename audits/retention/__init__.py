"""Retention and erasure of interaction text: grades, credits and rollups stay."""
