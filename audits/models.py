"""Grading data: bots, conversations, interactions, their retrieved sources, evaluations."""

from __future__ import annotations

import hashlib
import secrets
from datetime import date, timedelta

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Now
from django.urls import reverse
from django.utils import timezone

from audits.judges.base import METRICS
from kbaudit.lib.roles import is_admin

unit_interval = [MinValueValidator(0.0), MaxValueValidator(1.0)]
percentage = [MinValueValidator(0.0), MaxValueValidator(100.0)]


class Team(models.Model):
    """A group of people who own bots; members see only their team's bots."""

    name = models.CharField(max_length=100, unique=True)
    slug = models.SlugField(max_length=100, unique=True)
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="kbaudit_teams", blank=True
    )

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def for_new_bots(cls, slug: str | None = None) -> Team | None:
        """The team given (``--team``), else ``KBAUDIT_DEFAULT_TEAM``, else none.

        Raises ``Team.DoesNotExist`` with a message that names the slug and its origin.
        """
        origin = "--team"
        if not slug:
            slug, origin = settings.KBAUDIT_DEFAULT_TEAM, "KBAUDIT_DEFAULT_TEAM"
        if not slug:
            return None
        team = cls.objects.filter(slug=slug).first()
        if team is None:
            known = ", ".join(cls.objects.values_list("slug", flat=True)) or "none yet"
            raise cls.DoesNotExist(
                f"{origin}: no team {slug!r} (teams: {known}); create it in the admin"
            )
        return team


class BotQuerySet(models.QuerySet):
    def visible_to(self, user) -> BotQuerySet:
        if not user.is_authenticated:
            return self.none()
        if is_admin(user):
            return self
        return self.filter(team__members=user).distinct()


class Bot(models.Model):
    """A chatbot whose logs are audited. ``slug`` is the ``bot`` field of the log."""

    slug = models.SlugField(max_length=100, unique=True)
    name = models.CharField(max_length=200, blank=True)
    team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="bots"
    )
    domain_description = models.TextField(
        blank=True,
        help_text="What the bot is for, in a sentence or two; the judge uses it to tell "
        "off-topic questions.",
    )
    threshold_source_precision = models.FloatField(default=0.8, validators=unit_interval)
    threshold_source_query_coverage = models.FloatField(default=0.8, validators=unit_interval)
    threshold_response_precision = models.FloatField(default=0.8, validators=unit_interval)
    threshold_response_query_coverage = models.FloatField(default=0.8, validators=unit_interval)
    threshold_groundedness = models.FloatField(default=0.8, validators=unit_interval)
    threshold_self_distinctness = models.FloatField(default=0.8, validators=unit_interval)
    relevance_threshold = models.FloatField(
        default=0.5,
        validators=unit_interval,
        help_text="Retrieval score below which a source counts as nothing retrieved.",
    )
    sample_percent = models.FloatField(
        default=100.0,
        validators=percentage,
        help_text="Share of the interactions that need a judge call which are graded, in "
        "per cent; the others are skipped as not sampled. The same ones are picked on "
        "every run.",
    )
    daily_token_budget = models.PositiveBigIntegerField(
        null=True,
        blank=True,
        help_text="Judge tokens (prompt + completion) this bot may spend per day; empty for "
        "no limit. Once reached, its interactions wait for the next day.",
    )
    text_retention_days = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="Days the full text of an interaction (query, answer, retrieved chunks) is "
        "kept; its grade, credits and rollups stay for good. Empty for the installation's "
        "default (KBAUDIT_TEXT_RETENTION_DAYS).",
    )
    # Every interaction before this instant has had its text dropped (retention).
    text_dropped_before = models.DateTimeField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = BotQuerySet.as_manager()

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.name or self.slug

    def get_absolute_url(self) -> str:
        return reverse("content:bot_detail", args=[self.slug])

    @property
    def display_name(self) -> str:
        return self.name or self.slug

    def threshold(self, metric: str) -> float:
        return getattr(self, f"threshold_{metric}")

    def thresholds(self) -> dict[str, float]:
        return {metric: self.threshold(metric) for metric in METRICS}

    def is_sampled(self, external_id: str) -> bool:
        """Whether the sample includes this interaction: a hash of (bot, id), so every
        sweep, on every worker, picks the same ones."""
        if self.sample_percent >= 100:
            return True
        digest = hashlib.sha256(f"{self.slug}\x00{external_id}".encode()).digest()
        return int.from_bytes(digest[:8], "big") / 2**64 * 100 < self.sample_percent

    def text_retention(self) -> timedelta | None:
        """How long full text is kept: the bot's own setting, else the installation's;
        None (or 0 days in the setting) keeps it for good."""
        days = self.text_retention_days
        if days is None:
            days = settings.KBAUDIT_TEXT_RETENTION_DAYS or None
        return timedelta(days=days) if days else None


