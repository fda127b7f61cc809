"""The crew's stat cards laid out for printing (several per A4 or Letter page) and its
roster as a PDF. Read only: whoever may see the campaign may print its crews."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.utils.translation import gettext as _

from campaign.models import Crew
from campaign.roster_pdf import PAPERS, roster_pdf
from campaign.selectors import arsenal_sheet, crew_queryset
from campaign.services.access import can_view_campaign

COLUMNS = ("2", "3")


def _crew(request: HttpRequest, pk: int) -> Crew:
    crew = get_object_or_404(crew_queryset(), pk=pk)
    if not can_view_campaign(request.user, crew.campaign):
        raise PermissionDenied(_("This campaign is visible to its league's members only."))
    return crew


def _choice(request: HttpRequest, name: str, allowed, default: str) -> str:
    value = request.GET.get(name, default)
    return value if value in allowed else default


def crew_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """The print view: ``?paper=a4|letter`` sets the page size, ``?columns=2|3`` how many
    cards sit side by side."""
    crew = _crew(request, pk)
    return render(request, "campaign/cards_print.html", {
        "crew": crew, "campaign": crew.campaign, "sheet": arsenal_sheet(crew),
        "paper": _choice(request, "paper", PAPERS, "a4"),
        "columns": _choice(request, "columns", COLUMNS, "2"),
        "papers": PAPERS, "column_choices": COLUMNS,
    })


def crew_roster_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    crew = _crew(request, pk)
    paper = _choice(request, "paper", PAPERS, "a4")
    response = HttpResponse(roster_pdf(arsenal_sheet(crew), paper=paper),
                            content_type="application/pdf")
    name = slugify(crew.name) or f"crew-{crew.pk}"
    response["Content-Disposition"] = f'inline; filename="{name}-roster.pdf"'
    return response
