"""Loading, validating and evaluating the interplay catalogue (grammar: see the package).

The catalogue is checked once, when first loaded: a rule that names an unknown context
value, an unknown operator or a duplicate id fails loudly at start-up rather than
silently never firing in production.
"""

from __future__ import annotations

import functools
import json
import operator
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from audits.judges.base import METRICS
from kbaudit.lib.thresholds import at_or_above, below

from .contexts import INTERACTION_NAMES, PERIOD_NAMES

CATALOGUE_PATH = Path(__file__).with_name("catalogue.json")
# How far below its threshold a metric must be to count as "low" rather than "medium".
MARGIN = 0.2
SCOPES: tuple[str, ...] = ("interaction", "article", "bot")
PERIOD_SCOPES = frozenset({"article", "bot"})
OWNERS: tuple[str, ...] = ("retrieval", "generation", "content")
BANDS: tuple[str, ...] = ("high", "below", "medium", "low")
OPS: dict[str, Callable[[Any, Any], bool]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
}
_EQUALITY_OPS = frozenset({"==", "!="})
SCOPE_NAMES: dict[str, frozenset[str]] = {
    "interaction": INTERACTION_NAMES,
    "article": PERIOD_NAMES,
    "bot": PERIOD_NAMES,
}
_RULE_KEYS = frozenset(
    {"id", "title", "scopes", "when", "conclusion", "action", "owner", "severity"}
)
_TOP_KEYS = frozenset({"description", "rules"})
_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class CatalogueError(ValueError):
    """The catalogue does not follow the grammar; the message says where."""


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    scopes: frozenset[str]
    when: Mapping[str, Any]
    conclusion: str
    action: str
    owner: str
    severity: int


@dataclass(frozen=True)
class Diagnosis:
    """One rule that fired: what it means and who should do what about it."""

    rule_id: str
    title: str
    conclusion: str
    action: str
    owner: str
    severity: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# --- loading and validation ------------------------------------------------------------


@functools.cache
def catalogue() -> tuple[Rule, ...]:
    """The shipped catalogue, validated once per process."""
    return load_catalogue(json.loads(CATALOGUE_PATH.read_text(encoding="utf-8")))


def load_catalogue(data: Any) -> tuple[Rule, ...]:
    """Validate parsed catalogue JSON and return its rules, or raise CatalogueError."""
    if not isinstance(data, Mapping):
        raise CatalogueError("the catalogue must be an object with a 'rules' list")
    _check_keys(data, _TOP_KEYS, "catalogue", required={"rules"})
    raw_rules = data["rules"]
    if not isinstance(raw_rules, list):
        raise CatalogueError("catalogue: 'rules' must be a list")
    rules = tuple(_rule(raw, index) for index, raw in enumerate(raw_rules))
    seen: set[str] = set()
    for rule in rules:
        if rule.id in seen:
            raise CatalogueError(f"rule {rule.id!r}: duplicate id")
        seen.add(rule.id)
    return rules


def _rule(raw: Any, index: int) -> Rule:
    where = f"rule #{index}"
    if not isinstance(raw, Mapping):
        raise CatalogueError(f"{where}: must be an object")
    if isinstance(raw.get("id"), str):
        where = f"rule {raw['id']!r}"
    _check_keys(raw, _RULE_KEYS, where, required=_RULE_KEYS)
    if not _ID_RE.match(raw["id"]):
        raise CatalogueError(f"{where}: id must be kebab-case")
    for key in ("title", "conclusion", "action"):
        if not isinstance(raw[key], str) or not raw[key].strip():
            raise CatalogueError(f"{where}: {key!r} must be a non-empty string")
    if raw["owner"] not in OWNERS:
        raise CatalogueError(f"{where}: owner must be one of {', '.join(OWNERS)}")
    severity = raw["severity"]
    if isinstance(severity, bool) or severity not in (1, 2, 3):
        raise CatalogueError(f"{where}: severity must be 1, 2 or 3")
    scopes = _scopes(raw["scopes"], where)
    for scope in sorted(scopes):
        _check_condition(raw["when"], SCOPE_NAMES[scope], f"{where} ({scope}): when")
    return Rule(
        id=raw["id"],
        title=raw["title"],
        scopes=scopes,
        when=raw["when"],
        conclusion=raw["conclusion"],
        action=raw["action"],
        owner=raw["owner"],
        severity=severity,
    )


def _scopes(raw: Any, where: str) -> frozenset[str]:
    if not isinstance(raw, list) or not raw:
        raise CatalogueError(f"{where}: 'scopes' must be a non-empty list")
    unknown = [scope for scope in raw if scope not in SCOPES]
    if unknown or len(set(raw)) != len(raw):
        raise CatalogueError(f"{where}: scopes must be distinct, among {', '.join(SCOPES)}")
    return frozenset(raw)


def _check_keys(
    node: Mapping[str, Any], allowed: Iterable[str], where: str, *, required: Iterable[str]
) -> None:
    unknown = sorted(set(node) - set(allowed))
    if unknown:
        raise CatalogueError(f"{where}: unknown key(s) {', '.join(map(repr, unknown))}")
    missing = sorted(set(required) - set(node))
    if missing:
        raise CatalogueError(f"{where}: missing key(s) {', '.join(map(repr, missing))}")