class BotDailyUsage(models.Model):
    """Judge tokens a bot spent on one day, counted by every judge call (SPEC §4 budget)."""

    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="daily_usage")
    day = models.DateField()
    prompt_tokens = models.PositiveBigIntegerField(default=0)
    completion_tokens = models.PositiveBigIntegerField(default=0)
    calls = models.PositiveIntegerField(default=0)
    # Of those: calls that graded nothing (cut off, unusable, rejected) and their tokens,
    # which count against the budget like any others.
    failed_calls = models.PositiveIntegerField(default=0)
    failed_tokens = models.PositiveBigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["bot", "day"], name="bot_daily_usage_unique")
        ]
        verbose_name_plural = "bot daily usage"

    def __str__(self) -> str:
        return f"{self.bot_id} {self.day}: {self.tokens}"

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    @classmethod
    def add(
        cls,
        *,
        bot_id: int,
        day: date,
        prompt_tokens: int,
        completion_tokens: int,
        calls: int = 1,
        failed_calls: int = 0,
        failed_tokens: int = 0,
    ) -> None:
        """Count judge calls; atomic, so workers on several machines can add at once.
        ``failed_calls`` and ``failed_tokens`` are part of ``calls`` and the tokens."""
        changes = {
            "prompt_tokens": F("prompt_tokens") + prompt_tokens,
            "completion_tokens": F("completion_tokens") + completion_tokens,
            "calls": F("calls") + calls,
        }
        if failed_calls or failed_tokens:
            changes["failed_calls"] = F("failed_calls") + failed_calls
            changes["failed_tokens"] = F("failed_tokens") + failed_tokens
        if cls.objects.filter(bot_id=bot_id, day=day).update(**changes):
            return
        cls.objects.bulk_create([cls(bot_id=bot_id, day=day)], ignore_conflicts=True)
        cls.objects.filter(bot_id=bot_id, day=day).update(**changes)


class JudgeBreaker(models.Model):
    """A sweep stopped calling a bot's judge: most of its recent calls failed the same way.

    Written when the breaker opens, shown by ``sweep --status`` and the status page, and
    removed by the first call of a later sweep that succeeds for the bot (each sweep tries
    the endpoint again).
    """

    bot = models.OneToOneField(Bot, on_delete=models.CASCADE, related_name="judge_breaker")
    opened_at = models.DateTimeField()
    error_kind = models.CharField(max_length=60)
    error = models.TextField()
    failures = models.PositiveIntegerField()
    window = models.PositiveIntegerField()

    def __str__(self) -> str:
        return f"{self.bot_id}: {self.failures} of {self.window} calls failed ({self.error_kind})"


class EvaluationRun(models.Model):
    """A named replay of historical queries through a candidate pipeline (SPEC §8)."""

    name = models.SlugField(max_length=100, unique=True)
    description = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name


class GateReport(models.Model):
    """One decision of the upgrade gate on a run (``manage.py gate``), kept as history."""

    run = models.ForeignKey(EvaluationRun, on_delete=models.CASCADE, related_name="gate_reports")
    baseline = models.CharField(max_length=300, help_text="What the run was compared with.")
    passed = models.BooleanField()
    # The whole comparison: per metric means, intervals and differences, and the reasons.
    report = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        outcome = "passed" if self.passed else "failed"
        return f"{self.run.name}: {outcome} ({self.created_at:%Y-%m-%d})"


