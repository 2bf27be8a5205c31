from __future__ import annotations

import io
import zipfile

import docx
import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from docx.oxml.ns import qn

from content.briefs.build import brief_build
from content.briefs.docx import CHECKBOX, brief_docx
from content.briefs.layout import brief_markdown
from content.models import ReviewItem, RewriteSuggestion
from content.review.suggestions import suggestion_edit, suggestion_generate
from tests.factories import (
    ArticleFactory,
    ArticleFindingFactory,
    InteractionFactory,
    RetrievedSourceFactory,
)
from tests.helpers import make_item

pytestmark = pytest.mark.django_db
MISREAD = "If we shipped the wrong item, you have 45 days to return it."


@pytest.fixture
def gap_item(returns_gap):
    return ReviewItem.objects.get(reason="content_gap")


def open_docx(data: bytes) -> docx.document.Document:
    return docx.Document(io.BytesIO(data))


def styled(document, style: str) -> list[str]:
    return [p.text for p in document.paragraphs if p.style.name == style]


def test_the_brief_counts_the_restocking_fee_question_and_quotes_the_misread_passage(gap_item):
    text = brief_markdown(brief_build(item=gap_item))
    assert text.startswith("# Rewrite brief: Returns policy\n")
    assert "## Why it was flagged" in text
    assert "| SP — Were the retrieved sources needed? |" in text and "below threshold" in text
    assert "retrievals and 24 graded answers" in text
    restocking = next(line for line in text.splitlines() if "restocking fee" in line.lower())
    assert restocking.startswith("1. **") and "asked 24 times" in restocking
    assert MISREAD in text and "applies a value outside the condition" in text
    assert "## Failing conversations, worst first" in text and "open the conversation" in text


def test_the_brief_ends_with_a_checklist_and_the_questions_to_replay(gap_item):
    text = brief_markdown(brief_build(item=gap_item))
    checklist = text.split("## Checklist\n\n")[1].split("\n\n")[0].splitlines()
    assert all(line.startswith("- [ ] ") for line in checklist)
    assert any("Answer “" in line and "asked 24 times" in line for line in checklist)
    assert any("State the condition next to the value" in line for line in checklist)
    replay = text.split("## Questions to replay after the rewrite")[1]
    block = replay.split("```text\n")[1].split("\n```")[0].splitlines()
    assert "Is there a restocking fee?" in block
    assert "Do you charge a restocking fee?" in block
    assert len(block) == len(set(block))


def test_the_brief_carries_the_stored_suggestion_and_never_generates_one(gap_item, bob):
    assert not RewriteSuggestion.objects.filter(item=gap_item).exists()
    text = brief_markdown(brief_build(item=gap_item))
    assert not RewriteSuggestion.objects.filter(item=gap_item).exists()  # reading writes nothing
    assert "No suggestion yet" in text
    suggestion = suggestion_generate(item=gap_item)
    text = brief_markdown(brief_build(item=gap_item))
    assert "## Rewrite suggestion\n\n(assembled from the evidence)" in text
    assert "### What to add" in text  # the suggestion's headings sit under the section
    suggestion_edit(suggestion=suggestion, user=bob, body="## Plan\n\nAdd a **fees** section.")
    text = brief_markdown(brief_build(item=gap_item))
    assert "edited by bob" in text and "### Plan\n\nAdd a **fees** section." in text


def test_the_docx_brief_has_real_headings_a_metrics_table_and_lists(gap_item):
    document = open_docx(brief_docx(brief_build(item=gap_item)))
    assert styled(document, "Title") == ["Rewrite brief: Returns policy"]
    sections = styled(document, "Heading 1")
    for section in (
        "Why it was flagged",
        "Questions the article never answers",
        "Failing conversations, worst first",
        "Unsupported facts and the passages they misread",
        "Rewrite suggestion",
        "Checklist",
        "Questions to replay after the rewrite",
    ):
        assert section in sections
    assert {"Metrics", "Diagnoses"} <= set(styled(document, "Heading 2"))
    [table] = document.tables
    assert [c.text for c in table.rows[0].cells] == ["Metric", "Mean", "Threshold", ""]
    assert len(table.rows) == 7 and table.style.name == "Table Grid"
    assert table.rows[1].cells[0].text.startswith("SP — ")
    numbered = styled(document, "List Number")
    assert any("restocking fee" in t.lower() and "asked 24 times" in t for t in numbered)
    assert "Is there a restocking fee?" in numbered  # the replay list
    bullets = styled(document, "List Bullet")
    assert any(MISREAD in text for text in bullets)


