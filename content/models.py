"""The documentation side: knowledge-base articles and their versions."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

from django.conf import settings
from django.db import models
from django.db.models.functions import Now
from django.urls import reverse
from django.utils import timezone

# The first version of an article is live from the beginning of time: logs usually
# predate the first export of the knowledge base.
BEGINNING = datetime(1970, 1, 1, tzinfo=UTC)


def body_hash(body: str) -> str:
    return hashlib.sha256(body.encode()).hexdigest()


class ArticleQuerySet(models.QuerySet):
    def real(self) -> ArticleQuerySet:
        return self.filter(is_stub=False)


class Article(models.Model):
    """A knowledge-base article, identified by its id in the KB (``external_id``)."""

    external_id = models.CharField(max_length=200, unique=True)
    title = models.CharField(max_length=500, blank=True)
    url = models.CharField(max_length=1000, blank=True)
    # Referenced by the logs but never imported: known only from a source's title/url.
    is_stub = models.BooleanField(default=False)
    created_at = models.DateTimeField(db_default=Now())
    updated_at = models.DateTimeField(db_default=Now())

    objects = ArticleQuerySet.as_manager()

    class Meta:
        ordering = ["title"]

    def __str__(self) -> str:
        return self.title or self.external_id

    def get_absolute_url(self) -> str:
        return reverse("content:article_detail", args=[self.pk])

    def current_version(self) -> ArticleVersion | None:
        return self.versions.order_by("-number").first()

    def version_at(self, moment: datetime) -> ArticleVersion | None:
        """The version that was live at ``moment``."""
        return self.versions.filter(live_from__lte=moment).order_by("-live_from", "-number").first()


class ArticleVersion(models.Model):
    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    title = models.CharField(max_length=500, blank=True)
    body = models.TextField()
    body_hash = models.CharField(max_length=64)
    # The article's own ``updated_at`` from the import.
    published_at = models.DateTimeField()
    # The span during which this version answered the bot's questions.
    live_from = models.DateTimeField()
    live_until = models.DateTimeField(null=True, blank=True)
    imported_at = models.DateTimeField(db_default=Now())

    class Meta:
        ordering = ["article", "number"]
        constraints = [
            models.UniqueConstraint(fields=["article", "number"], name="version_unique_number")
        ]
        indexes = [models.Index(fields=["article", "live_from"], name="version_live_from")]

    def __str__(self) -> str:
        return f"{self.article} v{self.number}"


class SeasonQuerySet(models.QuerySet):
    def for_bot(self, bot) -> SeasonQuerySet:
        return self.filter(models.Q(bot__isnull=True) | models.Q(bot=bot))


class Season(models.Model):
    """A named date range that recurs every year, e.g. "Holiday peak: Nov 20 – Dec 31".

    ``end`` is inclusive; a season whose end comes before its start wraps the new year
    (winter: Dec 1 – Feb 28/29).
    """

    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=100)
    start_month = models.PositiveSmallIntegerField()
    start_day = models.PositiveSmallIntegerField()
    end_month = models.PositiveSmallIntegerField()
    end_day = models.PositiveSmallIntegerField()
    bot = models.ForeignKey(
        "audits.Bot",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="seasons",
        help_text="Leave empty for a season every bot shares.",
    )
    is_meteorological = models.BooleanField(default=False, editable=False)

    objects = SeasonQuerySet.as_manager()

    class Meta:
        ordering = ["start_month", "start_day", "name"]
        constraints = [
            models.UniqueConstraint(fields=["slug", "bot"], name="season_unique_slug_per_bot"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.start_month}/{self.start_day}–{self.end_month}/{self.end_day})"

    def clean(self) -> None:
        from django.core.exceptions import ValidationError

        for month, day, label in (
            (self.start_month, self.start_day, "start"),
            (self.end_month, self.end_day, "end"),
        ):
            try:
                datetime(2024, month, day)  # a leap year accepts Feb 29
            except (TypeError, ValueError):
                raise ValidationError(
                    {f"{label}_day": f"Not a day of the year: {month}/{day}"}
                ) from None


METRIC_FIELDS = (
    "source_precision",
    "source_query_coverage",
    "response_precision",
    "response_query_coverage",
    "groundedness",
    "self_distinctness",
)
CAUSES = ("contradictory", "partial", "no_content", "out_of_scope", "user_feedback")


def _rollup_fields() -> dict[str, models.Field]:
    fields: dict[str, models.Field] = {
        "interactions": models.PositiveIntegerField(default=0),
        "conversations": models.PositiveIntegerField(default=0),
        "graded": models.PositiveIntegerField(default=0),
        "insufficient": models.PositiveIntegerField(default=0),
        "thumbs_down": models.PositiveIntegerField(default=0),
        "thumbs_up": models.PositiveIntegerField(default=0),
    }
    for metric in METRIC_FIELDS:
        fields[f"{metric}_sum"] = models.FloatField(default=0)
        fields[f"{metric}_n"] = models.PositiveIntegerField(default=0)
        fields[f"{metric}_below"] = models.PositiveIntegerField(default=0)
    for cause in CAUSES:
        fields[f"cause_{cause}"] = models.PositiveIntegerField(default=0)
    return fields


class RollupMixin(models.Model):
    """Sums, counts and below-threshold counts per metric, so periods add up exactly."""

    class Meta:
        abstract = True

    def mean(self, metric: str) -> float | None:
        n = getattr(self, f"{metric}_n")
        return getattr(self, f"{metric}_sum") / n if n else None


for _name, _field in _rollup_fields().items():
    RollupMixin.add_to_class(_name, _field)


class ArticleDayRollup(RollupMixin):
    """What one article's retrievals looked like for one bot on one day (UTC).

    Every retrieval credits its article and the article version live at the time; the
    metrics are those of the evaluated interactions that retrieved it.
    """

    bot = models.ForeignKey(
        "audits.Bot", on_delete=models.CASCADE, related_name="+", db_index=False
    )
    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="day_rollups")
    version_number = models.PositiveIntegerField(default=0)
    day = models.DateField()
    retrievals = models.PositiveIntegerField(default=0)
    top_ranked = models.PositiveIntegerField(default=0)
    with_condition_misapplied = models.PositiveIntegerField(default=0)
    # Attribution (SPEC §5): the retrievals credited to the article (it covered a
    # sub-question, grounded a fact, or was on topic for one nothing answered) and the
    # rest, retrieval noise. The metric columns count the credited interactions only.
    credited = models.PositiveIntegerField(default=0)
    covered = models.PositiveIntegerField(default=0)
    grounded = models.PositiveIntegerField(default=0)
    on_topic = models.PositiveIntegerField(default=0)
    noise = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["bot", "day", "article", "version_number"], name="article_rollup_unique"
            )
        ]
        indexes = [
            models.Index(fields=["article", "day"], name="article_rollup_article_day"),
            # The ranking sums two columns per article over a period: on PostgreSQL this
            # index holds them, so the ranking reads it alone (an index-only scan).
            models.Index(
                fields=["bot", "day"],
                include=["article", "retrievals", "interactions"],
                name="article_rollup_ranking",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.article_id} v{self.version_number} {self.day}"


class BotDayRollup(RollupMixin):
    """A bot's whole day: the overview's trends and the per-bot failure shares."""

    bot = models.ForeignKey(
        "audits.Bot", on_delete=models.CASCADE, related_name="+", db_index=False
    )
    day = models.DateField()
    skipped = models.PositiveIntegerField(default=0)
    unasked_3plus = models.PositiveIntegerField(default=0)
    with_unsupported = models.PositiveIntegerField(default=0)
    with_redundant = models.PositiveIntegerField(default=0)
    with_condition_misapplied = models.PositiveIntegerField(default=0)
    no_sources = models.PositiveIntegerField(default=0)
    # Abstention (SPEC §7): answers that declined, should have, or declined needlessly.
    declined = models.PositiveIntegerField(default=0)
    should_have_declined = models.PositiveIntegerField(default=0)
    over_refusal = models.PositiveIntegerField(default=0)
    bad_quotes = models.PositiveIntegerField(default=0)
    reason_nothing_retrieved = models.PositiveIntegerField(default=0)
    reason_not_in_retrieved = models.PositiveIntegerField(default=0)
    reason_ambiguous = models.PositiveIntegerField(default=0)
    reason_out_of_domain = models.PositiveIntegerField(default=0)
    prompt_tokens = models.PositiveBigIntegerField(default=0)
    completion_tokens = models.PositiveBigIntegerField(default=0)
    # Attribution: interactions with an off-topic article retrieved (retrieval noise),
    # and with sub-questions no retrieved article is about (missing content), and those.
    noise = models.PositiveIntegerField(default=0)
    missing = models.PositiveIntegerField(default=0)
    missing_questions = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["bot", "day"], name="bot_rollup_unique")]

    def __str__(self) -> str:
        return f"{self.bot_id} {self.day}"


class TopicDayRollup(models.Model):
    """How often the judge gave a topic label to a bot's questions on a day."""

    bot = models.ForeignKey(
        "audits.Bot", on_delete=models.CASCADE, related_name="+", db_index=False
    )
    day = models.DateField()
    topic = models.CharField(max_length=80)
    interactions = models.PositiveIntegerField(default=0)
    insufficient = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["bot", "day", "topic"], name="topic_rollup_unique")
        ]

    def __str__(self) -> str:
        return f"{self.bot_id} {self.day} {self.topic}"


