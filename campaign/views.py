"""Campaign pages: create and configure, join, build the starting arsenal, New Hires,
and the arsenal sheet. Views parse input, check permissions, call a service, render."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from campaign import sheet_cache
from campaign.forms import (
    CampaignForm,
    HideOutForm,
    JoinCampaignForm,
    NewHiresForm,
    StartingArsenalForm,
    TradeEquipmentForm,
    TradeScripForm,
)
from campaign.models import ArsenalModel, ArsenalUpgrade, Campaign, Crew
from campaign.selectors import crew_queryset, sheet_crew_queryset
from campaign.services import campaigns as campaign_services
from campaign.services import catch_up, hideouts, optional_rules
from campaign.services import crews as crew_services
from campaign.services.access import (
    can_edit_crew,
    can_manage_campaign,
    can_view_campaign,
    require_campaign_manager,
    require_crew_editor,
)
from campaign.services.errors import CampaignError
from catalogue.models import Station
from league import permissions as league_permissions
from league.models import League
from rules.engine import hiring
from rules.hide_out_names import hide_out_name


def _campaign_for(request, pk) -> Campaign:
    campaign = get_object_or_404(Campaign.objects.select_related("league"), pk=pk)
    if not can_view_campaign(request.user, campaign):
        raise PermissionDenied(gettext("This campaign is visible to its league's members only."))
    return campaign


@login_required
def campaign_create(request: HttpRequest, league_slug: str) -> HttpResponse:
    league = get_object_or_404(League, slug=league_slug)
    if not league_permissions.can_manage_league(request.user, league):
        raise PermissionDenied(gettext("Only the league's admins and organizers create campaigns."))
    form = CampaignForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        packs = data.pop("content_packs")
        campaign = campaign_services.create_campaign(
            league=league, actor=request.user, content_packs=packs, **data
        )
        messages.success(
            request,
            gettext("%(campaign)s is set up. Players can now join with a crew.")
            % {"campaign": campaign},
        )
        return redirect(campaign)
    return render(request, "campaign/form.html", {"form": form, "league": league})


@login_required
def campaign_edit(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _campaign_for(request, pk)
    require_campaign_manager(request.user, campaign)
    form = CampaignForm(request.POST or None, instance=campaign)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        packs = data.pop("content_packs")
        try:
            campaign_services.update_campaign(
                campaign=campaign, actor=request.user, content_packs=packs, **data
            )
            messages.success(request, gettext("Settings saved."))
            return redirect(campaign)
        except CampaignError as exc:
            form.add_error(None, str(exc))
    return render(
        request,
        "campaign/form.html",
        {"form": form, "league": campaign.league, "campaign": campaign},
    )


def campaign_detail(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _campaign_for(request, pk)
    crews = list(
        campaign.crews.exclude(status=Crew.Status.RETIRED).select_related(
            "player", "faction", "leader__card"
        )
    )
    mine = next((c for c in crews if c.player_id == request.user.pk), None)
    is_member = league_permissions.is_member(request.user, campaign.league)
    return render(
        request,
        "campaign/detail.html",
        {
            "campaign": campaign,
            "crews": crews,
            "mine": mine,
            "manager": can_manage_campaign(request.user, campaign),
            "join_form": JoinCampaignForm()
            if is_member and not mine and not campaign.is_read_only
            else None,
        },
    )


@login_required
@require_POST
def campaign_join(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _campaign_for(request, pk)
    form = JoinCampaignForm(request.POST)
    if form.is_valid():
        try:
            crew = crew_services.join_campaign(
                campaign=campaign, player=request.user, **form.cleaned_data
            )
            messages.success(
                request,
                gettext("%(crew)s joined. Now build its starting arsenal.") % {"crew": crew},
            )
            return redirect("campaign:build", crew.pk)
        except CampaignError as exc:
            messages.error(request, str(exc))
    else:
        messages.error(request, gettext("Give the crew a name and choose a faction."))
    return redirect(campaign)


@login_required
@require_POST
def campaign_start(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _campaign_for(request, pk)
    try:
        campaign_services.start_campaign(campaign=campaign, actor=request.user)
        messages.success(
            request, gettext("%(campaign)s is running: week 1 has begun.") % {"campaign": campaign}
        )
    except CampaignError as exc:
        messages.error(request, str(exc))
    return redirect(campaign)


def _crew_for(request, pk, *, queryset=None) -> Crew:
    crew = get_object_or_404(crew_queryset() if queryset is None else queryset, pk=pk)
    if not can_view_campaign(request.user, crew.campaign):
        raise PermissionDenied(gettext("This campaign is visible to its league's members only."))
    return crew


def crew_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    crew = _crew_for(request, pk, queryset=sheet_crew_queryset())
    can_edit = can_edit_crew(request.user, crew) and not crew.campaign.is_read_only
    return render(
        request,
        "campaign/sheet.html",
        {
            "crew": crew,
            "campaign": crew.campaign,
            "sheet_body": sheet_cache.sheet_body(request, crew, can_edit=can_edit),
        },
    )


def _builder_choices(crew: Crew):
    campaign = crew.campaign
    faction_or_merc = Q(factions=crew.faction) | Q(is_mercenary=True)
    cards = (
        crew_services.cards_for(campaign)
        .filter(faction_or_merc)
        .exclude(station=Station.MASTER)
        .distinct()
        .order_by("station", "name")
    )
    leader_stations = [Station.MASTER] if campaign.masters_from_start else [Station.HENCHMAN]
    leaders = (
        crew_services.cards_for(campaign)
        .filter(factions=crew.faction, station__in=leader_stations)
        .order_by("name")
    )
    upgrades = (
        crew_services.upgrades_for(campaign)
        .filter(Q(factions=crew.faction) | Q(factions__isnull=True))
        .distinct()
        .order_by("name")
    )
    return leaders, cards, upgrades


@login_required
def crew_build(request: HttpRequest, pk: int) -> HttpResponse:
    """The starting arsenal builder: live totals (HTMX), every refusal explained."""
    crew = _crew_for(request, pk)
    require_crew_editor(request.user, crew)
    if crew.status != Crew.Status.BUILDING:
        messages.info(request, gettext("The starting arsenal is already built."))
        if request.htmx:
            # A live summary sent as the Build button submits (the last field's change on
            # blur) must not swap the whole sheet into the summary box: go to the sheet.
            return HttpResponseClientRedirect(crew.get_absolute_url())
        return redirect(crew)
    leaders, cards, upgrades = _builder_choices(crew)
    form = StartingArsenalForm(
        request.POST or None, leaders=leaders, cards=cards, upgrades=upgrades
    )
    plan = None
    if request.method == "POST" and form.is_valid():
        leader, models, upgrade, index = form.selection()
        if not form.errors:
            plan = crew_services.plan_for(
                crew, leader=leader, models=models, upgrade=upgrade, upgrade_on_index=index
            )
            if request.POST.get("action") == "build" and plan.is_legal:
                try:
                    crew_services.build_starting_arsenal(
                        crew=crew,
                        actor=request.user,
                        leader=leader,
                        models=models,
                        upgrade=upgrade,
                        upgrade_on_index=index,
                    )
                    messages.success(
                        request, gettext("%(crew)s's arsenal is ready.") % {"crew": crew}
                    )
                    return redirect(crew)
                except hiring.HiringRefused as exc:
                    plan = None
                    for reason in exc.reasons:
                        form.add_error(None, reason)
                except CampaignError as exc:
                    form.add_error(None, str(exc))
    context = {
        "crew": crew,
        "form": form,
        "plan": plan,
        "budget": crew.campaign.starting_arsenal_size,
    }
    if request.htmx:
        return render(request, "campaign/_build_summary.html", context)
    return render(request, "campaign/build.html", context)


@login_required
def crew_hire(request: HttpRequest, pk: int) -> HttpResponse:
    """New Hires for the current week."""
    crew = _crew_for(request, pk)
    require_crew_editor(request.user, crew)
    _, cards, upgrades = _builder_choices(crew)
    form = NewHiresForm(request.POST or None, cards=cards, upgrades=upgrades)
    if request.method == "POST" and form.is_valid():
        models, bought = form.hires()
        try:
            result = crew_services.new_hires(
                crew=crew, actor=request.user, models=models, upgrades=bought
            )
            messages.success(
                request,
                gettext("Hired %(len)s model(s) and %(len2)s upgrade(s) for %(scrip_spent)s scrip.")
                % {
                    "len": len(result.models),
                    "len2": len(result.upgrades),
                    "scrip_spent": result.scrip_spent,
                },
            )
            return redirect(crew)
        except hiring.HiringRefused as exc:
            for reason in exc.reasons:
                form.add_error(None, reason)
        except CampaignError as exc:
            form.add_error(None, str(exc))
    masters = (
        crew_services.cards_for(crew.campaign)
        .filter(factions=crew.faction, station=Station.MASTER)
        .order_by("name")
    )
    return render(request, "campaign/hire.html", {"crew": crew, "form": form, "masters": masters})


@login_required
@require_POST
def crew_add_master(request: HttpRequest, pk: int) -> HttpResponse:
    crew = _crew_for(request, pk)
    master = get_object_or_404(
        crew_services.cards_for(crew.campaign),
        pk=request.POST.get("master"),
        station=Station.MASTER,
    )
    try:
        crew_services.add_master(crew=crew, actor=request.user, master=master)
        messages.success(
            request,
            gettext("%(name)s joins and now leads %(crew)s.") % {"name": master.name, "crew": crew},
        )
    except hiring.HiringRefused as exc:
        messages.error(request, " ".join(exc.reasons))
    except CampaignError as exc:
        messages.error(request, str(exc))
    return redirect(crew)


@login_required
def crew_start_anew(request: HttpRequest, pk: int) -> HttpResponse:
    crew = _crew_for(request, pk)
    require_crew_editor(request.user, crew)
    form = JoinCampaignForm(request.POST or None, initial={"faction": crew.faction})
    if request.method == "POST" and form.is_valid():
        try:
            new = crew_services.start_anew(crew=crew, actor=request.user, **form.cleaned_data)
            messages.success(
                request,
                gettext("%(crew)s is retired. Build %(new)s's starting arsenal.")
                % {"crew": crew, "new": new},
            )
            return redirect("campaign:build", new.pk)
        except CampaignError as exc:
            form.add_error(None, str(exc))
    return render(request, "campaign/start_anew.html", {"crew": crew, "form": form})


@login_required
@require_POST
def upgrade_move(request: HttpRequest, pk: int, upgrade_pk: int) -> HttpResponse:
    crew = _crew_for(request, pk)
    upgrade = get_object_or_404(ArsenalUpgrade, pk=upgrade_pk, crew=crew)
    target_pk = request.POST.get("model")
    model = get_object_or_404(ArsenalModel, pk=target_pk, crew=crew) if target_pk else None
    try:
        crew_services.attach_upgrade(crew=crew, actor=request.user, upgrade=upgrade, model=model)
        messages.success(request, gettext("%(name)s moved.") % {"name": upgrade.name})
    except hiring.HiringRefused as exc:
        messages.error(request, " ".join(exc.reasons))
    except CampaignError as exc:
        messages.error(request, str(exc))
    return redirect(crew)


@login_required
@require_POST
def crew_choose_hide_out(request: HttpRequest, pk: int) -> HttpResponse:
    """Hide Outs mode: the crew's Hide Out, once, from the sheet."""
    crew = _crew_for(request, pk)
    require_crew_editor(request.user, crew)
    form = HideOutForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(form.errors["key"]))
        return redirect(crew)
    try:
        hide_out = hideouts.choose_hide_out(crew=crew, actor=request.user,
                                            key=form.cleaned_data["key"])
        messages.success(request, gettext("%(crew)s builds a %(hide_out)s.") % {
            "crew": crew, "hide_out": hide_out_name(hide_out.name)})
    except CampaignError as exc:
        messages.error(request, str(exc))
    return redirect(f"{crew.get_absolute_url()}#hide-out")