def test_the_docx_checklist_is_a_list_of_empty_boxes(gap_item):
    brief = brief_build(item=gap_item)
    document = open_docx(brief_docx(brief))
    numbering = document.part.numbering_part.element
    boxes = {
        n.get(qn("w:numId"))
        for n in numbering.findall(qn("w:num"))
        for a in numbering.findall(qn("w:abstractNum"))
        if a.get(qn("w:abstractNumId")) == n.find(qn("w:abstractNumId")).get(qn("w:val"))
        and a.find(f"{qn('w:lvl')}/{qn('w:lvlText')}").get(qn("w:val")) == CHECKBOX
    }
    ticked = [
        p.text
        for p in document.paragraphs
        if p._p.pPr is not None
        and p._p.pPr.numPr is not None
        and str(p._p.pPr.numPr.numId.val) in boxes
    ]
    assert ticked == brief.checklist and len(ticked) >= 4


def test_findings_of_the_kb_scan_show_as_articles_to_merge_and_reconcile(gap_item):
    returns = gap_item.article
    copy = ArticleFactory(external_id="kb-returns-copy", title="Returning an item")
    rival = ArticleFactory(external_id="kb-returns-old", title="Old returns page")
    pairs = sorted([returns, copy], key=lambda a: a.pk)
    ArticleFindingFactory(
        kind="duplicate", article_a=pairs[0], article_b=pairs[1], co_retrievals=17
    )
    pairs = sorted([returns, rival], key=lambda a: a.pk)
    ArticleFindingFactory(
        kind="contradiction",
        article_a=pairs[0],
        article_b=pairs[1],
        passages=[
            {"a": "30 days", "b": "14 days"}
            if pairs[0] == returns
            else {"a": "14 days", "b": "30 days"}
        ],
    )
    brief = brief_build(item=gap_item)
    text = brief_markdown(brief)
    assert "### Duplicates to merge" in text and "Returning an item" in text
    assert "retrieved together 17 times" in text
    assert "### Contradicting articles" in text
    assert "this article “30 days”, the other “14 days”" in text
    assert any(line.startswith("Merge with “Returning an item”") for line in brief.checklist)
    assert any(line.startswith("Reconcile with “Old returns page”") for line in brief.checklist)
    document = open_docx(brief_docx(brief))
    assert {"Duplicates to merge", "Contradicting articles"} <= set(styled(document, "Heading 2"))


def test_an_article_without_a_review_item_gets_a_brief_from_its_traffic(bot, returns_gap):
    ReviewItem.objects.all().delete()
    brief = brief_build(article=returns_gap)
    assert brief.item is None and brief.bot == bot
    text = brief_markdown(brief)
    assert "## How the article is doing" in text and "asked 24 times" in text
    assert "no stored suggestion" in text
    assert brief.metrics[0].value is not None and brief.metrics[0].below
    assert open_docx(brief_docx(brief)).tables


def test_untrusted_text_stays_inert_in_markdown_and_docx(bot):
    item = make_item(bot, "kb-evil", "Evil <b>title</b>")
    interaction = InteractionFactory(
        bot=bot, query="<script>alert(1)</script> what\x0b now?", response="[x](javascript:1)"
    )
    RetrievedSourceFactory(interaction=interaction, article_key="kb-evil")
    brief = brief_build(item=item)
    text = brief_markdown(brief)
    assert "<b>" not in text and "\\<b\\>" in text
    open_docx(brief_docx(brief))  # no control character breaks the file


# --- downloads ---------------------------------------------------------------------------


def test_the_item_page_offers_the_brief_and_it_downloads_in_both_formats(client, bob, gap_item):
    client.force_login(bob)
    url = reverse("content:item_brief", args=[gap_item.pk])
    page = client.get(gap_item.get_absolute_url()).content.decode()
    assert f"{url}?format=md" in page and f"{url}?format=docx" in page
    markdown = client.get(url, {"format": "md"})
    assert markdown["Content-Type"].startswith("text/markdown")
    assert f'filename="brief-{gap_item.pk}-kb-returns.md"' in markdown["Content-Disposition"]
    assert "restocking fee" in markdown.content.decode().lower()
    word = client.get(url, {"format": "docx"})
    assert word["Content-Type"].endswith("wordprocessingml.document")
    assert "Checklist" in styled(open_docx(word.content), "Heading 1")
    assert client.get(url, {"format": "pdf"}).status_code == 400