class Conversation(models.Model):
    # Foreign keys covered by a composite index below carry no index of their own:
    # every index costs the importer time on each row.
    bot = models.ForeignKey(
        Bot, on_delete=models.CASCADE, related_name="conversations", db_index=False
    )
    run = models.ForeignKey(
        EvaluationRun,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        db_index=False,
    )
    external_id = models.CharField(max_length=200)
    started_at = models.DateTimeField()
    last_activity_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["bot", "external_id"],
                condition=Q(run__isnull=True),
                name="conversation_unique_per_bot",
            ),
            models.UniqueConstraint(
                fields=["run", "bot", "external_id"],
                condition=Q(run__isnull=False),
                name="conversation_unique_per_run",
            ),
        ]
        indexes = [models.Index(fields=["last_activity_at"], name="conversation_activity")]

    def __str__(self) -> str:
        return self.external_id


class InteractionQuerySet(models.QuerySet):
    def production(self) -> InteractionQuerySet:
        return self.filter(run__isnull=True)

    def visible_to(self, user) -> InteractionQuerySet:
        return self.filter(bot__in=Bot.objects.visible_to(user))


class Interaction(models.Model):
    """One turn of a conversation: the user's query, what was retrieved, the answer."""

    class Feedback(models.TextChoices):
        UP = "up", "Thumbs up"
        DOWN = "down", "Thumbs down"

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting to be graded"
        GRADED = "graded", "Graded"
        SKIPPED = "skipped", "Skipped"
        FAILED = "failed", "Failed"

    # The highest-volume tables carry no database-level foreign keys: PostgreSQL checks
    # each one per row at commit, which costs the importer more than the inserts. Rows are
    # only written by the importer (which resolves every id itself) and deleted through
    # the ORM, which cascades on its own.
    bot = models.ForeignKey(
        Bot,
        on_delete=models.CASCADE,
        related_name="interactions",
        db_index=False,
        db_constraint=False,
    )
    conversation = models.ForeignKey(
        Conversation,
        on_delete=models.CASCADE,
        related_name="interactions",
        db_index=False,
        db_constraint=False,
    )
    run = models.ForeignKey(
        EvaluationRun,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="interactions",
        db_index=False,
    )
    external_id = models.CharField(max_length=200)
    timestamp = models.DateTimeField()
    query = models.TextField(blank=True)
    response = models.TextField(blank=True)
    # sha1 of the normalised query: pairs a replay with production traffic.
    query_key = models.CharField(max_length=40, blank=True)
    feedback = models.CharField(max_length=4, choices=Feedback.choices, null=True, blank=True)
    feedback_at = models.DateTimeField(null=True, blank=True)
    metadata = models.JSONField(default=dict, blank=True)
    n_sources = models.PositiveSmallIntegerField(default=0)
    imported_at = models.DateTimeField(db_default=Now())
    # The customer was handed to a person, and what that person answered (SPEC §2).
    escalated = models.BooleanField(default=False, db_default=False)
    human_reply = models.TextField(blank=True, default="", db_default="")

    # Grading state, owned by the sweep.
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.PENDING, db_default="pending"
    )
    skip_reason = models.CharField(max_length=40, blank=True, default="", db_default="")
    attempts = models.PositiveSmallIntegerField(default=0, db_default=0)
    last_error = models.TextField(blank=True, default="", db_default="")
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    claimed_until = models.DateTimeField(null=True, blank=True)
    claim_token = models.CharField(max_length=32, blank=True, default="", db_default="")

    objects = InteractionQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["bot", "external_id"],
                condition=Q(run__isnull=True),
                name="interaction_unique_per_bot",
            ),
            models.UniqueConstraint(
                fields=["run", "bot", "external_id"],
                condition=Q(run__isnull=False),
                name="interaction_unique_per_run",
            ),
        ]
        indexes = [
            models.Index(fields=["bot", "timestamp"], name="interaction_bot_time"),
            models.Index(fields=["conversation", "timestamp"], name="interaction_conv_time"),
            models.Index(
                fields=["status", "next_attempt_at"],
                condition=Q(status="pending"),
                name="interaction_pending",
            ),
            models.Index(
                fields=["bot", "timestamp"],
                condition=Q(feedback="down"),
                name="interaction_thumbs_down",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.bot.slug}/{self.external_id}"

    def get_absolute_url(self) -> str:
        return reverse("audits:interaction_detail", args=[self.pk])


class InteractionKey(models.Model):
    """The idempotency key (bot, run, external id) of an interaction, where the
    interactions are partitioned by month (PostgreSQL): a unique index across partitions
    would have to hold the timestamp. Kept by triggers on ``audits_interaction`` in the
    same statement as every insert, delete or key change (``audits/partitions.py``);
    empty on the plain layout, where the interactions' own unique indexes do this."""

    interaction_id = models.BigIntegerField(primary_key=True)
    bot_id = models.BigIntegerField()
    run_id = models.BigIntegerField(null=True, blank=True)
    external_id = models.CharField(max_length=200)
    # The interaction's partition key: lookups through this table prune to one month.
    timestamp = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["bot_id", "external_id"],
                condition=Q(run_id__isnull=True),
                name="interactionkey_unique_per_bot",
            ),
            models.UniqueConstraint(
                fields=["run_id", "bot_id", "external_id"],
                condition=Q(run_id__isnull=False),
                name="interactionkey_unique_per_run",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.bot_id}/{self.external_id}"


