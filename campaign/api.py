"""Campaign API: campaigns, crews, arsenal sheets, the starting arsenal, New Hires and
trading (Collusion and Trading)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from campaign.models import ArsenalModel, ArsenalUpgrade, Campaign, Crew, ScripEntry
from campaign.selectors import arsenal_sheet, crew_queryset, visible_campaigns
from campaign.services import campaigns as campaign_services
from campaign.services import catch_up, hideouts, optional_rules
from campaign.services import crews as crew_services
from campaign.services.access import can_view_campaign, require_crew_editor
from catalogue.models import Faction, ModelCard, UpgradeCard
from config.fields import PrimaryKeyRelatedField
from league.models import League

#: More models than any arsenal purchase takes; a longer list is refused before lookups.
MAX_MODELS = 50


class CampaignSerializer(serializers.ModelSerializer):
    league = serializers.SlugRelatedField(slug_field="slug", queryset=League.objects.all())

    class Meta:
        model = Campaign
        fields = [
            "id", "league", "name", "slug", "description", "status", "visibility",
            "length_weeks", "start_date", "weekday", "current_week", "starting_arsenal_size",
            "max_games_per_week", "aftermath_deadline_hours", *Campaign.OPTION_FIELDS,
            "competitive_mode", "auto_resolve",
        ]
        read_only_fields = ["id", "slug", "status", "current_week"]


class CrewSummarySerializer(serializers.ModelSerializer):
    player = serializers.StringRelatedField()
    faction = serializers.SlugRelatedField(slug_field="code", read_only=True)
    leader = serializers.CharField(source="leader.card.name", default=None, read_only=True)

    class Meta:
        model = Crew
        fields = ["id", "name", "player", "faction", "status", "leader", "scrip", "joined_week"]


class CrewJoinSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    faction = serializers.SlugRelatedField(slug_field="code", queryset=Faction.objects.all())


class StartingArsenalSerializer(serializers.Serializer):
    leader = serializers.PrimaryKeyRelatedField(queryset=ModelCard.objects.all())
    models = PrimaryKeyRelatedField(queryset=ModelCard.objects.all(), many=True,
                                    allow_empty=True, max_length=MAX_MODELS)
    upgrade = serializers.PrimaryKeyRelatedField(queryset=UpgradeCard.objects.all(),
                                                 required=False, allow_null=True)
    upgrade_on = serializers.IntegerField(
        required=False, allow_null=True, min_value=-1,
        help_text=gettext_lazy("-1 for the Leader, else the index into models."))

    def validate(self, attrs):
        if attrs.get("upgrade") and attrs.get("upgrade_on") is None:
            raise serializers.ValidationError({"upgrade_on": "Say which model carries it."})
        if attrs.get("upgrade_on") is not None and attrs["upgrade_on"] >= len(attrs["models"]):
            raise serializers.ValidationError({"upgrade_on": "No model at that index."})
        return attrs


class NewHiresSerializer(serializers.Serializer):
    models = PrimaryKeyRelatedField(queryset=ModelCard.objects.all(), many=True,
                                    max_length=MAX_MODELS)
    upgrades = PrimaryKeyRelatedField(queryset=UpgradeCard.objects.all(), many=True,
                                      required=False, max_length=MAX_MODELS)


class AddMasterSerializer(serializers.Serializer):
    master = serializers.PrimaryKeyRelatedField(queryset=ModelCard.objects.all())


class CatchUpBuySerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=1, max_value=52)
    key = serializers.CharField(max_length=80)
    model = serializers.PrimaryKeyRelatedField(queryset=ArsenalModel.objects.all(),
                                               required=False, allow_null=True)


def _hide_out_keys() -> list[str]:
    from rules import tables

    return [row.key for row in tables.hide_outs().rows]


class HideOutSerializer(serializers.Serializer):
    key = serializers.ChoiceField(choices=_hide_out_keys())


class _TradeSerializer(serializers.Serializer):
    """What both trades share: the receiving crew, another active crew of the giver's
    campaign (a crew of another campaign is no crew at all from here)."""

    to_crew = PrimaryKeyRelatedField(queryset=Crew.objects.all())

    def __init__(self, *args, crew: Crew | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.crew = crew
        if crew is not None:
            field = self.fields["to_crew"]
            field.queryset = Crew.objects.filter(campaign_id=crew.campaign_id)
            field.error_messages["does_not_exist"] = gettext_lazy(
                "Trade with another active crew of this campaign.")

    def validate_to_crew(self, value: Crew) -> Crew:
        crew = self.crew
        if crew is not None and (value.pk == crew.pk or value.campaign_id != crew.campaign_id
                                 or value.status != Crew.Status.ACTIVE):
            raise serializers.ValidationError(
                gettext("Trade with another active crew of this campaign."))
        return value


class TradeScripSerializer(_TradeSerializer):
    """Collusion and Trading: scrip given to another active crew of the same campaign."""

    to_crew = PrimaryKeyRelatedField(
        queryset=Crew.objects.all(),
        help_text=gettext_lazy("The crew that receives the scrip: another active crew of "
                               "this campaign."))
    amount = serializers.IntegerField(
        min_value=1, max_value=1000,
        help_text=gettext_lazy("Scrip to give; it counts toward the receiving crew's weekly "
                               "cap, and a gift above its room this week is refused."))


class TradeScripResultSerializer(serializers.Serializer):
    amount = serializers.IntegerField()
    crew = CrewSummarySerializer()
    to_crew = CrewSummarySerializer()


class TradeEquipmentSerializer(_TradeSerializer):
    """Collusion and Trading: one of the crew's Campaign Equipment upgrades given to
    another active crew of the same campaign."""

    upgrade = PrimaryKeyRelatedField(
        queryset=ArsenalUpgrade.objects.all(),
        help_text=gettext_lazy("The upgrade to give: Campaign Equipment of this crew still in "
                               "its arsenal, never a Skill, an Injury, an ordinary upgrade or "
                               "the Wandering Relic."))
    to_crew = PrimaryKeyRelatedField(
        queryset=Crew.objects.all(),
        help_text=gettext_lazy("The crew that receives the upgrade (unattached): another "
                               "active crew of this campaign."))

    def __init__(self, *args, crew: Crew | None = None, **kwargs):
        super().__init__(*args, crew=crew, **kwargs)
        if crew is not None:  # another crew's upgrade is unknown here
            upgrade = self.fields["upgrade"]
            upgrade.queryset = ArsenalUpgrade.objects.filter(crew_id=crew.pk)
            upgrade.error_messages["does_not_exist"] = gettext_lazy(
                "Trade only this crew's own Campaign Equipment.")

    def validate_upgrade(self, value: ArsenalUpgrade) -> ArsenalUpgrade:
        refusal = optional_rules.equipment_refusal(value)
        if refusal is not None:
            raise serializers.ValidationError(refusal)
        return value


class TradedUpgradeSerializer(serializers.ModelSerializer):
    kind = serializers.CharField(read_only=True)  # "equipment" (no enum of its own)
    status = serializers.CharField(read_only=True)

    class Meta:
        model = ArsenalUpgrade
        fields = ["id", "name", "kind", "table_key", "crew", "attached_to", "status"]


class TradeEquipmentResultSerializer(serializers.Serializer):
    upgrade = TradedUpgradeSerializer()
    crew = CrewSummarySerializer()
    to_crew = CrewSummarySerializer()


class ScripEntrySerializer(serializers.ModelSerializer):
    class Meta:
        model = ScripEntry
        fields = ["id", "week", "kind", "amount", "reason", "created_at"]


def sheet_data(crew: Crew) -> dict:
    sheet = arsenal_sheet(crew)

    def names(rows):
        return [{"id": u.pk, "name": u.name, "kind": u.kind} for u in rows]

    return {
        **CrewSummarySerializer(crew).data,
        "campaign": crew.campaign_id,
        "arsenal_cost": sheet.arsenal_cost,
        "models": [
            {"id": m.row.pk, "card": m.row.card_id, "name": m.row.card.name,
             "station": m.row.station, "is_leader": m.is_leader, "stats": m.stats,
             "cost": m.row.card.cost, "sample_data": m.row.card.pack.is_sample,
             "upgrades": names(m.upgrades), "skills": names(m.skills),
             "injuries": names(m.injuries), "one_use_unspent": names(m.one_use)}
            for m in sheet.models
        ],
        "annihilated": [{"id": m.pk, "name": m.card.name, "week": m.annihilated_week}
                        for m in sheet.annihilated],
        "unattached_upgrades": names(sheet.unattached),
        "scrip_ledger": ScripEntrySerializer(sheet.ledger, many=True).data,
        "bounties": [{"name": b.name, "status": b.status} for b in sheet.bounties],
        "history": [{"week": e.week, "kind": e.kind, "description": e.description}
                    for e in sheet.events],
        "hide_out": ({"key": sheet.hide_out.hide_out_key, "name": sheet.hide_out.name,
                      "flair": sheet.hide_out.flair,
                      "fortifications": [{"key": f.key, "name": f.name}
                                         for f in sheet.fortifications]}
                     if sheet.hide_out else None),
    }


class CampaignViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                      mixins.CreateModelMixin, mixins.UpdateModelMixin,
                      viewsets.GenericViewSet):
    serializer_class = CampaignSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        return visible_campaigns(self.request.user)

    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        serializer.instance = campaign_services.create_campaign(
            league=data.pop("league"), actor=self.request.user, **data)

    def perform_update(self, serializer):
        data = dict(serializer.validated_data)
        data.pop("league", None)
        serializer.instance = campaign_services.update_campaign(
            campaign=serializer.instance, actor=self.request.user, **data)

    @extend_schema(responses={200: CrewSummarySerializer(many=True)})
    @action(detail=True, methods=["get"])
    def crews(self, request, pk=None):
        campaign = self.get_object()
        rows = campaign.crews.exclude(status="retired").select_related(
            "player", "faction", "leader__card")
        return Response(CrewSummarySerializer(rows, many=True).data)

    @extend_schema(request=CrewJoinSerializer, responses={201: CrewSummarySerializer})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def join(self, request, pk=None):
        campaign = self.get_object()
        serializer = CrewJoinSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        crew = crew_services.join_campaign(campaign=campaign, player=request.user,
                                           **serializer.validated_data)
        return Response(CrewSummarySerializer(crew).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={200: CampaignSerializer})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def start(self, request, pk=None):
        campaign = campaign_services.start_campaign(campaign=self.get_object(),
                                                    actor=request.user)
        return Response(CampaignSerializer(campaign).data)


class CrewViewSet(viewsets.GenericViewSet):
    """A crew's arsenal sheet (readable by whoever may see the campaign) and its writes."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    serializer_class = CrewSummarySerializer

    def get_queryset(self):
        return crew_queryset()

    def get_object(self):
        crew = get_object_or_404(self.get_queryset(), pk=self.kwargs["pk"])
        if not can_view_campaign(self.request.user, crew.campaign):
            raise PermissionDenied(
                gettext("This campaign is visible to its league's members only."))
        return crew

    @extend_schema(responses={200: dict})
    def retrieve(self, request, pk=None):
        return Response(sheet_data(self.get_object()))

    @extend_schema(request=StartingArsenalSerializer, responses={201: dict})
    @action(detail=True, methods=["post"], url_path="starting-arsenal")
    def starting_arsenal(self, request, pk=None):
        crew = self.get_object()
        serializer = StartingArsenalSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        crew_services.build_starting_arsenal(
            crew=crew,
            actor=request.user,
            leader=data["leader"],
            models=data["models"],
            upgrade=data.get("upgrade"),
            upgrade_on_index=data.get("upgrade_on"),
        )
        crew = self.get_object()
        return Response(sheet_data(crew), status=status.HTTP_201_CREATED)

    @extend_schema(request=NewHiresSerializer, responses={201: dict})
    @action(detail=True, methods=["post"], url_path="new-hires")
    def new_hires(self, request, pk=None):
        crew = self.get_object()
        serializer = NewHiresSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        crew_services.new_hires(
            crew=crew,
            actor=request.user,
            models=serializer.validated_data["models"],
            upgrades=serializer.validated_data.get("upgrades", []),
        )
        return Response(sheet_data(self.get_object()), status=status.HTTP_201_CREATED)

    @extend_schema(request=AddMasterSerializer, responses={201: dict})
    @action(detail=True, methods=["post"], url_path="add-master")
    def add_master(self, request, pk=None):
        """Adding a Master (10 scrip, from the halfway week, with a completed bounty)."""
        crew = self.get_object()
        serializer = AddMasterSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        crew_services.add_master(
            crew=crew, actor=request.user, master=serializer.validated_data["master"]
        )
        return Response(sheet_data(self.get_object()), status=status.HTTP_201_CREATED)

    @extend_schema(request=CrewJoinSerializer, responses={201: CrewSummarySerializer})
    @action(detail=True, methods=["post"], url_path="start-anew")
    def start_anew(self, request, pk=None):
        """Retire this crew and open a new one (5 more soulstones per week past the first)."""
        crew = self.get_object()
        serializer = CrewJoinSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        new = crew_services.start_anew(crew=crew, actor=request.user, **serializer.validated_data)
        return Response(CrewSummarySerializer(new).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=HideOutSerializer, responses={201: dict})
    @action(detail=True, methods=["post"], url_path="hide-out")
    def hide_out(self, request, pk=None):
        """Hide Outs mode: choose the crew's Hide Out (once, for the whole campaign)."""
        crew = self.get_object()
        require_crew_editor(request.user, crew)
        serializer = HideOutSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        hideouts.choose_hide_out(crew=crew, actor=request.user,
                                 key=serializer.validated_data["key"])
        return Response(sheet_data(self.get_object()), status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={201: dict})
    @action(detail=True, methods=["post"], url_path="catch-up-flip")
    def catch_up_flip(self, request, pk=None):
        """Starting Anew or a late start: the next catch-up Barter flip (never Cheated)."""
        made = catch_up.flip(crew=self.get_object(), actor=request.user)
        return Response({"number": made.number, "card": made.card},
                        status=status.HTTP_201_CREATED)

    @extend_schema(request=CatchUpBuySerializer, responses={201: dict})
    @action(detail=True, methods=["post"], url_path="catch-up-buy")
    def catch_up_buy(self, request, pk=None):
        """Buy the one Campaign Upgrade a catch-up Barter flip allows."""
        crew = self.get_object()
        serializer = CatchUpBuySerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        catch_up.buy(crew=crew, actor=request.user, **serializer.validated_data)
        return Response(sheet_data(self.get_object()), status=status.HTTP_201_CREATED)

    @extend_schema(request=TradeScripSerializer, responses={201: TradeScripResultSerializer})
    @action(detail=True, methods=["post"], url_path="trade-scrip")
    def trade_scrip(self, request, pk=None):
        """Collusion and Trading (an optional rule): give scrip to another active crew of
        the campaign, between games. The crew's player or an organizer gives it; the
        receiving crew's weekly scrip cap limits the amount."""
        crew = self.get_object()
        require_crew_editor(request.user, crew)
        serializer = TradeScripSerializer(data=request.data, crew=crew)
        serializer.is_valid(raise_exception=True)
        to_crew = serializer.validated_data["to_crew"]
        amount = optional_rules.trade_scrip(crew=crew, to_crew=to_crew, actor=request.user,
                                            amount=serializer.validated_data["amount"])
        rows = {c.pk: c for c in self.get_queryset().filter(pk__in=[crew.pk, to_crew.pk])}
        return Response(TradeScripResultSerializer(
            {"amount": amount, "crew": rows[crew.pk], "to_crew": rows[to_crew.pk]}).data,
            status=status.HTTP_201_CREATED)

    @extend_schema(request=TradeEquipmentSerializer,
                   responses={201: TradeEquipmentResultSerializer})
    @action(detail=True, methods=["post"], url_path="trade-equipment")
    def trade_equipment(self, request, pk=None):
        """Collusion and Trading (an optional rule): give one of the crew's Campaign
        Equipment upgrades to another active crew of the campaign, between games. The
        crew's player or an organizer gives it; it arrives unattached. Skills, Injuries,
        ordinary upgrades and the Wandering Relic are never traded."""
        crew = self.get_object()
        require_crew_editor(request.user, crew)
        serializer = TradeEquipmentSerializer(data=request.data, crew=crew)
        serializer.is_valid(raise_exception=True)
        to_crew = serializer.validated_data["to_crew"]
        upgrade = optional_rules.trade_equipment(
            upgrade=serializer.validated_data["upgrade"], to_crew=to_crew, actor=request.user)
        rows = {c.pk: c for c in self.get_queryset().filter(pk__in=[crew.pk, to_crew.pk])}
        return Response(TradeEquipmentResultSerializer(
            {"upgrade": upgrade, "crew": rows[crew.pk], "to_crew": rows[to_crew.pk]}).data,
            status=status.HTTP_201_CREATED)
