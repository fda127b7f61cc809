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