class RetrievedSourceQuerySet(models.QuerySet):
    def production(self) -> RetrievedSourceQuerySet:
        """Retrievals of production traffic (not of offline evaluation runs)."""
        return self.filter(interaction__run__isnull=True)


class RetrievedSource(models.Model):
    """A chunk the retriever returned for an interaction, in rank order (1 = best).

    ``article_key`` is the article's id in the knowledge base (the ``article_id`` of the
    log); the ``content`` app resolves it to an article and the version live at
    ``occurred_at``.
    """

    # (interaction, rank) is the key: no surrogate id, one index fewer to maintain.
    pk = models.CompositePrimaryKey("interaction_id", "rank")
    interaction = models.ForeignKey(
        Interaction,
        on_delete=models.CASCADE,
        related_name="sources",
        db_constraint=False,  # see Interaction.bot
        db_index=False,  # the primary key (interaction_id, rank) starts with it
    )
    rank = models.PositiveSmallIntegerField()
    article_key = models.CharField(max_length=200)
    title = models.CharField(max_length=500, blank=True)
    url = models.CharField(max_length=1000, blank=True)
    text = models.TextField(blank=True)
    score = models.FloatField(null=True, blank=True)
    # Copied from the interaction so article-by-time queries need no join.
    bot = models.ForeignKey(
        Bot, on_delete=models.CASCADE, related_name="+", db_index=False, db_constraint=False
    )
    occurred_at = models.DateTimeField()

    objects = RetrievedSourceQuerySet.as_manager()

    class Meta:
        ordering = ["interaction", "rank"]
        # By time, sources are reached through their interactions (interaction_bot_time).
        indexes = [
            models.Index(fields=["article_key", "occurred_at"], name="source_article_time"),
        ]

    def __str__(self) -> str:
        return f"#{self.rank} {self.article_key}"


class EvaluationQuerySet(models.QuerySet):
    def production(self) -> EvaluationQuerySet:
        return self.filter(interaction__run__isnull=True)


