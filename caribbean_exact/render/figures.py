"""matplotlib for every drawing, in one place: loading it, the metadata that keeps bytes reproducible,
the palette, the fonts, text measured and wrapped.

matplotlib is optional (``pip install 'caribbean-exact[plot]'``): ``pyplot(what)`` loads it without a
display, or says in one line what needs it. The chart, the strategy card and the math report draw
through here, so they print in one palette (Okabe-Ito, safe for colour-blind readers), one font and
with metadata that hold no date, which makes their files the same bytes under the same matplotlib.
"""

from __future__ import annotations

import contextlib
import io
import textwrap
from collections.abc import Callable
from typing import Any

from ..errors import InvalidRules

__all__ = ["OKABE_ITO", "RC", "measure", "metadata", "pyplot", "save_pages", "wrap", "wrap_chars"]

#: The Okabe-Ito colours (Okabe and Ito, "Color Universal Design", 2008) the drawings use. Sky blue
#: and orange print as the same grey: a drawing that tells them apart also marks one with a border.
OKABE_ITO = {"sky blue": "#56B4E9", "orange": "#E69F00", "vermillion": "#D55E00", "blue": "#0072B2",
             "grey": "#999999"}
#: matplotlib settings of every drawing: text kept as text (SVG) or embedded TrueType (PDF), a fixed
#: hash salt (SVG ids), one font family.
RC: Any = {"svg.fonttype": "none", "svg.hashsalt": "caribbean-exact", "pdf.fonttype": 42,
           "font.family": "DejaVu Sans"}


def pyplot(what: str, hint: str = "") -> Any:
    """``matplotlib.pyplot`` on the Agg backend (no display), or ``InvalidRules`` saying that
    ``what`` needs it (``hint``: what to do instead)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise InvalidRules(f"{what} needs matplotlib: pip install 'caribbean-exact[plot]'{hint}") from None
    return plt


def metadata(fmt: str, producer: str = "caribbean-exact") -> dict[str, str | None]:
    """The metadata a saved figure carries: no creation date, no software version, so the bytes
    depend only on what is drawn and on the matplotlib that draws it.

    >>> metadata("png")
    {'Software': None}
    """
    if fmt == "pdf":
        return {"Creator": "caribbean-exact", "Producer": producer, "CreationDate": None}
    if fmt == "svg":
        return {"Creator": "caribbean-exact", "Date": None}
    return {"Software": None}


def measure(pt: float, family: str = "DejaVu Sans", weight: str = "normal") -> Callable[[str], float]:
    """The printed width of a text in inches, at ``pt`` points (matplotlib's font metrics)."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextToPath

    prop, t2p = FontProperties(family=family, size=pt, weight=weight), TextToPath()
    return lambda s: float(t2p.get_text_width_height_descent(s, prop, ismath=False)[0]) / 72


def wrap(text: str, width: float, measured: Callable[[str], float]) -> list[str]:
    """``text`` in lines no wider than ``width`` inches (as ``measured``), broken between words.

    >>> wrap("one two three", 8, len)
    ['one two', 'three']
    """
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and measured(f"{line} {word}") > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line else lines


def wrap_chars(text: str, size: float, width_in: float) -> list[str]:
    """``text`` wrapped by an average character width (0.52 em) instead of measuring each line."""
    per_line = max(20, int(width_in * 72 / (0.52 * size)))
    return textwrap.wrap(text, per_line) or [""]


#: The printed page of the charts, inches: inside both US Letter (8.5 x 11) and A4 (8.27 x 11.69).
PAGE = (8.25, 11.0)


def save_pages(fmt: str, pages: int, draw: Callable[[Any, int], None], size: tuple[float, float] = PAGE
               ) -> list[bytes]:
    """Pages drawn by ``draw(figure, number)`` (0-based) as bytes: one PDF of every page, or one PNG
    or SVG a page (``fmt``), ``size`` inches each, in the drawings' settings (``RC``) and with
    ``metadata``: the same drawing gives the same bytes."""
    pyplot("--plot")
    import matplotlib
    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_pdf import PdfPages

    out: list[bytes] = []
    with matplotlib.rc_context(RC):
        pdf_buf = io.BytesIO()
        with contextlib.ExitStack() as stack:
            doc = stack.enter_context(PdfPages(pdf_buf, metadata=metadata("pdf"))) if fmt == "pdf" else None
            for number in range(pages):
                fig = plt.figure(figsize=size)
                try:
                    draw(fig, number)
                    if doc is not None:
                        doc.savefig(fig)
                    else:
                        buf = io.BytesIO()
                        fig.savefig(buf, format=fmt, dpi=200, metadata=metadata(fmt))
                        out.append(buf.getvalue())
                finally:
                    plt.close(fig)
        if fmt == "pdf":
            out.append(pdf_buf.getvalue())
    return out
