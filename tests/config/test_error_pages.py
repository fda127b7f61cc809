"""Styled, translated 404 and 405 pages (issue 23); the API keeps JSON errors."""

import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}


@override_settings(DEBUG=False)
def test_a_get_to_a_form_address_is_a_styled_405_page(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("reader", password="x"))
    response = client.get("/games/1/hire/")
    assert response.status_code == 405 and response["Allow"] == "POST"
    html = response.content.decode()
    assert "<main" in html and "does not take that request" in html
    french = client.get("/games/1/hire/", **FRENCH).content.decode()
    assert "n'accepte pas cette requête" in french or "n&#x27;accepte pas" in french


@override_settings(DEBUG=False)
def test_the_404_page_is_one_translated_sentence(client):
    html = client.get("/no/such/page/", **FRENCH).content.decode()
    assert "Il n" in html and "<code>/no/such/page/</code>" in html and "<main" in html


def test_the_api_keeps_its_json_405(client):
    response = client.delete("/api/home/")
    assert response.status_code in (401, 403, 405)
    assert not response.content.decode().lstrip().startswith("<!DOCTYPE")
