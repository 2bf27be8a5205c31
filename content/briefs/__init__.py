"""Rewrite briefs: built once, laid out once, rendered as Markdown and Word."""
