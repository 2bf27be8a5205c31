"""The demo's prose files: every file in ``demo/data/`` is read, and read when installed.

The generator's output staying byte-identical is covered by ``test_demo_data.py``; these
tests keep the data files and the Python structure that reads them in step.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import tomllib
import zipfile
from importlib import resources
from pathlib import Path

from demo import (
    corpus_money,
    corpus_orders,
    corpus_products,
    corpus_returns,
    corpus_seller,
    escalations,
)
from demo.articles import ARTICLES
from demo.data import IntentTexts, article
from demo.logs import INTENT_BY_KEY
from demo.scenarios import Intent

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "demo" / "data"
CORPUS = (corpus_returns, corpus_orders, corpus_money, corpus_products, corpus_seller)
GROUPS = ("ARTICLES", "REWRITES", "STUBS", "SHARED_ID_ARTICLES")
# Text files of modules other than ``intents_<name>``: shared answer texts and agents' replies.
MODULES = {"scenarios": "demo.scenarios", "escalations": "demo.escalations"}


def test_every_article_file_is_an_article_of_a_corpus_module():
    read = {entry for module in CORPUS for group in GROUPS for entry in getattr(module, group, ())}
    files = sorted(DATA.glob("articles/*/*.md"))
    assert len(files) == len(read) == 46
    for path in files:
        key, title, body = article(path.relative_to(DATA / "articles").with_suffix("").as_posix())
        assert (key, title, body) in read, path
        assert body.strip() and not body.startswith("---")


def test_every_intent_text_file_entry_is_used_by_its_module():
    for path in sorted(DATA.glob("intents/*.yaml")):
        texts = IntentTexts(path.stem)
        module = importlib.import_module(MODULES.get(path.stem, f"demo.intents_{path.stem}"))
        assert module.TEXTS.name == path.stem
        # Every Intent the module defines, listed in its INTENTS or not.
        intents = {value.key: value for value in vars(module).values() if isinstance(value, Intent)}
        for key, entry in texts._intents.items():
            intent = intents[key]
            if "queries" in entry:
                assert texts.queries(key) == intent.queries, key
            for plant, variants in entry.get("answers", {}).items():
                used = [answer.texts for answer in intent.answers if answer.plant == plant]
                for index in range(len(variants)):
                    assert texts.answer(key, plant, index) in used, (key, plant, index)
        for name in texts._texts:
            # A named list is the module's value, or its texts where Python adds the sources.
            # The agents' replies are named by the intent they answer.
            value = module.REPLIES[name][0] if module is escalations else getattr(module, name)
            named = texts.named(name)
            assert value == named or (
                tuple(item[: len(text)] for item, text in zip(value, named, strict=True)) == named
            ), name


def test_the_data_files_are_package_data():
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["demo"]
    shipped = {path for pattern in patterns for path in (REPO / "demo").glob(pattern)}
    files = {path for path in DATA.rglob("*") if path.is_file()}
    assert files and files <= shipped


def test_the_prose_is_read_from_a_zipped_package(tmp_path):
    """Through importlib.resources, not the file system: a zipped install still works."""
    archive = tmp_path / "demo.zip"
    package = Path(resources.files("demo"))
    with zipfile.ZipFile(archive, "w") as zipped:
        for path in sorted(package.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                zipped.write(path, path.relative_to(package.parent).as_posix())
    code = (
        "import demo.data, demo.articles, demo.logs\n"
        "assert '.zip' in demo.data.__file__, demo.data.__file__\n"
        "print(len(demo.articles.ARTICLES), len(demo.logs.INTENT_BY_KEY))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={"PYTHONPATH": str(archive)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [str(len(ARTICLES)), str(len(INTENT_BY_KEY))]