class ReviewItemQuerySet(models.QuerySet):
    def active(self) -> ReviewItemQuerySet:
        return self.filter(status__in=ReviewItem.ACTIVE)

    def visible_to(self, user) -> ReviewItemQuerySet:
        from audits.models import Bot

        return self.filter(bot__in=Bot.objects.visible_to(user))


class ReviewItem(models.Model):
    """A piece of work for the knowledge-base team: an article to fix, and why (SPEC §6).

    open → in progress → resolved, or dismissed. A dismissal is final: the item never
    reopens; if the article later gets materially worse, a new item is raised that
    points back to the dismissed one.
    """

    class Reason(models.TextChoices):
        CONTENT_GAP = "content_gap", "Content gap"
        PARTIAL_COVERAGE = "partial_coverage", "Partial coverage"
        CONTRADICTION = "contradiction", "Answers contradict the article"
        NEAR_DUPLICATE = "near_duplicate", "Near-duplicate retrieval"
        DUPLICATE_ARTICLES = "duplicate_articles", "Duplicate articles"
        CONTRADICTING_ARTICLES = "contradicting_articles", "Articles contradict each other"

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        IN_PROGRESS = "in_progress", "In progress"
        RESOLVED = "resolved", "Resolved"
        DISMISSED = "dismissed", "Dismissed"

    ACTIVE = (Status.OPEN, Status.IN_PROGRESS)

    bot = models.ForeignKey("audits.Bot", on_delete=models.CASCADE, related_name="review_items")
    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="review_items")
    # The other article of a pair (duplicates, contradictions between articles).
    other_article = models.ForeignKey(
        Article, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    reason = models.CharField(max_length=30, choices=Reason.choices)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    assignee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="review_items",
    )
    priority = models.FloatField(default=0)
    # The judge's most frequent topic among the article's failing questions (queue chips).
    topic = models.CharField(max_length=80, blank=True)
    # How far below threshold the article was when last flagged (the priority without traffic).
    severity = models.FloatField(default=0)
    # What the flag saw: window, traffic, metrics, thresholds, diagnoses.
    evidence = models.JSONField(default=dict, blank=True)
    dismissed_reason = models.TextField(blank=True)
    previous = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="reflagged_as"
    )
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    last_flagged_at = models.DateTimeField(default=timezone.now)
    closed_at = models.DateTimeField(null=True, blank=True)

    objects = ReviewItemQuerySet.as_manager()

    class Meta:
        ordering = ["-priority", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["bot", "article", "reason"],
                condition=models.Q(status__in=["open", "in_progress"], other_article__isnull=True),
                name="review_item_one_active",
            ),
            # A pair of articles (duplicates, contradictions) has one active item per bot:
            # an article may repeat, or contradict, several others.
            models.UniqueConstraint(
                fields=["bot", "article", "other_article", "reason"],
                condition=models.Q(status__in=["open", "in_progress"], other_article__isnull=False),
                name="review_item_one_active_pair",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "-priority"], name="review_item_queue"),
            # The queue's default view: the active items, most urgent first, a page at a
            # time without sorting all of them.
            models.Index(
                fields=["-priority", "id"],
                condition=models.Q(status__in=["open", "in_progress"]),
                name="review_item_active_queue",
            ),
            models.Index(fields=["article", "reason", "status"], name="review_item_article"),
            models.Index(fields=["bot", "status", "-priority"], name="review_item_bot_queue"),
        ]

    def __str__(self) -> str:
        return f"{self.get_reason_display()}: {self.article}"

    def get_absolute_url(self) -> str:
        return reverse("content:item_detail", args=[self.pk])

    @property
    def is_active(self) -> bool:
        return self.status in self.ACTIVE


