"""Aftermath pages: the wizard, its swappable body, and the decisions it posts."""

from django.urls import path

from . import views

app_name = "aftermath"
urlpatterns = [
    path("<id:pk>/", views.wizard, name="wizard"),
    path("<id:pk>/body/", views.wizard_body, name="body"),
    path("<id:pk>/<slug:action>/", views.act, name="act"),
]
