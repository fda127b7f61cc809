"""League API: leagues, members, invitations and joining."""

from __future__ import annotations

from django.db.models import Q
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.response import Response

from league import permissions as rules
from league import services
from league.models import Invitation, League, Membership, Role


class LeagueSerializer(serializers.ModelSerializer):
    class Meta:
        model = League
        fields = ["id", "name", "slug", "description", "time_zone", "is_public", "created_at"]
        read_only_fields = ["id", "slug", "created_at"]

    def validate_time_zone(self, value: str) -> str:
        """The same check as the page form: weekly turnover needs a real time zone."""
        from zoneinfo import available_timezones

        if value not in available_timezones():
            raise serializers.ValidationError(
                gettext("Unknown time zone; use a name such as Europe/London."))
        return value


class RulesetSettingSerializer(serializers.ModelSerializer):
    """The edition of the league's standalone encounters."""

    class Meta:
        model = League
        fields = ["default_ruleset"]


class MembershipSerializer(serializers.ModelSerializer):
    user = serializers.StringRelatedField()

    class Meta:
        model = Membership
        fields = ["id", "user", "role", "status"]


class InvitationSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField()

    class Meta:
        model = Invitation
        fields = ["id", "role", "max_uses", "expires_at", "uses", "token", "url"]
        read_only_fields = ["id", "uses", "token", "url"]

    def get_url(self, obj) -> str:
        request = self.context.get("request")
        path = obj.get_absolute_url()
        return request.build_absolute_uri(path) if request else path


class DecisionSerializer(serializers.Serializer):
    approve = serializers.BooleanField()


class RoleSerializer(serializers.Serializer):
    role = serializers.ChoiceField(Role.choices)


class InvitationTokenSerializer(serializers.Serializer):
    token = serializers.CharField(max_length=64)


class IsLeagueManager(permissions.BasePermission):
    """Writes to a league need its admins or organizers."""

    def has_object_permission(self, request, view, obj):
        return request.method in permissions.SAFE_METHODS or rules.can_manage_league(
            request.user, obj)