class ReviewItemEvent(models.Model):
    """One entry in an item's history: who did what, when (actor empty: kbaudit itself)."""

    item = models.ForeignKey(ReviewItem, on_delete=models.CASCADE, related_name="events")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=30)
    detail = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.item_id} {self.action}"


class RewriteSuggestion(models.Model):
    """What to change in the article, per review item: generated, then the writer's to edit."""

    class Source(models.TextChoices):
        LLM = "llm", "Language model"
        EVIDENCE = "evidence", "Assembled from the evidence"

    item = models.OneToOneField(ReviewItem, on_delete=models.CASCADE, related_name="suggestion")
    source = models.CharField(max_length=10, choices=Source.choices)
    body = models.TextField(help_text="Markdown")
    generated_body = models.TextField(blank=True, help_text="As generated, before any edit")
    model = models.CharField(max_length=200, blank=True)
    prompt_version = models.CharField(max_length=40, blank=True)
    prompt_tokens = models.PositiveIntegerField(default=0)
    completion_tokens = models.PositiveIntegerField(default=0)
    generated_at = models.DateTimeField(default=timezone.now)
    edited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    edited_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"suggestion for item {self.item_id}"

    @property
    def is_edited(self) -> bool:
        return self.edited_at is not None


class DigestSubscription(models.Model):
    """A person's weekly digest: on or off, when (in their time zone), about which bots."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="digest_subscription"
    )
    enabled = models.BooleanField(default=True)
    weekday = models.PositiveSmallIntegerField(default=0, help_text="0 = Monday … 6 = Sunday")
    hour = models.PositiveSmallIntegerField(default=8, help_text="0–23, in the time zone below")
    time_zone = models.CharField(max_length=64, default="UTC")
    bots = models.ManyToManyField(
        "audits.Bot", blank=True, related_name="+", help_text="Empty: every bot you can see."
    )
    # When the next digest is due (UTC). Claimed with an optimistic update so a double
    # beat or a retry never sends twice.
    next_send_at = models.DateTimeField(null=True, blank=True, db_index=True)

    def __str__(self) -> str:
        return f"digest for {self.user}"


class DigestDelivery(models.Model):
    """One week's digest to one person: claimed once, retried on failure, never twice."""

    class Status(models.TextChoices):
        SENDING = "sending", "Sending"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"
        SKIPPED = "skipped", "Nothing to send"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="digest_deliveries"
    )
    week = models.CharField(max_length=10, help_text="ISO week, e.g. 2026-W48")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "week"], name="digest_once_per_week")
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.week} {self.status}"


