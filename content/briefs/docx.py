"""A brief as a Word document: real heading styles, list paragraphs and tables, so it
keeps its outline in Word's navigation pane and survives a restyle."""

from __future__ import annotations

import io
import re

from docx import Document
from docx.opc.constants import RELATIONSHIP_TYPE
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.oxml.shared import OxmlElement
from docx.shared import Inches, Pt

from content.briefs.build import Brief
from content.briefs.layout import (
    Block,
    Checklist,
    Heading,
    Inline,
    ItemList,
    Lines,
    Link,
    MarkdownText,
    Paragraph,
    Strong,
    Table,
    brief_blocks,
)

# Characters XML 1.0 cannot carry: a query or answer containing one would abort the file.
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
CHECKBOX = "☐"
# A4 or Letter less python-docx's default margins, near enough.
TEXT_WIDTH_INCHES = 6.0


def xml_safe(text: str) -> str:
    return NOT_XML.sub("", str(text))


def blocks_docx(blocks: list[Block], *, title: str) -> bytes:
    document = Document()
    document.core_properties.title = xml_safe(title)
    document.core_properties.author = "kbaudit"
    checkbox_list = _checkbox_numbering(document)
    for block in blocks:
        _add(document, block, checkbox_list)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def _add(document, block: Block, checkbox_list: int) -> None:
    if isinstance(block, Heading):
        document.add_heading(xml_safe(block.text), level=block.level)
    elif isinstance(block, Paragraph):
        _runs(document.add_paragraph(), block.parts)
    elif isinstance(block, ItemList):
        style = "List Number" if block.numbered else "List Bullet"
        restart = _restarted_numbering(document, style) if block.numbered else None
        for parts in block.items:
            paragraph = document.add_paragraph(style=style)
            _runs(paragraph, parts)
            if restart:
                _use_numbering(paragraph, restart)
    elif isinstance(block, Table):
        _table(document, block)
    elif isinstance(block, Checklist):
        for text in block.items:
            paragraph = document.add_paragraph(xml_safe(text), style="List Bullet")
            _use_numbering(paragraph, checkbox_list)
    elif isinstance(block, Lines):
        restart = _restarted_numbering(document, "List Number")
        for line in block.lines:
            paragraph = document.add_paragraph(
                xml_safe(" ".join(line.split())), style="List Number"
            )
            _use_numbering(paragraph, restart)
    elif isinstance(block, MarkdownText):
        _markdown(document, block.text, top=block.level + 1)


def _runs(paragraph, parts: list[Inline]) -> None:
    for part in parts:
        if isinstance(part, Link):
            _hyperlink(paragraph, xml_safe(part.text), part.url)
        elif isinstance(part, Strong):
            paragraph.add_run(xml_safe(part.text)).bold = True
        else:
            paragraph.add_run(xml_safe(part))


def _hyperlink(paragraph, text: str, url: str) -> None:
    """python-docx has no hyperlink API yet: a w:hyperlink around one styled run."""
    rel_id = paragraph.part.relate_to(url, RELATIONSHIP_TYPE.HYPERLINK, is_external=True)
    link = OxmlElement("w:hyperlink")
    link.set(qn("r:id"), rel_id)
    run = OxmlElement("w:r")
    properties = OxmlElement("w:rPr")
    color, underline = OxmlElement("w:color"), OxmlElement("w:u")
    color.set(qn("w:val"), "0563C1")
    underline.set(qn("w:val"), "single")
    properties.extend([color, underline])
    text_element = OxmlElement("w:t")
    text_element.text = text
    text_element.set(qn("xml:space"), "preserve")
    run.extend([properties, text_element])
    link.append(run)
    paragraph._p.append(link)


def _table(document, block: Table) -> None:
    """The first column (what each row is) takes 40% of the width, the figures the rest."""
    columns = len(block.header)
    table = document.add_table(rows=1, cols=columns)
    table.style = "Table Grid"
    table.autofit = False
    first = Inches(TEXT_WIDTH_INCHES * 0.4)
    other = Inches(TEXT_WIDTH_INCHES * 0.6 / max(1, columns - 1))
    for cell, text in zip(table.rows[0].cells, block.header, strict=True):
        cell.text = ""
        cell.paragraphs[0].add_run(xml_safe(text)).bold = True
    for row in block.rows:
        cells = table.add_row().cells
        for cell, text in zip(cells, row, strict=True):
            cell.text = xml_safe(text)
    for index, column in enumerate(table.columns):
        column.width = first if index == 0 else other  # the grid, which LibreOffice reads
        for cell in column.cells:
            cell.width = column.width  # each cell, which Word reads


