import django.db.models.deletion
import django.db.models.functions.datetime
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("audits", "0005_sources_no_separate_interaction_index"),
        ("content", "0008_review_item_active_queue_index"),
    ]

    operations = [
        migrations.CreateModel(
            name="KnowledgeBase",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=200)),
                ("slug", models.SlugField(max_length=100, unique=True)),
                (
                    "is_default",
                    models.BooleanField(
                        default=False, help_text="New bots of the team answer from it."
                    ),
                ),
                (
                    "created_at",
                    models.DateTimeField(db_default=django.db.models.functions.datetime.Now()),
                ),
                (
                    "team",
                    models.ForeignKey(
                        blank=True,
                        help_text="The team that reads and writes its articles; empty: the admins.",
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="knowledge_bases",
                        to="audits.team",
                    ),
                ),
            ],
            options={
                "ordering": ["name"],
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("is_default", True)),
                        fields=("team",),
                        name="kb_one_default_per_team",
                    ),
                    models.UniqueConstraint(
                        condition=models.Q(("is_default", True), ("team__isnull", True)),
                        fields=("is_default",),
                        name="kb_one_install_default",
                    ),
                ],
            },
        ),
        migrations.CreateModel(
            name="BotKnowledgeBase",
            fields=[
                (
                    "bot",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="knowledge_base_link",
                        serialize=False,
                        to="audits.bot",
                    ),
                ),
                (
                    "knowledge_base",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="bot_links",
                        to="content.knowledgebase",
                    ),
                ),
            ],
            options={"verbose_name": "bot's knowledge base"},
        ),
        migrations.AddField(
            model_name="article",
            name="knowledge_base",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="articles",
                to="content.knowledgebase",
            ),
        ),
        migrations.AlterField(
            model_name="article",
            name="external_id",
            field=models.CharField(max_length=200),
        ),
    ]
