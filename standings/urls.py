from django.urls import path, re_path

from . import views

app_name = "standings"
urlpatterns = [
    path("<id:pk>/standings/", views.standings_page, name="page"),
    path("<id:pk>/standings/history/", views.standings_history, name="history"),
    path("<id:pk>/standings/print/", views.standings_print, name="print"),
    path("<id:pk>/standings/settings/", views.standings_settings, name="settings"),
    re_path(r"^(?P<pk>[0-9]{1,18})/standings/export\.(?P<fmt>csv|xlsx|pdf)$",
            views.standings_export, name="export"),
]
