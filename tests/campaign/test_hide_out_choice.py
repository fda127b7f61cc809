"""Hide Outs mode: a crew chooses its Hide Out from its sheet (or the API) once, for the
whole campaign. Before, only the service could, so no page let a crew start building."""

import pytest
from django.urls import reverse

from campaign.models import HideOut
from tests.campaign.factories import campaign_in_week_one, guild_roster

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}


@pytest.fixture
def hide_outs(db):
    campaign, (alpha, bravo), _ = campaign_in_week_one(guild_roster(),
                                                      competitive_mode="hide_outs")
    return campaign, alpha, bravo


def _section(html: str) -> str:
    part = html[html.index('id="hide-out"'):]
    return part[:part.index("</section>")]


def test_the_player_chooses_the_hide_out_on_the_sheet_once(client, hide_outs):
    _, alpha, _ = hide_outs
    client.force_login(alpha.player)
    sheet = reverse("campaign:crew", args=[alpha.pk])
    offered = _section(client.get(sheet).content.decode())
    assert "not chosen yet" in offered and 'id="hide-out-form"' in offered
    assert 'value="saloon"' in offered and "Grizzled Bartender" in offered
    response = client.post(reverse("campaign:hide-out", args=[alpha.pk]),
                           {"key": "saloon"}, follow=True)
    assert HideOut.objects.get(crew=alpha).hide_out_key == "saloon"
    shown = _section(response.content.decode())
    assert "Hide out: Saloon" in shown and "hide-out-form" not in shown
    again = client.post(reverse("campaign:hide-out", args=[alpha.pk]),
                        {"key": "junkyard"}, follow=True)
    assert "the choice is permanent" in again.content.decode()
    assert HideOut.objects.get(crew=alpha).hide_out_key == "saloon"


def test_a_key_not_offered_is_refused_with_a_message_and_writes_nothing(client, hide_outs):
    _, alpha, _ = hide_outs
    client.force_login(alpha.player)
    response = client.post(reverse("campaign:hide-out", args=[alpha.pk]),
                           {"key": "castle"}, follow=True)
    assert response.status_code == 200
    assert "Choose one of the Hide Outs listed." in response.content.decode()
    assert not HideOut.objects.filter(crew=alpha).exists()


def test_the_opponent_may_not_choose_and_sees_no_form(client, hide_outs):
    _, alpha, bravo = hide_outs
    client.force_login(bravo.player)
    offered = _section(client.get(reverse("campaign:crew", args=[alpha.pk])).content.decode())
    assert "hide-out-form" not in offered
    response = client.post(reverse("campaign:hide-out", args=[alpha.pk]), {"key": "saloon"})
    assert response.status_code == 403
    assert not HideOut.objects.filter(crew=alpha).exists()


def test_a_campaign_without_hide_outs_offers_none(client, db):
    _, (alpha, _), _ = campaign_in_week_one(guild_roster())
    client.force_login(alpha.player)
    assert 'id="hide-out"' not in client.get(
        reverse("campaign:crew", args=[alpha.pk])).content.decode()


def test_the_choice_reads_french(client, hide_outs):
    _, alpha, _ = hide_outs
    alpha.player.language = "fr"
    alpha.player.save(update_fields=["language"])
    client.force_login(alpha.player)
    offered = _section(client.get(reverse("campaign:crew", args=[alpha.pk]),
                                  **FRENCH).content.decode())
    assert "Avant-poste des Terres désolées" in offered and "not chosen yet" not in offered


def test_the_api_chooses_it_and_answers_field_errors(client, hide_outs):
    _, alpha, bravo = hide_outs
    url = f"/api/crews/{alpha.pk}/hide-out/"
    client.force_login(bravo.player)
    assert client.post(url, {"key": "saloon"}, content_type="application/json"
                       ).status_code == 403
    client.force_login(alpha.player)
    bad = client.post(url, {"key": "castle"}, content_type="application/json")
    assert bad.status_code == 400 and "key" in bad.json()
    made = client.post(url, {"key": "mausoleum"}, content_type="application/json")
    assert made.status_code == 201
    assert made.json()["hide_out"]["key"] == "mausoleum"
    assert client.get(f"/api/crews/{alpha.pk}/").json()["hide_out"]["name"] == "Mausoleum"
