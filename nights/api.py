"""Campaign nights API: the same data as the night page and the same controls, each
calling a night service. Reads follow the campaign's visibility; every write is checked
by its service (organizers run the night, a player checks their own crew in).

Serializer names all start with ``Night`` so their OpenAPI components stay unique.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from campaign.models import Campaign, Crew
from campaign.selectors import visible_campaigns
from config.fields import ListSerializer
from nights import selectors, services
from nights.models import CampaignNight, CheckIn, Pairing

# --- Output ---------------------------------------------------------------------------


class NightCrewSerializer(serializers.ModelSerializer):
    player = serializers.StringRelatedField()

    class Meta:
        model = Crew
        fields = ["id", "name", "player"]


class NightCheckInSerializer(serializers.ModelSerializer):
    crew = NightCrewSerializer()

    class Meta:
        model = CheckIn
        fields = ["crew", "at"]


class NightGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    state = serializers.CharField()
    status = serializers.CharField(
        help_text=gettext_lazy("The state in words, as the dashboard shows it.")
    )


class NightPairingSerializer(serializers.ModelSerializer):
    crew_a = NightCrewSerializer()
    crew_b = NightCrewSerializer(allow_null=True)
    game = serializers.SerializerMethodField()

    class Meta:
        model = Pairing
        fields = ["id", "table", "crew_a", "crew_b", "bye", "game", "explanations"]

    def get_game(self, pairing) -> NightGameSerializer(allow_null=True):
        if not pairing.game_id:
            return None
        game = pairing.game
        return {
            "id": game.pk,
            "state": game.state,
            "status": selectors.GAME_STATUS.get(game.state, game.state),
        }


class NightSerializer(serializers.ModelSerializer):
    week = serializers.IntegerField(source="week.number")

    class Meta:
        model = CampaignNight
        fields = [
            "id",
            "campaign",
            "week",
            "date",
            "state",
            "method",
            "created_at",
            "started_at",
            "closed_at",
        ]


class NightDetailSerializer(NightSerializer):
    allowed_next_states = serializers.SerializerMethodField()
    check_ins = NightCheckInSerializer(many=True)
    pairings = NightPairingSerializer(many=True)
    notes = serializers.ListField(
        child=serializers.DictField(),
        help_text=gettext_lazy("Why checked-in crews got no game: crew and text."),
    )

    class Meta(NightSerializer.Meta):
        fields = [
            *NightSerializer.Meta.fields,
            "seed",
            "allowed_next_states",
            "check_ins",
            "pairings",
            "notes",
        ]

    def get_allowed_next_states(self, night) -> list[str]:
        return list(night.LIFECYCLE.allowed_from(night.state))


# --- Input ----------------------------------------------------------------------------


class NightCampaignField(serializers.PrimaryKeyRelatedField):
    """A campaign the caller may see."""

    def get_queryset(self):
        return visible_campaigns(self.context["request"].user)


class NightOpenSerializer(serializers.Serializer):
    campaign = NightCampaignField(queryset=Campaign.objects.all())
    date = serializers.DateField(required=False, help_text=gettext_lazy("Today when left out."))


class NightCrewField(serializers.PrimaryKeyRelatedField):
    """A crew of the night's campaign."""

    def get_queryset(self):
        return Crew.objects.filter(campaign=self.context["night"].campaign_id)


class NightCrewInputSerializer(serializers.Serializer):
    crew = NightCrewField(queryset=Crew.objects.all())


class NightGenerateSerializer(serializers.Serializer):
    method = serializers.ChoiceField(choices=CampaignNight.Method.choices)


class NightSwapSerializer(serializers.Serializer):
    crew_x = NightCrewField(queryset=Crew.objects.all())
    crew_y = NightCrewField(queryset=Crew.objects.all())

    def validate(self, attrs):
        if attrs["crew_x"] == attrs["crew_y"]:
            raise serializers.ValidationError({"crew_y": ["Choose a different crew."]})
        return attrs


class NightTableSerializer(serializers.Serializer):
    pairing = serializers.IntegerField()
    table = serializers.IntegerField(min_value=1, max_value=services.MAX_TABLE)

    class Meta:
        list_serializer_class = ListSerializer  # publishes the list's max_length


