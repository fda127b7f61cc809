"""A valid request body per write route, built from the world, so a request is refused for
who sends it and not for what it carries. Routes not listed send an empty body (their
input is optional, or what they check first is who asks)."""

from __future__ import annotations


def _ids(queryset) -> list[int]:
    return list(queryset.values_list("pk", flat=True))


def _mal_archive(event) -> dict:
    from malediction.archive import export_event

    return export_event(event)


def bodies(w) -> dict:
    r = w.extra["roster"]
    mal = w.extra["malediction"]
    alpha, bravo = w.crews["Alpha"], w.crews["Bravo"]
    hired_b = w.game.sides.get(key="b").hired.filter(is_leader=False)
    leader_a = w.game.sides.get(key="a").hired.get(is_leader=True)
    scheme = w.extra["alpha_choice"]
    alpha_upgrade = alpha.upgrades.filter(kind="upgrade").first()  # not the Helmet
    campaign = {"league": w.league.slug, "name": "Another campaign", "length_weeks": 6,
                "start_date": "2027-01-04", "weekday": 3}
    league = {"name": "Another league", "time_zone": "Europe/London"}
    return {
        # --- API ---------------------------------------------------------------------
        "POST /api/campaigns/": campaign,
        "PUT /api/campaigns/{id}/": {**campaign, "name": w.campaign.name},
        "PATCH /api/campaigns/{id}/": {"description": "Changed."},
        "POST /api/campaigns/{id}/join/": {"name": "Newcomers", "faction": "guild"},
        "POST /api/campaigns/{campaign_pk}/exports/": {"kind": "archive", "format": "json"},
        "PUT /api/campaigns/{campaign_pk}/standings/config/": {"tie_breaks": ["cp", "vp"]},
        "POST /api/campaigns/{campaign_pk}/weeks/{number}/set-event/": {
            "event": "contract-work", "reason": "A change of plan"},
        "POST /api/campaigns/{campaign_pk}/weeks/{number}/bullet/claim/": {
            "leader_crew": bravo.pk},
        "POST /api/campaigns/{campaign_pk}/weeks/{number}/pit-fight/": {
            "entries": [{"crew": alpha.pk, "kills": 1}, {"crew": bravo.pk, "kills": 0}],
            "winner": alpha.pk, "first_eliminated": bravo.pk},
        "POST /api/campaigns/{campaign_pk}/weeks/{number}/avatar/": {
            "crew": alpha.pk, "avatar": r["upgrade"].pk},
        "POST /api/crews/{id}/starting-arsenal/": {"leader": r["henchman"].pk,
                                                   "models": [r["minion"].pk]},
        "POST /api/crews/{id}/new-hires/": {"models": [r["minion"].pk]},
        "POST /api/crews/{id}/add-master/": {"master": r["master"].pk},
        "POST /api/crews/{id}/start-anew/": {"name": "Second Try", "faction": "guild"},
        "POST /api/crews/{id}/catch-up-buy/": {"number": 1, "key": "good-lead"},
        "POST /api/crews/{id}/trade-scrip/": {"to_crew": bravo.pk, "amount": 1},
        "POST /api/crews/{id}/trade-equipment/": {"upgrade": w.extra["equipment"].pk,
                                                  "to_crew": bravo.pk},
        "POST /api/games/": {"campaign": w.campaign.pk, "crew_a": alpha.pk,
                             "crew_b": bravo.pk},
        "POST /api/games/setups/": {"size": 30},
        "POST /api/games/{id}/hire/": {"models": _ids(alpha.models.all())},
        "POST /api/auto-resolve/runs/": {"game": w.game.pk},
        "POST /api/predictions/": {"list_a": r["henchman"].name, "faction_a": "guild",
                                   "list_b": r["henchman"].name, "faction_b": "guild",
                                   "games": 100},
        "POST /api/games/{id}/schemes/": {"schemes": [
            {"scheme": w.game.setup["scheme_pool"][0]},
            {"scheme": w.game.setup["scheme_pool"][3]}]},
        "POST /api/games/{id}/strategy-vp/": {"side": "a", "vp": 1},
        "POST /api/games/{id}/scheme-vp/": {"scheme": scheme.pk, "vp": 1},
        "POST /api/games/{id}/reveal-scheme/": {"scheme": scheme.pk},
        "POST /api/games/{id}/third-scheme/vp/": {"vp": 1},
        "POST /api/games/{id}/casualties/": {"side": "b", "model": hired_b.first().pk},
        "POST /api/games/{id}/casualties/{casualty_id}/finished-off/": {"table_card": "5M"},
        "POST /api/games/{id}/casualties/{casualty_id}/reflip-finished-off/": {
            "source": "gallows", "table_card": "5M"},
        "POST /api/games/{id}/event-scrip/": {"side": "a", "amount": 1, "why": "An event"},
        "POST /api/games/{id}/end-turn/": {"table_card": "5M"},
        "POST /api/games/{id}/report/": {"vp_a": 4, "vp_b": 2},
        "POST /api/games/{id}/dispute/": {"reason": "Wrong score"},
        "POST /api/games/{id}/rule/": {"vp_a": 3, "vp_b": 3, "reason": "Ruled a draw"},
        "POST /api/games/{id}/initiative/": {"table_cards": {"a": "13R", "b": "2M"}},
        "POST /api/leagues/": league,
        "PUT /api/leagues/{slug}/": {**league, "name": w.league.name},
        "PATCH /api/leagues/{slug}/": {"description": "Changed."},
        "POST /api/leagues/{slug}/invitations/": {"role": "player"},
        "POST /api/leagues/{slug}/members/{member_id}/decide/": {"approve": True},
        "POST /api/leagues/{slug}/members/{member_id}/role/": {"role": "organizer"},
        "POST /api/leagues/join/": {"token": w.invitation.token},
        "POST /api/nights/": {"campaign": w.campaign.pk},
        "POST /api/nights/{id}/check-ins/": {"crew": alpha.pk},
        "POST /api/nights/{id}/check-out/": {"crew": alpha.pk},
        "POST /api/nights/{id}/generate/": {"method": "random"},
        "POST /api/nights/{id}/adjust/": {"crew_x": alpha.pk, "crew_y": bravo.pk},
        "POST /api/nights/{id}/tables/": {"tables": [{"pairing": 1, "table": 2}]},
        "POST /api/rules/duel-odds/": {"attacker": {"stat": 5}, "tn": 5},
        "POST /api/rules/flips/": {"purpose": "Initiative"},
        "POST /api/rules/flips/table/": {"purpose": "Initiative", "cards": ["5M"]},
        "POST /api/rules/packs/import/": {"format": 1, "pack": {"name": "P", "slug": "p"}},
        "POST /api/malediction/packs/import/": {"pack": {"name": "P"}, "cards": []},
        "POST /api/malediction/attack-odds/": {"acc": 2, "power_hit": 3, "power_graze": 1,
                                              "defense": 10, "hp": 5},
        "POST /api/malediction/matches/{id}/dispute/": {"reason": "Not so"},
        "POST /api/malediction/events/{id}/teams/": {
            "name": "Pairs", "members": [mal.regs[0].pk, mal.regs[1].pk]},
        "POST /api/malediction/events/{id}/remove-team/": {"name": mal.team.name},
        "POST /api/malediction/events/import/": {"league": w.league.slug,
                                                 "archive": _mal_archive(mal.event)},
        "POST /api/malediction/auto-resolve/runs/": {"match": mal.match.pk},
        "POST /api/malediction/predictions/": {"first": mal.band.pk, "second": mal.band.pk,
                                               "mode": "standard", "board": 30,
                                               "games": 100},
        "POST /api/malediction/matches/{id}/report/": {
            "winner": "a", "mastery_a": 41, "mastery_b": 12, "final_round": 3,
            "win_type": "threshold"},
        "POST /api/malediction/matches/{id}/rule/": {
            "winner": "a", "mastery_a": 41, "mastery_b": 12, "final_round": 3,
            "win_type": "threshold", "reason": "Ruled"},
        "POST /api/malediction/matches/{id}/tracker-entry/": {"type": "mulligan",
                                                             "data": {"player": 0}},
        "POST /api/malediction/war-bands/import-text/": {"text": "Seeker: Nobody"},
        "POST /api/malediction/war-bands/validate/": {
            "name": "X", "seeker": w.extra["malediction"].band.seeker_id,
            "terrain": w.extra["malediction"].band.terrain_id, "deck": []},
        "POST /api/series/": {"opponent": bravo.player.username, "size": 40,
                              "faction": "guild", "leader": "Lady Justice"},
        "POST /api/series/{id}/declare/": {"faction": "neverborn", "leader": "Pandora"},
        "PUT /api/notifications/preferences/": {"email": {"new_week": False}},
        "PATCH /api/leagues/{slug}/ruleset/": {"default_ruleset": "m2e"},
        "POST /api/games/{id}/table-models/": {"name": "A summoned Peon", "side": "a"},
        "POST /api/games/{id}/markers/": {"kind": "scheme", "delta": 1, "owner": "a",
                                          "quarter": 1, "by_side": "a"},
        "POST /api/games/{id}/model-events/": {"kind": "horror_failed",
                                               "model": hired_b.first().pk},
        "POST /api/games/{id}/use-item/": {"upgrade": alpha_upgrade.pk},
        "POST /api/games/{id}/traveler-guidance/": {"model": leader_a.pk},
        "POST /api/games/{id}/reflip-initiative/": {"pay": "soulstone"},
        "POST /api/games/{id}/bbq/": {"model": leader_a.pk},
        "POST /api/games/{id}/warrant/": {"role": "attacker"},
        "POST /api/games/{id}/on-the-move/": {"event": "extermination"},
        "POST /api/games/{id}/casualty-scrip/": {"side": "a", "amount": 1, "why": "A miss"},
        "POST /api/games/{id}/notes/": {"bounty": "roundup", "characteristic": "Living"},
        "POST /api/games/{id}/end-facts/": {"side": "a", "engaging_leader": 1},
        "POST /api/games/{id}/quarters/": {"side": "a", "quarters": [1, 2]},
        "POST /api/games/{id}/pool/": {"side": "a", "change": 1},
        "PATCH /api/notifications/preferences/": {"email": {"new_week": False}},
        # --- Pages -------------------------------------------------------------------
        "league:create": {"name": "Page league", "time_zone": "Europe/London"},
        "league:invite": {"role": "player"},
        "league:decide": {"approve": "1"},
        "league:role": {"role": "organizer"},
        "campaign:create": {k: v for k, v in campaign.items() if k != "league"},
        "campaign:edit": {"name": w.campaign.name, "length_weeks": 6,
                          "start_date": "2027-01-04", "weekday": 3},
        "campaign:join": {"name": "Newcomers", "faction": w.crew.faction_id},
        "campaign:start-anew": {"name": "Second Try", "faction": w.crew.faction_id},
        "campaign:add-master": {"master": r["master"].pk},
        "campaign:catch-up-buy": {"number": "1", "key": "good-lead"},
        "campaign:trade-scrip": {"to_crew": str(bravo.pk), "amount": "1"},
        "campaign:trade-equipment": {"upgrade": str(w.extra["equipment"].pk),
                                     "to_crew": str(bravo.pk)},
        "campaign:week-set-event": {"event": "contract-work", "reason": "A change"},
        "campaign:week-bullet-claim": {"leader_crew": bravo.pk},
        "encounters:new": {"crew_a": alpha.pk, "crew_b": bravo.pk},
        "encounters:setup": {"size": 30},
        "encounters:strategy-vp": {"side": "a", "vp": 1},
        "encounters:scheme-vp": {"vp": 1},
        "encounters:third-scheme-vp": {"vp": "1"},
        "encounters:casualty": {"side": "b", "model": hired_b.first().pk},
        "encounters:event-scrip": {"side": "a", "amount": 1, "why": "An event"},
        "encounters:report": {"vp_a": 4, "vp_b": 2},
        "encounters:dispute": {"reason": "Wrong score"},
        "encounters:bring-in": {"name": "A summoned Peon", "side": "a"},
        "encounters:marker": {"kind": "scheme", "delta": "1", "owner": "a", "quarter": "1",
                              "by_side": "a"},
        "encounters:model-event": {"kind": "horror_failed", "model": hired_b.first().pk},
        "encounters:use-item": {"upgrade": str(alpha_upgrade.pk)},
        "encounters:traveler-guidance": {"model": str(leader_a.pk)},
        "encounters:reflip-finished-off": {"source": "gallows", "table_card": "5M"},
        "encounters:reflip": {"pay": "scrip"},
        "encounters:bbq": {"model": str(leader_a.pk)},
        "encounters:warrant": {"role": "attacker"},
        "encounters:on-the-move": {"event": "extermination"},
        "encounters:casualty-scrip": {"side": "a", "amount": "1", "why": "A miss"},
        "encounters:end-facts": {"side": "a", "engaging_leader": "1"},
        "encounters:quarters": {"side": "a", "quarters": ["1", "2"]},
        "encounters:pool": {"side": "a", "change": "1"},
        "encounters:rule": {"vp_a": 3, "vp_b": 3, "reason": "Ruled a draw"},
        "nights:generate": {"method": "random"},
        "autoresolve:mal-setting": {"auto_resolve": "both_players"},
        "malediction:tracker-entry": {"type": "mulligan", "player": "0"},
        "malediction:report": {"winner": "a", "mastery_a": 41, "mastery_b": 12,
                               "final_round": 3, "win_type": "threshold"},
        "malediction:dispute": {"reason": "Not so"},
        "nights:swap": {"crew_x": alpha.pk, "crew_y": bravo.pk},
        "nights:tables": {"tables": "1"},
        "exports:start": {"kind": "archive", "format": "json"},
        "tokens": {"name": "A bot", "expires_in_days": "30"},
        "signup": {"username": "newcomer", "email": "newcomer@example.org",
                   "password1": "a-long-enough-pass-123", "password2": "a-long-enough-pass-123"},
    }
