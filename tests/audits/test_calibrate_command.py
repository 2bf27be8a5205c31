from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.factories import InteractionFactory, RetrievedSourceFactory

pytestmark = pytest.mark.django_db
PASSAGE = "You can return most items within 30 days of delivery."


@pytest.fixture
def labelled(bot, settings, tmp_path):
    settings.KBAUDIT_JUDGE = "offline"
    answers = {
        "good-1": "You can return most items within 30 days of delivery.",
        "good-2": "Returns are accepted within 30 days of delivery.",
        "bad-1": "You can return items within 90 days and we pay the shipping.",
        "bad-2": "Returns are free for 60 days at any of our 400 stores.",
    }
    for external_id, response in answers.items():
        interaction = InteractionFactory(
            bot=bot, external_id=external_id, query="How long do I have to return an item?",
            response=response, n_sources=1,
        )  # fmt: skip
        RetrievedSourceFactory(interaction=interaction, rank=1, text=PASSAGE)
    path = tmp_path / "labels.csv"
    path.write_text("id,grounded,verdict\ngood-1,yes,sufficient\ngood-2,yes,sufficient\n"
                    "bad-1,no,contradictory\nbad-2,no,contradictory\nmissing,no,\n")  # fmt: skip
    return path


def test_calibrate_grades_what_is_ungraded_and_reports_each_column(labelled, tmp_path):
    out = io.StringIO()
    call_command("calibrate", str(labelled), "--json", str(tmp_path / "c.json"), stdout=out)
    text = out.getvalue()
    assert "grounded" in text and "verdict" in text and "ids not found: 1" in text
    figures = json.loads((tmp_path / "c.json").read_text())
    assert figures["grounded"]["n"] == 4 and figures["grounded"]["agreement"] == 1.0
    assert figures["grounded"]["f1"] == 1.0 and figures["grounded"]["kappa"] == 1.0
    assert figures["verdict"]["failure_class"] == "insufficient"


def test_a_labels_file_without_label_columns_is_refused(bot, tmp_path):
    path = tmp_path / "labels.csv"
    path.write_text("id,comment\nx,hello\n")
    with pytest.raises(CommandError, match="no label column"):
        call_command("calibrate", str(path))
