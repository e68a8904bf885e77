"""reportlab for every typeset PDF document, in one place: loading it, the page, the fonts, tables that
wrap, "page N of M", a table of contents, and bytes that depend only on the content.

reportlab is optional (``pip install 'caribbean-exact[plot]'``), like matplotlib: ``reportlab(what)``
loads it or says in one line what needs it. A document is a list of ``Block`` s (headings, paragraphs,
lists, tables, plots) that the other formats (Markdown, HTML) write out too, so they say the same.

The page is A4 with a text area that also fits US Letter: 174 mm wide (Letter is 215.9 mm, A4 210 mm)
and, with the running head and the page numbers, inside the middle 279.4 mm of the A4 height, so a
printer may put it on either sheet at 100% without cutting anything. Text is DejaVu Sans (the font of
the plots, from matplotlib), embedded; body 9 pt, tables 8 pt. reportlab's invariant mode and a fixed
date (``date=``: the document's date, printed in the title block and written as the PDF's creation
date) make the same document the same bytes under the same reportlab and matplotlib.
"""

from __future__ import annotations

import datetime
import io
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from ..errors import InvalidRules

__all__ = ["Block", "pdf_document", "reportlab", "source_date"]

#: Body and table text sizes (points); nothing in a document is smaller than TABLE_PT.
BODY_PT, TABLE_PT = 9.0, 8.0
_MM = 72 / 25.4
#: The page (A4) and its margins, in points: the text area (174 x 245 mm) and the running head and
#: page numbers lie within 210 x 279.4 mm, the part of the page A4 and Letter have in common.
PAGE_W, PAGE_H = 210 * _MM, 297 * _MM
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM = 18 * _MM, 26 * _MM, 26 * _MM
HEAD_Y, FOOT_Y = PAGE_H - 17 * _MM, 16 * _MM
#: A plot's width, as a share of the text area's.
PLOT_WIDTH = 0.86
FONT, BOLD, MONO = "DejaVuSans", "DejaVuSans-Bold", "DejaVuSansMono"
_NUMERIC = re.compile(r"^[-+$]?[\d,]*\.?\d+(e[-+]?\d+)?%?( house| player)?$|^[-+]?\d+/\d+$|^-$")


@dataclass(frozen=True)
class Block:
    """One piece of a document: ``kind`` is h1, h2, h3, p, list (``rows``: one item each), table
    (``rows`` under ``headers``), plot (``text``: its key, ``headers[0]``: its caption) or page (in
    the PDF a new page unless most of the page is free; nothing in the other formats)."""

    kind: str
    text: str = ""
    rows: tuple[tuple[str, ...], ...] = ()
    headers: tuple[str, ...] = ()


def reportlab(what: str, hint: str = "") -> Any:
    """The ``reportlab`` package, or ``InvalidRules`` saying that ``what`` needs it."""
    try:
        import reportlab as rl
    except ImportError:
        raise InvalidRules(f"{what} needs reportlab: pip install 'caribbean-exact[plot]'{hint}") from None
    return rl


def source_date(environ: Mapping[str, str] | None = None) -> datetime.date:
    """The date a document carries: SOURCE_DATE_EPOCH (seconds since 1970, UTC) when set, for
    reproducible builds, else today (UTC).

    >>> source_date({"SOURCE_DATE_EPOCH": "1764979200"})
    datetime.date(2025, 12, 6)
    """
    env = os.environ if environ is None else environ
    t = env.get("SOURCE_DATE_EPOCH", "").strip()
    if t:
        try:
            return datetime.datetime.fromtimestamp(int(t), datetime.UTC).date()
        except (ValueError, OverflowError, OSError):
            raise InvalidRules(f"SOURCE_DATE_EPOCH {t!r}: expected whole seconds since 1970-01-01") from None
    return datetime.datetime.now(datetime.UTC).date()


