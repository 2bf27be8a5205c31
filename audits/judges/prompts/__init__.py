"""The LLM judge's versioned prompt files (a package so they ship as package data)."""
