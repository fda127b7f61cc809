"""A Skill bought at Barter: the models that cannot take it without giving up a Skill (at
their Skill limit) are offered after those that can, never first (issue 23)."""

import re

import pytest
from django.urls import reverse

from campaign.models import ArsenalModel
from campaign.services import arsenal, scrip
from tests.aftermath.conftest import open_with_seeds, play, seed_where

pytestmark = pytest.mark.django_db


def test_models_at_their_skill_limit_are_offered_last(client, campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    scrip.adjust_scrip(alpha, 10, week=1, reason="test funds", actor=alpha.player)
    seed = seed_where(lambda c: c[2] == "5R" and not {"BJ", "RJ"} & set(c[:2]))
    game = play(campaign, alpha, bravo, vp=(5, 1), strategy={"a": {"1": 2, "2": 1}})
    a = open_with_seeds(game, {"a": seed})["a"]
    played = [int(pk) for pk in game.record["sides"]["a"]["played"]]
    # The model the list would offer first is at its Skill limit.
    full = ArsenalModel.objects.get(pk=played[0])
    for key in ("duelist", "brawler", "lookout")[:arsenal.max_skills(full.station)]:
        arsenal.add_skill(model=full, actor=alpha.player, key=key, name=key.title())
    client.force_login(alpha.player)
    client.post(reverse("aftermath:act", args=[a.pk, "barter-flip"]), HTTP_HX_REQUEST="true")
    body = client.post(reverse("aftermath:act", args=[a.pk, "barter-answer"]), {"card": ""},
                       HTTP_HX_REQUEST="true").content.decode()
    offer = body[body.index('data-upgrade="steady-aim"'):]
    select = offer[offer.index('<select name="model"'):offer.index("</select>")]
    offered = [int(v) for v in re.findall(r'<option value="(\d+)"', select)]
    assert sorted(offered) == sorted(played) and len(offered) > 1
    assert offered[0] != full.pk and offered[-1] == full.pk
    assert "at its Skill limit" in select.split("<option")[-1]
