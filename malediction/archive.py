"""An event's archive: everything of one event as JSON (teams, registrations with their
lists, rounds, matches with sides, seats, reports, the audit trail and the tracker's
entries), with natural keys instead of ids (usernames, pack/card slugs, the league's
slug), so it imports losslessly into another install. Import checks every reference
first and writes nothing while one is missing."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import DatabaseError, transaction
from django.utils.dateparse import parse_date, parse_datetime

from malediction.models import (
    Card,
    Event,
    Match,
    MatchLog,
    MatchReport,
    MatchSide,
    Registration,
    Round,
    Seat,
    Team,
    TrackerEntry,
)

FORMAT = "malediction-event/1"
EVENT_FIELDS = ("name", "mode", "board", "threshold", "reveal", "planned_rounds", "state")
MATCH_FIELDS = ("table", "is_bye", "state", "mode", "board", "threshold", "winner",
                "final_round", "win_type", "version")
SIDE_FIELDS = ("key", "final_mastery", "relics_claimed", "relics_lost", "kill_mastery",
               "bids_won")
REPORT_FIELDS = ("reporter_side", "winner", "mastery_a", "mastery_b", "final_round",
                 "win_type", "details", "status", "reason")


class ArchiveError(ValueError):
    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems[:5]))
        self.problems = problems


def _key(card: Card | None) -> str | None:
    return f"{card.pack.slug}/{card.slug}" if card else None


def _user(user) -> str | None:
    return user.username if user else None


def _time(value) -> str | None:
    return value.isoformat() if value else None


def _rows_out(rows, cards: dict[int, Card]) -> list[dict]:
    return [{"card": _key(cards.get(r.get("card"))), "name": r.get("name"),
             "count": r.get("count")} for r in rows or ()]


def _list_out(listed: dict, cards: dict[int, Card]) -> dict:
    if not listed:
        return {}
    out = {k: v for k, v in listed.items() if k not in ("seeker", "legacy", "terrain",
                                                        "deck", "side", "war_band")}
    for k in ("seeker", "legacy", "terrain"):
        out[k] = _key(cards.get(listed.get(k)))
    out["deck"] = _rows_out(listed.get("deck"), cards)
    out["side"] = _rows_out(listed.get("side"), cards)
    return out


def export_event(event: Event) -> dict[str, Any]:
    regs = list(event.registrations.select_related("player", "team").order_by("id"))
    matches = list(Match.objects.filter(event=event).select_related("round")
                   .prefetch_related("sides__team", "sides__seats__player",
                                     "sides__seats__registration__player",
                                     "reports__reported_by", "reports__answered_by",
                                     "log__actor", "tracker_entries__actor").order_by("id"))
    ids = set()
    for r in regs:
        listed = r.submitted_list or {}
        ids |= {listed.get(k) for k in ("seeker", "legacy", "terrain")}
        ids |= {row.get("card") for row in listed.get("deck", []) + listed.get("side", [])}
    for m in matches:
        for side in m.sides.all():
            for seat in side.seats.all():
                ids |= {seat.seeker_id, seat.legacy_id, seat.terrain_id}
                ids |= {row.get("card") for row in (seat.deck or []) + (seat.side_deck or [])}
    cards = Card.objects.select_related("pack").in_bulk([i for i in ids if i])
    return {
        "format": FORMAT, "league": event.league.slug,
        "event": {**{f: getattr(event, f) for f in EVENT_FIELDS},
                  "list_deadline": _time(event.list_deadline),
                  "created_by": _user(event.created_by)},
        "teams": [{"name": t.name, "is_nemesis": t.is_nemesis}
                  for t in event.teams.order_by("name")],
        "registrations": [{"player": r.player.username, "team": r.team.name if r.team else None,
                           "list": _list_out(r.submitted_list, cards),
                           "submitted_at": _time(r.submitted_at), "checked_in": r.checked_in,
                           "dropped": r.dropped} for r in regs],
        "rounds": [{"number": r.number, "date": r.date.isoformat(), "state": r.state,
                    "seed": r.seed, "notes": r.notes, "paired_at": _time(r.paired_at)}
                   for r in event.rounds.order_by("number")],
        "matches": [{
            **{f: getattr(m, f) for f in MATCH_FIELDS},
            "round": m.round.number if m.round else None,
            "date": m.date.isoformat() if m.date else None,
            "sides": [{**{f: getattr(s, f) for f in SIDE_FIELDS},
                       "team": s.team.name if s.team else None,
                       "seats": [{"player": seat.player.username,
                                  "registration": bool(seat.registration_id),
                                  "seeker": _key(cards.get(seat.seeker_id)),
                                  "legacy": _key(cards.get(seat.legacy_id)),
                                  "terrain": _key(cards.get(seat.terrain_id)),
                                  "deck": _rows_out(seat.deck, cards),
                                  "side_deck": _rows_out(seat.side_deck, cards),
                                  "swap": seat.swap} for seat in s.seats.all()]}
                      for s in m.sides.all()],
            "reports": [{**{f: getattr(r, f) for f in REPORT_FIELDS},
                         "reported_by": _user(r.reported_by),
                         "answered_by": _user(r.answered_by),
                         "created_at": _time(r.created_at),
                         "answered_at": _time(r.answered_at)}
                        for r in sorted(m.reports.all(), key=lambda r: r.pk)],
            "log": [{"text": e.text, "actor": _user(e.actor), "at": _time(e.at)}
                    for e in sorted(m.log.all(), key=lambda e: e.pk)],
            "tracker": [{"seq": e.seq, "kind": e.kind, "data": e.data, "undone": e.undone,
                         "actor": _user(e.actor), "at": _time(e.at)}
                        for e in sorted(m.tracker_entries.all(), key=lambda e: e.seq)],
        } for m in matches],
    }


class _Refs:
    """Natural keys resolved once; every missing one is a problem, reported together."""

    def __init__(self, document: dict):
        self.problems: list[str] = []
        names: set[str] = set()
        keys: set[str] = set()

        def walk(node):
            if isinstance(node, dict):
                for k, v in node.items():
                    if k in ("player", "reported_by", "answered_by", "actor", "created_by") \
                            and isinstance(v, str):
                        names.add(v)
                    elif k in ("card", "seeker", "legacy", "terrain") and isinstance(v, str):
                        keys.add(v)
                    else:
                        walk(v)
            elif isinstance(node, list):
                for item in node:
                    walk(item)

        walk({k: v for k, v in document.items() if k != "league"})
        users = get_user_model().objects.filter(username__in=names)
        self.users = {u.username: u for u in users}
        for name in sorted(names - set(self.users)):
            self.problems.append(f"No user {name!r} here.")
        self.cards = {}
        for key in keys:
            pack, _, slug = key.partition("/")
            card = Card.objects.filter(pack__slug=pack, slug=slug).first()
            if card is None:
                self.problems.append(f"No card {key!r} here (import its pack first).")
            else:
                self.cards[key] = card

    def user(self, name):
        return self.users.get(name) if name else None

    def card(self, key):
        return self.cards.get(key) if key else None

    def rows(self, rows):
        return [{"card": self.cards[r["card"]].pk if r.get("card") in self.cards else None,
                 "name": r.get("name"), "count": r.get("count")} for r in rows or ()]

    def listed(self, listed):
        if not listed:
            return {}
        out = dict(listed)
        for k in ("seeker", "legacy", "terrain"):
            card = self.card(listed.get(k))
            out[k] = card.pk if card else None
        out["deck"], out["side"] = self.rows(listed.get("deck")), self.rows(listed.get("side"))
        return out


@transaction.atomic
def import_event(document: Any, *, league) -> Event:
    """A new event in ``league`` from an archive (the archive's league slug is kept for
    reference only). Every missing user or card is listed and nothing is written."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ArchiveError([f"This reads {FORMAT!r} archives."])
    refs = _Refs(document)
    if refs.problems:
        raise ArchiveError(refs.problems)
    try:
        return _write(document, league, refs)
    except (KeyError, TypeError, ValueError, AttributeError, DatabaseError) as exc:
        transaction.set_rollback(True)
        raise ArchiveError([f"The archive is malformed: {exc}"]) from exc


