"""The predict page as a player reads it (issue 23): crews picked by name, a game's
prediction names the game and takes its size, and the result in percentages with a
legend, crew and scheme names (never slugs), counts in cells of their own."""

import re

import pytest
from django.urls import reverse

from autoresolve.models import Prediction
from encounters.models import Game
from tests.walk.pageforms import find, forms_on

pytestmark = pytest.mark.django_db


def _visible(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_crews_are_picked_by_name(client, league_week):
    campaign, alpha, bravo, _ = league_week
    client.force_login(alpha.player)
    html = client.get(reverse("autoresolve:predict")).content.decode()
    form = find(forms_on(html, reverse("autoresolve:predict")), "predict-form")
    assert str(bravo.pk) in form.offered("crew_b")
    assert f"{alpha.name} (yours) · {campaign.name}" in html
    assert f"{bravo.name} ({bravo.player})" in html
    assert "guild" in form.offered("faction_a")  # factions from a list, not typed


def test_a_games_prediction_names_the_game_and_takes_its_size(
        client, game, league_week, django_capture_on_commit_callbacks):
    _campaign, alpha, _bravo, _ = league_week
    Game.objects.filter(pk=game.pk).update(size=34)
    client.force_login(alpha.player)
    url = reverse("autoresolve:predict") + f"?game={game.pk}"
    html = client.get(url).content.decode()
    assert 'id="predict-game"' in html and "34 soulstones" in html
    form = find(forms_on(html, url), "predict-form")
    assert form.data()["size"] == ["34"]
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(form.action, form.data(games=100))
    assert response.status_code == 302
    assert Prediction.objects.get().input["size"] == 34


def test_the_result_reads_in_percentages_and_names(
        client, league_week, django_capture_on_commit_callbacks):
    _campaign, alpha, bravo, _ = league_week
    client.force_login(alpha.player)
    form = {"crew_a": alpha.pk, "crew_b": bravo.pk, "size": 40, "strategy": "random",
            "deployment": "standard", "games": 100}
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("autoresolve:predict"), form)
    prediction = Prediction.objects.get()
    html = client.get(prediction.get_absolute_url()).content.decode()
    text = _visible(html)
    outcome = _visible(html[html.index('id="prediction-outcome"'):
                            html.index("</table>", html.index('id="prediction-outcome"'))])
    assert re.search(r"Win \d+(\.\d)?% \d+(\.\d)?% \u2013 \d+(\.\d)?%", outcome), outcome
    assert 'id="vp-legend"' in html and alpha.name in text and bravo.name in text
    for scheme in prediction.result["schemes"]:
        assert f" {scheme['scheme']} " not in text  # a slug such as "protect-territory"
    assert "A 0 · B" not in text and "Outcome for crew A" not in text
    assert re.search(r'<td class="count">\d+</td><td class="count">\d+</td>', html)
    models = html[html.index('id="prediction-models"'):]
    models = models[:models.index("</table>")]
    deaths = re.findall(r"<tr><td>[^<]*</td><td>[^<]*</td><td>[^<]*</td><td>([^<]*)</td>", models)
    assert deaths and all(re.fullmatch(r"\d+(\.\d)?%", d) for d in deaths), deaths
