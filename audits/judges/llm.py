"""The LLM judge: one chat-completion call per interaction, any OpenAI-compatible endpoint.

The call asks for everything SPEC §3 needs at once (decomposition, the match matrices,
unsupported facts, the rubric verdict, a rationale and a topic) and is made through
the official ``openai`` client, which retries 429, 5xx and timeouts with exponential
backoff. Structured output is ``KBAUDIT_JUDGE_RESPONSE_FORMAT``: ``json_schema``
(strict schema, OpenAI structured outputs), ``json_object`` or ``none`` (plain text;
the JSON is taken out of the reply). Whatever fails, the caller gets
:class:`JudgeError` and the interaction stays ungraded: a failure is never a pass.

Against real servers the call is bounded and degrades in steps:

- ``max_tokens`` is sized from the interaction (:func:`completion_budget`: its sources,
  the parts of its question, the sentences of its answer; ``KBAUDIT_JUDGE_MAX_TOKENS``
  overrides), and the schema bounds every list and string, so a model that loops is cut
  early. A reply cut off at that limit (``finish_reason == "length"``) or unusable raises
  :class:`JudgeError` carrying the tokens it cost, which the sweep counts against the
  bot's budget.
- A 400 about ``response_format`` (a server without JSON-schema support) makes the call
  again with ``{"type": "json_object"}``, then with no response format and the schema
  described in the prompt. The step down is logged and remembered for the endpoint and
  model for the rest of the process, so it costs one rejected request each.
- The conversation's earlier turns (``JudgeInput.history``, oldest first) are shown in
  the prompt, marked as context only; the cache key covers them.

Structural parsing and repairs are in ``llm_schema``. The rubric fields are then
normalised so that a model's slips fail toward flagging (SPEC §3):

===========================================================  =============================
raw output                                                   result
===========================================================  =============================
verdict holds a cause label ("no_content", "Partial")        insufficient, that cause
verdict "sufficient", cause a recognised label               insufficient, that cause
verdict "sufficient", cause some other non-empty text        insufficient, cause inferred
verdict "sufficient", rationale names a deficiency           insufficient, cause inferred
verdict "sufficient", most facts unsupported (G < 0.5)       insufficient, cause inferred
verdict "sufficient", answers none of what sources cover    insufficient, cause inferred
verdict unrecognised ("mostly fine", "", "not sufficient")   insufficient, cause inferred
verdict "insufficient", cause missing or unrecognised        insufficient, cause inferred
cause field and verdict field name different causes          the earlier in rubric order
verdict "sufficient", no cause, no deficiency named          sufficient, cause null
===========================================================  =============================

A cause is inferred from the first of these that applies:

1. the rationale's (and an unrecognised cause's) words: contradicts / incorrect / not
   supported → contradictory; missing / does not address / only partially →
   partial; redirects / no information → no_content; rambles / pretends →
   out_of_scope; partial becomes no_content when no fact answers any sub-query;
2. the matrices: an unsupported fact → contradictory; no fact answering any sub-query
   (or no facts) → no_content; a sub-query no fact answers → partial;
3. otherwise partial (the judge said insufficient without saying why).

Words praising a grounded negative ("correctly states that refunds are not offered")
and quoted text are not read as deficiencies. Every change is listed in
``notes["normalised"]``.
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass
from typing import Any

import openai
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from audits.judges.client import endpoint_settings, openai_client

from .base import RUBRIC_CAUSES, JudgeError, JudgeInput, JudgeResult
from .cache import JudgeCache
from .llm_call import (
    about_response_format,
    call_error,
    completion_budget,
    error_message,
    remember,
    remembered,
)
from .llm_prompt import load_prompt
from .llm_schema import (
    RawJudgement,
    Shaped,
    parse_raw,
    response_format_json_schema,
    shape,
)

logger = logging.getLogger(__name__)

PROMPT_VERSION = "llm-v2"
# Strongest first: a server that rejects one is asked with the next.
RESPONSE_FORMATS = ("json_schema", "json_object", "none")


# --- the judge -----------------------------------------------------------------------


class LLMJudge:
    name = "llm"

    def __init__(
        self,
        *,
        model: str,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float = 60.0,
        max_retries: int = 3,
        response_format: str = "json_schema",
        prompt_version: str = PROMPT_VERSION,
        cache: JudgeCache | None = None,
        max_tokens: int | None = None,
    ) -> None:
        if response_format not in RESPONSE_FORMATS:
            raise ImproperlyConfigured(
                f"KBAUDIT_JUDGE_RESPONSE_FORMAT must be one of {', '.join(RESPONSE_FORMATS)}, "
                f"got {response_format!r}"
            )
        self.model = model
        self.prompt_version = prompt_version
        self.prompt = load_prompt(prompt_version)
        self.response_format = response_format
        self.cache = cache
        # None: sized per interaction by completion_budget().
        self.max_tokens = max_tokens or None
        self.endpoint = base_url or "default"
        self.client = openai_client(
            base_url=base_url, api_key=api_key, timeout=timeout, max_retries=max_retries
        )

    @classmethod
    def from_settings(cls, *, use_cache: bool = True, **overrides: Any) -> LLMJudge:
        options: dict[str, Any] = {
            **endpoint_settings(),
            "response_format": settings.KBAUDIT_JUDGE_RESPONSE_FORMAT,
            "max_tokens": settings.KBAUDIT_JUDGE_MAX_TOKENS,
            "cache": JudgeCache() if use_cache else None,
        }
        options.update(overrides)
        return cls(**options)

    def judge(self, item: JudgeInput) -> JudgeResult:
        if self.cache is not None:
            hit = self.cache.get(item, model=self.model, prompt_version=self.prompt_version)
            if hit is not None:
                return hit
        result = self._grade(item)
        # Only a usable result gets here: failures raise and are never cached.
        if self.cache is not None:
            self.cache.put(item, result)
        return result

    def completion_limit(self, item: JudgeInput) -> int:
        return self.max_tokens or completion_budget(item)

    def _grade(self, item: JudgeInput) -> JudgeResult:
        started = time.perf_counter()
        completion = self._complete(item)
        latency_ms = round((time.perf_counter() - started) * 1000)
        usage = _usage(completion)
        try:
            content = _read_completion(completion)
            raw = parse_raw(content)
            shaped = shape(raw, n_sources=len(item.sources))
        except JudgeError as exc:
            # The call was made: what it cost counts, whatever went wrong with the reply.
            exc.prompt_tokens, exc.completion_tokens = usage
            if exc.kind == "error":
                exc.kind = "unparseable"
            raise
        rubric = normalise_rubric(raw, shaped)
        notes: dict[str, Any] = {}
        if rubric.changes or shaped.repairs:
            notes["normalised"] = [*shaped.repairs, *rubric.changes]
        served_by = getattr(completion, "model", None)
        if served_by and served_by != self.model:
            notes["served_by"] = served_by
        return JudgeResult(
            sub_queries=shaped.sub_queries,
            facts=shaped.facts,
            matches=shaped.matches,
            verdict=rubric.verdict,
            cause=rubric.cause,
            rationale=_one_line(raw.rationale),
            topic=_topic(raw.topic),
            unsupported=shaped.unsupported,
            judge=self.name,
            model=self.model,
            prompt_version=self.prompt_version,
            prompt_tokens=usage[0],
            completion_tokens=usage[1],
            latency_ms=latency_ms,
            notes=notes,
        )

    # --- the call, and the response format the server accepts ---------------------------

    def response_format_in_use(self) -> str:
        """The configured format, or the weaker one this endpoint was found to need."""
        return remembered(self._format_key(), self.response_format)

    def _format_key(self) -> tuple[str, str, str]:
        return (self.endpoint, self.model, self.response_format)

    def _complete(self, item: JudgeInput) -> Any:
        weakest_yet = RESPONSE_FORMATS.index(self.response_format_in_use())
        formats = list(RESPONSE_FORMATS[weakest_yet:])
        # Bounded: each rejection drops a format, or renames the token limit (once).
        while formats:
            mode = formats[0]
            try:
                return self.client.chat.completions.create(**self._options(item, mode))
            except openai.BadRequestError as exc:
                if self._rename_token_limit(exc):
                    continue
                if mode == "none" or not about_response_format(exc):
                    raise call_error(exc) from exc
                self._step_down(mode, exc)
                formats.pop(0)
            except openai.OpenAIError as exc:
                raise call_error(exc) from exc
            except ValueError as exc:
                # A 200 reply whose body is not JSON surfaces as a decoding error.
                logger.warning("judge reply unreadable: %s", exc)
                raise JudgeError(
                    f"the judge's reply could not be read: {exc}", kind="unreadable"
                ) from exc
        raise JudgeError("no response format left to ask for", kind="http_400")

    def _options(self, item: JudgeInput, mode: str) -> dict[str, Any]:
        options: dict[str, Any] = {
            "model": self.model,
            "messages": self.prompt.messages(item, schema_in_prompt=mode != "json_schema"),
            "temperature": 0,
            self._token_limit_name(): self.completion_limit(item),
        }
        if mode == "json_schema":
            options["response_format"] = response_format_json_schema()
        elif mode == "json_object":
            options["response_format"] = {"type": "json_object"}
        return options

    def _token_limit_name(self) -> str:
        # OpenAI's reasoning models refuse max_tokens and ask for max_completion_tokens.
        return remembered((self.endpoint, self.model, "token_limit"), "max_tokens")

    def _rename_token_limit(self, exc: openai.BadRequestError) -> bool:
        if self._token_limit_name() != "max_tokens":
            return False
        if "max_completion_tokens" not in error_message(exc):
            return False
        remember((self.endpoint, self.model, "token_limit"), "max_completion_tokens")
        logger.warning(
            "the judge endpoint %s refused max_tokens for model %s; sending "
            "max_completion_tokens from now on in this process",
            self.endpoint,
            self.model,
        )
        return True

    def _step_down(self, mode: str, exc: openai.BadRequestError) -> None:
        weaker = RESPONSE_FORMATS[RESPONSE_FORMATS.index(mode) + 1]
        remember(self._format_key(), weaker)
        logger.warning(
            "the judge endpoint %s rejected response_format %s for model %s (%s); "
            "using %s from now on in this process",
            self.endpoint,
            mode,
            self.model,
            error_message(exc),
            weaker,
        )


def _usage(completion: Any) -> tuple[int, int]:
    usage = getattr(completion, "usage", None)
    return _count(usage, "prompt_tokens"), _count(usage, "completion_tokens")


def _read_completion(completion: Any) -> str | None:
    """The message text, from a reply whose shape the client does not guarantee (it does
    not validate bodies)."""
    choices = getattr(completion, "choices", None)
    if not isinstance(choices, list) or not choices:
        raise JudgeError("the judge's reply has no choices", kind="unparseable")
    choice = choices[0]
    message = getattr(choice, "message", None)
    if message is None:
        raise JudgeError("the judge's reply has no message", kind="unparseable")
    if getattr(message, "refusal", None):
        raise JudgeError(f"the judge refused: {message.refusal}", kind="refused")
    if getattr(choice, "finish_reason", None) == "length":
        raise JudgeError(
            "the judge's reply was cut off at the token limit (finish_reason=length)",
            kind="cut_off",
        )
    content = getattr(message, "content", None)
    return content if isinstance(content, str) else None


def _count(usage: Any, name: str) -> int:
    # Some servers omit usage or report it oddly; a missing count is 0, not a failure.
    value = getattr(usage, name, 0)
    return value if isinstance(value, int) and value >= 0 else 0


def _one_line(text: str | None) -> str:
    return " ".join((text or "").split())[:500]


def _topic(text: str | None) -> str:
    # Topics are grouped by exact label, so keep them short and in one case.
    words = (text or "").strip().strip(".").lower().split()
    return " ".join(words[:3])[:60]


# --- rubric normalisation --------------------------------------------------------------


@dataclass
class Rubric:
    verdict: str
    cause: str | None
    changes: list[str]


CAUSE_ALIASES: dict[str, str] = {
    **{cause: cause for cause in RUBRIC_CAUSES},
    "contradiction": "contradictory",
    "contradicts": "contradictory",
    "incomplete": "partial",
    "partially_answered": "partial",
    "nocontent": "no_content",
    "no_information": "no_content",
    "redirect": "no_content",
    "off_topic": "out_of_scope",
    "outofscope": "out_of_scope",
}
_EMPTY_CAUSES = {"", "none", "null", "n_a", "na", "nil"}


def _words(text: str | None) -> list[str]:
    return re.findall(r"[a-z]+", (text or "").lower())


def find_cause(text: str | None) -> str | None:
    """The first rubric cause named in a label such as "no content" or "Insufficient
    (partial)"; with several, the earliest in rubric order."""
    padded = "_" + "_".join(_words(text)) + "_"
    found = {cause for alias, cause in CAUSE_ALIASES.items() if f"_{alias}_" in padded}
    return next((cause for cause in RUBRIC_CAUSES if cause in found), None)


