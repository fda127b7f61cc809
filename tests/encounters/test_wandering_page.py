"""A Wandering Mercenaries week on the game page (issue 23): "Hire this crew" offers the
free Mercenary (costing 7 or less, from outside the arsenal) that the API took, and the
refusal when it is missing reads in the player's language."""

import pytest

from encounters.models import HiredModel
from tests.campaign.factories import CardFactory, campaign_in_week_one
from tests.walk.pageforms import find, forms_on
from tests.walk.walker import client_for, refusals

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}


@pytest.fixture
def wandering_game(roster):
    from encounters.services import games

    campaign, (alpha, bravo), _ = campaign_in_week_one(roster, event="wandering-mercenaries")
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    return game, alpha


def hire_form(client, game, **headers):
    html = client.get(game.get_absolute_url(), **headers).content.decode()
    return find(forms_on(html), "/hire/"), html


def test_the_hire_form_offers_only_free_mercenaries_from_outside_the_arsenal(
        wandering_game, roster):
    game, alpha = wandering_game
    CardFactory(name="Costly Gun", station="enforcer", cost=9, is_mercenary=True)
    owned = CardFactory(name="Old Friend", station="minion", cost=4, is_mercenary=True)
    alpha.models.create(card=owned, station="minion")
    form, html = hire_form(client_for(alpha.player), game)
    offered = form.offered("wandering_mercenary")
    assert str(roster["merc"].pk) in offered  # Drifter, a 6-cost Mercenary
    assert str(owned.pk) not in offered  # already in the arsenal
    assert not any(v and int(v) not in {roster["merc"].pk} for v in offered)
    assert 'id="wandering-mercenary"' in html


def test_hiring_the_wandering_mercenary_through_the_page(wandering_game, roster):
    game, alpha = wandering_game
    client = client_for(alpha.player)
    form, _ = hire_form(client, game)
    response = client.post(form.action, form.data(models=form.offered("models"),
                                                  wandering_mercenary=roster["merc"].pk),
                           follow=True)
    assert not refusals(response.content.decode())
    hired = HiredModel.objects.get(side__game=game, wandering_card__isnull=False)
    assert hired.wandering_card == roster["merc"] and hired.cost == 0
    form, _ = hire_form(client, game)  # hiring again starts from the chosen Mercenary
    assert form.data()["wandering_mercenary"] == [str(roster["merc"].pk)]


def test_a_hire_without_it_is_refused_in_french(wandering_game):
    game, alpha = wandering_game
    client = client_for(alpha.player)
    form, _ = hire_form(client, game, **FRENCH)
    response = client.post(form.action, form.data(wandering_mercenary=""), follow=True,
                           **FRENCH)
    said = " ".join(refusals(response.content.decode()))
    assert "Mercenaires errants" in said and "Wandering" not in said
    assert not HiredModel.objects.filter(side__game=game).exists()


def test_other_weeks_ask_nothing(roster):
    from encounters.services import games

    campaign, (alpha, bravo), _ = campaign_in_week_one(roster)
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    form, _ = hire_form(client_for(alpha.player), game)
    assert "wandering_mercenary" not in form.names()
