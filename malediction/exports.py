"""Files of Malediction: a war band list as PDF (fonts as the standings PDF uses)."""

from __future__ import annotations

from malediction.models import WarBand


def war_band_pdf(band: WarBand) -> bytes:
    from fpdf import FPDF

    from malediction.services.warbands import counts, entries_of
    from standings.exports import _font, _latin1

    deck, side = entries_of(band)
    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(auto=True, margin=12)
    pdf.add_page()
    family = _font(pdf)
    text = str if family != "helvetica" else _latin1
    pdf.set_font(family, "B", 16)
    pdf.cell(0, 9, text(band.name), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(family, "", 10)
    for label, value in (("Seeker", band.seeker.name),
                         ("Legacy", band.legacy.name if band.legacy else "-"),
                         ("Terrain", band.terrain.name)):
        pdf.cell(0, 6, text(f"{label}: {value}"), new_x="LMARGIN", new_y="NEXT")
    total = counts(deck, side)
    for title, pairs, size in (("Deck", deck, total.deck), ("Side deck", side, total.side)):
        if not pairs:
            continue
        pdf.ln(3)
        pdf.set_font(family, "B", 12)
        pdf.cell(0, 7, text(f"{title} ({size})"), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(family, "", 10)
        for card, n in pairs:
            rank = card.get_rank_display() if card.rank else ""
            pdf.cell(0, 5.5, text(f"{n} x {card.name}  ({card.get_kind_display()}, {rank}, "
                                  f"{card.cost} echo)"), new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())
