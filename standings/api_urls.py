from django.urls import path

from standings import api

base = "campaigns/<id:campaign_pk>/standings/"
urlpatterns = [
    path(base, api.StandingsView.as_view(), name="campaign-standings"),
    path(base + "history/", api.StandingsHistoryView.as_view(),
         name="campaign-standings-history"),
    path(base + "config/", api.StandingsConfigView.as_view(),
         name="campaign-standings-config"),
    path("standings/metrics/", api.StandingsMetricsView.as_view(), name="standings-metrics"),
]
