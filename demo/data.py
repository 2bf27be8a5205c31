"""The demo's prose, read from the data files in ``demo/data/``.

Articles are Markdown files with a small YAML front matter (``id``, ``title``,
``version``), one per article version, under ``data/articles/<area>/``. The files are
read through :mod:`importlib.resources`, so the demo works from an installed package too.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import yaml

_FRONT = "---\n"


def read_text(path: str) -> str:
    """The text of ``demo/data/<path>`` (``/``-separated)."""
    return resources.files("demo").joinpath("data", *path.split("/")).read_text(encoding="utf-8")


@cache
def article(path: str) -> tuple[str, str, str]:
    """``(id, title, Markdown body)`` of ``data/articles/<path>.md``."""
    text = read_text(f"articles/{path}.md")
    if not text.startswith(_FRONT):
        raise ValueError(f"articles/{path}.md has no front matter")
    head, _, body = text[len(_FRONT) :].partition("\n" + _FRONT)
    meta = yaml.safe_load(head)
    return meta["id"], meta["title"], body


def articles(area: str, *names: str) -> tuple[tuple[str, str, str], ...]:
    """The articles ``data/articles/<area>/<name>.md``, in the order given."""
    return tuple(article(f"{area}/{name}") for name in names)
