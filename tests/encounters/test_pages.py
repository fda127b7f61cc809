"""The game pages: setting up a game, the game page for players, organizer, spectators and
anonymous visitors, the secrets an opponent must never receive in the HTML, refusals shown
as messages, a full game through the pages, the version poll and bounded panel queries."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from campaign.models import Campaign, CampaignWeek
from encounters.models import Casualty, Game, ResultReport
from encounters.services import games, tracker
from rules.encounter_tables import encounter_tables
from tests.campaign.factories import member

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
DASH = "\u2013"  # between the two scores
POOL_WITH_BODYGUARD = ("bodyguard", "breakthrough", "outflank", "assassinate",
                       "a-line-in-the-sand")


def client_for(user):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def main(response) -> str:
    """The page's <main>, where everything but the navigation lives."""
    html = response.content.decode()
    return html[html.index("<main"):html.index("</main>")]


def section(html: str, element_id: str) -> str:
    """The markup of one element (by id) up to its closing tag of the same name."""
    match = re.search(rf'<(\w+)[^>]*\bid="{element_id}"', html)
    assert match, f"#{element_id} is not on the page"
    tag, start = match.group(1), match.start()
    depth, pos = 0, start
    pattern = re.compile(rf"<(/?){tag}\b[^>]*>")
    for m in pattern.finditer(html, start):
        depth += -1 if m.group(1) else 1
        if depth == 0:
            pos = m.end()
            break
    return html[start:pos]


def url(name, game, *args):
    return reverse(f"encounters:{name}", args=[game.pk, *args])


def act(client, name, game, data=None, *args, htmx=True):
    """Post an action as the page does; HTMX gets the panel, a plain post the page."""
    if htmx:
        response = client.post(url(name, game, *args), data or {}, headers=HTMX)
    else:
        response = client.post(url(name, game, *args), data or {}, follow=True)
    assert response.status_code == 200, response.content[:500]
    return response.content.decode()


def errors(html: str) -> list[str]:
    return re.findall(r'<li class="error"[^>]*>(.*?)</li>', html, re.S)


def hire_data(crew, models=None):
    models = models if models is not None else list(crew.models.values_list("pk", flat=True))
    return {"models": models, f"attach_{crew.upgrades.get().pk}": crew.leader_id}


def set_up_game(campaign_week) -> Game:
    campaign, alpha, bravo, _organizer = campaign_week
    return games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)


def choose_two_schemes(game, *crews):
    pool = game.setup["scheme_pool"]
    for crew in crews:
        games.choose_schemes(game=game, actor=crew.player, choices=[(pool[0], None),
                                                                    (pool[1], None)])


def game_in_play(campaign_week) -> Game:
    """Both crews hired and revealed, two schemes each, Turn 1 begun."""
    _campaign, alpha, bravo, _organizer = campaign_week
    game = set_up_game(campaign_week)
    for crew in (alpha, bravo):
        games.hire_crew(game=game, actor=crew.player, models=list(crew.models.all()),
                        attach={crew.upgrades.get().pk: crew.leader_id})
    for crew in (alpha, bravo):
        games.reveal_crew(game=game, actor=crew.player)
    choose_two_schemes(game, alpha, bravo)
    tracker.start(game=game, actor=alpha.player)
    game.refresh_from_db()
    return game


# --- Setting up ----------------------------------------------------------------------