def _write(document: dict, league, refs: _Refs) -> Event:
    data = document["event"]
    event = Event.objects.create(league=league, **{f: data[f] for f in EVENT_FIELDS},
                                 list_deadline=parse_datetime(data["list_deadline"]),
                                 created_by=refs.user(data.get("created_by")))
    teams = {t["name"]: Team.objects.create(event=event, name=t["name"],
                                            is_nemesis=t["is_nemesis"])
             for t in document["teams"]}
    regs = {}
    for r in document["registrations"]:
        regs[r["player"]] = Registration.objects.create(
            event=event, player=refs.user(r["player"]), team=teams.get(r["team"]),
            submitted_list=refs.listed(r["list"]), checked_in=r["checked_in"],
            dropped=r["dropped"],
            submitted_at=parse_datetime(r["submitted_at"]) if r["submitted_at"] else None)
    rounds = {}
    for r in document["rounds"]:
        rounds[r["number"]] = Round.objects.create(
            event=event, number=r["number"], date=parse_date(r["date"]), state=r["state"],
            seed=r["seed"], notes=r["notes"],
            paired_at=parse_datetime(r["paired_at"]) if r["paired_at"] else None)
    for m in document["matches"]:
        match = Match.objects.create(event=event, round=rounds.get(m["round"]),
                                     date=parse_date(m["date"]) if m["date"] else None,
                                     **{f: m[f] for f in MATCH_FIELDS})
        for s in m["sides"]:
            side = MatchSide.objects.create(match=match, team=teams.get(s["team"]),
                                            **{f: s[f] for f in SIDE_FIELDS})
            for seat in s["seats"]:
                Seat.objects.create(
                    side=side, player=refs.user(seat["player"]),
                    registration=regs.get(seat["player"]) if seat["registration"] else None,
                    seeker=refs.card(seat["seeker"]), legacy=refs.card(seat["legacy"]),
                    terrain=refs.card(seat["terrain"]), deck=refs.rows(seat["deck"]),
                    side_deck=refs.rows(seat["side_deck"]), swap=seat["swap"])
        for r in m["reports"]:
            report = MatchReport.objects.create(
                match=match, reported_by=refs.user(r["reported_by"]),
                answered_by=refs.user(r["answered_by"]),
                answered_at=parse_datetime(r["answered_at"]) if r["answered_at"] else None,
                **{f: r[f] for f in REPORT_FIELDS})
            MatchReport.objects.filter(pk=report.pk).update(
                created_at=parse_datetime(r["created_at"]))
        for e in m["log"]:
            row = MatchLog.objects.create(match=match, text=e["text"],
                                          actor=refs.user(e["actor"]))
            MatchLog.objects.filter(pk=row.pk).update(at=parse_datetime(e["at"]))
        for e in m["tracker"]:
            row = TrackerEntry.objects.create(match=match, seq=e["seq"], kind=e["kind"],
                                              data=e["data"], undone=e["undone"],
                                              actor=refs.user(e["actor"]))
            TrackerEntry.objects.filter(pk=row.pk).update(at=parse_datetime(e["at"]))
    return event
