"""The crew roster as a PDF (fpdf2): the crew's header and one row per model with its
effective stats, cost and what it carries, on A4 or Letter. Built from the arsenal sheet
and its stat cards, so it adds no query and shows the same values as the page."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from django.utils.translation import gettext as _

from campaign.stat_cards import StatCard, stat_cards

PAPERS = {"a4": "A4", "letter": "Letter"}
FONT_CANDIDATES = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    Path("/usr/share/fonts/dejavu/DejaVuSans.ttf"),
)


def _font(pdf) -> str:
    """A Unicode font when the system has one (French names, dashes); else Helvetica."""
    for path in FONT_CANDIDATES:
        bold = path.with_name(path.stem + "-Bold.ttf")
        if path.exists() and bold.exists():
            pdf.add_font("roster", "", str(path))
            pdf.add_font("roster", "B", str(bold))
            return "roster"
    return "helvetica"


def _latin1(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("latin-1", "ignore").decode("latin-1")


def _carried(card: StatCard) -> str:
    parts = [f"{u.name} ({u.effects})" if u.effects else u.name
             for u in (*card.upgrades, *card.skills)]
    parts += [_("Injury: %(name)s") % {"name": f"{u.name} ({u.effects})" if u.effects
                                       else u.name} for u in card.injuries]
    return "; ".join(parts)


def _stat(stat) -> str:
    if stat.value is None:
        return "-"
    return f"{stat.value}*" if stat.changed else str(stat.value)


def roster_pdf(sheet, *, paper: str = "a4") -> bytes:
    from fpdf import FPDF

    crew = sheet.crew
    cards = stat_cards(sheet.models)
    pdf = FPDF(orientation="landscape", format=PAPERS.get(paper, "A4"))
    pdf.set_auto_page_break(auto=True, margin=12)
    pdf.set_title(f"{crew} - roster")
    pdf.add_page()
    family = _font(pdf)
    text = str if family != "helvetica" else _latin1
    pdf.set_font(family, "B", 16)
    pdf.cell(0, 9, text(str(crew)), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(family, "", 10)
    campaign = crew.campaign
    leader = crew.leader.card.name if crew.leader_id else "-"
    lines = [
        _("%(player)s · %(faction)s · Leader: %(leader)s") % {
            "player": crew.player, "faction": crew.faction, "leader": leader},
        _("%(campaign)s, week %(week)s · Scrip: %(scrip)s · Arsenal: %(count)s models, "
          "%(cost)s soulstones") % {"campaign": campaign, "week": campaign.current_week,
                                    "scrip": crew.scrip, "count": len(cards),
                                    "cost": sheet.arsenal_cost},
    ]
    for line in lines:
        pdf.cell(0, 6, text(line), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    pdf.set_font(family, "", 9)
    headings = [_("Model"), _("Station"), _("Cost"), *(label for label, _s in cards[0].stats),
                _("Upgrades, skills, injuries")] if cards else []
    if cards:
        units = (4, 2.2, 1.2, *(0.8,) * 6, 8.5)
        widths = tuple(pdf.epw * u / sum(units) for u in units)
        aligns = ("LEFT", "LEFT", "RIGHT", *("CENTER",) * 6, "LEFT")
        with pdf.table(col_widths=widths, text_align=aligns, line_height=5.5,
                       first_row_as_headings=True, repeat_headings=1) as grid:
            row = grid.row()
            for title in headings:
                row.cell(text(str(title)))
            for card in cards:
                row = grid.row()
                name = card.name + (f" ({_('Leader')})" if card.is_leader else "")
                cost = "-" if card.cost.value is None else _stat(card.cost)
                for value in (name, card.station_label, cost,
                              *(_stat(s) for _label, s in card.stats), _carried(card)):
                    row.cell(text(str(value)))
        pdf.ln(2)
        pdf.set_font(family, "", 8)
        pdf.cell(0, 5, text(_("* changed by an injury, skill or upgrade (the sheet shows the "
                              "printed value).")), new_x="LMARGIN", new_y="NEXT")
    else:
        pdf.cell(0, 6, text(_("No model in the arsenal yet.")), new_x="LMARGIN", new_y="NEXT")
    if any(c.is_sample for c in cards):
        pdf.cell(0, 5, text(_("Sample data: invented cards, not official stat cards.")),
                 new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())
