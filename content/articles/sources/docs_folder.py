"""A docs folder (Markdown/MDX with YAML front matter) read as article records.

Works for the layouts of Docusaurus, MkDocs and Mintlify: every ``.md``/``.mdx`` file is
one article. Its id is the front matter's ``id`` (Docusaurus: relative to the file's
folder) or else its path without the extension, so it stays the same from run to run;
its title the front matter's ``title``, else its first ``#`` heading, else the file
name; its URL ``--base-url`` joined with the front matter's ``slug`` or the path
(``index``/``README`` files stand for their folder); its last update the front matter
(``last_update.date``, ``updated_at``, ``last_updated``, ``date``), else the last commit
that touched it when the folder is in a git checkout, else the file's mtime. Drafts
(``draft: true``, ``unlisted: true``) are left out and counted.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path, PurePosixPath
from typing import Any

import yaml

from audits.ingest.records import RecordError

SUFFIXES = (".md", ".mdx", ".markdown")
FOLDER_PAGES = ("index", "readme", "_index")
_FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.S)
_HEADING = re.compile(r"^#\s+(.+?)\s*#*\s*$", re.M)
# MDX: ES module lines and JSX component tags carry no prose (their inner text stays).
_MDX_MODULE_LINE = re.compile(r"^(?:import|export)\s.*$", re.M)
_JSX_TAG = re.compile(r"</?[A-Z][A-Za-z0-9.]*(?:\s[^<>]*)?/?>")


@dataclass
class FolderRead:
    """What a folder held besides its articles: drafts skipped, files seen."""

    drafts: list[str] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)


def docs_folder_rows(root: Path, *, base_url: str, read: FolderRead) -> Iterator[tuple[int, Any]]:
    """(n, record or RecordError) for each Markdown file below ``root``, in path order."""
    if not root.is_dir():
        raise FileNotFoundError(f"{root}: no such folder")
    files = sorted(
        p
        for p in root.rglob("*")
        if p.suffix.lower() in SUFFIXES and p.is_file() and not _hidden(p.relative_to(root))
    )
    committed = _git_dates(root)
    for number, path in enumerate(files, start=1):
        relative = path.relative_to(root).as_posix()
        read.paths.append(relative)
        try:
            record = _record(path, relative, base_url=base_url, committed=committed)
        except RecordError as exc:
            yield number, exc
            continue
        if record is None:
            read.drafts.append(relative)
            continue
        yield number, record


def _hidden(relative: Path) -> bool:
    return any(part.startswith((".", "_")) and part != "_index.md" for part in relative.parts)


def _record(path: Path, relative: str, *, base_url: str, committed: dict[str, datetime]):
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError("not valid UTF-8") from None
    meta, body = _front_matter(text)
    if meta.get("draft") is True or meta.get("unlisted") is True:
        return None
    body = _strip_mdx(body) if path.suffix.lower() == ".mdx" else body
    stem = PurePosixPath(relative).with_suffix("")
    record = {
        "id": _article_id(meta, stem),
        "title": _title(meta, body, stem),
        "url": _url(base_url, meta, stem),
        "body": body.strip(),
        "path": relative,
    }
    updated = _updated(meta) or committed.get(relative) or _mtime(path)
    record["updated_at"] = updated.isoformat()
    return record


def _front_matter(text: str) -> tuple[dict, str]:
    match = _FRONT_MATTER.match(text)
    if not match:
        return {}, text
    try:
        meta = yaml.safe_load(match.group(1)) or {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 2}" if mark else ""
        raise RecordError(f"front matter: not valid YAML{where}") from None
    if not isinstance(meta, dict):
        raise RecordError("front matter: must be a mapping of fields")
    return meta, text[match.end() :]


def _article_id(meta: dict, stem: PurePosixPath) -> str:
    given = meta.get("id")
    if isinstance(given, str | int) and str(given).strip():
        folder = stem.parent.as_posix()
        name = str(given).strip().strip("/")
        return name if folder in ("", ".") else f"{folder}/{name}"
    return stem.as_posix()


def _title(meta: dict, body: str, stem: PurePosixPath) -> str:
    for key in ("title", "sidebar_label", "nav_title"):
        if isinstance(meta.get(key), str) and meta[key].strip():
            return meta[key].strip()
    heading = _HEADING.search(body)
    if heading:
        return heading.group(1).strip()
    name = stem.parent.name if stem.name.lower() in FOLDER_PAGES else stem.name
    return name.replace("-", " ").replace("_", " ").strip().capitalize()


def _url(base_url: str, meta: dict, stem: PurePosixPath) -> str:
    if not base_url:
        return ""
    slug = meta.get("slug") if isinstance(meta.get("slug"), str) else None
    if slug and slug.startswith("/"):
        path = slug.strip("/")
    else:
        parts = list(stem.parts)
        if parts and parts[-1].lower() in FOLDER_PAGES:
            parts = parts[:-1]
        if slug:
            parts = [*parts[:-1], slug.strip("/")]
        path = "/".join(parts)
    return f"{base_url.rstrip('/')}/{path}" if path else base_url


def _updated(meta: dict) -> datetime | None:
    candidates = [meta.get("updated_at"), meta.get("last_updated"), meta.get("date")]
    last_update = meta.get("last_update")
    if isinstance(last_update, dict):
        candidates.insert(0, last_update.get("date"))
    for value in candidates:
        moment = _as_datetime(value)
        if moment is not None:
            return moment
    return None


def _as_datetime(value: Any) -> datetime | None:
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=UTC)
    if isinstance(value, str) and value.strip():
        try:
            parsed = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            return None
        return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
    return None


def _mtime(path: Path) -> datetime:
    return datetime.fromtimestamp(path.stat().st_mtime, tz=UTC)


def _git_dates(root: Path) -> dict[str, datetime]:
    """The last commit date of every file below ``root``, from one ``git log``."""
    try:
        top = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--show-prefix"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        log = subprocess.run(
            ["git", "-C", str(root), "log", "--format=@%cI", "--name-only", "--", "."],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return {}
    dates: dict[str, datetime] = {}
    current: datetime | None = None
    for line in log.splitlines():
        if line.startswith("@"):
            current = datetime.fromisoformat(line[1:])
        elif line and current is not None:
            relative = line.removeprefix(top)
            dates.setdefault(relative, current)  # newest first: keep the first seen
    return dates


def _strip_mdx(body: str) -> str:
    body = _MDX_MODULE_LINE.sub("", body)
    return _JSX_TAG.sub("", body)