class Evaluation(models.Model):
    """The judge's grade of one interaction (written once; see SPEC §4 for the exception)."""

    class Verdict(models.TextChoices):
        SUFFICIENT = "sufficient", "Sufficient"
        INSUFFICIENT = "insufficient", "Insufficient"

    class Cause(models.TextChoices):
        CONTRADICTORY = "contradictory", "Contradictory"
        PARTIAL = "partial", "Partial"
        NO_CONTENT = "no_content", "No content"
        OUT_OF_SCOPE = "out_of_scope", "Out of scope"
        USER_FEEDBACK = "user_feedback", "User feedback"

    interaction = models.OneToOneField(
        Interaction, on_delete=models.CASCADE, related_name="evaluation"
    )
    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="+", db_index=False)
    occurred_at = models.DateTimeField()
    judge = models.CharField(max_length=40)
    model = models.CharField(max_length=200, blank=True)
    prompt_version = models.CharField(max_length=40, blank=True)

    source_precision = models.FloatField(null=True, blank=True)
    source_query_coverage = models.FloatField(null=True, blank=True)
    response_precision = models.FloatField(null=True, blank=True)
    response_query_coverage = models.FloatField(null=True, blank=True)
    groundedness = models.FloatField(null=True, blank=True)
    self_distinctness = models.FloatField(null=True, blank=True)

    verdict = models.CharField(max_length=12, choices=Verdict.choices)
    cause = models.CharField(max_length=20, choices=Cause.choices, null=True, blank=True)
    rationale = models.TextField(blank=True)
    topic = models.CharField(max_length=80, blank=True)
    # sub_queries, facts, matches, unsupported, notes — the judge's working.
    details = models.JSONField(default=dict, blank=True)
    n_sub_queries = models.PositiveSmallIntegerField(default=0)
    n_facts = models.PositiveSmallIntegerField(default=0)
    n_sources = models.PositiveSmallIntegerField(default=0)
    n_unsupported = models.PositiveSmallIntegerField(default=0)
    n_redundant = models.PositiveSmallIntegerField(default=0)
    n_unasked = models.PositiveSmallIntegerField(default=0)

    prompt_tokens = models.PositiveIntegerField(default=0)
    completion_tokens = models.PositiveIntegerField(default=0)
    latency_ms = models.PositiveIntegerField(default=0)
    cached = models.BooleanField(default=False)

    # Abstention (SPEC §7): did the answer decline, why could the bot not know (empty
    # when its sources could answer), and how many quotations are not in the sources.
    declined = models.BooleanField(default=False)
    not_knowing_reason = models.CharField(max_length=20, blank=True, default="")
    bad_quotes = models.PositiveSmallIntegerField(default=0)

    # A thumbs-down that arrived after a sufficient verdict (SPEC §4).
    overridden_by_feedback = models.BooleanField(default=False)
    original_verdict = models.CharField(max_length=12, blank=True)
    original_cause = models.CharField(max_length=20, blank=True)

    created_at = models.DateTimeField(db_default=Now())
    updated_at = models.DateTimeField(db_default=Now())

    objects = EvaluationQuerySet.as_manager()

    class Meta:
        indexes = [
            models.Index(fields=["bot", "occurred_at"], name="evaluation_bot_time"),
            models.Index(fields=["bot", "topic"], name="evaluation_bot_topic"),
            models.Index(
                fields=["verdict"],
                condition=Q(verdict="sufficient"),
                name="evaluation_sufficient",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.interaction_id}: {self.verdict}"

    def metrics(self) -> dict[str, float | None]:
        return {metric: getattr(self, metric) for metric in METRICS}


class JudgeCacheEntry(models.Model):
    """A judge output keyed on (query, sources, response, prompt version, model)."""

    key = models.CharField(max_length=64, unique=True)
    judge = models.CharField(max_length=40)
    model = models.CharField(max_length=200)
    prompt_version = models.CharField(max_length=40)
    output = models.JSONField()
    prompt_tokens = models.PositiveIntegerField(default=0)
    completion_tokens = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    hits = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return self.key


class SweepState(models.Model):
    """One row: when the sweep last ran, what it did, and when a worker was last alive.

    Written by the workers, read by ``sweep --status`` and the status page, so both
    can tell a quiet sweep from a dead one.
    """

    last_sweep_at = models.DateTimeField(null=True, blank=True)
    last_sweep_summary = models.CharField(max_length=300, blank=True)
    # Batches are being graded on the workers until then: each batch pushes it forward,
    # so a scheduled sweep does not start more while they drain the backlog.
    batches_running_until = models.DateTimeField(null=True, blank=True)
    # A sweep asked for by an import is queued at most once per this horizon.
    import_sweep_after = models.DateTimeField(null=True, blank=True)
    worker_seen_at = models.DateTimeField(null=True, blank=True)
    worker_name = models.CharField(max_length=200, blank=True)

    def __str__(self) -> str:
        return f"sweep state (last sweep {self.last_sweep_at})"

    @classmethod
    def load(cls) -> SweepState:
        return cls.objects.get_or_create(pk=1)[0]

    @classmethod
    def worker_alive(cls, name: str) -> None:
        cls.load()
        cls.objects.filter(pk=1).update(worker_seen_at=timezone.now(), worker_name=name[:200])

    @classmethod
    def batches_claim(cls, lease: timedelta) -> bool:
        """Claim the right to start batches: False while batches are still running."""
        cls.load()
        now = timezone.now()
        idle = Q(batches_running_until__isnull=True) | Q(batches_running_until__lt=now)
        return cls.objects.filter(idle, pk=1).update(batches_running_until=now + lease) == 1

    @classmethod
    def batches_running(cls, lease: timedelta) -> None:
        cls.objects.filter(pk=1).update(batches_running_until=timezone.now() + lease)

    @classmethod
    def batches_drained(cls) -> None:
        cls.objects.filter(pk=1).update(batches_running_until=None)

    @classmethod
    def sweep_recorded(cls, summary: str) -> None:
        cls.load()
        cls.objects.filter(pk=1).update(
            last_sweep_at=timezone.now(), last_sweep_summary=summary[:300]
        )


class ApiTokenQuerySet(models.QuerySet):
    def active(self) -> ApiTokenQuerySet:
        return self.filter(revoked_at__isnull=True)


class ApiToken(models.Model):
    """A bearer token that lets one bot's pipeline post its logs. Stored hashed."""

    PREFIX = "kba_"

    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100, blank=True)
    token_hash = models.CharField(max_length=64, unique=True)
    # The first characters, to recognise a token in the admin without storing it.
    hint = models.CharField(max_length=16)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    objects = ApiTokenQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{self.hint}… ({self.bot.slug})"

    @staticmethod
    def hash(raw: str) -> str:
        return hashlib.sha256(raw.encode()).hexdigest()

    @classmethod
    def issue(cls, *, bot: Bot, name: str = "") -> tuple[ApiToken, str]:
        """Create a token; the raw value is returned once and never stored."""
        raw = cls.PREFIX + secrets.token_urlsafe(32)
        token = cls.objects.create(bot=bot, name=name, token_hash=cls.hash(raw), hint=raw[:10])
        return token, raw

    @classmethod
    def authenticate(cls, raw: str) -> ApiToken | None:
        token = cls.objects.active().select_related("bot").filter(token_hash=cls.hash(raw)).first()
        if token is not None:
            cls.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
        return token