def _fonts() -> None:
    """DejaVu Sans (regular, bold) and Sans Mono from matplotlib's fonts, registered once."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    try:
        import matplotlib
    except ImportError:
        raise InvalidRules("a PDF document needs matplotlib (its plots and fonts): "
                           "pip install 'caribbean-exact[plot]'") from None
    folder = os.path.join(matplotlib.get_data_path(), "fonts", "ttf")
    for name in (FONT, BOLD, MONO):
        pdfmetrics.registerFont(TTFont(name, os.path.join(folder, f"{name}.ttf")))
    addMapping(FONT, 0, 0, FONT)
    addMapping(FONT, 1, 0, BOLD)
    addMapping(FONT, 0, 1, FONT)
    addMapping(FONT, 1, 1, BOLD)


def _styles() -> dict[str, Any]:
    from reportlab.lib import colors
    from reportlab.lib.styles import ParagraphStyle

    base = ParagraphStyle("body", fontName=FONT, fontSize=BODY_PT, leading=BODY_PT * 1.3, spaceAfter=5,
                          splitLongWords=1)
    cell = ParagraphStyle("cell", parent=base, fontSize=TABLE_PT, leading=TABLE_PT * 1.22, spaceAfter=0)
    return {
        "p": base,
        "lead": ParagraphStyle("lead", parent=base, keepWithNext=1),
        "list": ParagraphStyle("list", parent=base, leftIndent=10, bulletIndent=2, spaceAfter=2),
        "h1": ParagraphStyle("h1", parent=base, fontName=BOLD, fontSize=16, leading=20, spaceAfter=8,
                             keepWithNext=1),
        "h2": ParagraphStyle("h2", parent=base, fontName=BOLD, fontSize=12.5, leading=16, spaceBefore=10,
                             spaceAfter=6, keepWithNext=1, textColor=colors.HexColor("#0b3d66")),
        "h3": ParagraphStyle("h3", parent=base, fontName=BOLD, fontSize=10, leading=13, spaceBefore=7,
                             spaceAfter=4, keepWithNext=1),
        "cell": cell,
        "cell_r": ParagraphStyle("cell_r", parent=cell, alignment=2),
        "head": ParagraphStyle("head", parent=cell, fontName=BOLD),
        "head_r": ParagraphStyle("head_r", parent=cell, fontName=BOLD, alignment=2),
        "caption": ParagraphStyle("caption", parent=base, fontSize=TABLE_PT, leading=TABLE_PT * 1.25,
                                  alignment=1, textColor=colors.HexColor("#333333")),
        "toc1": ParagraphStyle("toc1", parent=base, leftIndent=0, spaceAfter=1),
        "toc2": ParagraphStyle("toc2", parent=base, fontSize=TABLE_PT + 0.5, leading=11, leftIndent=14,
                               spaceAfter=0),
    }


def column_widths(natural: Sequence[float], floor: Sequence[float], width: float) -> list[float]:
    """Widths of a table's columns within ``width``: each column its natural (unwrapped) width when
    they all fit; else the narrow columns keep theirs and the wide ones share the rest (never below
    ``floor``, a column's longest word), so their cells wrap.

    >>> column_widths([10, 20], [5, 5], 100)
    [10, 20]
    >>> column_widths([10, 200, 100], [5, 5, 5], 110)
    [10, 50.0, 50.0]
    """
    if sum(natural) <= width:
        return list(natural)
    keep: set[int] = set()
    while True:
        rest = [i for i in range(len(natural)) if i not in keep]
        share = (width - sum(natural[i] for i in keep)) / max(1, len(rest))
        small = [i for i in rest if natural[i] <= share]
        if not small:
            break
        keep.update(small)
    return [natural[i] if i in keep else max(floor[i], share) for i in range(len(natural))]


def _pieces(word: str, room: float, width: Any) -> list[str]:
    """A word too wide for ``room``, in pieces that fit, broken after "/" (a fraction, a URL), "-",
    "." or "?"; a piece with no such point is left for reportlab to split (splitLongWords)."""
    parts = [x for x in re.split(r"(?<=[/?.-])", word) if x]
    out: list[str] = []
    for part in parts:
        if out and width(out[-1] + part) <= room:
            out[-1] += part
        else:
            out.append(part)
    return out


def _markup(text: str, room: float, width: Any) -> str:
    """A cell's text as Paragraph markup, its too-wide words broken at sensible points."""
    words = []
    for w in text.split(" "):
        words.append("<br/>".join(escape(x) for x in _pieces(w, room, width)) if width(w) > room else escape(w))
    return " ".join(words)


#: A table this many rows long, and narrow enough, is set in two halves side by side.
TWO_UP_ROWS = 40


def _table(b: Block, styles: dict[str, Any], width: float) -> Any:
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import Paragraph, Table

    pad, gap = _PAD, 14.0
    rows = [list(b.headers), *[list(r) for r in b.rows]] if b.headers else [list(r) for r in b.rows]
    ncol = max(len(r) for r in rows)
    rows = [r + [""] * (ncol - len(r)) for r in rows]
    body = rows[1:] if b.headers else rows
    numeric = [bool(body) and all(_NUMERIC.match(r[i].strip()) or not r[i].strip() for r in body)
               and any(r[i].strip() for r in body) for i in range(ncol)]
    natural, floor = [], []
    for i in range(ncol):
        nat = fl = 0.0
        for k, r in enumerate(rows):
            font = BOLD if b.headers and k == 0 else FONT
            nat = max(nat, stringWidth(r[i], font, TABLE_PT) + pad)
            for w in r[i].split() or [""]:
                pieces = _pieces(w, 0, lambda x, f=font: stringWidth(x, f, TABLE_PT))  # every break point
                fl = max(fl, max(stringWidth(x, font, TABLE_PT) for x in pieces or [""]) + pad)
        natural.append(nat)
        floor.append(min(fl, nat, 0.45 * width))
    two_up = bool(b.headers) and len(body) >= TWO_UP_ROWS and 2 * sum(natural) + gap <= width
    widths = list(natural) if two_up else column_widths(natural, floor, width)

    def cell(text: str, i: int, head: bool) -> Any:
        """A text that fits its column as it is (fast: one line, drawn by the table), else a Paragraph."""
        font = BOLD if head else FONT
        if "\n" not in text and stringWidth(text, font, TABLE_PT) <= widths[i] - pad:
            return text
        style = styles[("head" if head else "cell") + ("_r" if numeric[i] else "")]
        return Paragraph(_markup(text, widths[i] - pad, lambda x: stringWidth(x, font, TABLE_PT)), style)

    cells = [[cell(text, i, bool(b.headers) and k == 0) for i, text in enumerate(r)] for k, r in enumerate(rows)]
    right = [i for i in range(ncol) if numeric[i]]
    if two_up:
        heights = [max(TABLE_PT * 1.22 if isinstance(c, str) else c.wrap(w - pad, 10_000)[1]
                       for c, w in zip(r, widths)) + _VPAD for r in cells]
        return _two_up(cells[0], cells[1:], heights[0], heights[1:],
                       lambda rows: _styled(Table(rows, colWidths=[*widths, gap, *widths], repeatRows=1,
                                                  hAlign="LEFT"), [*right, *(ncol + 1 + i for i in right)],
                                            (0, ncol - 1), (ncol + 1, 2 * ncol)))
    return _styled(Table(cells, colWidths=widths, repeatRows=1 if b.headers else 0, hAlign="LEFT"), right,
                   (0, ncol - 1), head=bool(b.headers))


_PAD, _TOP, _BOTTOM = 8.0, 1.6, 2.2
_VPAD = _TOP + _BOTTOM


def _styled(t: Any, right: Sequence[int], *spans: tuple[int, int], head: bool = True) -> Any:
    """A table's fonts, lines and paddings: plain-text cells in the table font (``right``: the
    columns set flush right), a rule under each row, the header row bold and shaded (over each span)."""
    from reportlab.lib import colors
    from reportlab.platypus import TableStyle

    commands: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, TABLE_PT, TABLE_PT * 1.22),
        *(("ALIGN", (i, 0), (i, -1), "RIGHT") for i in right),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), _PAD / 2), ("RIGHTPADDING", (0, 0), (-1, -1), _PAD / 2),
        ("TOPPADDING", (0, 0), (-1, -1), _TOP), ("BOTTOMPADDING", (0, 0), (-1, -1), _BOTTOM),
    ]
    for a, z in spans:
        commands.append(("LINEBELOW", (a, 0), (z, -1), 0.25, colors.HexColor("#c8c8c8")))
        if head:
            commands += [("FONT", (a, 0), (z, 0), BOLD, TABLE_PT, TABLE_PT * 1.22),
                         ("BACKGROUND", (a, 0), (z, 0), colors.HexColor("#e8eef4")),
                         ("LINEBELOW", (a, 0), (z, 0), 0.7, colors.HexColor("#555555"))]
    t.setStyle(TableStyle(commands))
    return t


