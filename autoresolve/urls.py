"""Auto-resolve pages: game posts, runs and their replay, predictions."""

from django.urls import path

from . import views

app_name = "autoresolve"
urlpatterns = [
    path("games/<id:pk>/ask/", views.ask, name="ask"),
    path("games/<id:pk>/confirm/", views.confirm, name="confirm"),
    path("runs/<id:pk>/", views.run_detail, name="run"),
    path("runs/<id:pk>/status/", views.run_status, name="run-status"),
    path("runs/<id:pk>/withdraw/", views.withdraw, name="withdraw"),
    path("runs/<id:pk>/replay/", views.run_replay, name="replay"),
    path("predict/", views.predict, name="predict"),
    path("predictions/<id:pk>/", views.prediction_detail, name="prediction"),
    path("predictions/<id:pk>/status/", views.prediction_status, name="prediction-status"),
]

# Malediction (``autoresolve.mal_views``).
from . import mal_views  # noqa: E402

urlpatterns += [
    path("malediction/matches/<id:pk>/ask/", mal_views.ask, name="mal-ask"),
    path("malediction/matches/<id:pk>/confirm/", mal_views.confirm, name="mal-confirm"),
    path("malediction/events/<id:pk>/setting/", mal_views.event_setting, name="mal-setting"),
    path("malediction/runs/<id:pk>/withdraw/", mal_views.withdraw, name="mal-withdraw"),
    path("malediction/runs/<id:pk>/", mal_views.replay, name="mal-replay"),
    path("malediction/predict/", mal_views.predict, name="mal-predict"),
    path("malediction/predictions/<id:pk>/", mal_views.prediction_detail,
         name="mal-prediction"),
    path("malediction/predictions/<id:pk>/status/", mal_views.prediction_status,
         name="mal-prediction-status"),
]
