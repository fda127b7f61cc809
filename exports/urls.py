from django.urls import path

from . import views

app_name = "exports"
urlpatterns = [
    path("campaigns/<int:pk>/", views.export_start, name="start"),
    path("jobs/<int:pk>/", views.job_detail, name="job"),
    path("jobs/<int:pk>/download/", views.job_download, name="download"),
    path("import/", views.archive_import, name="import"),
]