def _two_up(head: list[Any], rows: list[list[Any]], head_h: float, heights: list[float],
            make: Any) -> Any:
    """A long narrow table in two columns on each page: down the left, then down the right, then on
    to the next page (``make(rows)`` builds one page's table from its rows, side by side)."""
    from reportlab.platypus import Flowable

    class TwoUp(Flowable):  # type: ignore[misc]  # reportlab ships no types
        def __init__(self, rows: list[list[Any]], heights: list[float]) -> None:
            super().__init__()
            self.rows, self.heights = rows, heights
            self.table: Any = None

        def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
            k = (len(self.rows) + 1) // 2
            blank = [""] * len(head)
            pairs = [[*self.rows[j], "", *(self.rows[k + j] if k + j < len(self.rows) else blank)]
                     for j in range(k)]
            self.table = make([[*head, "", *head], *pairs])
            w, h = self.table.wrap(avail_w, avail_h)
            return float(w), float(h)

        def split(self, avail_w: float, avail_h: float) -> list[Any]:
            k = 0  # rows a column: as many as the measured heights allow, then checked by wrapping
            while (2 * k < len(self.rows) and head_h + sum(self.heights[:k + 1]) <= avail_h
                   and head_h + sum(self.heights[k + 1:2 * k + 2]) <= avail_h):
                k += 1
            while k > 0:
                first = TwoUp(self.rows[:2 * k], self.heights[:2 * k])
                if first.wrap(avail_w, avail_h)[1] <= avail_h:
                    return [first, TwoUp(self.rows[2 * k:], self.heights[2 * k:])]
                k -= 1
            return []

        def draw(self) -> None:
            self.table.drawOn(self.canv, 0, 0)

    return TwoUp(rows, heights)


