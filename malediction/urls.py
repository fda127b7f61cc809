"""Malediction pages, under /malediction/."""

from django.urls import path

from malediction.views import events, home, matches, odds, packs, tracker, warbands

app_name = "malediction"

urlpatterns = [
    path("", home.index, name="home"),
    path("odds/", odds.odds, name="odds"),
    path("packs/", packs.pack_list, name="packs"),
    path("packs/import/", packs.pack_import, name="pack-import"),
    path("packs/<slug:slug>/", packs.pack_detail, name="pack"),
    path("packs/<slug:slug>/export.json", packs.export_json, name="pack-json"),
    path("packs/<slug:slug>/export.csv", packs.export_csv, name="pack-csv"),
    path("war-bands/", warbands.war_band_list, name="war-bands"),
    path("war-bands/new/", warbands.builder, name="war-band-new"),
    path("war-bands/preview/", warbands.builder_preview, name="builder-preview"),
    path("war-bands/import/", warbands.import_text, name="war-band-import"),
    path("war-bands/<id:pk>/", warbands.war_band_detail, name="war-band"),
    path("war-bands/<id:pk>/edit/", warbands.builder, name="war-band-edit"),
    path("war-bands/<id:pk>/list.txt", warbands.war_band_text, name="war-band-text"),
    path("war-bands/<id:pk>/list.pdf", warbands.war_band_pdf, name="war-band-pdf"),
    path("war-bands/<id:pk>/delete/", warbands.war_band_delete, name="war-band-delete"),
    path("leagues/<slug:league_slug>/events/new/", events.event_new, name="event-new"),
    path("leagues/<slug:league_slug>/events/import/", events.archive_import,
         name="event-import"),
    path("events/<id:pk>/", events.event_detail, name="event"),
    path("events/<id:pk>/archive.json", events.archive_export, name="event-archive"),
    path("events/<id:pk>/register/", events.register, name="register"),
    path("events/<id:pk>/submit-list/", events.submit_list, name="submit-list"),
    path("events/<id:pk>/check-in/<id:registration_id>/", events.check_in, name="check-in"),
    path("events/<id:pk>/team/", events.set_team, name="team"),
    path("events/<id:pk>/teams/<id:team_id>/remove/", events.remove_team, name="team-remove"),
    path("events/<id:pk>/rounds/open/", events.open_round, name="open-round"),
    path("events/<id:pk>/standings/", events.event_standings, name="standings"),
    path("events/<id:pk>/standings.<str:fmt>", events.standings_export,
         name="standings-export"),
    path("rounds/<id:pk>/pair/", events.pair_round, name="pair"),
    path("rounds/<id:pk>/unpair/", events.unpair_round, name="unpair"),
    path("rounds/<id:pk>/close/", events.close_round, name="close-round"),
    path("lists/<id:pk>/", events.registration_list, name="registration-list"),
    path("matches/<id:pk>/", matches.match_detail, name="match"),
    path("matches/<id:pk>/report/", matches.report, name="report"),
    path("matches/<id:pk>/confirm/", matches.confirm, name="confirm"),
    path("matches/<id:pk>/dispute/", matches.dispute, name="dispute"),
    path("matches/<id:pk>/rule/", matches.rule, name="rule"),
    path("matches/<id:pk>/swap/", matches.swap, name="swap"),
    path("matches/<id:pk>/tracker/", tracker.tracker, name="tracker"),
    path("matches/<id:pk>/tracker/panel/", tracker.panel, name="tracker-panel"),
    path("matches/<id:pk>/tracker/entry/", tracker.entry, name="tracker-entry"),
    path("matches/<id:pk>/tracker/undo/", tracker.undo, name="tracker-undo"),
]