def test_the_article_page_offers_the_brief_of_its_most_pressing_item(client, alice, gap_item):
    client.force_login(alice)
    article = gap_item.article
    url = reverse("content:article_brief", args=[article.pk])
    assert f"{url}?format=md" in client.get(article.get_absolute_url()).content.decode()
    response = client.get(url, {"format": "md", "bot": "store-help"})
    assert response.status_code == 200 and "## Why it was flagged" in response.content.decode()
    assert client.get(url, {"format": "docx"}).status_code == 200


def test_outsiders_get_404_for_another_teams_briefs(client, charlie, gap_item):
    client.force_login(charlie)
    assert client.get(reverse("content:item_brief", args=[gap_item.pk])).status_code == 404
    article_url = reverse("content:article_brief", args=[gap_item.article.pk])
    assert client.get(article_url).status_code == 404
    assert client.get(article_url, {"bot": "store-help"}).status_code == 404


def test_the_queue_has_a_checkbox_per_row_and_a_download_button(client, bob, bot):
    item = make_item(bot)
    client.force_login(bob)
    html = client.get(reverse("home")).content.decode()
    assert f'name="ids" value="{item.pk}" form="briefs-form"' in html
    assert 'id="briefs-form" method="get"' in html and "Download briefs" in html


@pytest.mark.parametrize("person", ["alice", "bob"])
def test_the_ticked_items_briefs_download_as_one_zip(client, request, bot, person):
    first = make_item(bot, "kb-a", "Returns", priority=5)
    second = make_item(bot, "kb-b", "Shipping", priority=9)
    make_item(bot, "kb-c", "Not ticked")
    client.force_login(request.getfixturevalue(person))
    response = client.get(
        reverse("content:queue_briefs"), {"ids": [first.pk, second.pk], "format": "md"}
    )
    assert response["Content-Type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    assert archive.namelist() == [f"brief-{second.pk}-kb-b.md", f"brief-{first.pk}-kb-a.md"]
    assert "# Rewrite brief: Shipping" in archive.read(archive.namelist()[0]).decode()
    docx_zip = client.post(reverse("content:queue_briefs"), {"ids": [first.pk], "format": "docx"})
    [name] = zipfile.ZipFile(io.BytesIO(docx_zip.content)).namelist()
    assert name.endswith(".docx")


def test_the_zip_refuses_items_of_another_team(client, bob, charlie, bot, other_bot):
    mine = make_item(bot, "kb-a", "Returns")
    theirs = make_item(other_bot, "kb-s", "Seller fees")
    client.force_login(bob)
    url = reverse("content:queue_briefs")
    assert client.get(url, {"ids": [mine.pk, theirs.pk]}).status_code == 404
    client.force_login(charlie)
    assert client.get(url, {"ids": [mine.pk]}).status_code == 404
    assert client.get(url, {"ids": [theirs.pk]}).status_code == 200


def test_downloading_with_nothing_ticked_goes_back_to_the_queue(client, bob, bot):
    client.force_login(bob)
    response = client.get(reverse("content:queue_briefs"), {"next": "/?topic=returns"})
    assert response.status_code == 302 and response.url == "/?topic=returns"
    response = client.get(reverse("content:queue_briefs"), {"next": "https://evil.example/"})
    assert response.url == reverse("home")
    assert client.get(reverse("content:queue_briefs"), {"ids": "x"}).status_code == 400


# --- the command ---------------------------------------------------------------------------


def test_export_brief_writes_markdown_to_stdout_and_docx_to_a_file(gap_item, tmp_path):
    out = io.StringIO()
    call_command("export_brief", "kb-returns", "--format", "md", stdout=out)
    assert out.getvalue().startswith("# Rewrite brief: Returns policy")
    assert "asked 24 times" in out.getvalue() and MISREAD in out.getvalue()
    path = tmp_path / "returns.docx"
    call_command(
        "export_brief", "kb-returns", "--format", "docx", "-o", str(path), "--bot", "store-help",
        stderr=io.StringIO(),
    )  # fmt: skip
    assert "Why it was flagged" in styled(docx.Document(str(path)), "Heading 1")


def test_export_brief_names_what_it_cannot_find(gap_item):
    with pytest.raises(CommandError, match="no article"):
        call_command("export_brief", "kb-nope")
    with pytest.raises(CommandError, match="no bot"):
        call_command("export_brief", "kb-returns", "--bot", "nope")
    with pytest.raises(CommandError, match="binary"):
        call_command("export_brief", "kb-returns", "--format", "docx", "-o", "-")
