"""The Aftermath wizard page: each phase's controls, a whole Aftermath walked by posts
(with HTMX and without), secrets kept from the opponent, refusals as messages."""

import re

import pytest
from django.urls import reverse

from aftermath.models import Aftermath, AftermathStep
from campaign.models import ArsenalModel, ArsenalUpgrade, CrewBounty, ScripEntry
from campaign.services import scrip
from rules.templatetags.rule_names import card_label
from tests.aftermath.conftest import aftermaths, open_with_seeds, play, seed_where

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def fresh(aftermath):
    return Aftermath.objects.select_related("crew__campaign", "game").get(pk=aftermath.pk)


def act_url(aftermath, action):
    return reverse("aftermath:act", args=[aftermath.pk, action])


def full_game(campaign_week, seed=None):
    """Alpha wins with 3 Strategy VP (two Barter flips), completes a Bounty (a Reward
    flip), loses a Guard (an Injury flip) and has an injured Sergeant for the Doc's."""
    campaign, alpha, bravo, organizer = campaign_week
    campaign.good_doctor = True
    campaign.save(update_fields=["good_doctor"])
    scrip.adjust_scrip(alpha, 20, week=1, reason="test funds", actor=organizer)
    CrewBounty.objects.create(
        crew=alpha, bounty_key="build-a-reputation", name="Build a Reputation", bought_week=1,
        progress={"counted": 1, "target": 2,
                  "contributions": [{"game": 0, "count": 1, "schemes": []}]})
    sergeant = alpha.models.get(station="enforcer")
    ArsenalUpgrade.objects.create(crew=alpha, kind="injury", table_key="fragile",
                                  name="Fragile", attached_to=sergeant)
    game = play(campaign, alpha, bravo, vp=(5, 1), strategy={"a": {"1": 2, "2": 1}},
                kills=[("a", 1, True)])
    if seed is not None:
        return open_with_seeds(game, {"a": seed})["a"]
    return aftermaths(game)["a"]


def next_decision(aftermath):
    """The next decision on the simplest path (keep every card, buy nothing but the
    Doc's), as (action, data)."""
    state, phase = aftermath.state, aftermath.phase
    if phase == "barter":
        current = state["barter"]["current"]
        if current is None:
            return "barter-flip", {}
        if current.get("question"):
            return "barter-answer", {"card": ""}
        return "barter-next", {}
    if phase == "reward":
        if state["reward"].get("place"):
            return "reward-place", {"model": aftermath.crew.leader_id}
        if not state["reward"]["chart"]:
            return "reward-choose", {"chart": "generic"}
        return "reward-answer", {"card": ""}
    if phase == "bounty":
        return "bounty-skip", {}
    if phase == "injuries":
        injuries = state["injuries"]
        if injuries.get("skill_choice"):
            return "injury-keep-skill", {"replaces": ""}
        if injuries.get("question"):
            return "injury-answer", {"card": ""}
        return "injury-flip", {"model": injuries["remaining"][0]}
    if phase == "extras":
        doctor = state["extras"].get("doctor")
        if doctor and doctor.get("question"):
            return "doctor-answer", {"card": ""}
        if doctor is None and aftermath.crew.campaign.good_doctor:
            injured = ArsenalUpgrade.objects.filter(
                crew=aftermath.crew, kind="injury", status="active",
                attached_to__status="active").values_list("attached_to", flat=True).first()
            if injured:
                return "doctor", {"model": injured}
        return "finish", {}
    raise AssertionError(f"nothing to decide at {phase}")


#: What the page must offer for each decision (a control's id or text).
CONTROLS = {
    "barter-flip": 'id="barter-flip"', "barter-answer": 'id="keep-card"',
    "barter-next": 'id="barter-next"', "reward-choose": 'id="chart-generic"',
    "reward-answer": 'id="keep-card"', "reward-place": 'id="place-skill"',
    "bounty-skip": 'id="skip-bounty"',
    "injury-flip": "Flip for Guard", "injury-answer": 'id="keep-card"',
    "injury-keep-skill": 'id="decline-skill"', "doctor": 'id="doctor-form"',
    "doctor-answer": 'id="keep-card"', "finish": 'id="finish"',
}


