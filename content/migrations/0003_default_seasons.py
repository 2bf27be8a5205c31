from django.db import migrations

SEASONS = [
    # name, slug, start (month, day), end (month, day) inclusive, meteorological
    ("Winter", "winter", (12, 1), (2, 29), True),
    ("Spring", "spring", (3, 1), (5, 31), True),
    ("Summer", "summer", (6, 1), (8, 31), True),
    ("Autumn", "autumn", (9, 1), (11, 30), True),
    ("Holiday peak", "holiday-peak", (11, 20), (12, 31), False),
]


def create(apps, schema_editor):
    Season = apps.get_model("content", "Season")
    for name, slug, (sm, sd), (em, ed), meteorological in SEASONS:
        Season.objects.get_or_create(
            slug=slug,
            bot=None,
            defaults={
                "name": name,
                "start_month": sm,
                "start_day": sd,
                "end_month": em,
                "end_day": ed,
                "is_meteorological": meteorological,
            },
        )


def remove(apps, schema_editor):
    apps.get_model("content", "Season").objects.filter(
        bot=None, slug__in=[s[1] for s in SEASONS]
    ).delete()


class Migration(migrations.Migration):
    dependencies = [("content", "0002_analytics")]
    operations = [migrations.RunPython(create, remove)]
