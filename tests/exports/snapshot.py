"""Everything a campaign shows, without database ids, so two copies compare equal."""

from aftermath.models import Aftermath
from campaign.models import Campaign
from campaign.selectors import arsenal_sheet, crew_queryset
from campaign.services.scrip import ledger_balance
from rules.models import FlipRecord


def _subject(flip, names):
    if flip.subject_type_id is None:
        return None
    return flip.subject_type.model, names.get((flip.subject_type.model, flip.subject_id))


def snapshot(campaign) -> dict:
    crews = list(crew_queryset().filter(campaign=campaign).order_by("name", "id"))
    crew_name = {c.pk: c.name for c in crews}
    model_name, games = {}, list(campaign.games.order_by("id"))
    for crew in crews:
        for n, row in enumerate(crew.models.order_by("id")):
            model_name[row.pk] = f"{crew.name}#{n}:{row.card.slug}"
    game_name = {g.pk: f"game#{n}" for n, g in enumerate(games)}
    names = {("game", pk): name for pk, name in game_name.items()}
    aftermaths = list(Aftermath.objects.filter(game__campaign=campaign)
                      .order_by("game_id", "side_key"))
    names |= {("aftermath", a.pk): (game_name[a.game_id], a.side_key) for a in aftermaths}
    names.update({("campaignweek", w.pk): w.number for w in campaign.weeks.all()})
    out = {
        "league": (campaign.league.name, sorted(
            (m.user.username, m.role, m.status) for m in campaign.league.memberships.all())),
        "campaign": {f: getattr(campaign, f) for f in (
            "name", "slug", "status", "visibility", "current_week", "length_weeks",
            "start_date", "competitive_mode", "max_games_per_week", *Campaign.OPTION_FIELDS)},
        "packs": sorted(p.slug for p in campaign.content_packs.all()),
        "weeks": [(w.number, w.state, w.event_key, w.games_event_key, w.event_chain,
                   w.turned_over_at, [(t.from_state, t.to_state, t.note, t.at)
                                      for t in w.transitions.order_by("id")])
                  for w in campaign.weeks.order_by("number")],
        "crews": [],
        "games": [],
    }
    for crew in crews:
        sheet = arsenal_sheet(crew)
        out["crews"].append({
            "crew": (crew.name, crew.player.username, crew.faction.code, crew.status,
                     crew.joined_week, crew.created_at),
            "scrip": crew.scrip, "balance": ledger_balance(crew),
            "leader": model_name.get(crew.leader_id),
            "models": [(model_name[m.row.pk], m.row.station, m.stats, m.is_leader,
                        [u.name for u in m.upgrades], [u.name for u in m.skills],
                        [(u.name, u.stat_effects) for u in m.injuries])
                       for m in sheet.models],
            "annihilated": [(model_name[r.pk], r.annihilated_week) for r in sheet.annihilated],
            "unattached": [u.name for u in sheet.unattached],
            "ledger": [(e.week, e.kind, e.amount, e.reason, e.actor and e.actor.username,
                        e.source_type and e.source_type.model,
                        source_label(e, game_name), e.created_at)
                       for e in sheet.ledger],
            "events": [(e.kind, e.week, e.description,
                        stable_detail(e.detail, model_name, crew_name, game_name),
                        model_name.get(e.model_id),
                        e.created_at) for e in crew.events.order_by("id")],
            "bounties": [(b.bounty_key, b.status, b.bought_week,
                          [game_name[c["game"]] for c in b.progress.get("contributions", [])])
                         for b in sheet.bounties],
            "hide_out": sheet.hide_out and (sheet.hide_out.name, sheet.hide_out.flair),
            "fortifications": [(f.key, f.built_week) for f in sheet.fortifications],
            "construction": [(e.week, e.amount, e.reason) for e in
                             crew.cm_entries.order_by("id")],
            "new_hires": [(h.week, h.scrip_spent) for h in crew.new_hires.order_by("id")],
        })
    for game in games:
        record = game.record
        sides = {key: {**side, "crew": crew_name[side["crew"]],
                       "played": [model_name[m] for m in side["played"]],
                       "finished_off": [model_name[m] for m in side["finished_off"]]}
                 for key, side in record.get("sides", {}).items()}
        kills = [{**k, "victim": model_name.get(k["victim"]),
                  "by_model": model_name.get(k["by_model"])} for k in record.get("kills", [])]
        models = [{**m, "arsenal_model": model_name.get(m["arsenal_model"])}
                  for m in record.get("models", [])]
        out["games"].append({
            "game": (game.state, game.kind, game.size, game.setup, game.event_key,
                     game.week.number, game.turn, game.first_player, game.ended_on_turn,
                     game.created_at),
            "record": {**record, "sides": sides, "kills": kills, "models": models},
            "sides": [(s.key, s.player.username, crew_name[s.crew_id], s.strategy_vp,
                       s.campaign_rating, s.soulstone_pool,
                       [(h.name, h.cost, h.is_leader, h.upgrades,
                         model_name.get(h.arsenal_model_id)) for h in s.hired.all()],
                       [(c.scheme_key, c.vp, c.revealed) for c in s.schemes.all()])
                      for s in game.sides.all()],
            "casualties": [(c.side and c.side.key, c.model and c.model.name, c.how,
                            c.by_model and c.by_model.name, c.turn, c.finished_off,
                            c.flip and (c.flip.cards, c.flip.chosen, c.flip.purpose))
                           for c in game.casualties.all()],
            "reports": [(r.vp_a, r.vp_b, r.winner, r.status, r.reported_by.username,
                         r.answered_by and r.answered_by.username) for r in game.reports.all()],
            "log": [(line.turn, line.side, line.text, line.secret_for, line.at)
                    for line in game.log.all()],
        })
    subjects = {("campaignweek", w.pk) for w in campaign.weeks.all()} | {
        ("game", g.pk) for g in games} | {("aftermath", a.pk) for a in aftermaths}
    out["nights"] = [
        (n.week.number, n.state, n.method, n.date,
         [{**note, "crew": crew_name.get(note.get("crew"))} for note in n.notes],
         sorted(crew_name[c.crew_id] for c in n.check_ins.all()),
         [(p.table, crew_name[p.crew_a_id], crew_name.get(p.crew_b_id), p.bye,
           game_name.get(p.game_id), p.explanations) for p in n.pairings.order_by("table")])
        for n in campaign.nights.order_by("id")]
    out["aftermaths"] = [
        (names[("aftermath", a.pk)], crew_name[a.crew_id], a.phase, a.seed, a.dealt, a.hand,
         a.deadline, [(st.phase, st.description, st.by_default, len(st.flips),
                       stable_detail(st.detail, model_name, crew_name, game_name))
                      for st in a.steps.order_by("id")])
        for a in aftermaths]
    from autoresolve.models import ResolveRun

    hired_name = {h.pk: h.name for g in games for s in g.sides.all() for h in s.hired.all()}
    out["resolve_runs"] = [
        (game_name[r.game_id], r.mode, r.status, r.requested_by.username, r.seed,
         r.simulator_version, r.input, r.log, r.summary, r.progress, r.attempts,
         r.report and (r.report.vp_a, r.report.vp_b, r.report.status, r.report.details),
         {k: hired_name.get(v) for k, v in r.arsenal.items()},
         [(q.user.username, q.side_key) for q in r.requests.order_by("id")])
        for r in ResolveRun.objects.filter(game__campaign=campaign).order_by("id")]
    flips = [f for f in FlipRecord.objects.select_related("subject_type").order_by("id")
             if f.subject_type and (f.subject_type.model, f.subject_id) in subjects]
    out["flips"] = [(f.purpose, f.source, f.seed, f.cards, f.net_twist, f.chosen,
                     f.cheated_in, f.flipped_by and f.flipped_by.username,
                     _subject(f, names), f.created_at) for f in flips]
    return out


#: Ids arsenal-event details keep, by what they point at.
DETAIL_REFS = {"tied": "model", "models": "model", "traitor_from": "model", "model": "model",
               "to_crew": "crew",
               "from_crew": "crew", "game": "game", "aftermath": "aftermath"}


def stable_detail(detail, model_name, crew_name, game_name):
    """An event's detail with its ids replaced by names (ids differ between copies)."""
    names = {"model": model_name, "crew": crew_name, "game": game_name}
    out = {}
    for key, value in (detail or {}).items():
        kind = DETAIL_REFS.get(key)
        if kind == "aftermath":
            value = "an aftermath" if value else value
        elif kind is not None:
            value = ([names[kind].get(v) for v in value] if isinstance(value, list)
                     else names[kind].get(value))
        out[key] = value
    return out


def source_label(entry, game_name):
    """What a ledger entry points at, without database ids."""
    if entry.source_type is None:
        return None
    if entry.source_type.model == "aftermathstep":
        step = entry.source
        return ("aftermath", game_name.get(step.aftermath.game_id), step.phase)
    return game_name.get(entry.source_id)
