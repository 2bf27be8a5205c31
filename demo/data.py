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


class IntentTexts:
    """The customers' phrasings and the bot's answer texts of one ``intents_*`` module.

    ``data/intents/<name>.yaml`` maps each intent key to its ``queries`` and its
    ``answers``: per answer plant, the text variants of each answer with that plant, in the
    order the module lists them. Its ``texts`` hold the module's other phrase lists (texts
    shared by several answers, greetings, bot messages) by their Python name.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        data = yaml.safe_load(read_text(f"intents/{name}.yaml"))
        self._intents: dict = data.get("intents", {})
        self._texts: dict = data.get("texts", {})

    def queries(self, key: str) -> tuple[str, ...]:
        return tuple(self._intents[key]["queries"])

    def answer(self, key: str, plant: str, index: int = 0) -> tuple[str, ...]:
        """The texts of the ``index``-th answer planted as ``plant`` in intent ``key``."""
        return tuple(self._intents[key]["answers"][plant][index])

    def named(self, name: str) -> tuple:
        """The phrase list ``name``, lists read back as (nested) tuples."""
        return _tuples(self._texts[name])


def _tuples(value):
    return tuple(_tuples(item) for item in value) if isinstance(value, list) else value
