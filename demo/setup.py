"""demo_setup: the bundled demo help centre, imported through the real import commands."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command

from audits.models import Bot, Team
from content.digest.services import subscription_save
from content.models import (
    AlertDestination,
    AlertRule,
    ArticleVersion,
    DigestSubscription,
    KnowledgeBase,
)
from demo import corpus_seller
from demo.articles import BY_ID, SELLER_BOT, SELLER_HELP_URL, STORE_BOT, md
from demo.generate import DemoManifest, demo_generate

DEMO_PASSWORD = "kbaudit-demo"
DEMO_DIR = Path(settings.BASE_DIR) / "var" / "demo"

BOTS = {
    "store-help": (
        "Brightcart help",
        "help-centre",
        "Customer help for Brightcart, an online electronics and home goods store: orders, "
        "delivery, returns, refunds, payments, gift cards, warranties and accounts.",
    ),
    "seller-help": (
        "Brightcart sellers",
        "marketplace",
        "Help for marketplace sellers on Brightcart: listings, fees, payouts, shipping "
        "labels and seller performance.",
    ),
}
TEAMS = {"help-centre": "Help Centre", "marketplace": "Marketplace"}
# username: (group, team, what they are for)
USERS = {
    "alice": ("editor", "help-centre", "editor, Help Centre"),
    "bob": ("writer", "help-centre", "writer, Help Centre"),
    "charlie": ("writer", "marketplace", "writer, Marketplace team"),
    "admin": ("admin", None, "administrator"),
}
# Weekly digest on Mondays at 08:00 London time: `send_digests --now` prints theirs.
DIGEST_SUBSCRIBERS = ("alice", "bob")


@dataclass
class DemoResult:
    manifest: DemoManifest
    output: str


def demo_setup(
    *, out_dir: Path = DEMO_DIR, seed: int = 7, n_interactions: int = 5000
) -> DemoResult:
    """Generate the demo files, import them, and create the demo teams and people."""
    manifest = demo_generate(out_dir=out_dir, seed=seed, n_interactions=n_interactions)
    out = io.StringIO()
    # Teams and bots first, so each bot answers from its team's knowledge base.
    demo_teams_setup()
    # The first export is history: imported again over the rewrites (a restart of
    # `make run`), its older bodies would become new versions and move "Did the rewrite
    # help?". Once articles are stored, only the current export is read (unchanged
    # bodies are duplicates).
    exports = (manifest.articles_v2,) if ArticleVersion.objects.exists() else None
    for path in exports or (manifest.articles, manifest.articles_v2):
        for team, team_path in _articles_by_team(path, extra=path == manifest.articles).items():
            call_command(
                "import_articles", str(team_path), "--kb", team, "--no-progress", stdout=out
            )
    call_command("import_interactions", str(manifest.interactions), "--no-progress", stdout=out)
    call_command("import_interactions", str(manifest.feedback), "--no-progress", stdout=out)
    if manifest.escalations:
        call_command("import_interactions", str(manifest.escalations), "--no-progress", stdout=out)
    for run_name, path in sorted(manifest.replays.items()):
        call_command(
            "import_interactions", str(path), "--run", run_name, "--no-progress", stdout=out
        )
    demo_people_setup()
    return DemoResult(manifest=manifest, output=out.getvalue())


def demo_teams_setup() -> dict[str, Team]:
    """The two teams, each with its knowledge base, and their bots."""
    teams = {
        slug: Team.objects.update_or_create(slug=slug, defaults={"name": name})[0]
        for slug, name in TEAMS.items()
    }
    for slug, (name, team, domain) in BOTS.items():
        Bot.objects.update_or_create(
            slug=slug, defaults={"name": name, "team": teams[team], "domain_description": domain}
        )
    for team in teams.values():
        KnowledgeBase.objects.default_for_team(team)
    return teams


def _articles_by_team(path: Path, *, extra: bool) -> dict[str, Path]:
    """The export split by the team whose bot answers from each article, one file each;
    ``extra``: with the marketplace's own article of a help-centre id (``kb-returns``)."""
    lines: dict[str, list[str]] = {team: [] for team in TEAMS}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            article = BY_ID.get(json.loads(line)["id"])
            bot = article.bot if article else STORE_BOT
            lines[BOTS[bot][1]].append(line)
    if extra:
        for key, title, body in corpus_seller.SHARED_ID_ARTICLES:
            record = {"id": key, "title": title, "url": SELLER_HELP_URL + "returns-policy",
                      "body": md(body), "updated_at": "2026-05-01T09:00:00Z"}  # fmt: skip
            lines[BOTS[SELLER_BOT][1]].append(json.dumps(record))
    written = {}
    for team, team_lines in lines.items():
        if team_lines:
            written[team] = path.with_name(f"{path.stem}-{team}.jsonl")
            written[team].write_text("\n".join(team_lines) + "\n", encoding="utf-8")
    return written


def demo_people_setup() -> None:
    teams = demo_teams_setup()
    User = get_user_model()
    for username, (group, team, _) in USERS.items():
        user, created = User.objects.get_or_create(
            username=username, defaults={"email": f"{username}@brightcart.example"}
        )
        if created:
            user.set_password(DEMO_PASSWORD)
        user.is_staff = user.is_superuser = group == "admin"
        user.save()
        user.groups.add(Group.objects.get_or_create(name=group)[0])
        if team:
            teams[team].members.add(user)
        if username in DIGEST_SUBSCRIBERS:
            _digest_subscribe(user)
    _demo_alert_rules()


# The demo's traffic is a few hundred answers a week: its rules read weekly windows, so
# the replayed history (make run) shows groundedness dipping below 0.8 and recovering.
DEMO_RULES = {
    "store-help": {"kind": "metric_below", "metric": "groundedness", "window_hours": 168},
    "seller-help": {"kind": "metric_below", "metric": "source_precision", "window_hours": 168},
}


def _demo_alert_rules() -> None:
    for slug, fields in DEMO_RULES.items():
        bot = Bot.objects.get(slug=slug)
        rule, created = AlertRule.objects.get_or_create(
            team=bot.team, bot=bot, **fields, defaults={"min_sample": 50}
        )
        if created:
            rule.destinations.set(AlertDestination.objects.filter(team=bot.team, kind="email"))


def _digest_subscribe(user) -> None:
    subscription, created = DigestSubscription.objects.get_or_create(
        user=user, defaults={"weekday": 0, "hour": 8, "time_zone": "Europe/London"}
    )
    if created:
        subscription_save(subscription=subscription)
