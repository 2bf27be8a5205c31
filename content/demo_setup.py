"""demo_setup: the bundled demo help centre, imported through the real import commands."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command

from audits.models import Bot, Team
from content.demo.generate import DemoManifest, demo_generate
from content.models import ArticleVersion

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
    # The first export is history: imported again over the rewrites (a restart of
    # `make run`), its older bodies would become new versions and move "Did the rewrite
    # help?". Once articles are stored, only the current export is read (unchanged
    # bodies are duplicates).
    exports = (manifest.articles_v2,) if ArticleVersion.objects.exists() else None
    for path in exports or (manifest.articles, manifest.articles_v2):
        call_command("import_articles", str(path), "--no-progress", stdout=out)
    call_command("import_interactions", str(manifest.interactions), "--no-progress", stdout=out)
    call_command("import_interactions", str(manifest.feedback), "--no-progress", stdout=out)
    for run_name, path in sorted(manifest.replays.items()):
        call_command(
            "import_interactions", str(path), "--run", run_name, "--no-progress", stdout=out
        )
    demo_people_setup()
    return DemoResult(manifest=manifest, output=out.getvalue())


def demo_people_setup() -> None:
    teams = {
        slug: Team.objects.update_or_create(slug=slug, defaults={"name": name})[0]
        for slug, name in TEAMS.items()
    }
    for slug, (name, team, domain) in BOTS.items():
        Bot.objects.update_or_create(
            slug=slug, defaults={"name": name, "team": teams[team], "domain_description": domain}
        )
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


def _digest_subscribe(user) -> None:
    from content.digest import subscription_save
    from content.models import DigestSubscription

    subscription, created = DigestSubscription.objects.get_or_create(
        user=user, defaults={"weekday": 0, "hour": 8, "time_zone": "Europe/London"}
    )
    if created:
        subscription_save(subscription=subscription)
