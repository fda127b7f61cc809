from django.urls import path

from . import views

app_name = "exports"
urlpatterns = [
    path("campaigns/<id:pk>/", views.export_start, name="start"),
    path("jobs/<id:pk>/", views.job_detail, name="job"),
    path("jobs/<id:pk>/download/", views.job_download, name="download"),
    path("import/", views.archive_import, name="import"),
]
