"""Game pages: setup, the game page with its live panel, and the actions it posts."""

from django.urls import path

from . import views

app_name = "encounters"
urlpatterns = [
    path("new/<int:campaign_id>/", views.game_new, name="new"),
    path("setup/", views.setup_new, name="setup"),
    path("series/new/", views.series_new, name="series-new"),
    path("series/<int:pk>/", views.series_detail, name="series"),
    path("<int:pk>/", views.game_detail, name="game"),
    path("<int:pk>/panel/", views.game_panel, name="panel"),
    path("<int:pk>/hire/", views.hire, name="hire"),
    path("<int:pk>/reveal-crew/", views.reveal_crew, name="reveal-crew"),
    path("<int:pk>/schemes/", views.choose_schemes, name="schemes"),
    path("<int:pk>/start/", views.start, name="start"),
    path("<int:pk>/initiative/", views.initiative, name="initiative"),
    path("<int:pk>/reflip/", views.reflip, name="reflip"),
    path("<int:pk>/strategy-vp/", views.strategy_vp, name="strategy-vp"),
    path("<int:pk>/schemes/<int:scheme_id>/reveal/", views.reveal_scheme, name="reveal-scheme"),
    path("<int:pk>/schemes/<int:scheme_id>/vp/", views.scheme_vp, name="scheme-vp"),
    path("<int:pk>/casualties/", views.casualty, name="casualty"),
    path("<int:pk>/casualties/<int:casualty_id>/finished-off/", views.finished_off,
         name="finished-off"),
    path("<int:pk>/event-scrip/", views.event_scrip, name="event-scrip"),
    path("<int:pk>/withdraw/", views.withdraw, name="withdraw"),
    path("<int:pk>/end-turn/", views.end_turn, name="end-turn"),
    path("<int:pk>/report/", views.report, name="report"),
    path("<int:pk>/confirm/", views.confirm, name="confirm"),
    path("<int:pk>/dispute/", views.dispute, name="dispute"),
    path("<int:pk>/rule/", views.rule, name="rule"),
]