def walk(client, aftermath, *, htmx):
    """Post every decision until Done; returns the decisions made, in order."""
    made = []
    for _ in range(60):
        aftermath = fresh(aftermath)
        if aftermath.phase == "done":
            return made
        action, data = next_decision(aftermath)
        page = client.get(aftermath.get_absolute_url())
        assert page.status_code == 200
        assert CONTROLS[action] in page.content.decode(), (action, aftermath.state)
        response = client.post(act_url(aftermath, action), data, **(HTMX if htmx else {}))
        if htmx:
            assert response.status_code == 200, response.content.decode()[:2000]
            assert 'id="wizard"' in response.content.decode()
        else:
            assert response.status_code == 302
            assert response["Location"].startswith(aftermath.get_absolute_url())
        made.append(action)
    raise AssertionError("the Aftermath never finished")


def test_each_phase_renders_its_controls_and_a_walk_by_htmx_posts_finishes(
        client, campaign_week):
    _, alpha, _, _ = campaign_week
    a = full_game(campaign_week)
    assert a.phase == "barter" and len(a.hand) == 3
    client.force_login(alpha.player)
    made = walk(client, a, htmx=True)
    for action in ("barter-flip", "barter-next", "reward-choose", "bounty-skip", "doctor",
                   "finish"):
        assert action in made
    a = fresh(a)
    assert a.phase == "done"
    phases = set(AftermathStep.objects.filter(aftermath=a).values_list("phase", flat=True))
    assert {"hand", "payday", "barter", "reward", "bounty", "injuries", "extras"} <= phases
    page = client.get(a.get_absolute_url()).content.decode()
    assert 'id="done"' in page and 'aria-current="step"' in page
    assert re.search(r'class="current" data-phase="done"', page)