def _checkbox_numbering(document) -> int:
    """A bullet list whose bullet is an empty box: the checklist prints ready to tick."""
    numbering = document.part.numbering_part.element
    abstract_ids = [
        int(n.get(qn("w:abstractNumId"))) for n in numbering.findall(qn("w:abstractNum"))
    ]
    num_ids = [int(n.get(qn("w:numId"))) for n in numbering.findall(qn("w:num"))]
    abstract_id, num_id = max(abstract_ids, default=0) + 1, max(num_ids, default=0) + 1
    abstract = parse_xml(
        f'<w:abstractNum {nsdecls("w")} w:abstractNumId="{abstract_id}">'
        '<w:multiLevelType w:val="singleLevel"/>'
        '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/>'
        f'<w:lvlText w:val="{CHECKBOX}"/><w:lvlJc w:val="left"/>'
        '<w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr>'
        '<w:rPr><w:rFonts w:ascii="Segoe UI Symbol" w:hAnsi="Segoe UI Symbol" '
        'w:cs="Segoe UI Symbol" w:hint="default"/></w:rPr></w:lvl></w:abstractNum>'
    )
    existing = numbering.findall(qn("w:abstractNum"))
    if existing:  # the schema wants every abstractNum before the first num
        existing[-1].addnext(abstract)
    else:
        numbering.insert(0, abstract)
    numbering.append(
        parse_xml(
            f'<w:num {nsdecls("w")} w:numId="{num_id}">'
            f'<w:abstractNumId w:val="{abstract_id}"/></w:num>'
        )
    )
    return num_id


def _restarted_numbering(document, style: str) -> int:
    """A new instance of ``style``'s numbering that starts again at 1: without it every
    numbered list in the document would carry on from the one before."""
    style_numbering = document.styles[style].element.pPr.numPr
    numbering = document.part.numbering_part.element
    template = next(
        n for n in numbering.findall(qn("w:num"))
        if n.get(qn("w:numId")) == str(style_numbering.numId.val)
    )  # fmt: skip
    abstract_id = template.find(qn("w:abstractNumId")).get(qn("w:val"))
    num_id = max(int(n.get(qn("w:numId"))) for n in numbering.findall(qn("w:num"))) + 1
    numbering.append(
        parse_xml(
            f'<w:num {nsdecls("w")} w:numId="{num_id}"><w:abstractNumId w:val="{abstract_id}"/>'
            '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>'
        )
    )
    return num_id


def _use_numbering(paragraph, num_id: int) -> None:
    numbering = paragraph._p.get_or_add_pPr().get_or_add_numPr()
    numbering.get_or_add_ilvl().val = 0
    numbering.get_or_add_numId().val = num_id


# --- the suggestion's Markdown -----------------------------------------------------------

INLINE = re.compile(r"\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|(?<!\w)[*_](.+?)[*_](?!\w)")


def _markdown(document, text: str, *, top: int) -> None:
    """The Markdown a suggestion uses: headings, bullets (two levels), numbered lists,
    paragraphs, bold, italics, code and links."""
    levels = [len(m.group(1)) for m in re.finditer(r"^(#{1,6})\s", text, re.MULTILINE)]
    shallowest = min(levels, default=top)
    paragraph_lines: list[str] = []
    lists: dict[str, int | None] = {}  # the numbering each numbered list in progress uses

    def flush() -> None:
        if paragraph_lines:
            _markdown_runs(document.add_paragraph(), " ".join(paragraph_lines))
            paragraph_lines.clear()

    for line in text.splitlines():
        if line.strip() and not re.match(r"\s*\d+[.)]\s", line) and not line.startswith("  "):
            lists.clear()  # anything but a list item or its continuation ends the lists
        if heading := re.match(r"(#{1,6})\s+(.*)", line):
            flush()
            level = min(9, max(1, len(heading.group(1)) - shallowest + top))
            document.add_heading(xml_safe(heading.group(2).strip("# ")), level=level)
        elif bullet := re.match(r"(\s*)[-*+]\s+(.*)", line):
            flush()
            style = "List Bullet 2" if len(bullet.group(1)) >= 2 else "List Bullet"
            _markdown_runs(document.add_paragraph(style=style), bullet.group(2))
        elif number := re.match(r"(\s*)\d+[.)]\s+(.*)", line):
            flush()
            style = "List Number 2" if len(number.group(1)) >= 2 else "List Number"
            if lists.get(style) is None:
                lists[style] = _restarted_numbering(document, style)
            paragraph = document.add_paragraph(style=style)
            _markdown_runs(paragraph, number.group(2))
            _use_numbering(paragraph, lists[style])
        elif not line.strip():
            flush()
        else:
            paragraph_lines.append(line.strip())
    flush()


def _markdown_runs(paragraph, text: str) -> None:
    cursor = 0
    for match in INLINE.finditer(text):
        if match.start() > cursor:
            paragraph.add_run(xml_safe(text[cursor : match.start()]))
        bold, code, link_text, url, italic = match.groups()
        if bold is not None:
            paragraph.add_run(xml_safe(bold)).bold = True
        elif code is not None:
            run = paragraph.add_run(xml_safe(code))
            run.font.name, run.font.size = "Consolas", Pt(10)
        elif link_text is not None:
            if url.startswith(("http://", "https://", "mailto:")):
                _hyperlink(paragraph, xml_safe(link_text), url)
            else:
                paragraph.add_run(xml_safe(link_text))
        else:
            paragraph.add_run(xml_safe(italic)).italic = True
        cursor = match.end()
    if cursor < len(text):
        paragraph.add_run(xml_safe(text[cursor:]))


def brief_docx(brief: Brief) -> bytes:
    return blocks_docx(brief_blocks(brief), title=f"Rewrite brief: {brief.title}")
