"""The campaign week API: the same data as the page, bullet secrecy through the same
selector, organizer and player controls with 400s and 403s, never a 500."""

import pytest

from campaign.models import ArsenalUpgrade, CampaignWeek, TurnoverRun
from campaign.weeks import services as weeks
from tests.campaign.factories import CampaignFactory, CrewFactory, UpgradeFactory
from tests.campaign.weeks.test_pages import (
    force_event,
    gained,
    running_campaign,
    script_bullets,
    week_of,
)
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def run(roster):
    return running_campaign(roster)


def url(run, tail=""):
    return f"/api/campaigns/{run.campaign.pk}/weeks/{tail}"


def get_week(api_client, user, run, number=1):
    api_client.force_authenticate(user)
    response = api_client.get(url(run, f"{number}/"))
    assert response.status_code == 200
    return response.json()


def test_week_list_and_detail_show_the_event_flips_and_scrip(api_client, run):
    weeks.turn_over(run.campaign, 1)
    week = week_of(run.campaign, 1)
    listing = api_client.get(url(run)).json()
    assert [w["number"] for w in listing] == list(range(1, 7))
    assert listing[0]["state"] == "games" and listing[1]["events"] == []
    data = api_client.get(url(run, "1/")).json()
    assert [e["key"] for e in data["events"]] == week.event_chain
    assert data["events"][-1]["for_games"] and data["events"][0]["summary"]
    assert data["max_scrip_per_game"] == 6 and data["weekly_scrip_cap"] == 16
    flips = list(weeks.week_flips(week))
    assert [(f["purpose"], f["seed"], f["final"]) for f in data["flips"]] == [
        (f.purpose, f.seed, f.final) for f in flips]
    assert {c["crew"]["name"]: c["scrip_so_far"] for c in data["crews"]} == {
        "Alpha": 0, "Bravo": 0, "Charlie": 0}
    assert data["games_note"] == "No games recorded yet."
    assert data["turnover_at"] and data["next_turnover_at"] > data["turnover_at"]
    assert data["turnover_runs"] == [] and data["bullet_draws"] == []


def test_set_event_by_an_organizer_is_recorded_and_visible(api_client, run):
    api_client.force_authenticate(run.organizer)
    response = api_client.post(url(run, "2/set-event/"), {
        "event": "pit-fight", "games_event": "they-ride", "reason": "Club tournament"},
        format="json")
    assert response.status_code == 200
    assert response.json()["set_by"] == str(run.organizer)
    data = get_week(api_client, run.crews[0].player, run, 2)
    assert data["set_reason"] == "Club tournament" and data["set_by"] == str(run.organizer)
    assert [e["key"] for e in data["events"]] == ["pit-fight", "they-ride"]
    assert "Club tournament" in data["transitions"][-1]["note"]


def test_set_event_input_errors_are_400s(api_client, run):
    api_client.force_authenticate(run.organizer)
    bad_key = api_client.post(url(run, "1/set-event/"), {"event": "no-such", "reason": "x"},
                              format="json")
    assert bad_key.status_code == 400 and "event" in bad_key.json()
    no_reason = api_client.post(url(run, "1/set-event/"), {"event": "contract-work"},
                                format="json")
    assert no_reason.status_code == 400 and "reason" in no_reason.json()
    refused = api_client.post(url(run, "1/set-event/"), {
        "event": "contract-work", "games_event": "they-ride", "reason": "x"}, format="json")
    assert refused.status_code == 400
    assert "does not flip another event" in refused.json()["non_field_errors"][0]
    assert not week_of(run.campaign, 1).event_key


def test_flip_now_moves_to_the_next_week(api_client, run):
    weeks.turn_over(run.campaign, 1)
    api_client.force_authenticate(run.organizer)
    data = api_client.post(url(run, "flip-now/")).json()
    assert data["turned_over"] and data["week"]["number"] == 2
    assert data["week"]["state"] == "games"
    assert week_of(run.campaign, 1).state == CampaignWeek.State.CLOSED


def test_players_and_strangers_cannot_use_organizer_controls(api_client, run):
    force_event(run, 1, "pit-fight", "contract-work")
    weeks.turn_over(run.campaign, 1)
    fight = {"entries": [{"crew": c.pk, "kills": 0} for c in run.crews],
             "winner": run.crews[0].pk, "first_eliminated": run.crews[1].pk}
    calls = [("flip-now/", {}), ("1/set-event/", {"event": "contract-work", "reason": "x"}),
             ("1/pit-fight/", fight)]
    for user in (run.crews[0].player, None):
        api_client.force_authenticate(user)
        for tail, body in calls:
            assert api_client.post(url(run, tail), body, format="json").status_code == 403
    assert week_of(run.campaign, 2).state == CampaignWeek.State.UPCOMING
    assert not gained(run.crews[0])


def test_bullet_draws_are_secret_in_the_api_until_the_week_closes(api_client, run):
    force_event(run, 1, "a-bullet-with-your-name", "contract-work")
    weeks.turn_over(run.campaign, 1)
    script_bullets(run, {0: 1, 1: 2, 2: 2})
    alpha, bravo, charlie = run.crews

    def draws(user):
        return [(d["crew"]["name"], d["target"]["name"], d["revealed"])
                for d in get_week(api_client, user, run)["bullet_draws"]]

    assert draws(alpha.player) == [("Alpha", "Bravo", False)]
    assert draws(bravo.player) == [("Bravo", "Charlie", False)]
    assert draws(run.organizer) == []
    assert draws(None) == []
    assert len(draws(UserFactory(is_staff=True))) == 3
    assert "Alpha" not in str(get_week(api_client, bravo.player, run)["bullet_draws"])

    weeks.turn_over(run.campaign, 2)
    assert draws(charlie.player) == [("Alpha", "Bravo", True), ("Bravo", "Charlie", True),
                                     ("Charlie", "Charlie", True)]