class LeagueViewSet(mixins.CreateModelMixin, mixins.RetrieveModelMixin,
                    mixins.UpdateModelMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    serializer_class = LeagueSerializer
    lookup_field = "slug"
    permission_classes = [permissions.IsAuthenticatedOrReadOnly, IsLeagueManager]
    #: Writes meant for people outside the league: their refusals stay 400s with the
    #: reason (config/outsiders.py).
    outsider_actions = ("request_to_join",)

    def get_queryset(self):
        user = self.request.user
        leagues = League.objects.all()
        if user.is_authenticated and user.is_staff:
            return leagues
        if not user.is_authenticated:
            return leagues.filter(is_public=True)
        return leagues.filter(Q(is_public=True) | Q(memberships__user=user,
                                                    memberships__status="active")).distinct()

    def perform_create(self, serializer):
        league = services.create_league(creator=self.request.user, **serializer.validated_data)
        serializer.instance = league

    def perform_update(self, serializer):
        serializer.instance = services.update_league(
            league=serializer.instance, actor=self.request.user, **serializer.validated_data)

    @extend_schema(request=RulesetSettingSerializer, responses={200: RulesetSettingSerializer})
    @action(detail=True, methods=["get", "patch"])
    def ruleset(self, request, slug=None):
        """The edition members' standalone encounters use by default (m2e or m1e);
        admins and organizers change it. Campaigns are always second edition."""
        league = self.get_object()
        if request.method == "PATCH":
            serializer = RulesetSettingSerializer(data=request.data)
            serializer.is_valid(raise_exception=True)
            league = services.update_league(league=league, actor=request.user,
                                            **serializer.validated_data)
        return Response(RulesetSettingSerializer(league).data)

    @extend_schema(responses={200: MembershipSerializer(many=True)})
    @action(detail=True, methods=["get"])
    def members(self, request, slug=None):
        league = self.get_object()
        if not rules.is_member(request.user, league):
            raise PermissionDenied(gettext("Members only."))
        rows = league.memberships.filter(status="active").select_related("user")
        return Response(MembershipSerializer(rows, many=True).data)

    @extend_schema(request=InvitationSerializer, responses={201: InvitationSerializer})
    @action(detail=True, methods=["post"])
    def invitations(self, request, slug=None):
        league = self.get_object()
        serializer = InvitationSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        data.setdefault("role", Role.PLAYER)
        invitation = services.create_invitation(league=league, actor=request.user, **data)
        return Response(InvitationSerializer(invitation, context={"request": request}).data,
                        status=status.HTTP_201_CREATED)

    @extend_schema(request=InvitationTokenSerializer, responses={200: MembershipSerializer})
    @action(detail=False, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def join(self, request):
        serializer = InvitationTokenSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            result = services.accept_invitation(token=serializer.validated_data["token"],
                                                user=request.user)
        except services.LeagueError as exc:
            raise ValidationError({"token": [str(exc)]}) from exc
        return Response(MembershipSerializer(result.membership).data)

    # --- Writes on memberships and invitations. Each calls the same service as the page,
    # so the role checks are the same; a league refusal is a 400 with the message.

    def _league_for_write(self) -> League:
        """The league by slug, without the object permission (the service decides who)."""
        return get_object_or_404(self.get_queryset(), slug=self.kwargs["slug"])

    def _member(self, league: League, member_id) -> Membership:
        return get_object_or_404(Membership, pk=member_id, league=league)

    @extend_schema(request=None, responses={200: MembershipSerializer})
    @action(detail=True, methods=["post"], url_path="request",
            permission_classes=[permissions.IsAuthenticated])
    def request_to_join(self, request, slug=None):
        membership = services.request_to_join(league=self._league_for_write(),
                                              user=request.user)
        return Response(MembershipSerializer(membership).data)

    @extend_schema(request=DecisionSerializer, responses={200: MembershipSerializer})
    @action(detail=True, methods=["post"], url_path=r"members/(?P<member_id>\d{1,18})/decide",
            permission_classes=[permissions.IsAuthenticated])
    def decide(self, request, slug=None, member_id=None):
        league = self._league_for_write()
        serializer = DecisionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        membership = services.decide_request(membership=self._member(league, member_id),
                                             actor=request.user,
                                             approve=serializer.validated_data["approve"])
        return Response(MembershipSerializer(membership).data)

    @extend_schema(request=RoleSerializer, responses={200: MembershipSerializer})
    @action(detail=True, methods=["post"], url_path=r"members/(?P<member_id>\d{1,18})/role",
            permission_classes=[permissions.IsAuthenticated])
    def role(self, request, slug=None, member_id=None):
        league = self._league_for_write()
        serializer = RoleSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        membership = services.change_role(membership=self._member(league, member_id),
                                          actor=request.user,
                                          role=serializer.validated_data["role"])
        return Response(MembershipSerializer(membership).data)

    @extend_schema(request=None, responses={200: MembershipSerializer})
    @action(detail=True, methods=["post"], url_path=r"members/(?P<member_id>\d{1,18})/remove",
            permission_classes=[permissions.IsAuthenticated])
    def remove(self, request, slug=None, member_id=None):
        league = self._league_for_write()
        membership = services.remove_member(membership=self._member(league, member_id),
                                            actor=request.user)
        return Response(MembershipSerializer(membership).data)

    @extend_schema(request=None, responses={200: InvitationSerializer})
    @action(detail=True, methods=["post"],
            url_path=r"invitations/(?P<invitation_id>\d{1,18})/revoke",
            permission_classes=[permissions.IsAuthenticated])
    def revoke(self, request, slug=None, invitation_id=None):
        league = self._league_for_write()
        invitation = get_object_or_404(Invitation, pk=invitation_id, league=league)
        invitation = services.revoke_invitation(invitation=invitation, actor=request.user)
        return Response(InvitationSerializer(invitation, context={"request": request}).data)
