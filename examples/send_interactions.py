#!/usr/bin/env python3
"""Send a chatbot's log to kbaudit: JSONL in, batches out, retried when kbaudit is busy.

    export KBAUDIT_URL=https://kbaudit.example.com KBAUDIT_TOKEN=kba_...
    python send_interactions.py interactions.jsonl          # or - for stdin
    python send_interactions.py articles.jsonl --endpoint articles

Each line is one record of the interaction log (README, "Input: the interaction log").
Records go in batches of --batch-size (kbaudit takes up to 1,000); a batch is stored
whole or not at all, and re-sending one is harmless (records are keyed by their id), so
a batch that fails with 429, a 5xx or a dropped connection is sent again after a pause
that doubles each time (with jitter, or the server's Retry-After). A batch kbaudit
refuses (400: an invalid record) is reported record by record and skipped. Exits 0 when
every record was stored, 1 otherwise. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterable, Iterator

RETRY_STATUSES = {429, 500, 502, 503, 504}


class BatchRefused(Exception):
    """kbaudit answered 4xx (other than 429): sending again would not help."""

    def __init__(self, status: int, body: dict):
        super().__init__(f"HTTP {status}: {body.get('detail', body)}")
        self.status, self.body = status, body


def read_records(lines: Iterable[str]) -> Iterator[tuple[int, dict]]:
    for number, line in enumerate(lines, start=1):
        if line.strip():
            yield number, json.loads(line)


def batches(records: Iterable[tuple[int, dict]], size: int) -> Iterator[list[tuple[int, dict]]]:
    batch: list[tuple[int, dict]] = []
    for record in records:
        batch.append(record)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


class Client:
    def __init__(
        self,
        base_url: str,
        token: str,
        *,
        timeout: float = 30,
        max_retries: int = 6,
        backoff: float = 1.0,
        max_backoff: float = 60.0,
    ):
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.timeout, self.max_retries = timeout, max_retries
        self.backoff, self.max_backoff = backoff, max_backoff
        self.retries = 0  # over the client's life, for the summary

    def post(self, endpoint: str, records: list[dict]) -> dict:
        """POST one batch; retry on 429, 5xx and network errors; return the JSON answer."""
        for attempt in range(self.max_retries + 1):
            try:
                return self._post_once(endpoint, records)
            except urllib.error.HTTPError as exc:
                if exc.code not in RETRY_STATUSES:
                    raise BatchRefused(exc.code, _json(exc.read())) from None
                if attempt == self.max_retries:
                    raise
                wait = _retry_after(exc) or self._pause(attempt)
                reason = f"HTTP {exc.code}"
            except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
                if attempt == self.max_retries:
                    raise
                wait, reason = self._pause(attempt), str(getattr(exc, "reason", exc))
            self.retries += 1
            print(f"  {reason}; retrying in {wait:.1f}s", file=sys.stderr)
            time.sleep(wait)
        raise AssertionError("unreachable")

    def _post_once(self, endpoint: str, records: list[dict]) -> dict:
        request = urllib.request.Request(
            f"{self.base_url}/api/v1/{endpoint}",
            data=json.dumps(records).encode(),
            method="POST",
            headers={
                "Authorization": f"Bearer {self.token}",
                "Content-Type": "application/json",
                "Accept": "application/json",
            },
        )
        with urllib.request.urlopen(request, timeout=self.timeout) as response:
            return _json(response.read())

    def _pause(self, attempt: int) -> float:
        """Exponential backoff with full jitter: a crowd of clients does not retry in step."""
        return random.uniform(0, min(self.max_backoff, self.backoff * 2**attempt))


def _retry_after(exc: urllib.error.HTTPError) -> float | None:
    try:
        return max(0.0, float(exc.headers.get("Retry-After", "")))
    except ValueError:
        return None


def _json(body: bytes) -> dict:
    try:
        return json.loads(body or b"{}")
    except ValueError:
        return {"detail": body[:200].decode(errors="replace")}


def send(client: Client, lines: Iterable[str], *, endpoint: str, batch_size: int) -> dict:
    totals = {"imported": 0, "duplicates": 0, "feedback_updated": 0, "refused": 0, "batches": 0}
    for batch in batches(read_records(lines), batch_size):
        first, last = batch[0][0], batch[-1][0]
        try:
            answer = client.post(endpoint, [record for _, record in batch])
        except BatchRefused as exc:
            totals["refused"] += len(batch)
            print(f"lines {first}-{last} refused, {exc}", file=sys.stderr)
            for error in exc.body.get("errors", []):
                print(f"  line {batch[error['index']][0]}: {error['error']}", file=sys.stderr)
            continue
        totals["batches"] += 1
        for key in ("imported", "duplicates", "feedback_updated"):
            totals[key] += answer.get(key, 0)
    totals["retries"] = client.retries
    return totals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", help="a JSONL file, or - for standard input")
    parser.add_argument("--url", default=os.environ.get("KBAUDIT_URL", "http://127.0.0.1:8000"))
    parser.add_argument("--token", default=os.environ.get("KBAUDIT_TOKEN"))
    parser.add_argument("--endpoint", choices=["interactions", "articles"], default="interactions")
    parser.add_argument("--batch-size", type=int, default=500, help="records per request (≤ 1000)")
    parser.add_argument("--max-retries", type=int, default=6)
    parser.add_argument("--backoff", type=float, default=1.0, help="first pause in seconds")
    args = parser.parse_args(argv)
    if not args.token:
        parser.error("a token is needed: --token or KBAUDIT_TOKEN (manage.py create_api_token BOT)")
    client = Client(args.url, args.token, max_retries=args.max_retries, backoff=args.backoff)
    if args.file == "-":
        totals = send(client, sys.stdin, endpoint=args.endpoint, batch_size=args.batch_size)
    else:
        with open(args.file, encoding="utf-8") as lines:
            totals = send(client, lines, endpoint=args.endpoint, batch_size=args.batch_size)
    print(
        f"imported {totals['imported']}, duplicates {totals['duplicates']}, feedback updated "
        f"{totals['feedback_updated']}, refused {totals['refused']} "
        f"({totals['batches']} batches, {totals['retries']} retries)"
    )
    return 1 if totals["refused"] else 0


if __name__ == "__main__":
    sys.exit(main())