def test_a_player_sets_up_a_game_against_an_opponent(campaign_week):
    campaign, alpha, bravo, _organizer = campaign_week
    a = client_for(alpha.player)
    new = reverse("encounters:new", args=[campaign.pk])
    assert f'href="{new}"' in main(a.get(campaign.get_absolute_url()))
    page = main(a.get(new))
    assert "Bravo" in page and "up to 31 soulstones" in page  # both arsenals cost 26
    assert 'value="31"' in page  # one opponent: the size defaults to its maximum
    assert "Alpha (" not in page  # your own crew is not an opponent
    response = a.post(reverse("encounters:new", args=[campaign.pk]),
                      {"crew_a": alpha.pk, "crew_b": bravo.pk, "kind": "story"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert game.kind == "story" and game.size == 31
    page = main(a.get(game.get_absolute_url()))
    assert "Attacker" in page and "Terrain" in page and "Defender" in page


def test_setup_refusals_are_shown_on_the_form(campaign_week):
    campaign, alpha, bravo, organizer = campaign_week
    a = client_for(alpha.player)
    new = reverse("encounters:new", args=[campaign.pk])
    too_big = a.post(new, {"crew_a": alpha.pk, "crew_b": bravo.pk, "size": 60,
                           "kind": "standard"})
    assert too_big.status_code == 200 and "smaller arsenal" in main(too_big)
    CampaignWeek.objects.filter(campaign=campaign).update(state=CampaignWeek.State.CLOSED)
    closed = a.post(new, {"crew_a": alpha.pk, "crew_b": bravo.pk, "kind": "standard"})
    assert closed.status_code == 200 and "turned over" in main(closed)
    assert not Game.objects.exists()
    # An organizer without a crew picks both crews.
    page = main(client_for(organizer).get(new))
    assert "choose the first crew" in page and "choose the opposing crew" in page
    # A league member without a crew may not; an anonymous visitor logs in first.
    assert client_for(member(campaign.league)).get(new).status_code == 403
    assert client_for(None).get(new).status_code == 302


# --- Who sees what --------------------------------------------------------------------


def test_the_game_page_for_each_viewer(campaign_week):
    campaign, alpha, bravo, organizer = campaign_week
    game = set_up_game(campaign_week)
    pages = {name: main(client_for(user).get(game.get_absolute_url()))
             for name, user in [("alpha", alpha.player), ("bravo", bravo.player),
                                ("organizer", organizer), ("anonymous", None),
                                ("spectator", member(campaign.league))]}
    from django.contrib.contenttypes.models import ContentType

    from rules.models import FlipRecord

    flips = FlipRecord.objects.filter(subject_type=ContentType.objects.get_for_model(Game),
                                      subject_id=game.pk).count()  # 4, more with reflips
    assert flips >= 4
    for page in pages.values():  # the same setup for everyone, with its flip record
        assert 'id="setup-deployment"' in page and 'id="scheme-pool"' in page
        assert "Contract Work" in page and f"Flip record ({flips} cards)" in page
    for name in ("alpha", "bravo"):
        assert "Hire your crew" in pages[name] and "Choose your schemes" in pages[name]
        assert "Organizer ruling" not in pages[name]
    assert pages["alpha"].count('name="models"') == alpha.models.count()
    assert "Hire your crew" not in pages["organizer"]
    assert "Organizer ruling" in pages["organizer"]
    for name in ("anonymous", "spectator"):
        assert 'method="post"' not in pages[name]
        assert "watching" in pages[name]

    members_only = Campaign.objects.filter(pk=campaign.pk)
    members_only.update(visibility=Campaign.Visibility.MEMBERS)
    assert client_for(None).get(game.get_absolute_url()).status_code == 403
    assert client_for(alpha.player).get(game.get_absolute_url()).status_code == 200


def test_the_tracker_controls_by_viewer(campaign_week):
    _campaign, alpha, _bravo, organizer = campaign_week
    game = game_in_play(campaign_week)
    a = main(client_for(alpha.player).get(game.get_absolute_url()))
    org = main(client_for(organizer).get(game.get_absolute_url()))
    anon = main(client_for(None).get(game.get_absolute_url()))
    for page in (a, org):
        assert "Flip initiative" in page and "+1 Strategy VP" in page
        assert "Record the casualty" in page and "End Turn 1" in page
    assert "Strategic Withdraw" in a and "Strategic Withdraw" not in org
    assert "Reveal" in section(a, "schemes-a") and "+1 VP" in section(a, "schemes-a")
    assert "Flip initiative" not in anon and 'method="post"' not in anon
    assert 'id="vp-a"' in anon  # spectators follow the score
    assert 'hx-trigger="every 3s"' in anon


def test_the_opponent_never_sees_an_unrevealed_scheme_or_noted_model(campaign_week):
    """Side A notes a model for a secret scheme; side B, an organizer and an anonymous
    visitor get pages without the scheme (in side A's list or the log) or the noted model,
    before and after the crews are revealed, until side A reveals the scheme."""
    _campaign, alpha, bravo, organizer = campaign_week
    game = set_up_game(campaign_week)
    game.setup["scheme_pool"] = [*POOL_WITH_BODYGUARD]  # Bodyguard notes a model
    game.save()
    a, b = client_for(alpha.player), client_for(bravo.player)
    act(a, "hire", game, hire_data(alpha))
    noted = game.sides.get(key="a").hired.get(name="Sergeant")
    noted.name = "Unseen Sergeant"
    noted.save()
    assert not errors(act(a, "schemes", game, {"schemes": ["bodyguard", "a-line-in-the-sand"],
                                               "noted_bodyguard": noted.pk}))
    scheme_key, scheme_name = "bodyguard", "Bodyguard"
    own = main(a.get(game.get_absolute_url()))
    assert scheme_name in section(own, "schemes-a") and "Unseen Sergeant" in own
    assert "noted: Unseen Sergeant" in section(own, "schemes-a")

    def assert_hidden(html):
        side_a = section(html, "schemes-a")
        assert "2 hidden schemes" in side_a and scheme_name not in side_a
        assert "noted" not in side_a
        assert f"Schemes: {scheme_key}" not in section(html, "log")

    viewers = [b, client_for(organizer), client_for(None)]
    for viewer in viewers:
        page = main(viewer.get(game.get_absolute_url()))
        assert_hidden(page)
        assert "Unseen Sergeant" not in page  # the hire itself is still secret
        assert_hidden(viewer.get(url("panel", game)).content.decode())
    act(b, "hire", game, hire_data(bravo))
    assert_hidden(act(b, "reveal-crew", game))
    act(a, "reveal-crew", game)
    for viewer in viewers:
        page = main(viewer.get(game.get_absolute_url()))
        assert_hidden(page)
        assert "Unseen Sergeant" in section(page, "hired-a")  # revealed crews are public
    act(a, "start", game)
    scheme = game.sides.get(key="a").schemes.get(scheme_key="bodyguard")
    act(a, "reveal-scheme", game, None, scheme.pk)
    revealed = section(main(b.get(game.get_absolute_url())), "schemes-a")
    assert scheme_name in revealed and "noted: Unseen Sergeant" in revealed


# --- Refusals ------------------------------------------------------------------------


def test_refusals_come_back_as_messages(campaign_week):
    campaign, alpha, bravo, _organizer = campaign_week
    game = set_up_game(campaign_week)
    a, b = client_for(alpha.player), client_for(bravo.player)
    guards = list(alpha.models.exclude(pk=alpha.leader_id).values_list("pk", flat=True))
    html = act(a, "hire", game, {"models": guards})
    assert any("Leader" in e for e in errors(html))
    page = act(a, "hire", game, {"models": [alpha.leader_id, bravo.leader_id]}, htmx=False)
    assert any("valid choice" in e for e in errors(page))  # a plain post: on the page
    assert any("Hire your crew before revealing" in e for e in errors(act(a, "reveal-crew",
                                                                           game)))
    assert any("Both players" in e for e in errors(act(a, "start", game)))
    assert any("not in play" in e for e in errors(act(a, "strategy-vp", game, {"side": "a"})))
    spectator = client_for(member(campaign.league))
    assert any("two players" in e for e in errors(act(spectator, "reveal-crew", game)))

    game = game_in_play_from(game, campaign_week)
    for _ in range(4):
        act(a, "strategy-vp", game, {"side": "a"})
    assert any("4" in e for e in errors(act(a, "strategy-vp", game, {"side": "a"})))
    bad_card = errors(act(a, "initiative", game, {"card_a": "ZZ", "card_b": "3R"}))
    assert bad_card and "card" in bad_card[0].lower()
    one_card = errors(act(a, "initiative", game, {"card_a": "9R"}))
    assert any("both" in e for e in one_card)
    assert errors(act(a, "event-scrip", game, {"side": "a", "amount": 0, "why": "x"}))
    assert any("summoned" in e for e in errors(act(a, "casualty", game, {"side": "b"})))
    victim = game.sides.get(key="b").hired.filter(is_leader=False).first()
    act(a, "casualty", game, {"side": "a", "model": victim.pk, "how": "killed"})
    casualty = Casualty.objects.get()
    assert casualty.side.key == "b"  # the model decides the side
    refused = errors(act(a, "finished-off", game, {"source": "table", "table_card": "7R",
                                                   "threshold": 3}, casualty.pk))
    assert any("controller" in e for e in refused)
    assert any("card flipped" in e for e in errors(act(
        b, "finished-off", game, {"source": "table", "threshold": 3}, casualty.pk)))
    assert any("not part of this game" in e for e in errors(act(
        b, "finished-off", game, {"threshold": 3}, casualty.pk + 99)))
    assert any("Settle the Finished Off" in e for e in errors(act(
        a, "report", game, {"vp_a": 4, "vp_b": 0})))
    assert any("organizers" in e for e in errors(act(
        a, "rule", game, {"vp_a": 1, "vp_b": 1, "reason": "me"})))
    assert client_for(alpha.player).get(url("strategy-vp", game)).status_code == 405


def game_in_play_from(game, campaign_week):
    _campaign, alpha, bravo, _organizer = campaign_week
    for crew in (alpha, bravo):
        games.hire_crew(game=game, actor=crew.player, models=list(crew.models.all()))
        games.reveal_crew(game=game, actor=crew.player)
    choose_two_schemes(game, alpha, bravo)
    tracker.start(game=game, actor=alpha.player)
    game.refresh_from_db()
    return game


# --- A whole game --------------------------------------------------------------------


def test_a_full_game_through_the_pages(campaign_week):
    campaign, alpha, bravo, _organizer = campaign_week
    a, b = client_for(alpha.player), client_for(bravo.player)
    a.post(reverse("encounters:new", args=[campaign.pk]),
           {"crew_a": alpha.pk, "crew_b": bravo.pk, "kind": "standard"})
    game = Game.objects.get()
    pool = game.setup["scheme_pool"]

    html = act(a, "hire", game, hire_data(alpha))
    assert "Hired 4 models" in html and "Reveal my crew" in html
    act(b, "hire", game, hire_data(bravo), htmx=False)
    act(a, "reveal-crew", game)
    html = act(b, "reveal-crew", game)
    assert "rating 0" in html and 'id="pool-a">4<' in html  # 31 - 27 unspent
    act(a, "schemes", game, {"schemes": [pool[0], pool[1]]})
    act(b, "schemes", game, {"schemes": [pool[0], pool[2]]}, htmx=False)
    html = act(b, "start", game)
    assert "Turn 1" in html and "Flip initiative" in html

    html = act(a, "initiative", game, {"card_a": "13R", "card_b": "2M"})
    assert 'id="first-player">Side A first' in html
    assert "Side B first" in act(a, "initiative", game, {"card_a": "1R", "card_b": "12M"})
    html = act(a, "initiative", game)  # a server flip
    assert re.search(r"Side [AB] first", html)
    act(a, "reflip", game)
    assert game.sides.get(key="a").soulstone_pool == 3
    html = act(a, "strategy-vp", game, {"side": "a"})
    assert 'id="vp-a">1<' in html
    act(b, "strategy-vp", game, {"side": "b"}, htmx=False)
    own = game.sides.get(key="a").schemes.first()
    act(a, "reveal-scheme", game, None, own.pk)
    html = act(a, "scheme-vp", game, None, own.pk)
    assert 'id="vp-a">2<' in html

    bravo_guard = game.sides.get(key="b").hired.filter(is_leader=False).first()
    alpha_leader = game.sides.get(key="a").hired.get(is_leader=True)
    html = act(a, "casualty", game, {"side": "b", "model": bravo_guard.pk, "how": "killed",
                                     "by_model": alpha_leader.pk})
    assert "Flip pending" in section(html, "casualties")
    assert 'id="finished-off"' not in html  # side A does not flip for side B's model
    page = main(b.get(game.get_absolute_url()))
    assert "Finished Off flips" in page and "Flip for me" in page
    html = act(b, "finished-off", game, {"source": "table", "table_card": "7R",
                                         "cheated_in": "", "threshold": 3},
               Casualty.objects.get().pk)
    assert re.search(r'fo-finished">Finished Off</span> \(7 of Rams\)',
                     section(html, "casualties"))
    act(a, "casualty", game, {"side": "a", "summoned_name": "Pale Rider", "how": "sacrificed",
                              "by_effect": "its own ability"})
    assert Casualty.objects.get(summoned_name="Pale Rider").finished_off == "not_arsenal"
    act(a, "event-scrip", game, {"side": "a", "amount": 8, "why": "bounty"})
    assert game.sides.get(key="a").event_scrip == 6

    for turn in range(1, 5):
        assert f"End Turn {turn + 1}" in act(a, "end-turn", game)
    html = act(a, "end-turn", game, {"table_card": "3C"})
    assert "ended on Turn 5" in html and "End Turn" not in html
    report_form = section(html, "report-form")
    assert 'name="vp_a" value="2"' in report_form and 'name="vp_b" value="1"' in report_form

    html = act(a, "report", game, {"vp_a": 2, "vp_b": 1})
    assert "Waiting for the opponent" in html and f"Confirm 2{DASH}1" not in html
    page = main(b.get(game.get_absolute_url()))
    assert f"Confirm 2{DASH}1" in page and "Dispute the result" in page
    html = act(b, "confirm", game)
    assert 'id="game-state" class="state state-aftermath">Awaiting aftermath' in html
    assert "Result confirmed" in html
    assert "Awaiting aftermath" in main(client_for(None).get(game.get_absolute_url()))
    game.refresh_from_db()
    assert game.record["winner"] == "a" and game.record["vp"] == {"a": 2, "b": 1}
    assert game.record["sides"]["b"]["finished_off"] == [bravo_guard.arsenal_model_id]
    assert "already confirmed" in act(b, "confirm", game)  # a second tap changes nothing


def test_a_dispute_and_the_organizer_ruling(campaign_week):
    _campaign, alpha, bravo, organizer = campaign_week
    game = game_in_play(campaign_week)
    a, b, org = client_for(alpha.player), client_for(bravo.player), client_for(organizer)
    act(a, "report", game, {"vp_a": 5, "vp_b": 1})
    assert errors(act(b, "dispute", game, {"reason": ""}))
    html = act(b, "dispute", game, {"reason": "It was 4-4"})
    assert "Disputed" in html and "It was 4-4" in html
    page = main(org.get(game.get_absolute_url()))
    assert "Organizer ruling" in section(page, "result")
    html = act(org, "rule", game, {"vp_a": 4, "vp_b": 4, "reason": "Photos show 4-4"})
    assert "Decided by an organizer" in html and "Photos show 4-4" in html
    assert game.reports.get(status=ResultReport.Status.RULED).vp_a == 4
    assert "Awaiting aftermath" in main(a.get(game.get_absolute_url()))


# --- Live updates ----------------------------------------------------------------------


def test_the_panel_poll_answers_204_until_the_game_changes(campaign_week):
    _campaign, alpha, bravo, _organizer = campaign_week
    game = game_in_play(campaign_week)
    b = client_for(bravo.player)
    poll = url("panel", game) + f"?version={game.version}"
    assert b.get(poll).status_code == 204
    tracker.score_strategy(game=game, actor=alpha.player, side_key="a", vp=1)
    changed = b.get(poll)
    assert changed.status_code == 200
    html = changed.content.decode()
    assert html.lstrip().startswith("<section id=\"game-panel\"")
    assert 'id="vp-a">1<' in html
    game.refresh_from_db()
    assert f"?version={game.version}" in html  # the next poll asks from the new version
    assert client_for(None).get(url("panel", game) + f"?version={game.version}"
                                ).status_code == 204


def test_the_tracker_panel_queries_are_bounded(campaign_week, django_assert_max_num_queries):
    """The panel costs the same number of queries with one casualty or many."""
    _campaign, alpha, bravo, organizer = campaign_week
    game = game_in_play(campaign_week)
    victims = list(game.sides.get(key="b").hired.all())

    def count(user):
        client = client_for(user)
        client.get(url("panel", game))  # warm caches (content types, tables)
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as queries:
            assert client.get(url("panel", game)).status_code == 200
        return len(queries)

    tracker.record_casualty(game=game, actor=alpha.player, side_key="b", model=victims[0])
    few = {user: count(user) for user in (alpha.player, organizer, None)}
    for victim in victims[1:]:
        tracker.record_casualty(game=game, actor=alpha.player, side_key="b", model=victim)
    for _turn in range(3):
        tracker.score_strategy(game=game, actor=alpha.player, side_key="a", vp=1)
        tracker.end_turn(game=game, actor=alpha.player)
    many = {user: count(user) for user in (alpha.player, organizer, None)}
    assert few == many
    b = client_for(bravo.player)
    b.get(url("panel", game))
    # session, user, game, view (7 + notes, table models, Bounties held), reports, and
    # the player's one-use items in a campaign game
    with django_assert_max_num_queries(17):
        assert b.get(url("panel", game)).status_code == 200


def test_a_standalone_setup_is_shared_by_its_link(campaign_week):
    _campaign, alpha, _bravo, _organizer = campaign_week
    game = games.create_setup(actor=alpha.player, size=50, kind=Game.Kind.STORY)
    page = main(client_for(None).get(game.get_absolute_url()))
    assert "Story encounter, 50 soulstones" in page and "Flip record" in page
    assert 'method="post"' not in page and "every 3s" not in page


def test_standalone_encounter_page_generates_and_shares(client, campaign_week):
    _campaign, alpha, bravo, _organizer = campaign_week
    client.force_login(alpha.player)
    assert client.get("/games/setup/").status_code == 200
    bad = client.post("/games/setup/", {"size": 2, "kind": "standard"})
    assert bad.status_code == 200 and "errorlist" in bad.content.decode()
    made = client.post("/games/setup/", {"size": 50, "kind": "standard"})
    assert made.status_code == 302
    game = Game.objects.get(campaign__isnull=True)
    client.force_login(bravo.player)
    page = client.get(made.url).content.decode()
    for key in game.setup["scheme_pool"]:
        scheme = encounter_tables().scheme(key)
        assert scheme.name in page