class NightTablesSerializer(serializers.Serializer):
    tables = NightTableSerializer(many=True, allow_empty=False, max_length=services.MAX_TABLE)

    def validate_tables(self, value):
        ids = [row["pairing"] for row in value]
        if len(set(ids)) != len(ids):
            raise serializers.ValidationError(gettext("List each pairing once."))
        return value


# --- Views ----------------------------------------------------------------------------


class NightViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Campaign nights. ``?campaign=<id>`` lists one campaign's nights."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    serializer_class = NightSerializer

    def get_queryset(self):
        nights = selectors.visible_nights(self.request.user).order_by("-date", "-id")
        campaign = self.request.query_params.get("campaign")
        if self.action == "list" and campaign:
            if not (campaign.isascii() and campaign.isdigit()) or len(campaign) > 18:
                raise serializers.ValidationError({"campaign": ["Give a campaign id."]})
            nights = nights.filter(campaign=campaign)
        if self.action == "retrieve":
            nights = selectors.with_details(nights)
        return nights

    def get_serializer_class(self):
        return NightDetailSerializer if self.action == "retrieve" else NightSerializer

    def _night(self) -> CampaignNight:
        return get_object_or_404(selectors.visible_nights(self.request.user), pk=self.kwargs["pk"])

    def _input(self, serializer_class, night=None):
        serializer = serializer_class(
            data=self.request.data, context={"night": night, "request": self.request}
        )
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def _detail(self, night, code=status.HTTP_200_OK) -> Response:
        fresh = selectors.with_details().get(pk=night.pk)
        return Response(NightDetailSerializer(fresh).data, status=code)

    @extend_schema(parameters=[OpenApiParameter("campaign", int, required=False)])
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(request=NightOpenSerializer, responses={201: NightDetailSerializer})
    def create(self, request):
        data = self._input(NightOpenSerializer)
        night = services.open_night(
            campaign=data["campaign"], actor=request.user, date=data.get("date")
        )
        return self._detail(night, status.HTTP_201_CREATED)

    @extend_schema(request=NightCrewInputSerializer, responses=NightDetailSerializer)
    @action(detail=True, methods=["post"], url_path="check-ins")
    def check_in(self, request, pk=None):
        night = self._night()
        data = self._input(NightCrewInputSerializer, night)
        services.check_in(night=night, crew=data["crew"], actor=request.user)
        return self._detail(night)

    @extend_schema(request=NightCrewInputSerializer, responses=NightDetailSerializer)
    @action(detail=True, methods=["post"], url_path="check-out")
    def check_out(self, request, pk=None):
        night = self._night()
        data = self._input(NightCrewInputSerializer, night)
        services.check_out(night=night, crew=data["crew"], actor=request.user)
        return self._detail(night)

    @extend_schema(request=NightGenerateSerializer, responses=NightDetailSerializer)
    @action(detail=True, methods=["post"])
    def generate(self, request, pk=None):
        night = self._night()
        data = self._input(NightGenerateSerializer, night)
        services.generate_pairings(night=night, actor=request.user, method=data["method"])
        return self._detail(night)

    @extend_schema(request=NightSwapSerializer, responses=NightDetailSerializer)
    @action(detail=True, methods=["post"])
    def adjust(self, request, pk=None):
        night = self._night()
        data = self._input(NightSwapSerializer, night)
        services.swap(night=night, actor=request.user, crew_x=data["crew_x"], crew_y=data["crew_y"])
        return self._detail(night)

    @extend_schema(request=NightTablesSerializer, responses=NightDetailSerializer)
    @action(detail=True, methods=["post"])
    def tables(self, request, pk=None):
        night = self._night()
        data = self._input(NightTablesSerializer, night)
        services.assign_tables(
            night=night,
            actor=request.user,
            tables={row["pairing"]: row["table"] for row in data["tables"]},
        )
        return self._detail(night)

    @extend_schema(request=None, responses=NightDetailSerializer)
    @action(detail=True, methods=["post"])
    def start(self, request, pk=None):
        night = self._night()
        services.start_games(night=night, actor=request.user)
        return self._detail(night)

    @extend_schema(request=None, responses=NightDetailSerializer)
    @action(detail=True, methods=["post"])
    def close(self, request, pk=None):
        night = self._night()
        services.close_night(night=night, actor=request.user)
        return self._detail(night)