def test_claiming_a_bullet_in_the_api(api_client, run):
    force_event(run, 1, "a-bullet-with-your-name", "contract-work")
    weeks.turn_over(run.campaign, 1)
    script_bullets(run, {0: 1, 1: 2, 2: 2})
    alpha, bravo, charlie = run.crews
    claim = url(run, "1/bullet/claim/")

    api_client.force_authenticate(alpha.player)
    wrong = api_client.post(claim, {"leader_crew": charlie.pk}, format="json")
    assert wrong.status_code == 400 and "another name" in wrong.json()["non_field_errors"][0]
    elsewhere = CrewFactory(campaign=CampaignFactory(), name="Elsewhere")
    foreign = api_client.post(claim, {"leader_crew": elsewhere.pk}, format="json")
    assert foreign.status_code == 400 and "leader_crew" in foreign.json()
    paid = api_client.post(claim, {"leader_crew": bravo.pk}, format="json")
    assert paid.status_code == 200 and paid.json()["amount"] == 6
    assert paid.json()["draw"]["claimed"] and gained(alpha) == 6

    api_client.force_authenticate(charlie.player)
    own = api_client.post(claim, {"leader_crew": charlie.pk}, format="json")
    assert own.status_code == 400
    assert api_client.post(claim, {"leader_crew": alpha.pk}, format="json").json()[
        "amount"] == 4
    assert gained(charlie) == 4

    api_client.force_authenticate(run.organizer)
    assert api_client.post(claim, {"leader_crew": alpha.pk}, format="json").status_code \
        == 400


def test_pit_fight_in_the_api_pays_and_refuses_a_second_record(api_client, run):
    force_event(run, 1, "pit-fight", "contract-work")
    weeks.turn_over(run.campaign, 1)
    alpha, bravo, charlie = run.crews
    api_client.force_authenticate(run.organizer)
    missing = api_client.post(url(run, "1/pit-fight/"), {"entries": []}, format="json")
    assert missing.status_code == 400 and "winner" in missing.json()
    body = {"entries": [{"crew": alpha.pk, "kills": 2}, {"crew": bravo.pk, "kills": 0},
                        {"crew": charlie.pk, "kills": 0}],
            "winner": alpha.pk, "first_eliminated": charlie.pk}
    response = api_client.post(url(run, "1/pit-fight/"), body, format="json")
    assert response.status_code == 200
    fight = response.json()["pit_fight"]
    assert fight["winner"]["name"] == "Alpha"
    assert {e["crew"]["name"]: e["scrip_paid"] for e in fight["entries"]} == {
        "Alpha": 9, "Bravo": 0, "Charlie": 3}
    assert (gained(alpha), gained(bravo), gained(charlie)) == (9, 0, 3)
    again = api_client.post(url(run, "1/pit-fight/"), body, format="json")
    assert again.status_code == 400 and "already recorded" in str(again.json())
    assert gained(alpha) == 9


def test_avatar_once_per_crew_in_the_api(api_client, run):
    force_event(run, 1, "the-event", "contract-work")
    weeks.turn_over(run.campaign, 1)
    avatar = UpgradeFactory(name="Avatar of Law", is_avatar=True, factions=["guild"])
    thorns = UpgradeFactory(name="Avatar of Thorns", is_avatar=True, factions=["neverborn"])
    alpha, bravo, _ = run.crews
    api_client.force_authenticate(alpha.player)
    other = api_client.post(url(run, "1/avatar/"), {"crew": bravo.pk, "avatar": avatar.pk},
                            format="json")
    assert other.status_code == 403
    wrong = api_client.post(url(run, "1/avatar/"), {"crew": alpha.pk, "avatar": thorns.pk},
                            format="json")
    assert wrong.status_code == 400 and "avatar" in wrong.json()
    made = api_client.post(url(run, "1/avatar/"), {"crew": alpha.pk, "avatar": avatar.pk},
                           format="json")
    assert made.status_code == 201 and made.json()["name"] == "Avatar of Law"
    again = api_client.post(url(run, "1/avatar/"), {"crew": alpha.pk, "avatar": avatar.pk},
                            format="json")
    assert again.status_code == 400
    assert ArsenalUpgrade.objects.filter(crew=alpha, from_event_week=1).count() == 1
    assert [a["name"] for a in get_week(api_client, bravo.player, run)["avatars"]] == [
        "Avatar of Law"]


def test_failed_turnovers_are_reported_to_organizers_only(api_client, run):
    weeks.turn_over(run.campaign, 1)
    TurnoverRun.objects.create(campaign=run.campaign, week_number=2,
                               status=TurnoverRun.Status.GAVE_UP, error="Boom")
    organizer = get_week(api_client, run.organizer, run)
    assert [r["status"] for r in organizer["turnover_failures"]] == ["gave_up"]
    player = get_week(api_client, run.crews[0].player, run)
    assert player["turnover_runs"] == [] and player["turnover_failures"] == []


def test_unknown_week_and_hidden_campaign_are_404s(api_client, run):
    assert api_client.get(url(run, "99/")).status_code == 404
    run.campaign.visibility = "members"
    run.campaign.save()
    api_client.force_authenticate(UserFactory())
    assert api_client.get(url(run)).status_code == 404
    assert api_client.get(url(run, "1/")).status_code == 404
