"""Grading one interaction: the SPEC §4 rules around the judge, and storing the result.

The rules come before any judge call: a thumbs-down is insufficient without a call, a
turn with no user question is sufficient by definition, small talk is skipped. What
is left goes to the judge; a failed call leaves the interaction ungraded for a later
sweep. An evaluation is written once (the database refuses a second one).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from audits.abstention.assessment import abstention_facts
from audits.judges.base import (
    Judge,
    JudgeError,
    JudgeInput,
    JudgeResult,
    SourceText,
    Turn,
    metrics_from_matches,
)
from audits.models import Evaluation, Interaction
from kbaudit.text.dialogue import is_small_talk

FEEDBACK_JUDGE = "feedback"
RULE_JUDGE = "rule"
NOT_SAMPLED = "not_sampled"
# The longest wait between two attempts at a failing interaction.
MAX_BACKOFF = timedelta(hours=1)


@dataclass(frozen=True)
class Outcome:
    """What grading did to one interaction."""

    kind: str  # graded | skipped | retry | failed
    evaluation: Evaluation | None = None
    error: str = ""


# Earlier turns of the conversation a judge sees beside a turn (SPEC §3, context).
HISTORY_TURNS = 3


def conversation_histories(interactions: Sequence[Interaction]) -> dict[int, tuple[Turn, ...]]:
    """The last HISTORY_TURNS earlier turns of each interaction's conversation, oldest
    first, read for the whole batch in one query."""
    if not interactions:
        return {}
    latest = max(interaction.timestamp for interaction in interactions)
    rows = (
        Interaction.objects.filter(
            conversation_id__in={interaction.conversation_id for interaction in interactions},
            timestamp__lte=latest,
        )
        .order_by("conversation_id", "timestamp", "id")
        .values_list("conversation_id", "timestamp", "id", "query", "response")
    )
    by_conversation: dict[int, list[tuple]] = {}
    for row in rows:
        by_conversation.setdefault(row[0], []).append(row)
    histories = {}
    for interaction in interactions:
        earlier = [
            Turn(query=query, response=response)
            for _, timestamp, pk, query, response in by_conversation.get(
                interaction.conversation_id, []
            )
            if (timestamp, pk) < (interaction.timestamp, interaction.pk)
        ]
        histories[interaction.pk] = tuple(earlier[-HISTORY_TURNS:])
    return histories


def judge_input_for(
    interaction: Interaction, *, history: Sequence[Turn] | None = None
) -> JudgeInput:
    """What a judge sees of one interaction; ``history`` when the caller read it for a
    batch (see :func:`conversation_histories`), else read here."""
    if history is None:
        history = conversation_histories([interaction]).get(interaction.pk, ())
    return JudgeInput(
        query=interaction.query,
        sources=[
            SourceText(
                rank=source.rank,
                text=source.text,
                title=source.title,
                article_key=source.article_key,
                score=source.score,
            )
            for source in interaction.sources.all()
        ],
        response=interaction.response,
        bot_domain=interaction.bot.domain_description,
        history=tuple(history),
    )


def rule_outcome(interaction: Interaction, *, claim_token: str | None = None) -> Outcome | None:
    """The SPEC §4 shortcuts that need no judge; None when the judge must decide.

    A thumbs-down and a turn without a question cost nothing, so they are recorded
    whatever the bot's sampling rate; sampling only thins what would cost a call.
    """
    if interaction.feedback == Interaction.Feedback.DOWN:
        return Outcome("graded", _feedback_evaluation_store(interaction))
    if not interaction.query.strip():
        evaluation = evaluation_store(
            interaction=interaction,
            result=None,
            judge=RULE_JUDGE,
            verdict=Evaluation.Verdict.SUFFICIENT,
            rationale="No user question precedes this turn: sufficient by definition.",
        )
        return Outcome("graded", evaluation)
    if is_small_talk(interaction.query):
        interaction_skip(interaction=interaction, reason="small_talk", claim_token=claim_token)
        return Outcome("skipped")
    if not interaction.bot.is_sampled(interaction.external_id):
        interaction_skip(interaction=interaction, reason=NOT_SAMPLED, claim_token=claim_token)
        return Outcome("skipped")
    return None


def _feedback_evaluation_store(interaction: Interaction) -> Evaluation:
    return evaluation_store(
        interaction=interaction,
        result=None,
        judge=FEEDBACK_JUDGE,
        verdict=Evaluation.Verdict.INSUFFICIENT,
        cause=Evaluation.Cause.USER_FEEDBACK,
        rationale="The user gave this answer a thumbs-down.",
    )


def interaction_grade(*, interaction: Interaction, judge: Judge) -> Outcome:
    """Grade one interaction now: the rules, else the judge."""
    outcome = rule_outcome(interaction)
    if outcome is not None:
        return outcome
    try:
        result = judge.judge(judge_input_for(interaction))
    except JudgeError as exc:
        return interaction_failure_record(interaction=interaction, error=str(exc))
    return Outcome("graded", evaluation_store(interaction=interaction, result=result))


def evaluation_store(
    *,
    interaction: Interaction,
    result: JudgeResult | None,
    judge: str = "",
    verdict: str = "",
    cause: str | None = None,
    rationale: str = "",
) -> Evaluation:
    """Write the evaluation and mark the interaction graded; never a second evaluation."""
    evaluation = (
        _from_result(interaction, result)
        if result is not None
        else Evaluation(
            interaction=interaction,
            bot_id=interaction.bot_id,
            occurred_at=interaction.timestamp,
            judge=judge,
            verdict=verdict,
            cause=cause,
            rationale=rationale,
            n_sources=interaction.n_sources,
        )
    )
    _abstention(evaluation, interaction, result)
    try:
        with transaction.atomic():
            evaluation.save(force_insert=True)
            _mark_graded(interaction)
    except IntegrityError:
        # Graded meanwhile by another sweep: theirs stands.
        _mark_graded(interaction)
        return Evaluation.objects.get(interaction=interaction)
    return evaluation


def _mark_graded(interaction: Interaction) -> None:
    Interaction.objects.filter(pk=interaction.pk).update(
        status=Interaction.Status.GRADED,
        skip_reason="",
        last_error="",
        claimed_until=None,
        claim_token="",
        next_attempt_at=None,
    )


def _abstention(
    evaluation: Evaluation, interaction: Interaction, result: JudgeResult | None
) -> None:
    facts = abstention_facts(
        item=judge_input_for(interaction, history=()),  # abstention reads this turn alone
        result=result,
        relevance_threshold=interaction.bot.relevance_threshold,
    )
    evaluation.declined = facts.declined
    evaluation.not_knowing_reason = facts.not_knowing_reason
    evaluation.bad_quotes = len(facts.bad_quotes)
    if facts.bad_quotes:
        evaluation.details = {**(evaluation.details or {}), "bad_quotes": facts.bad_quotes}


def _from_result(interaction: Interaction, result: JudgeResult) -> Evaluation:
    matches = result.matches
    n_facts = len(result.facts)
    metrics = metrics_from_matches(
        matches,
        n_sources=interaction.n_sources,
        n_sub_queries=len(result.sub_queries),
        n_facts=n_facts,
    )
    return Evaluation(
        interaction=interaction,
        bot_id=interaction.bot_id,
        occurred_at=interaction.timestamp,
        judge=result.judge,
        model=result.model,
        prompt_version=result.prompt_version,
        verdict=result.verdict,
        cause=result.cause,
        rationale=result.rationale[:2000],
        topic=result.topic[:80],
        details={
            "sub_queries": result.sub_queries,
            "facts": result.facts,
            "matches": matches.model_dump(),
            "unsupported": [u.model_dump() for u in result.unsupported],
            "notes": result.notes,
        },
        n_sub_queries=len(result.sub_queries),
        n_facts=n_facts,
        n_sources=interaction.n_sources,
        n_unsupported=sum(1 for row in _rows(matches.response_source, n_facts) if not any(row)),
        n_redundant=sum(1 for r in matches.redundant_of[:n_facts] if r is not None),
        n_unasked=sum(1 for row in _rows(matches.response_query, n_facts) if not any(row)),
        prompt_tokens=result.prompt_tokens,
        completion_tokens=result.completion_tokens,
        latency_ms=result.latency_ms,
        cached=result.cached,
        **metrics,
    )


def _rows(matrix: list[list[int]], n: int) -> list[list[int]]:
    return [matrix[i] if i < len(matrix) else [] for i in range(n)]


def _claimed(interaction: Interaction, claim_token: str | None):
    """The interaction's row, only while this sweep still holds it (when it has a claim):
    a row whose lease ran out and went to another sweep is theirs to write."""
    rows = Interaction.objects.filter(pk=interaction.pk)
    return rows.filter(claim_token=claim_token) if claim_token else rows


def interaction_skip(
    *, interaction: Interaction, reason: str, claim_token: str | None = None
) -> None:
    _claimed(interaction, claim_token).update(
        status=Interaction.Status.SKIPPED, skip_reason=reason, claimed_until=None, claim_token=""
    )


def retry_delay(attempts: int) -> timedelta:
    """Backoff after the ``attempts``-th failure: the base, doubled each time, capped."""
    base = timedelta(seconds=settings.KBAUDIT_RETRY_BACKOFF_SECONDS)
    return min(base * 2 ** (attempts - 1), MAX_BACKOFF)


def interaction_failure_record(
    *, interaction: Interaction, error: str, claim_token: str | None = None
) -> Outcome:
    """Leave the interaction ungraded for a later sweep, backing off; after the last
    attempt it shows as failed rather than disappearing."""
    attempts = interaction.attempts + 1
    failed = attempts >= settings.KBAUDIT_MAX_ATTEMPTS
    _claimed(interaction, claim_token).update(
        attempts=attempts,
        last_error=error[:2000],
        status=Interaction.Status.FAILED if failed else Interaction.Status.PENDING,
        next_attempt_at=None if failed else timezone.now() + retry_delay(attempts),
        claimed_until=None,
        claim_token="",
    )
    return Outcome("failed" if failed else "retry", error=error)


def feedback_overrides_apply(*, bot_ids: list[int] | None = None) -> list[Evaluation]:
    """A thumbs-down that arrived after a sufficient verdict upgrades it (never the
    reverse); one on an interaction left ungraded (skipped, or failed) grades it."""
    candidates = Evaluation.objects.filter(
        verdict=Evaluation.Verdict.SUFFICIENT,
        interaction__feedback=Interaction.Feedback.DOWN,
    ).select_related("interaction")
    if bot_ids is not None:
        candidates = candidates.filter(bot_id__in=bot_ids)
    upgraded = []
    for evaluation in candidates:
        evaluation.original_verdict = evaluation.verdict
        evaluation.original_cause = evaluation.cause or ""
        evaluation.verdict = Evaluation.Verdict.INSUFFICIENT
        evaluation.cause = Evaluation.Cause.USER_FEEDBACK
        evaluation.overridden_by_feedback = True
        evaluation.updated_at = timezone.now()
        # Conditional on the old verdict, so two sweeps cannot both apply it.
        changed = Evaluation.objects.filter(
            pk=evaluation.pk, verdict=Evaluation.Verdict.SUFFICIENT
        ).update(
            verdict=evaluation.verdict,
            cause=evaluation.cause,
            original_verdict=evaluation.original_verdict,
            original_cause=evaluation.original_cause,
            overridden_by_feedback=True,
            updated_at=evaluation.updated_at,
        )
        if changed:
            upgraded.append(evaluation)
    return upgraded + _ungraded_thumbs_down_grade(bot_ids=bot_ids)


def _ungraded_thumbs_down_grade(*, bot_ids: list[int] | None) -> list[Evaluation]:
    ungraded = Interaction.objects.filter(
        status__in=[Interaction.Status.SKIPPED, Interaction.Status.FAILED],
        feedback=Interaction.Feedback.DOWN,
    )
    if bot_ids is not None:
        ungraded = ungraded.filter(bot_id__in=bot_ids)
    return [_feedback_evaluation_store(interaction) for interaction in ungraded]