def _story(blocks: Sequence[Block], styles: dict[str, Any], width: float, images: Mapping[str, bytes],
           image_ratio: float, toc_after: int) -> list[Any]:
    """The flowables of the blocks, the table of contents after the first ``toc_after``."""
    from reportlab.platypus import CondPageBreak, Image, KeepTogether, Paragraph, Spacer
    from reportlab.platypus.tableofcontents import TableOfContents

    toc = TableOfContents(levelStyles=[styles["toc1"], styles["toc2"]], dotsMinLevel=0)
    story: list[Any] = []
    for n, b in enumerate(blocks):
        if n == toc_after and toc_after:
            story += [Paragraph("Contents", styles["h2"]), toc, Spacer(1, 8)]
        if b.kind == "page":  # a new page, unless most of this one is still free
            story.append(CondPageBreak(0.55 * (PAGE_H - MARGIN_TOP - MARGIN_BOTTOM)))
        elif b.kind in ("h1", "h2", "h3"):
            para = Paragraph(escape(b.text), styles[b.kind])
            if b.kind != "h1":
                para.toc_level = 0 if b.kind == "h2" else 1
                para.toc_key = n
            story.append(para)
        elif b.kind == "p":
            # a short lead-in stays on the page of its table or list
            nxt = blocks[n + 1] if n + 1 < len(blocks) else None
            lead = nxt is not None and nxt.kind in ("table", "list") and len(nxt.rows) < 25 and len(b.text) < 400
            story.append(Paragraph(escape(b.text), styles["lead" if lead else "p"]))
        elif b.kind == "list":
            story += [Paragraph(escape(r[0]), styles["list"], bulletText="\u2022") for r in b.rows]
            story.append(Spacer(1, 4))
        elif b.kind == "table":
            story += [_table(b, styles, width), Spacer(1, 7)]
        elif b.kind == "plot" and b.text in images:
            w = PLOT_WIDTH * width
            img = Image(io.BytesIO(images[b.text]), width=w, height=w * image_ratio)
            story.append(KeepTogether([img, Paragraph(escape(b.headers[0]), styles["caption"]), Spacer(1, 6)]))
    return story