def normalise_rubric(raw: RawJudgement, shaped: Shaped) -> Rubric:
    changes: list[str] = []
    verdict_words = _words(raw.verdict)
    cause_text = "_".join(_words(raw.cause))
    verdict_cause, field_cause = find_cause(raw.verdict), find_cause(raw.cause)
    causes = {cause for cause in (verdict_cause, field_cause) if cause}
    cause = next((c for c in RUBRIC_CAUSES if c in causes), None)
    if verdict_cause:
        changes.append(f"cause {verdict_cause!r} found in the verdict field")
    sufficient = verdict_words == ["sufficient"]
    if not sufficient and verdict_words != ["insufficient"] and not verdict_cause:
        changes.append(f"verdict {raw.verdict!r} unrecognised: flagged")
    if sufficient and cause:
        sufficient = False
        changes.append(f"verdict sufficient with cause {cause!r}: insufficient")
    elif sufficient and cause_text not in _EMPTY_CAUSES:
        sufficient = False
        changes.append(f"verdict sufficient with cause {raw.cause!r}: insufficient")
    if sufficient and names_deficiency(raw.rationale):
        sufficient = False
        changes.append("rationale names a deficiency: insufficient")
    contradiction = metrics_contradiction(shaped) if sufficient else None
    if contradiction:
        sufficient = False
        changes.append(f"verdict sufficient but {contradiction}: insufficient")
    if sufficient:
        return Rubric("sufficient", None, changes)
    if cause is None:
        cause, source = infer_cause(f"{raw.rationale or ''}. {raw.cause or ''}", shaped)
        changes.append(f"cause {cause!r} inferred from the {source}")
    return Rubric("insufficient", cause, changes)


