"""Notifications API: your notifications (paginated, newest first), the unread count,
marking read, and which events email you. Nobody reads or marks another user's
notifications: every query starts from the requesting user.

Serializer names start with ``Notification`` so their OpenAPI components stay unique.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from config.fields import DictField
from notifications import kinds, services
from notifications.models import Notification
from notifications.selectors import notifications_of, unread_count


class NotificationSerializer(serializers.ModelSerializer):
    message = serializers.CharField(
        read_only=True, help_text=gettext_lazy("In the reader's language.")
    )
    read = serializers.BooleanField(source="is_read", read_only=True)

    class Meta:
        model = Notification
        fields = ["id", "kind", "message", "url", "created_at", "read", "read_at"]


class NotificationUnreadSerializer(serializers.Serializer):
    unread = serializers.IntegerField()


class NotificationMarkedSerializer(serializers.Serializer):
    marked = serializers.IntegerField()


class NotificationPreferenceSerializer(serializers.Serializer):
    kind = serializers.CharField()
    label = serializers.CharField()
    audience = serializers.ChoiceField(choices=[kinds.PLAYER, kinds.ORGANIZER])
    email = serializers.BooleanField()


class NotificationPreferencesInputSerializer(serializers.Serializer):
    email = DictField(
        child=serializers.BooleanField(),
        max_length=len(kinds.KINDS),
        help_text=gettext_lazy('Kind -> whether it emails you, e.g. {"new_week": false}.'),
    )

    def validate_email(self, value):
        unknown = sorted(set(value) - set(kinds.KINDS))
        if unknown:
            raise serializers.ValidationError(
                gettext("Unknown kinds: %(join)s; use %(join2)s.")
                % {"join": ", ".join(unknown), "join2": ", ".join(kinds.KINDS)}
            )
        return value


def _preferences(user) -> list[dict]:
    chosen = services.email_preferences(user)
    return [
        {"kind": k.key, "label": str(k.label), "audience": k.audience, "email": chosen[k.key]}
        for k in kinds.KINDS.values()
    ]


class NotificationViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    serializer_class = NotificationSerializer
    permission_classes = [permissions.IsAuthenticated]

    def get_queryset(self):
        return notifications_of(self.request.user)

    @extend_schema(request=None, responses={200: NotificationSerializer})
    @action(detail=True, methods=["post"])
    def read(self, request, pk=None):
        notification = get_object_or_404(self.get_queryset(), pk=pk)
        return Response(NotificationSerializer(services.mark_read(request.user, notification)).data)

    @extend_schema(request=None, responses={200: NotificationMarkedSerializer})
    @action(detail=False, methods=["post"], url_path="read-all")
    def read_all(self, request):
        return Response({"marked": services.mark_all_read(request.user)})

    @extend_schema(responses={200: NotificationUnreadSerializer})
    @action(detail=False, methods=["get"], url_path="unread-count")
    def unread_count(self, request):
        return Response({"unread": unread_count(request.user)})

    @extend_schema(methods=["get"], responses={200: NotificationPreferenceSerializer(many=True)})
    @extend_schema(
        methods=["put", "patch"],
        request=NotificationPreferencesInputSerializer,
        responses={200: NotificationPreferenceSerializer(many=True)},
    )
    @action(detail=False, methods=["get", "put", "patch"])
    def preferences(self, request):
        if request.method != "GET":
            data = NotificationPreferencesInputSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            services.set_email_preferences(request.user, data.validated_data["email"])
        return Response(_preferences(request.user))