class TraceSpan(models.Model):
    """A span received from a bot's OpenTelemetry traces, kept until its trace is assembled.

    A trace becomes one interaction (external id = the trace id) once its root span has
    arrived, or once it has been idle for ``KBAUDIT_TRACE_IDLE_SECONDS``; its spans then
    keep only their ids, so a re-sent or late span is recognised and never imported twice.
    Spans neither convention describes are kept the same way (``kind`` empty): they tell
    where the trace's root is, nothing more.
    """

    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="trace_spans")
    trace_id = models.CharField(max_length=32)
    span_id = models.CharField(max_length=16)
    parent_span_id = models.CharField(max_length=16, blank=True)
    name = models.CharField(max_length=500, blank=True)
    kind = models.CharField(max_length=20, blank=True)
    start = models.DateTimeField(null=True, blank=True)
    end = models.DateTimeField(null=True, blank=True)
    attributes = models.JSONField(default=dict, blank=True)
    resource = models.JSONField(default=dict, blank=True)
    events = models.JSONField(default=list, blank=True)
    received_at = models.DateTimeField(default=timezone.now)
    assembled = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["bot", "trace_id", "span_id"], name="trace_span_unique_per_bot"
            )
        ]
        indexes = [
            models.Index(
                fields=["assembled", "received_at"],
                name="trace_span_pending",
                condition=Q(assembled=False),
            )
        ]

    def __str__(self) -> str:
        return f"{self.trace_id}/{self.span_id}"
