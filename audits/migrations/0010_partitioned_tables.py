from django.conf import settings
from django.db import migrations, models


def partition(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql" or not settings.KBAUDIT_PARTITION_TABLES:
        return
    from audits.partitions import tables_partition

    tables_partition()


def unpartition(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    from audits.partitions import tables_unpartition

    tables_unpartition()


class Migration(migrations.Migration):
    dependencies = [
        ("audits", "0009_text_retention"),
        # Every foreign key into the interactions exists before they are partitioned
        # (the conversion drops their database constraints).
        ("content", "0015_attribution_draft_checks"),
    ]

    operations = [
        migrations.CreateModel(
            name="InteractionKey",
            fields=[
                ("interaction_id", models.BigIntegerField(primary_key=True, serialize=False)),
                ("bot_id", models.BigIntegerField()),
                ("run_id", models.BigIntegerField(blank=True, null=True)),
                ("external_id", models.CharField(max_length=200)),
                ("timestamp", models.DateTimeField()),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("run_id__isnull", True)),
                        fields=("bot_id", "external_id"),
                        name="interactionkey_unique_per_bot",
                    ),
                    models.UniqueConstraint(
                        condition=models.Q(("run_id__isnull", False)),
                        fields=("run_id", "bot_id", "external_id"),
                        name="interactionkey_unique_per_run",
                    ),
                ],
            },
        ),
        migrations.RunPython(partition, unpartition, elidable=False),
    ]
