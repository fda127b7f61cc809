"""Aftermath pages: the wizard, its swappable body, and the decisions it posts."""

from django.urls import path

from . import views

app_name = "aftermath"
urlpatterns = [
    path("<int:pk>/", views.wizard, name="wizard"),
    path("<int:pk>/body/", views.wizard_body, name="body"),
    path("<int:pk>/<slug:action>/", views.act, name="act"),
]
