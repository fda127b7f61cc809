from django.urls import path

from . import views

app_name = "rules"
urlpatterns = [
    path("odds/", views.odds, name="odds"),
]
