"""Accounts: sign up, log in, log out, password reset, and the site pages around them."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.http import HttpRequest
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


SIGNUP = {"username": "lucius", "email": "Lucius@Example.org", "display_name": "Lucius",
          "password1": "a-long-enough-pass-123", "password2": "a-long-enough-pass-123"}


def emailed_link(message) -> str:
    return re.search(r"https?://\S+", message.body).group(0)


def test_signup_makes_a_closed_account_that_the_emailed_link_opens_once(client, mailoutbox):
    response = client.post(reverse("signup"), SIGNUP)
    assert response.status_code == 302 and response["Location"] == reverse("signup-sent")
    user = get_user_model().objects.get(username="lucius")
    assert user.email == "lucius@example.org" and not user.is_active
    assert "_auth_user_id" not in client.session
    assert client.login(request=HttpRequest(), username="lucius",
                        password=SIGNUP["password1"]) is False
    [message] = mailoutbox
    assert message.to == ["lucius@example.org"]
    link = emailed_link(message)
    response = client.get(link)
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.is_active and int(client.session["_auth_user_id"]) == user.pk
    client.logout()
    again = client.get(link)
    assert again.status_code == 400 and "_auth_user_id" not in client.session


@pytest.mark.parametrize("link", ["/accounts/signup/activate/Mg/nope-nope/",
                                  "/accounts/signup/activate/!!!/x/",
                                  "/accounts/signup/activate/OTk5OTk5OTk5OTk5OTk5OTk5OTk/x/"])
def test_a_wrong_activation_link_is_a_clear_400(client, link):
    UserFactory(is_active=False)
    response = client.get(link)
    assert response.status_code == 400
    assert "not valid" in response.content.decode()


def test_signup_answers_alike_for_a_known_email_and_tells_only_its_inbox(client, mailoutbox):
    """No difference on the page between a known and an unknown email (issue 16)."""
    owner = UserFactory(email="taken@example.org", username="taken")
    new = client.post(reverse("signup"), {**SIGNUP, "email": "fresh@example.org"})
    known = client.post(reverse("signup"), {**SIGNUP, "username": "x",
                                            "email": "TAKEN@example.org"})
    assert (new.status_code, new["Location"]) == (known.status_code, known["Location"])
    assert not get_user_model().objects.filter(username="x").exists()
    owner.refresh_from_db()
    assert owner.is_active and owner.email == "taken@example.org"
    to_owner = [m for m in mailoutbox if m.to == ["taken@example.org"]]
    assert len(to_owner) == 1 and "already has an account" in to_owner[0].body
    assert "taken" in to_owner[0].body and "/activate/" not in to_owner[0].body


def test_signing_up_again_before_confirming_sends_the_link_again(client, mailoutbox):
    client.post(reverse("signup"), SIGNUP)
    client.post(reverse("signup"), {**SIGNUP, "username": "lucius2"})
    assert get_user_model().objects.filter(email="lucius@example.org").count() == 1
    assert [m.to for m in mailoutbox] == [["lucius@example.org"]] * 2
    assert client.get(emailed_link(mailoutbox[1])).status_code == 302
    assert get_user_model().objects.get(username="lucius").is_active


def test_signup_mismatched_passwords_shows_form_error(client):
    response = client.post(
        reverse("signup"),
        {
            "username": "y",
            "email": "y@example.org",
            "password1": "abc-def-ghi-1",
            "password2": "different-2",
        },
    )
    assert response.status_code == 200
    assert "errorlist" in response.content.decode()
    assert not get_user_model().objects.filter(username="y").exists()


def test_login_and_logout(client):
    user = UserFactory()
    response = client.post(reverse("login"), {"username": user.username, "password": PASSWORD})
    assert response.status_code == 302
    assert int(client.session["_auth_user_id"]) == user.pk
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


def test_login_with_wrong_password_is_refused(client):
    user = UserFactory()
    response = client.post(reverse("login"), {"username": user.username, "password": "nope"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_password_reset_sends_console_email_and_link_sets_password(client):
    user = UserFactory(email="reset@example.org")
    response = client.post(reverse("password_reset"), {"email": "reset@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/password/reset/\S+/)", mail.outbox[0].body).group(1)
    response = client.get(link, follow=True)
    assert response.status_code == 200
    form_url = response.redirect_chain[-1][0]
    response = client.post(
        form_url, {"new_password1": "brand-new-pass-77", "new_password2": "brand-new-pass-77"}
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("brand-new-pass-77")


def test_home_page_renders_with_navigation(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    body = response.content.decode()
    assert "Duel odds" in body and 'name="viewport"' in body


def test_unknown_page_gets_the_friendly_404(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert "Page not found" in response.content.decode()


def test_500_page_renders_without_context(client, settings):
    from config.views import server_error

    response = server_error(None)
    assert response.status_code == 500
    assert "Something went wrong" in response.content.decode()


def test_healthz_reports_database(client):
    response = client.get(reverse("healthz"))
    assert response.json()["status"] == "ok"


def test_admin_login_page_is_served(client):
    assert client.get("/admin/login/").status_code == 200


def test_load_demo_is_idempotent_and_prints_login(capsys):
    from django.core.management import call_command

    call_command("load_demo")
    call_command("load_demo")
    out = capsys.readouterr().out
    assert "player / malifaux-demo" in out
    users = get_user_model().objects
    assert users.filter(username="player").count() == 1
    assert users.get(username="admin").is_superuser
    assert users.get(username="player").check_password("malifaux-demo")
    from campaign.models import Crew
    from catalogue.models import ContentPack

    assert ContentPack.objects.get(slug="sample-pack").is_sample
    crews = Crew.objects.filter(campaign__slug="demo-campaign")
    assert crews.count() == 2
    assert all(c.status == "active" and c.leader_id for c in crews)
    from campaign.models import CampaignWeek

    demo_weeks = CampaignWeek.objects.filter(campaign__slug="demo-campaign")
    assert list(demo_weeks.filter(number__lte=3).values_list("state", flat=True)) == [
        "closed", "closed", "games"]
    assert all(w.event_key for w in demo_weeks.filter(number__lte=3))
