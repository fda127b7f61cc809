"""Never silent in the app: an auto-resolved result shows every card element the
simulator did not play (the whole list, not the first few)."""

from django.urls import reverse

from autoresolve.models import ResolveRun
from autoresolve.services import resolve
from rules.engine.simulation import EncounterInput, simulate


def test_the_run_page_lists_every_element_the_simulator_did_not_play(
        client, game, league_week, django_capture_on_commit_callbacks):
    _campaign, alpha, bravo, _ = league_week
    resolve.request_resolve(game=game, actor=alpha.player)
    with django_capture_on_commit_callbacks(execute=True):
        resolve.request_resolve(game=game, actor=bravo.player)
    run = ResolveRun.objects.get(game=game)
    result = simulate(EncounterInput.from_dict(run.input), seed=run.seed)
    assert result.not_modelled, "the sample roster has elements the simulator does not play"
    assert run.summary["not_modelled"] == list(result.not_modelled)
    client.force_login(alpha.player)
    page = client.get(reverse("autoresolve:run", args=[run.pk]))
    assert page.status_code == 200
    assert b'id="not-modelled"' in page.content
    text = page.content.decode()
    for item in result.not_modelled:
        assert item.replace('"', "&quot;").replace("'", "&#x27;") in text, item


def test_a_long_list_is_kept_whole(client, game, league_week,
                                   django_capture_on_commit_callbacks):
    _campaign, alpha, bravo, _ = league_week
    resolve.request_resolve(game=game, actor=alpha.player)
    with django_capture_on_commit_callbacks(execute=True):
        resolve.request_resolve(game=game, actor=bravo.player)
    run = ResolveRun.objects.get(game=game)
    items = [f"Card {n}: ability Odd {n} (text not read: 'Odd.')" for n in range(80)]
    run.summary = {**run.summary, "not_modelled": items}
    run.save(update_fields=["summary"])
    client.force_login(alpha.player)
    text = client.get(reverse("autoresolve:run", args=[run.pk])).content.decode()
    assert text.count("<li>Card ") == 80
    assert "did not play 80 card elements" in text
