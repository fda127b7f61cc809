from django.urls import path

from home.api import HomeView

urlpatterns = [path("home/", HomeView.as_view(), name="api-home")]
