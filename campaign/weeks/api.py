"""Campaign week API: the same data as the week page (``week_summary``, bullet draws via
``visible_bullet_draws``) and the same controls, each calling a week service.

Serializer names all start with ``Week`` so their OpenAPI components stay unique.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.response import Response

from campaign.models import (
    ArsenalEvent,
    ArsenalUpgrade,
    BulletDraw,
    Crew,
    PitFight,
    PitFightEntry,
    TurnoverRun,
    WeekTransition,
)
from campaign.selectors import visible_campaigns
from campaign.services.access import require_campaign_manager
from campaign.services.errors import CampaignError
from campaign.weeks import selectors
from campaign.weeks import services as week_services
from campaign.weeks.forms import event_choices, games_event_choices
from catalogue.models import UpgradeCard
from config.fields import ListSerializer
from rules.models import FlipRecord

GAMES_NOTE = gettext_lazy("No games recorded yet.")


# --- Output ---------------------------------------------------------------------------


class WeekCrewRefSerializer(serializers.ModelSerializer):
    player = serializers.StringRelatedField()

    class Meta:
        model = Crew
        fields = ["id", "name", "player"]


class WeekScripOpportunitySerializer(serializers.Serializer):
    amount = serializers.IntegerField()
    when = serializers.CharField()


class WeekEventRuleSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    summary = serializers.CharField(
        help_text=gettext_lazy("The event's rules in the product's own words.")
    )
    scrip = WeekScripOpportunitySerializer(many=True)
    flags = serializers.ListField(child=serializers.CharField())
    another_event = serializers.BooleanField(
        help_text=gettext_lazy("This event flips another one.")
    )
    for_games = serializers.BooleanField(help_text=gettext_lazy("The event the week's games use."))
    neutral_models = serializers.ListField(child=serializers.CharField())


class WeekFlipSerializer(serializers.ModelSerializer):
    cards = serializers.ListField(child=serializers.CharField())
    final = serializers.CharField(help_text=gettext_lazy("The card that counts."))
    flipped_by = serializers.StringRelatedField()

    class Meta:
        model = FlipRecord
        fields = [
            "id",
            "purpose",
            "source",
            "seed",
            "cards",
            "chosen",
            "cheated_in",
            "final",
            "flipped_by",
            "created_at",
        ]


class WeekTransitionSerializer(serializers.ModelSerializer):
    actor = serializers.StringRelatedField()

    class Meta:
        model = WeekTransition
        fields = ["from_state", "to_state", "actor", "note", "at"]


class WeekCrewScripSerializer(serializers.Serializer):
    crew = WeekCrewRefSerializer()
    scrip_so_far = serializers.IntegerField(
        help_text=gettext_lazy("Earned this week, after the cap.")
    )
    cap = serializers.IntegerField()


class WeekHireItemSerializer(serializers.ModelSerializer):
    kind = serializers.CharField(help_text=gettext_lazy("hired or upgrade_bought"))

    class Meta:
        model = ArsenalEvent
        fields = ["kind", "description", "created_at"]


class WeekHiresSerializer(serializers.Serializer):
    crew = WeekCrewRefSerializer()
    scrip_spent = serializers.IntegerField(
        source="new_hires.scrip_spent", allow_null=True, default=None
    )
    hires = WeekHireItemSerializer(many=True)


class WeekPitFightEntrySerializer(serializers.ModelSerializer):
    crew = WeekCrewRefSerializer()
    scrip_paid = serializers.IntegerField(default=0)

    class Meta:
        model = PitFightEntry
        fields = ["crew", "kills", "scrip_paid"]


class WeekPitFightSerializer(serializers.ModelSerializer):
    winner = WeekCrewRefSerializer(allow_null=True)
    first_eliminated = WeekCrewRefSerializer(allow_null=True)
    recorded_by = serializers.StringRelatedField()
    entries = WeekPitFightEntrySerializer(many=True)

    class Meta:
        model = PitFight
        fields = ["winner", "first_eliminated", "recorded_by", "recorded_at", "entries"]


class WeekBulletDrawSerializer(serializers.ModelSerializer):
    crew = WeekCrewRefSerializer()
    target = WeekCrewRefSerializer()
    drew_own_name = serializers.BooleanField()

    class Meta:
        model = BulletDraw
        fields = ["id", "crew", "target", "drew_own_name", "revealed", "claimed"]


class WeekAvatarSerializer(serializers.ModelSerializer):
    crew = WeekCrewRefSerializer()

    class Meta:
        model = ArsenalUpgrade
        fields = ["id", "crew", "card", "name"]


class WeekTurnoverRunSerializer(serializers.ModelSerializer):
    class Meta:
        model = TurnoverRun
        fields = ["week_number", "status", "attempt", "error", "started_at", "finished_at"]


class WeekListItemSerializer(serializers.Serializer):
    number = serializers.IntegerField(source="week.number")
    starts_on = serializers.DateField(source="week.starts_on")
    state = serializers.CharField(source="week.state")
    events = WeekEventRuleSerializer(many=True)
    set_by = serializers.CharField(source="week.set_by", allow_null=True, default=None)
    turned_over_at = serializers.DateTimeField(source="week.turned_over_at", allow_null=True)


class WeekDetailSerializer(serializers.Serializer):
    number = serializers.IntegerField(source="week.number")
    state = serializers.CharField(source="week.state")
    allowed_next_states = serializers.SerializerMethodField()
    starts_on = serializers.DateField(source="week.starts_on")
    turnover_at = serializers.DateTimeField()
    next_turnover_at = serializers.DateTimeField(
        help_text=gettext_lazy(
            "When the next week turns over (or the campaign ends): the week's deadline."
        )
    )
    turned_over_at = serializers.DateTimeField(source="week.turned_over_at", allow_null=True)
    closed_at = serializers.DateTimeField(source="week.closed_at", allow_null=True)
    events = WeekEventRuleSerializer(many=True)
    max_scrip_per_game = serializers.IntegerField()
    weekly_scrip_cap = serializers.IntegerField(source="campaign.weekly_scrip_cap")
    set_by = serializers.CharField(
        source="week.set_by",
        allow_null=True,
        default=None,
        help_text=gettext_lazy("The organizer who set the event by hand."),
    )
    set_reason = serializers.CharField(source="week.set_reason")
    flips = WeekFlipSerializer(many=True)
    transitions = WeekTransitionSerializer(many=True)
    crews = WeekCrewScripSerializer(
        many=True, help_text=gettext_lazy("Weekly scrip so far per crew.")
    )
    new_hires = WeekHiresSerializer(many=True)
    games_note = serializers.SerializerMethodField()
    games = serializers.SerializerMethodField()
    pit_fight = WeekPitFightSerializer(allow_null=True)
    avatars = WeekAvatarSerializer(many=True)
    bullet_draws = WeekBulletDrawSerializer(
        many=True, help_text=gettext_lazy("The caller's own draw and the revealed ones.")
    )
    turnover_runs = WeekTurnoverRunSerializer(many=True, help_text=gettext_lazy("Organizers only."))
    turnover_failures = WeekTurnoverRunSerializer(
        many=True,
        source="unresolved_failures",
        help_text=gettext_lazy("Failed turnovers not yet fixed by a retry (organizers only)."),
    )

    def get_allowed_next_states(self, summary) -> list[str]:
        return list(summary.week.LIFECYCLE.allowed_from(summary.week.state))

    def get_games_note(self, summary) -> str:
        return "" if summary.games else GAMES_NOTE

    def get_games(self, summary) -> list[dict]:
        return [
            {
                "id": g.pk,
                "state": g.state,
                "crew_a": g.crew_a.crew_id if g.crew_a else None,
                "crew_b": g.crew_b.crew_id if g.crew_b else None,
                "vp": [g.counted.vp_a, g.counted.vp_b] if g.counted else None,
            }
            for g in summary.games
        ]


class WeekFlipNowResultSerializer(serializers.Serializer):
    turned_over = serializers.BooleanField()
    ended = serializers.BooleanField()
    reason = serializers.CharField()
    week = WeekDetailSerializer(allow_null=True)


class WeekBulletClaimResultSerializer(serializers.Serializer):
    amount = serializers.IntegerField(help_text=gettext_lazy("Scrip paid to the drawing crew."))
    draw = WeekBulletDrawSerializer()


# --- Input ----------------------------------------------------------------------------


class WeekCampaignCrewField(serializers.PrimaryKeyRelatedField):
    """An active crew of the campaign in the serializer's context."""

    def get_queryset(self):
        return Crew.objects.filter(campaign=self.context["campaign"], status=Crew.Status.ACTIVE)