@login_required
@require_POST
def catch_up_flip(request: HttpRequest, pk: int) -> HttpResponse:
    crew = _crew_for(request, pk)
    try:
        made = catch_up.flip(crew=crew, actor=request.user)
        messages.success(request, _("Catch-up Barter flip %(n)s: %(card)s.")
                         % {"n": made.number, "card": made.card})
    except CampaignError as exc:
        messages.error(request, str(exc))
    return redirect(crew)


@login_required
@require_POST
def catch_up_buy(request: HttpRequest, pk: int) -> HttpResponse:
    crew = _crew_for(request, pk)
    model_pk = request.POST.get("model")
    model = get_object_or_404(ArsenalModel, pk=model_pk, crew=crew) \
        if model_pk and model_pk.isdigit() else None
    number = request.POST.get("number", "")
    try:
        if not number.isdigit():
            raise CampaignError(_("Choose which catch-up flip buys it."))
        row = catch_up.buy(crew=crew, actor=request.user, number=int(number),
                           key=request.POST.get("key", "")[:80], model=model)
        messages.success(request, _("Bought %(name)s.") % {"name": row.name})
    except CampaignError as exc:
        messages.error(request, str(exc))
    return redirect(crew)


def _trade(request: HttpRequest, pk: int, form_class, template: str, trade) -> HttpResponse:
    """One Collusion and Trading form, between games. With HTMX the form loads into the
    arsenal sheet and a refusal comes back into it (status 400); without, it is a page of
    its own. ``trade(crew, cleaned_data)`` makes the trade and returns (message, anchor)."""
    crew = _crew_for(request, pk)
    require_crew_editor(request.user, crew)
    refusal = optional_rules.option_refusal(crew.campaign, "collusion_and_trading")
    if refusal is not None:
        messages.error(request, refusal)
        if request.htmx:  # the sheet, not swapped into the form's place
            return HttpResponseClientRedirect(crew.get_absolute_url())
        return redirect(crew)
    form = form_class(request.POST or None, crew=crew)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                message, anchor = trade(crew, form.cleaned_data)
            except CampaignError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, message)
                sheet = f"{crew.get_absolute_url()}#{anchor}"
                if request.htmx:
                    return HttpResponseClientRedirect(sheet)
                return redirect(sheet)
        status = 400
    context = {"crew": crew, "form": form}
    if request.htmx:
        return render(request, f"campaign/_{template}.html", context, status=status)
    return render(request, f"campaign/{template}.html", context, status=status)