def test_a_plain_post_redirects_with_a_message(client, campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    game = play(campaign, alpha, bravo, vp=(5, 1))
    a = aftermaths(game)["a"]
    client.force_login(alpha.player)
    response = client.post(act_url(a, "barter-flip"), follow=True)
    assert response.redirect_chain[-1][0].startswith(a.get_absolute_url())
    assert "Barter card turned over." in response.content.decode()
    made = walk(client, a, htmx=False)
    assert made and fresh(a).phase == "done"


def test_barter_offers_upgrades_with_prices_and_skills_for_models_that_played(
        client, campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    scrip.adjust_scrip(alpha, 10, week=1, reason="test funds", actor=alpha.player)
    seed = seed_where(lambda c: c[2] == "7T" and "BJ" not in c[:2] and "RJ" not in c[:2])
    game = play(campaign, alpha, bravo, vp=(5, 1))
    a = open_with_seeds(game, {"a": seed})["a"]
    benched = ArsenalModel.objects.create(crew=alpha, card=alpha.leader.card, station="minion")
    client.force_login(alpha.player)
    client.post(act_url(a, "barter-flip"), **HTMX)
    body = client.get(a.get_absolute_url()).content.decode()
    assert 'id="question-card" data-card="7T">7 of Tomes<' in body  # as people read it
    for card in fresh(a).hand:
        assert f'id="cheat-{card}"' in body and f"Cheat with {card_label(card)}" in body
    body = client.post(act_url(a, "barter-answer"), {"card": ""}, **HTMX).content.decode()
    assert 'id="barter-card"' in body and 'data-upgrade="duelist"' in body
    assert re.search(r'Duelist</strong> <span class="tag">Skill</span> <span class="muted">\d+ '
                     r'scrip', body)
    guard = alpha.models.filter(station="minion").order_by("id").first()
    offer = body[body.index('data-upgrade="duelist"'):]
    offer = offer[:offer.index("</form>")]
    assert f'value="{guard.pk}"' in offer and f'value="{benched.pk}"' not in offer
    balance = fresh(a).crew.scrip
    refused = client.post(act_url(a, "barter-buy"), {"key": "duelist", "model": benched.pk},
                          **HTMX)
    assert refused.status_code == 400 and "played in the game" in refused.content.decode()
    assert fresh(a).crew.scrip == balance
    bought = client.post(act_url(a, "barter-buy"), {"key": "duelist", "model": guard.pk},
                         **HTMX)
    assert bought.status_code == 200 and 'id="bought"' in bought.content.decode()
    assert ArsenalUpgrade.objects.filter(attached_to=guard, table_key="duelist").exists()


def test_bounty_phase_lists_bounties_and_replaces_only_when_asked(client, campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    scrip.adjust_scrip(alpha, 10, week=1, reason="test funds", actor=alpha.player)
    CrewBounty.objects.create(crew=alpha, bounty_key="hunting-party", name="Hunting Party",
                              bought_week=1, progress={"counted": 0, "target": 3,
                                                       "contributions": []})
    game = play(campaign, alpha, bravo, vp=(2, 4))  # no Strategy VP: one Barter flip
    a = aftermaths(game)["a"]
    client.force_login(alpha.player)
    while fresh(a).phase == "barter":
        action, data = next_decision(fresh(a))
        client.post(act_url(a, action), data, **HTMX)
    assert fresh(a).phase == "bounty"
    body = client.get(a.get_absolute_url()).content.decode()
    assert 'data-bounty="covert-operation"' in body and "Replace my current Bounty" in body
    assert 'id="active-bounty">Hunting Party<' in body
    refused = client.post(act_url(a, "bounty-buy"), {"key": "covert-operation"}, **HTMX)
    assert refused.status_code == 400 and fresh(a).phase == "bounty"
    assert not CrewBounty.objects.filter(crew=alpha, bounty_key="covert-operation").exists()
    done = client.post(act_url(a, "bounty-buy"), {"key": "covert-operation", "replace": "on"},
                       **HTMX)
    assert done.status_code == 200
    assert CrewBounty.objects.get(crew=alpha, bounty_key="covert-operation").status == "active"
    assert CrewBounty.objects.get(crew=alpha, bounty_key="hunting-party").status == "abandoned"


def _cards_on(body, aftermath):
    return [c for c in aftermath.hand if f'data-card="{c}"' in body or f'id="cheat-{c}"' in body]


def test_the_hand_never_reaches_the_opponent(client, campaign_week):
    campaign, alpha, bravo, organizer = campaign_week
    seed = seed_where(lambda c: "BJ" not in c[:3] and "RJ" not in c[:3])
    game = play(campaign, alpha, bravo, vp=(5, 1))
    a = open_with_seeds(game, {"a": seed})["a"]
    client.force_login(alpha.player)
    client.post(act_url(a, "barter-flip"), **HTMX)
    a = fresh(a)
    question = a.state["barter"]["current"]["question"]
    mine = client.get(a.get_absolute_url()).content.decode()
    assert _cards_on(mine, a) == a.hand and 'id="question"' in mine
    for viewer in (bravo.player, None):
        client.logout()
        if viewer is not None:
            client.force_login(viewer)
        body = client.get(a.get_absolute_url()).content.decode()
        assert 'data-phase="barter"' in body and "Aftermath hand: 2 card(s)" in body
        assert 'id="hand"' not in body and 'id="question"' not in body
        assert _cards_on(body, a) == []
        assert f">{question['card']}<" not in body
    client.force_login(organizer)
    body = client.get(a.get_absolute_url()).content.decode()
    assert _cards_on(body, a) == a.hand and "The crew's Aftermath hand" in body


def test_only_the_player_or_an_organizer_decides(client, campaign_week):
    campaign, alpha, bravo, organizer = campaign_week
    game = play(campaign, alpha, bravo, vp=(5, 1))
    a = aftermaths(game)["a"]
    version = a.version
    client.force_login(bravo.player)
    refused = client.post(act_url(a, "barter-flip"), **HTMX)
    assert refused.status_code == 403 and "Only the crew" in refused.content.decode()
    assert fresh(a).version == version
    client.logout()
    assert client.post(act_url(a, "barter-flip")).status_code == 302  # to the login page
    assert fresh(a).version == version
    client.force_login(organizer)
    assert client.post(act_url(a, "barter-flip"), **HTMX).status_code == 200
    assert fresh(a).state["barter"]["current"] is not None


@pytest.mark.parametrize(("action", "data", "message"), [
    ("barter-answer", {"card": "ZZ"}, "not in your Aftermath hand"),
    ("barter-answer", {"card": "13T"}, "not in your Aftermath hand"),
    ("barter-buy", {"key": "duelist", "model": "999999"}, "Model: Select a valid choice"),
    ("barter-buy", {"key": "duelist", "model": "abc"}, "Model: Select a valid choice"),
    ("barter-buy", {"key": ""}, "Upgrade: This field is required"),
    ("barter-buy", {"key": "no-such-thing"}, "cannot buy"),
    ("barter-buy", {"key": "duelist", "change": "x"}, "Value change"),
    ("injury-flip", {"model": "999999"}, "Select a valid choice"),
    ("reward-choose", {"chart": "nope"}, "Chart"),
    ("bounty-skip", {}, "not Purchase a Bounty"),
    ("build", {"key": "no-such"}, "not The Doc"),
    ("injury-keep-skill", {"replaces": "-1"}, "Select a valid choice"),
])
def test_junk_input_is_a_message_and_writes_nothing(client, campaign_week, action, data,
                                                    message):
    campaign, alpha, bravo, _ = campaign_week
    seed = seed_where(lambda c: c[1] not in ("BJ", "RJ") and c[2] not in ("BJ", "RJ"))
    game = play(campaign, alpha, bravo, vp=(5, 1))
    a = open_with_seeds(game, {"a": seed})["a"]
    client.force_login(alpha.player)
    client.post(act_url(a, "barter-flip"), **HTMX)
    if action == "barter-buy":
        client.post(act_url(a, "barter-answer"), {"card": ""}, **HTMX)
    a = fresh(a)
    before = (a.version, AftermathStep.objects.count(), ScripEntry.objects.count(),
              ArsenalUpgrade.objects.count())
    response = client.post(act_url(a, action), data, **HTMX)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert (fresh(a).version, AftermathStep.objects.count(), ScripEntry.objects.count(),
            ArsenalUpgrade.objects.count()) == before
    plain = client.post(act_url(a, action), data, follow=True)
    assert plain.status_code == 200 and message in plain.content.decode()


def test_an_unknown_decision_or_aftermath_is_not_found(client, campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    a = aftermaths(play(campaign, alpha, bravo, vp=(5, 1)))["a"]
    client.force_login(alpha.player)
    assert client.post(act_url(a, "cheat-everything")).status_code == 404
    assert client.get(reverse("aftermath:wizard", args=[a.pk + 1000])).status_code == 404


def test_members_only_campaigns_hide_the_wizard_from_outsiders(client, campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    campaign.visibility = "members"
    campaign.save(update_fields=["visibility"])
    a = aftermaths(play(campaign, alpha, bravo, vp=(5, 1)))["a"]
    assert client.get(a.get_absolute_url()).status_code == 403
    client.force_login(bravo.player)
    assert client.get(a.get_absolute_url()).status_code == 200


def test_the_wizard_page_uses_a_bounded_number_of_queries(client, campaign_week,
                                                          django_assert_max_num_queries):
    _, alpha, _, _ = campaign_week
    a = full_game(campaign_week)
    client.force_login(alpha.player)
    for _ in range(30):  # every phase's page, up to Done
        a = fresh(a)
        with django_assert_max_num_queries(20):
            assert client.get(a.get_absolute_url()).status_code == 200
        if a.phase == "done":
            break
        action, data = next_decision(a)
        client.post(act_url(a, action), data, **HTMX)
    assert a.phase == "done"


def test_the_game_page_and_crew_sheet_link_to_the_aftermath(client, campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    game = play(campaign, alpha, bravo, vp=(5, 1))
    a = aftermaths(game)["a"]
    client.force_login(alpha.player)
    page = client.get(game.get_absolute_url()).content.decode()
    assert f'id="your-aftermath" href="{a.get_absolute_url()}"' in page
    sheet = client.get(reverse("campaign:crew", args=[alpha.pk])).content.decode()
    assert f'data-aftermath="{a.pk}"' in sheet and a.get_absolute_url() in sheet


def _walk_to(client, aftermath, phase):
    for _ in range(30):
        aftermath = fresh(aftermath)
        if aftermath.phase == phase:
            return aftermath
        action, data = next_decision(aftermath)
        client.post(act_url(aftermath, action), data, **HTMX)
    raise AssertionError(f"never reached {phase}")


def test_a_crew_with_a_master_may_take_the_avatar(client, campaign_week, roster):
    _, alpha, _, _ = campaign_week
    a = full_game(campaign_week)
    marshal = ArsenalModel.objects.create(crew=alpha, card=roster["master"], station="master")
    client.force_login(alpha.player)
    a = _walk_to(client, a, "reward")
    body = client.get(a.get_absolute_url()).content.decode()
    assert "Build a Reputation" in body and 'id="chart-guild"' in body
    assert 'id="take-avatar"' in body and "Take the Avatar for Marshal" in body
    response = client.post(act_url(a, "reward-choose"), {"chart": "guild", "take": "avatar"},
                           **HTMX)
    assert response.status_code == 200
    avatar = ArsenalUpgrade.objects.get(crew=alpha, table_key="avatar")
    assert avatar.attached_to == marshal and fresh(a).phase != "reward"


def test_a_skill_past_the_limit_is_kept_by_annihilating_one(client, campaign_week):
    _, alpha, _, _ = campaign_week
    a = full_game(campaign_week)
    client.force_login(alpha.player)
    a = _walk_to(client, a, "injuries")
    guard = ArsenalModel.objects.get(pk=a.state["injuries"]["remaining"][0])
    old = ArsenalUpgrade.objects.create(crew=alpha, kind="skill", table_key="duelist",
                                        name="Duelist", attached_to=guard, counts_as_skill=True)
    # The state the Injury flip leaves when a faction-chart Skill finds no room.
    a.state["injuries"].update(current=guard.pk, skill_choice={
        "model": guard.pk, "key": "rough-hands", "name": "Rough Hands", "stat_effects": {}})
    a.save(update_fields=["state"])
    body = client.get(a.get_absolute_url()).content.decode()
    assert 'id="skill-choice"' in body and "Annihilate Duelist to keep it" in body
    assert 'id="decline-skill"' in body
    response = client.post(act_url(a, "injury-keep-skill"), {"replaces": old.pk}, **HTMX)
    assert response.status_code == 200
    old.refresh_from_db()
    assert old.status == "annihilated"
    assert ArsenalUpgrade.objects.get(attached_to=guard, table_key="rough-hands").kind == "skill"
    assert guard.pk not in fresh(a).state.get("injuries", {}).get("remaining", [])


def test_a_hide_out_changes_the_barter_value_and_offers_fortifications(client, campaign_week):
    from campaign.services import hideouts

    campaign, alpha, bravo, _ = campaign_week
    campaign.competitive_mode = "hide_outs"
    campaign.save(update_fields=["competitive_mode"])
    hideouts.choose_hide_out(crew=alpha, actor=alpha.player, key="wasteland-outpost")
    hideouts.add_cm(alpha, 3, week=1, reason="test material")
    hideouts.build_fortification(crew=alpha, actor=alpha.player, key="smuggling-tunnels")
    hideouts.add_cm(alpha, 20, week=1, reason="test material for the Extras")
    scrip.adjust_scrip(alpha, 10, week=1, reason="test funds", actor=alpha.player)
    seed = seed_where(lambda c: c[2] == "4R" and not {"BJ", "RJ"} & set(c[:2]))
    a = open_with_seeds(play(campaign, alpha, bravo, vp=(5, 1)), {"a": seed})["a"]
    client.force_login(alpha.player)
    client.post(act_url(a, "barter-flip"), **HTMX)
    body = client.post(act_url(a, "barter-answer"), {"card": ""}, **HTMX).content.decode()
    assert 'id="barter-change"' in body and "Barter value <strong>4</strong>" in body
    body = client.get(reverse("aftermath:body", args=[a.pk]), {"change": "1"},
                      **HTMX).content.decode()
    assert 'id="wizard"' in body and "<html" not in body
    assert "Barter value <strong>5</strong>" in body and 'name="change" value="1"' in body
    assert 'data-upgrade="steady-aim"' in body
    guard = alpha.models.filter(station="minion").order_by("id").first()
    bought = client.post(act_url(a, "barter-buy"), {"key": "steady-aim", "model": guard.pk,
                                                    "change": "1"}, **HTMX)
    assert bought.status_code == 200
    assert ArsenalUpgrade.objects.filter(attached_to=guard, table_key="steady-aim").exists()
    a = _walk_to(client, a, "extras")
    body = client.get(a.get_absolute_url()).content.decode()
    assert 'data-fortification="smuggling-tunnels"' in body and 'id="cm"' in body
    assert "never has two of one" in body  # the one built is not offered again
    key = re.search(r'name="key" value="([a-z-]+)"', body[body.index('id="extras"'):]).group(1)
    built = client.post(act_url(a, "build"), {"key": key}, **HTMX)
    assert built.status_code == 200 and key in hideouts.owned_keys(alpha)


def test_a_rewarded_skill_is_placed_from_the_page(client, campaign_week):
    """The Reward phase asks which model learns a rewarded Skill (a select of the crew's
    models with Skill slots) and places it where the player says."""
    _, alpha, _, _ = campaign_week
    a = full_game(campaign_week)
    client.force_login(alpha.player)
    a = _walk_to(client, a, "reward")
    client.post(act_url(a, "reward-choose"), {"chart": "generic",
                                              "take": "favors-of-treachery"}, **HTMX)
    body = client.get(a.get_absolute_url()).content.decode()
    assert 'id="reward-place"' in body and "Favors of Treachery" in body
    guard = alpha.models.filter(station="minion", status="active").first()
    response = client.post(act_url(a, "reward-place"), {"model": guard.pk}, **HTMX)
    assert response.status_code == 200
    assert ArsenalUpgrade.objects.get(crew=alpha, table_key="favors-of-treachery"
                                      ).attached_to == guard
