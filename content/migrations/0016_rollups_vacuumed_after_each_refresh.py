from django.db import migrations

# A refresh deletes and rewrites its days' rollups: the pages it touches (spread over
# the whole table once the rows of earlier refreshes fill the space freed before them)
# lose their all-visible bit, and the ranking, which sums the rollups from an index
# alone, reads the table for every row on them. At the default thresholds autovacuum
# waits for a fifth of a table to be rewritten, which on a year of rollups never comes:
# here it vacuums after every 10,000 rewritten rows. Vacuuming those rows skips the
# index pass while they sit on under 2% of the table's pages.
TABLES = ("content_articledayrollup", "content_botdayrollup", "content_topicdayrollup")
SETTINGS = "autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 10000"
RESET = "autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold"


def vacuum_often(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in TABLES:
        schema_editor.execute(f"ALTER TABLE {table} SET ({SETTINGS})")


def vacuum_by_default(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in TABLES:
        schema_editor.execute(f"ALTER TABLE {table} RESET ({RESET})")


class Migration(migrations.Migration):
    dependencies = [("content", "0015_attribution_draft_checks")]

    operations = [migrations.RunPython(vacuum_often, vacuum_by_default)]