@login_required
def crew_trade_scrip(request: HttpRequest, pk: int) -> HttpResponse:
    """Collusion and Trading: give scrip to another active crew of the campaign."""

    def trade(crew, data):
        amount = optional_rules.trade_scrip(crew=crew, to_crew=data["to_crew"],
                                            amount=data["amount"], actor=request.user)
        return (_("%(crew)s gave %(amount)s scrip to %(to_crew)s.")
                % {"crew": crew, "amount": amount, "to_crew": data["to_crew"]}), "scrip"

    return _trade(request, pk, TradeScripForm, "trade_scrip", trade)


@login_required
def crew_trade_equipment(request: HttpRequest, pk: int) -> HttpResponse:
    """Collusion and Trading: give one of the crew's Campaign Equipment upgrades to another
    active crew of the campaign."""

    def trade(crew, data):
        upgrade, to_crew = data["upgrade"], data["to_crew"]
        optional_rules.trade_equipment(upgrade=upgrade, to_crew=to_crew, actor=request.user)
        return (_("%(crew)s gave %(upgrade)s to %(to_crew)s.")
                % {"crew": crew, "upgrade": upgrade.name, "to_crew": to_crew}), \
            "trade-equipment"

    return _trade(request, pk, TradeEquipmentForm, "trade_equipment", trade)
