"""Export API: request an export of a campaign, follow the job, import an archive."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import PermissionDenied, Throttled
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.models import Campaign
from exports import registry, services
from exports.archive.format import ArchiveError
from exports.archive.importer import import_campaign, read_document
from exports.forms import MAX_ARCHIVE_BYTES
from exports.models import ExportJob
from exports.throttle import TOO_MANY, export_limited


class ExportRequestSerializer(serializers.Serializer):
    kind = serializers.CharField(default="archive")
    format = serializers.CharField(default="json")

    def validate(self, attrs):
        if attrs["kind"] not in registry.kinds():
            raise serializers.ValidationError(
                {"kind": [f"Choose one of: {', '.join(registry.kinds())}."]})
        if attrs["format"] not in registry.formats(attrs["kind"]):
            raise serializers.ValidationError({"format": [
                f"Choose one of: {', '.join(registry.formats(attrs['kind']))}."]})
        return attrs


class ExportJobSerializer(serializers.ModelSerializer):
    download_url = serializers.SerializerMethodField()

    class Meta:
        model = ExportJob
        fields = ["id", "campaign", "kind", "format", "state", "progress", "error",
                  "filename", "created_at", "started_at", "finished_at", "download_url"]

    def get_download_url(self, job) -> str | None:
        if not job.is_ready:
            return None
        return self.context["request"].build_absolute_uri(
            reverse("exports:download", args=[job.pk]))


class CampaignExportsView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=ExportRequestSerializer,
                   responses={201: ExportJobSerializer, 202: ExportJobSerializer})
    def post(self, request, campaign_pk: int):
        """Admins and organizers: export the campaign. A small campaign's job is done at
        once (201); a large one's is queued (202): follow it at its URL."""
        campaign = get_object_or_404(Campaign.objects.select_related("league"), pk=campaign_pk)
        data = ExportRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        if not services.can_export(request.user, campaign, **data.validated_data):
            raise PermissionDenied(gettext("You may not run this export of the campaign."))
        if export_limited(request):
            raise Throttled(detail=TOO_MANY)
        job = services.request_export(campaign=campaign, actor=request.user, **data.validated_data)
        code = status.HTTP_201_CREATED if job.is_finished else status.HTTP_202_ACCEPTED
        return Response(ExportJobSerializer(job, context={"request": request}).data, status=code)


class ExportJobView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: ExportJobSerializer})
    def get(self, request, pk: int):
        """A job's state and progress, and its download URL once ready."""
        job = get_object_or_404(ExportJob.objects.select_related("campaign__league"), pk=pk)
        if not services.can_download(request.user, job):
            raise PermissionDenied(gettext("You may not see this export."))
        return Response(ExportJobSerializer(job, context={"request": request}).data)


class ArchiveImportSerializer(serializers.Serializer):
    file = serializers.FileField()
    league_slug = serializers.SlugField(required=False, allow_blank=True)


class ArchiveImportResultSerializer(serializers.Serializer):
    campaign = serializers.IntegerField()
    league = serializers.CharField()
    url = serializers.CharField()


class ArchiveImportView(APIView):
    permission_classes = [permissions.IsAdminUser]
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(request=ArchiveImportSerializer, responses={201: ArchiveImportResultSerializer})
    def post(self, request):
        """Site staff: import a campaign archive (all or nothing; 400 says what is wrong)."""
        data = ArchiveImportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        upload = data.validated_data["file"]
        try:
            if upload.size > MAX_ARCHIVE_BYTES:
                raise ArchiveError(gettext("The file is larger than 50 MB."))
            campaign = import_campaign(read_document(upload.read()),
                                       league_slug=data.validated_data.get("league_slug") or None)
        except ArchiveError as exc:
            return Response({"file": [str(exc)]}, status=status.HTTP_400_BAD_REQUEST)
        return Response({"campaign": campaign.pk, "league": campaign.league.slug,
                         "url": campaign.get_absolute_url()}, status=status.HTTP_201_CREATED)
