"""Helpers shared by the Collusion and Trading tests (scrip and equipment): a crew read
afresh, and one trade asked through the sheet's page or the API."""

from __future__ import annotations

from django.urls import reverse

from campaign.models import Crew


def fresh(crew):
    return Crew.objects.get(pk=crew.pk)


def trade_page(route, client, user, crew, data=None, *, htmx=False):
    """GET the trade form (no ``data``) or POST it, as ``user``, for ``crew``."""
    client.force_login(user)
    url = reverse(f"campaign:{route}", args=[crew.pk])
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    if data is None:
        return client.get(url, **headers)
    return client.post(url, data, **headers)


def trade_api(route, api_client, user, crew, body):
    api_client.force_authenticate(user)
    return api_client.post(f"/api/crews/{crew.pk}/{route}/", body, format="json")