class ArticleSignature(models.Model):
    """The MinHash signature of one article version, kept so a scan need not recompute it."""

    version = models.OneToOneField(
        ArticleVersion, on_delete=models.CASCADE, related_name="signature"
    )
    minhash = models.BinaryField()
    n_shingles = models.PositiveIntegerField(default=0)
    # Sentence vectors (float16, kb_scan.semantic.DIMS each) and the article's and its
    # sections' mean vectors: the scan's candidates by meaning.
    passage_vectors = models.BinaryField(null=True, blank=True)
    unit_vectors = models.BinaryField(null=True, blank=True)
    computed_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"signature of {self.version}"


class ArticleFindingQuerySet(models.QuerySet):
    def active(self) -> ArticleFindingQuerySet:
        return self.filter(status=ArticleFinding.Status.ACTIVE)

    def involving(self, article) -> ArticleFindingQuerySet:
        return self.filter(models.Q(article_a=article) | models.Q(article_b=article))


class ArticleFinding(models.Model):
    """Two articles that say the same thing, or contradict each other (the KB health scan)."""

    class Kind(models.TextChoices):
        DUPLICATE = "duplicate", "Near-duplicate articles"
        CONTRADICTION = "contradiction", "Articles contradict each other"

    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        RESOLVED = "resolved", "Resolved"

    kind = models.CharField(max_length=20, choices=Kind.choices)
    # article_a.pk < article_b.pk, so a pair has one row per kind.
    article_a = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="+")
    article_b = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="+")
    version_a = models.ForeignKey(
        ArticleVersion, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    version_b = models.ForeignKey(
        ArticleVersion, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    confidence = models.FloatField(default=0)
    method = models.CharField(max_length=20, default="offline")
    # [{"a": passage, "b": passage, "similarity": 0.93, "subject": ..., "values": [...]}]
    passages = models.JSONField(default=list, blank=True)
    details = models.JSONField(default=dict, blank=True)
    co_retrievals = models.PositiveIntegerField(default=0)
    example_interactions = models.JSONField(default=list, blank=True)
    detected_at = models.DateTimeField(default=timezone.now)
    checked_at = models.DateTimeField(default=timezone.now)
    resolved_at = models.DateTimeField(null=True, blank=True)

    objects = ArticleFindingQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "article_a", "article_b"], name="finding_unique_pair"
            ),
            models.CheckConstraint(
                condition=models.Q(article_a__lt=models.F("article_b")), name="finding_ordered_pair"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.article_a_id} / {self.article_b_id}"


