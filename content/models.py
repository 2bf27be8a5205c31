"""The documentation side: knowledge-base articles and their versions."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connection, models
from django.db.models.functions import Now
from django.urls import reverse
from django.utils import timezone

from audits.models import Bot, Team

# The first version of an article is live from the beginning of time: logs usually
# predate the first export of the knowledge base.
BEGINNING = datetime(1970, 1, 1, tzinfo=UTC)


def body_hash(body: str) -> str:
    return hashlib.sha256(body.encode()).hexdigest()


INSTALL_DEFAULT_SLUG = "default"


class KnowledgeBaseQuerySet(models.QuerySet):
    def install_default(self) -> KnowledgeBase:
        """Where articles go when nobody names a knowledge base (``import_articles`` without
        ``--kb``): the default of the ``KBAUDIT_DEFAULT_TEAM`` team when it is set, else
        the admins' default knowledge base. Created on first use."""
        slug = settings.KBAUDIT_DEFAULT_TEAM
        if slug:
            team = Team.objects.filter(slug=slug).first()
            if team is not None:
                return self.default_for_team(team)
        found = self.filter(team__isnull=True, is_default=True).first()
        if found is not None:
            return found
        return self.create(
            name="Default knowledge base",
            slug=_free_slug(self, INSTALL_DEFAULT_SLUG),
            is_default=True,
        )

    def default_for_team(self, team) -> KnowledgeBase:
        """The team's default knowledge base, created (named after the team) when it has none."""
        if team is None:
            return self.install_default()
        found = self.filter(team=team, is_default=True).first()
        if found is not None:
            return found
        return self.create(
            name=team.name, slug=_free_slug(self, team.slug), team=team, is_default=True
        )


def _free_slug(queryset, slug: str) -> str:
    taken = set(queryset.filter(slug__startswith=slug).values_list("slug", flat=True))
    candidate, n = slug, 1
    while candidate in taken:
        n += 1
        candidate = f"{slug}-{n}"
    return candidate