def metrics_contradiction(shaped: Shaped) -> str | None:
    """Why the judge's own matrices forbid "sufficient" (SPEC §3 consistency), or None.

    Most facts unsupported, or nothing asked answered although the sources could answer
    it, is never sufficient. The exceptions hold: a grounded negative is a supported fact
    that answers, and a clean decline of an off-topic question answers nothing the
    sources cover.
    """
    answering = [any(row) for row in shaped.matches.response_query]
    if not any(answering):
        if any(any(row) for row in shaped.matches.source_query):
            return "no fact answers the question although the sources cover it"
        return None
    supported = [any(row) for row in shaped.matches.response_source]
    grounded = sum(supported) / len(supported)
    if grounded < 0.5:
        return f"groundedness {grounded:.2f}: most facts unsupported"
    return None


def infer_cause(text: str, shaped: Shaped) -> tuple[str, str]:
    """(cause, where it came from) for an insufficient verdict without a usable cause."""
    answers_something = any(any(row) for row in shaped.matches.response_query)
    hinted = deficiency_causes(text)
    for cause in RUBRIC_CAUSES:
        if cause in hinted:
            if cause == "partial" and not answers_something:
                return "no_content", "rationale"
            return cause, "rationale"
    if shaped.unsupported:
        return "contradictory", "matrices"
    if not answers_something:
        return "no_content", "matrices"
    n_queries = len(shaped.sub_queries)
    covered = [any(row[j] for row in shaped.matches.response_query) for j in range(n_queries)]
    if not all(covered):
        return "partial", "matrices"
    return "partial", "fallback"


