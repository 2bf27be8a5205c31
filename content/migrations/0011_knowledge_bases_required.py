import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("content", "0010_knowledge_bases_assign"),
    ]

    operations = [
        migrations.AlterField(
            model_name="article",
            name="knowledge_base",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="articles",
                to="content.knowledgebase",
            ),
        ),
        migrations.AddConstraint(
            model_name="article",
            constraint=models.UniqueConstraint(
                fields=("knowledge_base", "external_id"), name="article_unique_per_kb"
            ),
        ),
    ]