class KbScanRun(models.Model):
    """One knowledge-base scan: what it looked at and what it found."""

    mode = models.CharField(max_length=12, default="full")  # full | incremental
    bot = models.ForeignKey(
        "audits.Bot", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    articles = models.PositiveIntegerField(default=0)
    candidates = models.PositiveIntegerField(default=0)
    comparisons = models.PositiveIntegerField(default=0)
    found = models.PositiveIntegerField(default=0)
    resolved = models.PositiveIntegerField(default=0)
    stats = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-started_at"]

    def __str__(self) -> str:
        return f"{self.mode} scan {self.started_at:%Y-%m-%d %H:%M}"


class SourceCredit(models.Model):
    """What one retrieved article did in one graded interaction (SPEC §5 attribution).

    Written once per evaluation by ``content.attribution`` after grading, so the
    rollups read credits in SQL: ``covered`` sub-questions it addressed, ``grounded``
    facts it supported, ``lacking`` unanswered sub-questions it is about (the page that
    should have answered them). ``role`` sums it up.
    """

    class Role(models.TextChoices):
        USED = "used", "Covered or grounded something"
        ON_TOPIC = "on_topic", "About the question, without the answer"
        NOISE = "noise", "Retrieved for shared words only"

    pk = models.CompositePrimaryKey("interaction_id", "article_key")
    interaction = models.ForeignKey(
        "audits.Interaction",
        on_delete=models.CASCADE,
        related_name="credits",
        db_constraint=False,
        db_index=False,  # the primary key starts with it
    )
    article_key = models.CharField(max_length=200)
    bot = models.ForeignKey(
        "audits.Bot",
        on_delete=models.CASCADE,
        related_name="+",
        db_index=False,
        db_constraint=False,
    )
    occurred_at = models.DateTimeField()
    role = models.CharField(max_length=10, choices=Role.choices)
    best_rank = models.PositiveSmallIntegerField(default=1)
    covered = models.PositiveSmallIntegerField(default=0)
    grounded = models.PositiveSmallIntegerField(default=0)
    lacking = models.PositiveSmallIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["article_key", "occurred_at"], name="credit_article_time")]

    def __str__(self) -> str:
        return f"{self.interaction_id} {self.article_key}: {self.role}"

    @property
    def is_credited(self) -> bool:
        return self.role != self.Role.NOISE


class InteractionAttribution(models.Model):
    """The attribution of one graded interaction: how many retrieved articles were
    noise, and the sub-questions no retrieved article is about (missing content)."""

    interaction = models.OneToOneField(
        "audits.Interaction",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="attribution",
        db_constraint=False,
    )
    bot = models.ForeignKey(
        "audits.Bot",
        on_delete=models.CASCADE,
        related_name="+",
        db_index=False,
        db_constraint=False,
    )
    occurred_at = models.DateTimeField()
    noise = models.PositiveSmallIntegerField(default=0)
    missing = models.PositiveSmallIntegerField(default=0)
    # The missing sub-questions' texts, for the "Missing articles" groups.
    missing_questions = models.JSONField(default=list, blank=True)
    # A topic label where the judge gave none (a thumbs-down graded without a call):
    # the topic of the closest labelled question, else its group's central phrasing.
    topic = models.CharField(max_length=80, blank=True, default="")
    computed_at = models.DateTimeField(db_default=Now())

    class Meta:
        indexes = [
            models.Index(fields=["bot", "occurred_at"], name="attribution_bot_time"),
            models.Index(
                fields=["bot", "occurred_at"],
                condition=models.Q(missing__gt=0),
                name="attribution_missing",
            ),
        ]

    def __str__(self) -> str:
        return f"attribution of {self.interaction_id}"


class DraftCheck(models.Model):
    """A writer's draft of an article's next version, replayed against the questions its
    traffic asked (before publishing); kept with the item's history."""

    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="draft_checks")
    item = models.ForeignKey(
        ReviewItem, null=True, blank=True, on_delete=models.SET_NULL, related_name="draft_checks"
    )
    bot = models.ForeignKey("audits.Bot", on_delete=models.CASCADE, related_name="+")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    draft = models.TextField(help_text="Markdown")
    # {"window", "groups": [{"example", "count", "variants", "answered"}], "answered_groups",
    #  "groups_total", "answered_asked", "asked_total", "contradictions", "dropped"}
    result = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"draft check of {self.article} ({self.created_at:%Y-%m-%d %H:%M})"