class KnowledgeBase(models.Model):
    """A team's articles: an article id is unique within its knowledge base, and each bot
    answers from one. Without a team it belongs to the admins."""

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=100, unique=True)
    # PROTECT: a team's articles are not handed to the admins (or lost) by deleting it.
    team = models.ForeignKey(
        "audits.Team",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="knowledge_bases",
        help_text="The team that reads and writes its articles; empty: the admins.",
    )
    is_default = models.BooleanField(
        default=False, help_text="New bots of the team answer from it."
    )
    created_at = models.DateTimeField(db_default=Now())

    objects = KnowledgeBaseQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["team"], condition=models.Q(is_default=True), name="kb_one_default_per_team"
            ),
            models.UniqueConstraint(
                fields=["is_default"],
                condition=models.Q(is_default=True, team__isnull=True),
                name="kb_one_install_default",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class BotKnowledgeBaseQuerySet(models.QuerySet):
    def for_bots(self, bot_ids) -> dict[int, int]:
        """{bot id: knowledge base id}; a bot without one gets its team's default."""
        bot_ids = set(bot_ids)
        links = dict(self.filter(bot_id__in=bot_ids).values_list("bot_id", "knowledge_base_id"))
        for bot in Bot.objects.filter(pk__in=bot_ids - set(links)).select_related("team"):
            links[bot.pk] = self.link(bot).knowledge_base_id
        return links

    def link(self, bot) -> BotKnowledgeBase:
        found = self.filter(bot=bot).first()
        if found is not None:
            return found
        knowledge_base = KnowledgeBase.objects.default_for_team(bot.team)
        return self.get_or_create(bot=bot, defaults={"knowledge_base": knowledge_base})[0]


class BotKnowledgeBase(models.Model):
    """The knowledge base a bot answers from: its sources resolve to that KB's articles.

    A row of ``content`` rather than a field of ``audits.Bot``: grading knows nothing
    of knowledge bases, and its migrations never wait for this app's.
    """

    bot = models.OneToOneField(
        "audits.Bot",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="knowledge_base_link",
    )
    knowledge_base = models.ForeignKey(
        KnowledgeBase, on_delete=models.PROTECT, related_name="bot_links"
    )

    objects = BotKnowledgeBaseQuerySet.as_manager()

    class Meta:
        verbose_name = "bot's knowledge base"

    def __str__(self) -> str:
        return f"{self.bot_id} → {self.knowledge_base}"


class ArticleQuerySet(models.QuerySet):
    def real(self) -> ArticleQuerySet:
        """Imported and still published: neither a stub nor retired."""
        return self.filter(is_stub=False, retired_at__isnull=True)

    def stubs_create(self, wanted: dict[tuple[int, str], tuple[str, str]]) -> None:
        """Stub articles for the (knowledge base id, external id) pairs of ``wanted`` that
        have no article yet, titled and linked by its (title, url)."""
        rows = [
            (kb_id, key, (title or "")[:500], (url or "")[:1000])
            for (kb_id, key), (title, url) in sorted(wanted.items())
        ]
        if not rows:
            return
        if connection.vendor == "postgresql":
            # One statement: the ORM spent more than a second building the INSERT of an
            # import's first two thousand stubs, while the database waited.
            _stubs_insert(rows)
            return
        known = set(
            self.filter(
                knowledge_base_id__in={row[0] for row in rows},
                external_id__in={row[1] for row in rows},
            ).values_list("knowledge_base_id", "external_id")
        )
        self.bulk_create(
            [
                self.model(
                    knowledge_base_id=kb_id, external_id=key, title=title, url=url, is_stub=True
                )
                for kb_id, key, title, url in rows
                if (kb_id, key) not in known
            ],
            ignore_conflicts=True,
        )


def _stubs_insert(rows: list[tuple[int, str, str, str]]) -> None:
    kb_ids, keys, titles, urls = (list(column) for column in zip(*rows, strict=True))
    with connection.cursor() as cursor:
        # Known pairs are skipped before the insert: ON CONFLICT alone would draw an id
        # for each, every time a file citing them is imported again.
        cursor.execute(
            """
            INSERT INTO content_article (knowledge_base_id, external_id, title, url, is_stub,
                source_path)
            SELECT w.kb_id, w.key, w.title, w.url, true, ''
            FROM unnest(%s::bigint[], %s::text[], %s::text[], %s::text[])
                AS w (kb_id, key, title, url)
            WHERE NOT EXISTS (
                SELECT 1 FROM content_article a
                WHERE a.knowledge_base_id = w.kb_id AND a.external_id = w.key)
            ORDER BY w.kb_id, w.key
            ON CONFLICT (knowledge_base_id, external_id) DO NOTHING
            """,
            [kb_ids, keys, titles, urls],
        )


class Article(models.Model):
    """A knowledge-base article, identified by its id in its KB (``external_id``)."""

    knowledge_base = models.ForeignKey(
        KnowledgeBase, on_delete=models.CASCADE, related_name="articles"
    )
    external_id = models.CharField(max_length=200)
    title = models.CharField(max_length=500, blank=True)
    url = models.CharField(max_length=1000, blank=True)
    # Referenced by the logs but never imported: known only from a source's title/url.
    is_stub = models.BooleanField(default=False)
    # Imported from a docs folder: the file's path in it, and when the file disappeared.
    source_path = models.CharField(max_length=1000, blank=True)
    retired_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(db_default=Now())
    updated_at = models.DateTimeField(db_default=Now())

    objects = ArticleQuerySet.as_manager()

    class Meta:
        ordering = ["title"]
        constraints = [
            models.UniqueConstraint(
                fields=["knowledge_base", "external_id"], name="article_unique_per_kb"
            )
        ]

    def __str__(self) -> str:
        return self.title or self.external_id

    def get_absolute_url(self) -> str:
        return reverse("content:article_detail", args=[self.pk])

    def current_version(self) -> ArticleVersion | None:
        return self.versions.order_by("-number").first()

    def version_at(self, moment: datetime) -> ArticleVersion | None:
        """The version that was live at ``moment``."""
        return self.versions.filter(live_from__lte=moment).order_by("-live_from", "-number").first()

    def retrieving_bots(self):
        """The bots whose sources resolve to this article: those answering from its KB."""
        return Bot.objects.filter(knowledge_base_link__knowledge_base_id=self.knowledge_base_id)


class ArticleVersionQuerySet(models.QuerySet):
    def current(self) -> ArticleVersionQuerySet:
        """Each article's latest version (the highest number): what the article says now.
        The one definition every feature reads; a live-at-a-moment question is
        :func:`content.articles.versions.version_for_source`'s."""
        newer = ArticleVersion.objects.filter(
            article_id=models.OuterRef("article_id"), number__gt=models.OuterRef("number")
        )
        return self.filter(~models.Exists(newer))


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

    objects = ArticleVersionQuerySet.as_manager()

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
    # Interactions that retrieved the article and were then handed to a person.
    escalated = models.PositiveIntegerField(default=0)
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
    escalated = models.PositiveIntegerField(default=0)
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
    escalated = models.PositiveIntegerField(default=0)

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
        AGENT_CONTRADICTION = "agent_contradiction", "Agents contradict the article"

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


class AlertDestination(models.Model):
    """Where a team's alerts go: an email list, a Slack-compatible incoming webhook, or a
    JSON webhook signed with HMAC-SHA256. Webhook URLs and secrets are stored encrypted
    (content/alerts/secrets.py) and never shown again after creation."""

    class Kind(models.TextChoices):
        EMAIL = "email", "Email"
        SLACK = "slack", "Slack-compatible webhook"
        WEBHOOK = "webhook", "Signed JSON webhook"

    team = models.ForeignKey("audits.Team", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    name = models.CharField(max_length=100)
    # Email: the addresses, comma-separated; empty for the team's editors.
    emails = models.TextField(blank=True)
    url_encrypted = models.TextField(blank=True)
    # Scheme and host of the webhook, to recognise it without showing it whole.
    url_hint = models.CharField(max_length=200, blank=True)
    secret_encrypted = models.TextField(blank=True)
    enabled = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["team", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_kind_display()})"


class AlertRuleQuerySet(models.QuerySet):
    def for_bot(self, bot) -> AlertRuleQuerySet:
        """The enabled rules that watch ``bot``: its own and its team's all-bots rules."""
        if bot.team_id is None:
            return self.none()
        return self.filter(enabled=True, team_id=bot.team_id).filter(
            models.Q(bot__isnull=True) | models.Q(bot=bot)
        )


class AlertRule(models.Model):
    """A condition on a bot's recent traffic that raises an alert once per episode."""

    class Kind(models.TextChoices):
        METRIC_BELOW = "metric_below", "Metric mean below its threshold"
        INSUFFICIENT_UP = "insufficient_up", "Share of insufficient answers up"
        NEW_ITEM = "new_item", "New high-priority review item"
        GATE = "gate", "Gate decision"
        SWEEP_FAILURES = "sweep_failures", "Sweep failures piling up"
        BUDGET = "budget", "Token budget exhausted"

    team = models.ForeignKey("audits.Team", on_delete=models.CASCADE, related_name="+")
    # Empty: every bot of the team.
    bot = models.ForeignKey(
        "audits.Bot", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    metric = models.CharField(max_length=30, blank=True)
    window_hours = models.PositiveIntegerField(default=24)
    min_sample = models.PositiveIntegerField(
        default=20, help_text="Graded answers (failures, for sweep failures) the window needs."
    )
    points = models.FloatField(
        default=10.0, help_text="Insufficient share: percentage points up against the week before."
    )
    min_priority = models.FloatField(default=0.0)
    destinations = models.ManyToManyField(AlertDestination, blank=True, related_name="rules")
    enabled = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now)

    objects = AlertRuleQuerySet.as_manager()

    class Meta:
        ordering = ["team", "kind", "metric"]

    def __str__(self) -> str:
        return self.describe()

    def describe(self) -> str:
        if self.kind == self.Kind.METRIC_BELOW:
            label = self.metric.replace("_", " ")
            return (
                f"{label} below threshold over {self.window_hours} h (≥ {self.min_sample} graded)"
            )
        if self.kind == self.Kind.INSUFFICIENT_UP:
            return f"insufficient share up {self.points:g} points against the previous week"
        if self.kind == self.Kind.NEW_ITEM:
            return f"new content-gap or missing-article item, priority ≥ {self.min_priority:g}"
        if self.kind == self.Kind.SWEEP_FAILURES:
            return f"≥ {self.min_sample} interactions failed grading in {self.window_hours} h"
        return self.get_kind_display()


class AlertEpisodeQuerySet(models.QuerySet):
    def visible_to(self, user) -> AlertEpisodeQuerySet:
        return self.filter(bot__in=Bot.objects.visible_to(user))

    def firing(self) -> AlertEpisodeQuerySet:
        return self.filter(state=AlertEpisode.State.FIRING)


class AlertEpisode(models.Model):
    """One alert from raised to recovered: delivered when raised and when recovered,
    never while it keeps firing."""

    class State(models.TextChoices):
        FIRING = "firing", "Firing"
        RECOVERED = "recovered", "Recovered"

    rule = models.ForeignKey(AlertRule, on_delete=models.CASCADE, related_name="episodes")
    bot = models.ForeignKey("audits.Bot", on_delete=models.CASCADE, related_name="+")
    # What the episode is about within the rule: a metric, an item, a gate report.
    key = models.CharField(max_length=100, blank=True)
    state = models.CharField(max_length=10, choices=State.choices, default=State.FIRING)
    value = models.FloatField(null=True, blank=True)
    message = models.CharField(max_length=300)
    evidence_url = models.CharField(max_length=300, blank=True)
    raised_at = models.DateTimeField(default=timezone.now)
    last_seen_at = models.DateTimeField(default=timezone.now)
    recovered_at = models.DateTimeField(null=True, blank=True)

    objects = AlertEpisodeQuerySet.as_manager()

    class Meta:
        ordering = ["-raised_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["rule", "bot", "key"],
                condition=models.Q(state="firing"),
                name="alert_one_firing_episode",
            )
        ]
        indexes = [models.Index(fields=["bot", "raised_at"], name="alert_episode_bot_time")]

    def __str__(self) -> str:
        return f"{self.rule.get_kind_display()} ({self.state})"