def _check_condition(node: Any, names: frozenset[str], where: str) -> None:
    if not isinstance(node, Mapping) or not node:
        raise CatalogueError(f"{where}: a condition must be a non-empty object")
    if "all" in node or "any" in node:
        key = "all" if "all" in node else "any"
        _check_keys(node, {key}, where, required={key})
        children = node[key]
        if not isinstance(children, list) or not children:
            raise CatalogueError(f"{where}.{key}: must be a non-empty list")
        for i, child in enumerate(children):
            _check_condition(child, names, f"{where}.{key}[{i}]")
    elif "not" in node:
        _check_keys(node, {"not"}, where, required={"not"})
        _check_condition(node["not"], names, f"{where}.not")
    elif "metric" in node:
        _check_metric_leaf(node, where)
    elif "value" in node:
        _check_value_leaf(node, names, where)
    else:
        raise CatalogueError(f"{where}: expected all, any, not, metric or value")


def _check_metric_leaf(node: Mapping[str, Any], where: str) -> None:
    _check_keys(node, {"metric", "is"}, where, required={"metric", "is"})
    if node["metric"] not in METRICS:
        raise CatalogueError(f"{where}: unknown metric {node['metric']!r}")
    if node["is"] not in BANDS:
        raise CatalogueError(f"{where}: 'is' must be one of {', '.join(BANDS)}")


def _check_value_leaf(node: Mapping[str, Any], names: frozenset[str], where: str) -> None:
    _check_keys(node, {"value", "op", "than"}, where, required={"value", "op", "than"})
    if node["value"] not in names:
        raise CatalogueError(f"{where}: unknown context name {node['value']!r}")
    op, than = node["op"], node["than"]
    if op not in OPS:
        raise CatalogueError(f"{where}: unknown op {op!r}")
    if isinstance(than, str) and than.startswith("@"):
        if than[1:] not in names:
            raise CatalogueError(f"{where}: unknown context name {than!r}")
    elif isinstance(than, bool | str):
        if op not in _EQUALITY_OPS:
            raise CatalogueError(f"{where}: {than!r} can only be compared with == or !=")
    elif not isinstance(than, int | float):
        raise CatalogueError(f"{where}: 'than' must be a number, boolean, string or @name")


# --- evaluation ------------------------------------------------------------------------
# Three-valued: a leaf whose value is missing is unknown (None). Unknown is never true,
# and neither is its negation, so a missing metric can never make a rule fire.


def evaluate(node: Mapping[str, Any], context: Mapping[str, Any]) -> bool | None:
    """True, False, or None when missing values leave the condition undecided."""
    if "all" in node:
        results = [evaluate(child, context) for child in node["all"]]
        return False if False in results else (None if None in results else True)
    if "any" in node:
        results = [evaluate(child, context) for child in node["any"]]
        return True if True in results else (None if None in results else False)
    if "not" in node:
        result = evaluate(node["not"], context)
        return None if result is None else not result
    if "metric" in node:
        return _metric_band(node["metric"], node["is"], context)
    return _compare(node, context)


def _metric_band(metric: str, band: str, context: Mapping[str, Any]) -> bool | None:
    value = _number(context.get(metric))
    thresholds = context.get("thresholds")
    threshold = _number(thresholds.get(metric)) if isinstance(thresholds, Mapping) else None
    if value is None or threshold is None:
        return None
    if band == "high":
        return at_or_above(value, threshold)
    if band == "below":
        return below(value, threshold)
    if band == "medium":
        return at_or_above(value, threshold - MARGIN) and below(value, threshold)
    return below(value, threshold - MARGIN)


def _compare(node: Mapping[str, Any], context: Mapping[str, Any]) -> bool | None:
    left = context.get(node["value"])
    than = node["than"]
    right = context.get(than[1:]) if isinstance(than, str) and than.startswith("@") else than
    if left is None or right is None:
        return None
    op = node["op"]
    if op not in _EQUALITY_OPS and (_number(left) is None or _number(right) is None):
        return None  # ordering a string or a dict means nothing: undecided, never a crash
    return OPS[op](left, right)


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return float(value)
    return float(value) if isinstance(value, int | float) else None


def diagnose(
    context: Mapping[str, Any], *, scope: str, rules: Sequence[Rule] | None = None
) -> list[Diagnosis]:
    """The rules of ``scope`` whose condition holds, most severe first, then by id.

    Period scopes (article, bot) say nothing below ``min_sample`` graded interactions:
    a mean over a handful of answers is noise, not a diagnosis.
    """
    if scope not in SCOPES:
        raise ValueError(f"unknown scope {scope!r}; expected one of {', '.join(SCOPES)}")
    if scope in PERIOD_SCOPES and not _enough_sample(context):
        return []
    fired = [
        Diagnosis(
            rule_id=rule.id,
            title=rule.title,
            conclusion=rule.conclusion,
            action=rule.action,
            owner=rule.owner,
            severity=rule.severity,
        )
        for rule in (catalogue() if rules is None else rules)
        if scope in rule.scopes and evaluate(rule.when, context) is True
    ]
    return sorted(fired, key=lambda diagnosis: (-diagnosis.severity, diagnosis.rule_id))


def _enough_sample(context: Mapping[str, Any]) -> bool:
    graded, min_sample = _number(context.get("graded")), _number(context.get("min_sample"))
    return graded is not None and min_sample is not None and graded >= min_sample


# --- reading the catalogue's rules elsewhere ------------------------------------------------


def catalogue_rule(rule_id: str) -> Rule:
    """The shipped rule ``rule_id``, for code that applies its condition itself."""
    for rule in catalogue():
        if rule.id == rule_id:
            return rule
    raise KeyError(f"the catalogue has no rule {rule_id!r}")


def condition_metrics(node: Mapping[str, Any]) -> tuple[str, ...]:
    """The metrics a condition reads, in the order it names them."""
    if "metric" in node:
        return (node["metric"],)
    children = node.get("all") or node.get("any") or ([node["not"]] if "not" in node else [])
    found: list[str] = []
    for child in children:
        found += [m for m in condition_metrics(child) if m not in found]
    return tuple(found)
