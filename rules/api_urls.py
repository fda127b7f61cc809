from django.urls import path

from . import api

urlpatterns = [
    path("duel-odds/", api.DuelOddsView.as_view(), name="api-duel-odds"),
]
