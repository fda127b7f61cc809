"""Game pages: setup, the game page with its live panel, and the actions it posts."""

from django.urls import path

from . import views

app_name = "encounters"
urlpatterns = [
    path("new/<id:campaign_id>/", views.game_new, name="new"),
    path("setup/", views.setup_new, name="setup"),
    path("series/new/", views.series_new, name="series-new"),
    path("series/<id:pk>/", views.series_detail, name="series"),
    path("<id:pk>/", views.game_detail, name="game"),
    path("<id:pk>/panel/", views.game_panel, name="panel"),
    path("<id:pk>/hire/", views.hire, name="hire"),
    path("<id:pk>/reveal-crew/", views.reveal_crew, name="reveal-crew"),
    path("<id:pk>/warrant/", views.warrant_role, name="warrant"),
    path("<id:pk>/schemes/", views.choose_schemes, name="schemes"),
    path("<id:pk>/start/", views.start, name="start"),
    path("<id:pk>/initiative/", views.initiative, name="initiative"),
    path("<id:pk>/reflip/", views.reflip, name="reflip"),
    path("<id:pk>/strategy-vp/", views.strategy_vp, name="strategy-vp"),
    path("<id:pk>/schemes/<id:scheme_id>/reveal/", views.reveal_scheme, name="reveal-scheme"),
    path("<id:pk>/schemes/<id:scheme_id>/vp/", views.scheme_vp, name="scheme-vp"),
    path("<id:pk>/third-scheme/reveal/", views.reveal_third_scheme,
         name="reveal-third-scheme"),
    path("<id:pk>/third-scheme/vp/", views.third_scheme_vp, name="third-scheme-vp"),
    path("<id:pk>/casualties/", views.casualty, name="casualty"),
    path("<id:pk>/casualties/<id:casualty_id>/finished-off/", views.finished_off,
         name="finished-off"),
    path("<id:pk>/event-scrip/", views.event_scrip, name="event-scrip"),
    path("<id:pk>/table-models/", views.bring_in, name="bring-in"),
    path("<id:pk>/markers/", views.marker, name="marker"),
    path("<id:pk>/model-events/", views.model_event, name="model-event"),
    path("<id:pk>/use-item/", views.use_item, name="use-item"),
    path("<id:pk>/traveler-guidance/", views.traveler_guidance, name="traveler-guidance"),
    path("<id:pk>/notes/", views.note, name="note"),
    path("<id:pk>/notes/<id:note_id>/reveal/", views.reveal_note, name="reveal-note"),
    path("<id:pk>/end-facts/", views.end_facts, name="end-facts"),
    path("<id:pk>/quarters/", views.quarters, name="quarters"),
    path("<id:pk>/pool/", views.pool, name="pool"),
    path("<id:pk>/withdraw/", views.withdraw, name="withdraw"),
    path("<id:pk>/end-turn/", views.end_turn, name="end-turn"),
    path("<id:pk>/report/", views.report, name="report"),
    path("<id:pk>/confirm/", views.confirm, name="confirm"),
    path("<id:pk>/dispute/", views.dispute, name="dispute"),
    path("<id:pk>/rule/", views.rule, name="rule"),
]