class WeekSetEventSerializer(serializers.Serializer):
    event = serializers.ChoiceField(choices=())
    games_event = serializers.ChoiceField(
        choices=(),
        required=False,
        allow_blank=True,
        default="",
        help_text=gettext_lazy("The games' event, for an event that flips another one."),
    )
    reason = serializers.CharField(max_length=250, help_text=gettext_lazy("Players see it."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["event"].choices = event_choices()
        self.fields["games_event"].choices = games_event_choices()


class WeekPitFightRecordEntrySerializer(serializers.Serializer):
    crew = WeekCampaignCrewField(queryset=Crew.objects.all())
    kills = serializers.IntegerField(
        min_value=0,
        max_value=99,
        default=0,
        help_text=gettext_lazy("Opposing models this crew's fighter killed."),
    )

    class Meta:
        list_serializer_class = ListSerializer  # publishes the list's max_length


class WeekPitFightRecordSerializer(serializers.Serializer):
    entries = WeekPitFightRecordEntrySerializer(many=True, max_length=200)
    winner = WeekCampaignCrewField(queryset=Crew.objects.all())
    first_eliminated = WeekCampaignCrewField(queryset=Crew.objects.all())


class WeekAvatarChoiceSerializer(serializers.Serializer):
    crew = WeekCampaignCrewField(queryset=Crew.objects.all())
    avatar = serializers.PrimaryKeyRelatedField(queryset=UpgradeCard.objects.all())

    def validate(self, attrs):
        if not selectors.avatar_choices(attrs["crew"]).filter(pk=attrs["avatar"].pk).exists():
            raise serializers.ValidationError(
                {
                    "avatar": [
                        "Choose an Avatar of the crew's faction (or of any faction) from the "
                        "campaign's content packs."
                    ]
                }
            )
        return attrs


class WeekBulletClaimSerializer(serializers.Serializer):
    leader_crew = WeekCampaignCrewField(
        queryset=Crew.objects.all(), help_text=gettext_lazy("The crew whose Leader was killed.")
    )


# --- Views ----------------------------------------------------------------------------


class CampaignWeekViewSet(viewsets.GenericViewSet):
    """A campaign's weeks. Reads follow the campaign's visibility; writes are checked by
    the services (organizers for the controls, the crew's player for a crew's choices)."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    serializer_class = WeekDetailSerializer
    pagination_class = None

    def _campaign(self):
        return get_object_or_404(
            visible_campaigns(self.request.user), pk=self.kwargs["campaign_pk"]
        )

    def _week(self, campaign=None):
        campaign = campaign or self._campaign()
        week = get_object_or_404(selectors.week_queryset(campaign), number=self.kwargs["number"])
        week.campaign = campaign
        return week

    def _detail(self, week, *, reload: bool = True) -> dict:
        if reload:  # after a write, show what the service stored
            campaign = week.campaign
            week = selectors.week_queryset(campaign).get(pk=week.pk)
            week.campaign = campaign
        return WeekDetailSerializer(selectors.week_summary(week, self.request.user)).data

    def _input(self, serializer_class, campaign):
        serializer = serializer_class(data=self.request.data, context={"campaign": campaign})
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    @extend_schema(responses={200: WeekListItemSerializer(many=True)})
    def list(self, request, campaign_pk=None):
        rows = selectors.week_rows(self._campaign())
        return Response(WeekListItemSerializer(rows, many=True).data)

    @extend_schema(responses={200: WeekDetailSerializer})
    def retrieve(self, request, campaign_pk=None, number=None):
        return Response(self._detail(self._week(), reload=False))

    @extend_schema(request=None, responses={200: WeekFlipNowResultSerializer})
    def flip_now(self, request, campaign_pk=None):
        """Organizers: turn over the next week now, whatever the schedule says."""
        result = week_services.flip_now(campaign=self._campaign(), actor=request.user)
        return Response(
            WeekFlipNowResultSerializer(
                {
                    "turned_over": result.turned_over,
                    "ended": result.ended,
                    "reason": result.reason,
                    "week": selectors.week_summary(result.week, request.user)
                    if result.week
                    else None,
                }
            ).data
        )

    @extend_schema(request=WeekSetEventSerializer, responses={200: WeekDetailSerializer})
    def set_event(self, request, campaign_pk=None, number=None):
        """Organizers: set the week's event by hand, with the reason players will see."""
        week = self._week()
        require_campaign_manager(request.user, week.campaign)
        data = self._input(WeekSetEventSerializer, week.campaign)
        week_services.set_event(
            week=week,
            actor=request.user,
            event_key=data["event"],
            games_event_key=data["games_event"],
            reason=data["reason"],
        )
        return Response(self._detail(week))

    @extend_schema(request=WeekPitFightRecordSerializer, responses={200: WeekDetailSerializer})
    def pit_fight(self, request, campaign_pk=None, number=None):
        """Organizers: record the Pit Fight once; its scrip is paid at once."""
        week = self._week()
        require_campaign_manager(request.user, week.campaign)
        data = self._input(WeekPitFightRecordSerializer, week.campaign)
        entries = [
            week_services.PitFightEntryInput(crew=e["crew"], kills=e["kills"])
            for e in data["entries"]
        ]
        week_services.record_pit_fight(
            week=week,
            actor=request.user,
            entries=entries,
            winner=data["winner"],
            first_eliminated=data["first_eliminated"],
        )
        return Response(self._detail(week))

    @extend_schema(request=WeekAvatarChoiceSerializer, responses={201: WeekAvatarSerializer})
    def avatar(self, request, campaign_pk=None, number=None):
        """The Event: a crew adds one Avatar to its arsenal (its player or an organizer)."""
        week = self._week()
        data = self._input(WeekAvatarChoiceSerializer, week.campaign)
        if week.number != week.campaign.current_week:
            raise CampaignError(gettext("Avatars are chosen during the current week of The Event."))
        upgrade = week_services.choose_event_avatar(
            crew=data["crew"], actor=request.user, avatar=data["avatar"]
        )
        return Response(WeekAvatarSerializer(upgrade).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=WeekBulletClaimSerializer, responses={200: WeekBulletClaimResultSerializer}
    )
    def claim_bullet(self, request, campaign_pk=None, number=None):
        """The caller's crew claims its bullet. Only the drawing player claims: an organizer
        trying names on a player's behalf would learn the secret from the refusals."""
        week = self._week()
        data = self._input(WeekBulletClaimSerializer, week.campaign)
        draw = (
            BulletDraw.objects.filter(week=week, crew__player=request.user)
            .exclude(crew__status=Crew.Status.RETIRED)
            .first()
        )
        if draw is None:
            raise CampaignError(gettext("You have no bullet this week."))
        amount = week_services.claim_bullet(
            draw=draw, actor=request.user, leader_crew=data["leader_crew"]
        )
        draw = BulletDraw.objects.select_related("crew__player", "target").get(pk=draw.pk)
        return Response(WeekBulletClaimResultSerializer({"amount": amount, "draw": draw}).data)
