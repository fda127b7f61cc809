from django.urls import path

from exports.api import ArchiveImportView, CampaignExportsView, ExportJobView

urlpatterns = [
    path("campaigns/<id:campaign_pk>/exports/", CampaignExportsView.as_view(),
         name="campaign-exports"),
    path("exports/import/", ArchiveImportView.as_view(), name="archive-import"),
    path("exports/<id:pk>/", ExportJobView.as_view(), name="export-job"),
]
