"""The interface in French: taken from the browser (Accept-Language) by default, the
account's own choice winning over the browser once made, the switch remembering it, and
emails and API errors in the reader's language."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core import mail
from django.urls import reverse

from accounts.models import User
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

FRENCH_BROWSER = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9,en;q=0.5"}
ENGLISH_BROWSER = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


def page(client, url="/", **headers) -> str:
    response = client.get(url, **headers)
    assert response.status_code == 200
    return response.content.decode()


def test_a_visitor_gets_the_browsers_language(client):
    french = page(client, **FRENCH_BROWSER)
    assert '<html lang="fr">' in french
    assert "Se connecter" in french and "Tables de campagne" in french
    english = page(client, **ENGLISH_BROWSER)
    assert '<html lang="en-gb">' in english and "Log in" in english


def test_without_accept_language_the_site_is_in_english(client):
    assert "Campaign tables" in page(client)


def test_the_accounts_choice_wins_over_the_browser(client):
    user = UserFactory(language="fr")
    client.force_login(user)
    assert "Se déconnecter" in page(client, **ENGLISH_BROWSER)
    user.language = "en-gb"
    user.save()
    assert "Log out" in page(client, **FRENCH_BROWSER)


def test_an_account_without_a_choice_follows_the_browser(client):
    client.force_login(UserFactory(language=""))
    assert "Se déconnecter" in page(client, **FRENCH_BROWSER)
    assert "Log out" in page(client, **ENGLISH_BROWSER)


def test_the_switch_saves_the_choice_on_the_account_and_returns_to_the_page(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(reverse("set-language"), {"language": "fr", "next": "/leagues/"},
                           **ENGLISH_BROWSER)
    assert response.status_code == 302 and response["Location"] == "/leagues/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    user.refresh_from_db()
    assert user.language == "fr"
    client.cookies.pop(settings.LANGUAGE_COOKIE_NAME)  # another device: only the account
    assert "Ligues ouvertes" in page(client, "/leagues/", **ENGLISH_BROWSER)


def test_a_visitors_choice_is_kept_in_the_language_cookie(client):
    response = client.post(reverse("set-language"), {"language": "fr", "next": "/"})
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    assert "Se connecter" in page(client, **ENGLISH_BROWSER)


def test_the_switch_refuses_an_unknown_language_and_an_outside_next(client):
    user = UserFactory(language="")
    client.force_login(user)
    response = client.post(reverse("set-language"), {"language": "xx", "next": "/"},
                           follow=True)
    assert "Choose one of the languages offered." in response.content.decode()
    user.refresh_from_db()
    assert user.language == ""
    response = client.post(reverse("set-language"),
                           {"language": "fr", "next": "https://evil.example/"})
    assert response["Location"] == "/"


def test_logging_in_applies_the_accounts_language(client):
    user = UserFactory(language="fr")
    response = client.post(reverse("login"), {"username": user.username, "password": PASSWORD},
                           **ENGLISH_BROWSER)
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    client.post(reverse("logout"))  # the cookie stays: logged out, still in French
    assert "Se connecter" in page(client, **ENGLISH_BROWSER)


def test_form_errors_and_messages_are_french(client):
    client.force_login(UserFactory(language="fr"))
    response = client.post(reverse("league:create"), {"name": ""}, **ENGLISH_BROWSER)
    body = response.content.decode()
    assert "Créer une ligue" in body
    assert "Ce champ est obligatoire." in body  # Django's own French
    response = client.post(reverse("league:create"),
                           {"name": "Club du mardi", "time_zone": "Europe/Paris"}, follow=True)
    assert "Club du mardi est prête." in response.content.decode()


def test_an_api_error_message_is_french(client):
    url = "/api/rules/duel-odds/"
    body = {"attacker": {"stat": 5, "hand": ["9M", "9M"]}, "tn": 10}
    french = client.post(url, body, content_type="application/json", **FRENCH_BROWSER)
    assert french.status_code == 400
    assert french.json()["attacker"]["hand"] == [
        "Une main ne peut pas contenir deux fois la même carte."]
    assert french["Content-Language"] == "fr"
    english = client.post(url, body, content_type="application/json", **ENGLISH_BROWSER)
    assert english.json()["attacker"]["hand"] == ["A hand cannot hold the same card twice."]


def test_the_rule_table_pages_translate_their_headings_and_mark_the_english_texts(client):
    index = page(client, reverse("rules:tables"), **FRENCH_BROWSER)
    assert "Événements hebdomadaires" in index and 'id="english-note"' in index
    table = page(client, reverse("rules:table", args=["weekly-events"]), **FRENCH_BROWSER)
    assert "<th scope=\"col\">Tirage</th>" in table and "Section du livre" in table
    assert '<tbody id="table-rows" lang="en">' in table
    assert 'id="english-note"' not in page(client, reverse("rules:tables"), **ENGLISH_BROWSER)


def test_an_email_goes_out_in_the_recipients_language(settings_site_url=None):
    from notifications import emails
    from notifications.models import Notification

    french = UserFactory(language="fr")
    english = UserFactory(language="")
    for user in (french, english):
        Notification.objects.create(user=user, kind="new_week", key=f"k{user.pk}",
                                    params={"week": 2, "campaign": "Hiver", "event": "X"})
    fr_mail = emails.build_email(Notification.objects.get(user=french))
    en_mail = emails.build_email(Notification.objects.get(user=english))
    assert fr_mail.subject.startswith("Campagnes Malifaux : La semaine 2 de Hiver")
    assert "Bonjour" in fr_mail.body and "Ne plus recevoir" in fr_mail.body
    assert en_mail.subject.startswith("Malifaux Campaigns: Week 2 of Hiver")
    assert mail.outbox == []  # built, not sent


def test_the_user_model_offers_the_configured_languages():
    assert dict(User._meta.get_field("language").choices) == dict(settings.LANGUAGES)


def test_a_bot_with_its_owners_token_gets_its_owners_language(client):
    from accounts import api_tokens

    owner = UserFactory(language="fr")
    token = api_tokens.create_token(user=owner, name="bot", expires_in_days=None).secret
    body = {"attacker": {"stat": 5, "hand": ["9M", "9M"]}, "tn": 10}
    answer = client.post("/api/rules/duel-odds/", body, content_type="application/json",
                         HTTP_AUTHORIZATION=f"Bearer {token}", **ENGLISH_BROWSER)
    assert answer.json()["attacker"]["hand"] == [
        "Une main ne peut pas contenir deux fois la même carte."]


def test_the_language_cookie_is_hidden_from_scripts_and_other_sites(client, settings):
    settings.LANGUAGE_COOKIE_SECURE = True  # as production sets it
    user = UserFactory()
    client.force_login(user)
    switched = client.post(reverse("set-language"), {"language": "fr", "next": "/"})
    cookie = switched.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie["httponly"] and cookie["secure"] and cookie["samesite"] == "Lax"
    client.cookies.pop(settings.LANGUAGE_COOKIE_NAME)
    # The account's language, set again on a device without the cookie (the middleware).
    cookie = client.get("/", **ENGLISH_BROWSER).cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie["httponly"] and cookie["secure"] and cookie["samesite"] == "Lax"