class AlertDelivery(models.Model):
    """One message about one episode to one destination, with its attempts."""

    class Event(models.TextChoices):
        RAISED = "raised", "Raised"
        RECOVERED = "recovered", "Recovered"

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

    episode = models.ForeignKey(AlertEpisode, on_delete=models.CASCADE, related_name="deliveries")
    destination = models.ForeignKey(
        AlertDestination, on_delete=models.CASCADE, related_name="deliveries"
    )
    event = models.CharField(max_length=10, choices=Event.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    response_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["episode", "destination", "event"], name="alert_delivery_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.episode_id} → {self.destination_id} {self.event}: {self.status}"


class AgentReplyFact(models.Model):
    """One statement of a human agent's reply, read against the bot's knowledge base.

    ``unsupported``: no article says it — evidence of missing content, attached to the
    article the question was credited to (or to none: a page to write). ``contradicts``:
    the agent gave a value that differs from the closest article's.
    """

    class Kind(models.TextChoices):
        UNSUPPORTED = "unsupported", "Not in the knowledge base"
        CONTRADICTS = "contradicts", "Differs from the article"
        SUPPORTED = "supported", "Said by an article"

    interaction = models.ForeignKey(
        "audits.Interaction", on_delete=models.CASCADE, related_name="+", db_constraint=False
    )
    bot = models.ForeignKey("audits.Bot", on_delete=models.CASCADE, related_name="+")
    article = models.ForeignKey(
        Article, null=True, blank=True, on_delete=models.SET_NULL, related_name="agent_facts"
    )
    # For a contradiction: the article whose value the agent's differs from.
    other_article = models.ForeignKey(
        Article, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    kind = models.CharField(max_length=12, choices=Kind.choices)
    fact = models.TextField()
    passage = models.TextField(blank=True)
    similarity = models.FloatField(default=0.0)
    occurred_at = models.DateTimeField()

    class Meta:
        indexes = [
            models.Index(fields=["article", "kind", "occurred_at"], name="agent_fact_article"),
            models.Index(fields=["bot", "occurred_at"], name="agent_fact_bot_time"),
        ]

    def __str__(self) -> str:
        return f"{self.kind}: {self.fact[:60]}"


class AgentReplyReading(models.Model):
    """That an escalated interaction's agent reply was read (so it is read once)."""

    interaction = models.OneToOneField(
        "audits.Interaction", on_delete=models.CASCADE, related_name="+", db_constraint=False
    )
    facts = models.PositiveSmallIntegerField(default=0)
    read_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.interaction_id}: {self.facts}"


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
