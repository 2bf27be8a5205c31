"""The versioned prompt files of every model call (a package so they ship as package data).

A version is a pair of files, ``VERSION.system.txt`` and ``VERSION.user.txt``, and may
have optional parts (``VERSION.NAME.txt``) that a call adds when they apply; a changed
prompt gets a new version, so cached answers of the old one are never reused for it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

PROMPTS = Path(__file__).resolve().parent


@cache
def prompt_files(version: str) -> tuple[str, str]:
    """The system message and the user message template of a prompt version."""
    system = (PROMPTS / f"{version}.system.txt").read_text(encoding="utf-8").strip()
    user = (PROMPTS / f"{version}.user.txt").read_text(encoding="utf-8").strip()
    return system, user


@cache
def prompt_part(version: str, name: str) -> str | None:
    """The optional part ``name`` of a prompt version (e.g. ``history``), None without one."""
    path = PROMPTS / f"{version}.{name}.txt"
    return path.read_text(encoding="utf-8").strip() if path.exists() else None
