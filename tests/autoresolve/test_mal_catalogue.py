"""Catalogue war bands in a Malediction matchup prediction (issue 28: "between two war
bands, registered or from the catalogue"): a band built around any Seeker of the packs,
legal, owned by nobody, usable from the page and the API beside one's own bands; one of
the two per side, never both nor neither."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from autoresolve.models import Prediction
from malediction.catalogue_bands import catalogue_band
from malediction.models import Card, Kind, WarBand
from malediction.services import warbands
from tests.malediction.conftest import legal_band, sample, world  # noqa: F401

pytestmark = pytest.mark.django_db

PREDICTIONS = "/api/malediction/predictions/"


def _seekers(sample):  # noqa: F811
    return list(Card.objects.filter(pack=sample, kind=Kind.SEEKER).order_by("name"))


def test_every_seekers_catalogue_band_is_legal_and_of_its_sigils(sample):  # noqa: F811
    for seeker in _seekers(sample):
        band = catalogue_band(seeker)
        assert warbands.validate(seeker=band.seeker, legacy=band.legacy,
                                 terrain=band.terrain, deck=band.deck) == [], seeker.name
        assert 30 <= sum(n for _, n in band.deck) <= 50
        assert all(set(card.sigils) <= set(seeker.sigils) for card, _ in band.deck)
        assert band.legacy.seeker_id == seeker.pk and seeker.name in band.name


def test_the_page_predicts_ones_band_against_a_catalogue_band(
        client, world, sample, django_capture_on_commit_callbacks):  # noqa: F811
    user = world.players[0]
    own = warbands.save_war_band(owner=user, name="Blood", **legal_band(sample))
    rival = next(s for s in _seekers(sample) if s.sigils != ["primal-blood"])
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(reverse("autoresolve:mal-predict"), {
            "first": own.pk, "second_catalogue": rival.pk, "mode": "standard",
            "board": 30, "games": 100})
    prediction = Prediction.objects.get(game="malediction")
    assert answer.status_code == 302
    assert prediction.label == f"Blood / {rival.name} (catalogue)"
    assert prediction.status == "done" and prediction.result["games"] == 100
    # Nobody's list was read: the catalogue band is not saved as anyone's war band.
    assert list(WarBand.objects.values_list("name", flat=True)) == ["Blood"]


@pytest.mark.parametrize("sides", ["both", "neither"])
def test_one_of_the_two_per_side(client, world, sample, sides):  # noqa: F811
    user = world.players[0]
    own = warbands.save_war_band(owner=user, name="Blood", **legal_band(sample))
    seeker = _seekers(sample)[0]
    body = {"second_catalogue": seeker.pk, "mode": "standard", "board": 30, "games": 100}
    if sides == "both":
        body |= {"first": own.pk, "first_catalogue": seeker.pk}
    client.force_login(user)
    answer = client.post(reverse("autoresolve:mal-predict"), body)
    assert answer.status_code == 400
    assert "one of the two" in answer.context["form"].errors["first"][0]
    assert not Prediction.objects.exists()


def test_the_api_takes_two_catalogue_bands_and_names_a_missing_side(
        world, sample, django_capture_on_commit_callbacks):  # noqa: F811
    api = APIClient()
    api.force_authenticate(world.players[0])
    first, second = _seekers(sample)[:2]
    missing = api.post(PREDICTIONS, {"first_catalogue": first.pk, "games": 100},
                       format="json")
    assert missing.status_code == 400 and list(missing.json()) == ["second"]
    unknown = api.post(PREDICTIONS, {"first_catalogue": first.pk, "second_catalogue": 10**9},
                       format="json")
    assert unknown.status_code == 400 and list(unknown.json()) == ["second_catalogue"]
    with django_capture_on_commit_callbacks(execute=True):
        created = api.post(PREDICTIONS, {"first_catalogue": first.pk,
                                         "second_catalogue": second.pk, "games": 100},
                           format="json")
    assert created.status_code == 201, created.json()
    assert created.json()["names"] == [f"{first.name} (catalogue)",
                                       f"{second.name} (catalogue)"]