# --- reading a rationale ---------------------------------------------------------------

_VERBS = r"answer|address|cover|mention|explain|say|specif|stat|includ|tell|respond|giv|provid"
DEFICIENCY_PATTERNS: dict[str, tuple[str, ...]] = {
    "contradictory": (
        r"\bcontradict\w*",
        r"\bconflict\w*",
        r"\binconsisten\w*",
        r"\bincorrect\w*",
        r"\binaccura\w*",
        r"\b(?:is|are|was|were|seems?) wrong\b",
        r"\bwrong (?:value|number|figure|amount|price|date|period|answer|information|fact|claim)s?\b",
        r"\bmis(?:appl|read|stat|represent|quot)\w*",
        r"\bnot (?:supported|grounded|backed)\b",
        r"\b(?:unsupported|ungrounded)\b",
        r"\b(?:fabricat|hallucinat)\w*",
        r"\binvent(?:s|ed)?\b",
        r"\bfalse(?:ly)?\b",
    ),
    "partial": (
        r"\bonly partial(?:ly)?\b",
        r"\bpartial(?:ly)? (?:answer|address|cover|respon|complete)\w*",
        r"\bis partial\b",
        r"\b(?:is|are|was|were|remains?|goes|go) missing\b",
        r"\bmissing (?:the|a|an|any|key|important|crucial|required|relevant|information|info"
        r"|details?|parts?|mention|how|what|when|where|whether|which)\b",
        r"\bmiss(?:es|ed)\b",
        r"\bomit\w*",
        r"\bunanswered\b",
        r"\bincomplete\b",
        rf"\b(?:does|did|do)(?:n't| not) (?:fully |directly |actually |clearly )?(?:{_VERBS})\w*",
        r"\bfail(?:s|ed)? to\b",
        r"\bignor(?:es|ed|ing)\b",
        r"\black(?:s|ing)?\b",
        r"\bleaves? out\b",
        rf"\bwithout (?:{_VERBS})\w*",
        r"\bnot (?:fully |directly )?(?:answered|addressed|covered|mentioned|explained)\b",
    ),
    "no_content": (
        r"\bredirect\w*",
        r"\bdeflect\w*",
        r"\bonly (?:\w+ ){0,4}(?:contact|refer)\w*",
        r"\bno (?:relevant |useful |substantive |specific |actual |real |concrete )?"
        r"(?:information|info|content|answer|details)\b(?! (?:is|was|are|were) (?:missing|omitted|left))",
        r"\bprovides? nothing\b",
        r"\bnon-?answer\b",
        r"\b(?:does|did)(?:n't| not) know\b",
        r"\badmits?\b",
        r"\b(?:vague|evasive|generic)\b",
    ),
    "out_of_scope": (
        r"\brambl\w*",
        r"\bpretend\w*",
        r"\bstrand\w*",
        r"\bhandl\w* (?:it |this )?(?:badly|poorly)\b",
    ),
    "": (  # a deficiency that names no cause
        r"\b(?:insufficient|inadequate|unhelpful|deficien\w*)\b",
        r"\bnot (?:sufficient|adequate|helpful)\b",
    ),
}
_COMPILED = {
    cause: [re.compile(pattern) for pattern in patterns]
    for cause, patterns in DEFICIENCY_PATTERNS.items()
}
_NEGATORS = {"no", "not", "nothing", "never", "none", "without", "neither", "nor", "zero"}
# "Correctly states that refunds are not offered ..." reports the answer's content (a
# grounded negative), so the rest of that clause is not the judge's criticism.
_PRAISE = re.compile(
    r"\b(?:correctly|accurately|rightly|properly|faithfully|truthfully)\s+(?:\w+\s+){0,2}?"
    r"(?:state|say|explain|note|confirm|tell|answer|report|inform|clarif|point|mention"
    r"|indicate|convey|give|appl)\w*\b.*$"
)
# Negation rarely reaches across these, so each piece is read on its own.
_CLAUSE = re.compile(r"[.,;:!?]+|\b(?:and|but|however|although|though|yet|whereas|while)\b")
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")


def deficiency_causes(text: str | None) -> set[str]:
    """The causes hinted at by the deficiencies a rationale names ("" for one that names
    no cause); empty when it names none."""
    found: set[str] = set()
    cleaned = _QUOTED.sub(" ", (text or "").lower().replace("’", "'"))
    for clause in _CLAUSE.split(cleaned):
        clause = _PRAISE.sub(" ", clause)
        for cause, patterns in _COMPILED.items():
            if any(
                _affirmed(clause, match)
                for pattern in patterns
                for match in pattern.finditer(clause)
            ):
                found.add(cause)
    return found


def names_deficiency(text: str | None) -> bool:
    return bool(deficiency_causes(text))


def _affirmed(clause: str, match: re.Match[str]) -> bool:
    """False when the phrase is negated: by a word just before it ("does not
    contradict", "no unsupported claims") or by the clause's subject ("no part of the
    question is left unanswered", "nothing is missing")."""
    words = re.findall(r"[a-z']+", clause[: match.start()])
    before = words[-5:]
    if "free of" in " ".join(before) or (words and words[0] in _NEGATORS):
        return False
    return not any(word in _NEGATORS or word.endswith("n't") for word in before)