def pdf_document(blocks: Sequence[Block], *, title: str, running_head: str, stamp: str,
                 date: datetime.date, images: Mapping[str, bytes], image_ratio: float,
                 subject: str = "", toc_after: int = 0) -> bytes:
    """The blocks as a typeset PDF: headings (h2 and h3 in the table of contents and the PDF's
    outline), wrapped paragraphs, tables whose cells wrap (the header row repeated on each page they
    span), plots (PNG ``images`` by key, ``image_ratio`` height / width) where their blocks stand;
    the running head and ``stamp`` (version, date) atop each page, "page N of M" at its foot. The table
    of contents follows the first ``toc_after`` blocks (the title block)."""
    reportlab("a PDF document")
    from reportlab.lib import colors
    from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

    _fonts()
    styles = _styles()
    width = PAGE_W - 2 * MARGIN_X
    stamp_date = date.strftime("%Y%m%d")

    def page_marks(canvas: Any, doc: Any) -> None:
        """The running head, the version and date, and "page N of M" (M: the pages of the last pass)."""
        canvas.saveState()
        canvas.setDateFormatter(lambda *_: f"D:{stamp_date}000000+00'00'")
        canvas.setFont(FONT, TABLE_PT)
        canvas.setFillColor(colors.HexColor("#444444"))
        canvas.drawString(MARGIN_X, HEAD_Y, running_head)
        canvas.drawRightString(PAGE_W - MARGIN_X, HEAD_Y, stamp)
        canvas.setStrokeColor(colors.HexColor("#999999"))
        canvas.setLineWidth(0.4)
        canvas.line(MARGIN_X, HEAD_Y - 3, PAGE_W - MARGIN_X, HEAD_Y - 3)
        canvas.drawCentredString(PAGE_W / 2, FOOT_Y, f"page {doc.page} of {doc.total}")
        canvas.restoreState()

    class Doc(BaseDocTemplate):  # type: ignore[misc]  # reportlab ships no types
        """multiBuild runs passes until the table of contents settles; "page N of M" takes M from the
        pass before, so a pass is also needed until M is the page count of the pass itself."""

        total = 0
        pages = 0

        def beforeDocument(self) -> None:  # noqa: N802  # reportlab's name
            self.total = self.pages or 1

        def afterPage(self) -> None:  # noqa: N802
            self.pages = self.page

        def _allSatisfied(self) -> bool:  # noqa: N802
            return bool(super()._allSatisfied()) and self.pages == self.total

        def afterFlowable(self, flowable: Any) -> None:  # noqa: N802  # reportlab's name
            level = getattr(flowable, "toc_level", None)
            if level is None:
                return
            key = f"h{flowable.toc_key}"  # written in the file: a counter, not an id(), for the same bytes
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(flowable.getPlainText(), key, level, closed=level > 0)
            self.notify("TOCEntry", (level, flowable.getPlainText(), self.page, key))

    buf = io.BytesIO()
    doc = Doc(buf, pagesize=(PAGE_W, PAGE_H), leftMargin=MARGIN_X, rightMargin=MARGIN_X, topMargin=MARGIN_TOP,
              bottomMargin=MARGIN_BOTTOM, title=title, author="caribbean-exact", subject=subject,
              creator="caribbean-exact", invariant=1)
    frame = Frame(MARGIN_X, MARGIN_BOTTOM, width, PAGE_H - MARGIN_TOP - MARGIN_BOTTOM, id="text",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=page_marks)])
    story = _story(blocks, styles, width, images, image_ratio, toc_after)
    doc.multiBuild(story)
    return buf.getvalue()
