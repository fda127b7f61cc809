"""Pages of campaigns and crews under /campaigns/ (the weeks' pages come from ``weeks/urls.py``)."""

from django.urls import include, path

from . import card_views, views

app_name = "campaign"
urlpatterns = [
    path("new/<slug:league_slug>/", views.campaign_create, name="create"),
    path("<id:pk>/", views.campaign_detail, name="detail"),
    path("<id:pk>/edit/", views.campaign_edit, name="edit"),
    path("<id:pk>/join/", views.campaign_join, name="join"),
    path("<id:pk>/start/", views.campaign_start, name="start"),
    path("crews/<id:pk>/", views.crew_sheet, name="crew"),
    path("crews/<id:pk>/cards/", card_views.crew_cards, name="cards"),
    path("crews/<id:pk>/roster.pdf", card_views.crew_roster_pdf, name="roster-pdf"),
    path("crews/<id:pk>/build/", views.crew_build, name="build"),
    path("crews/<id:pk>/hire/", views.crew_hire, name="hire"),
    path("crews/<id:pk>/add-master/", views.crew_add_master, name="add-master"),
    path("crews/<id:pk>/start-anew/", views.crew_start_anew, name="start-anew"),
    path("crews/<id:pk>/hide-out/", views.crew_choose_hide_out, name="hide-out"),
    path("crews/<id:pk>/catch-up/flip/", views.catch_up_flip, name="catch-up-flip"),
    path("crews/<id:pk>/catch-up/buy/", views.catch_up_buy, name="catch-up-buy"),
    path("crews/<id:pk>/trade-scrip/", views.crew_trade_scrip, name="trade-scrip"),
    path("crews/<id:pk>/trade-equipment/", views.crew_trade_equipment, name="trade-equipment"),
    path("crews/<id:pk>/upgrades/<id:upgrade_pk>/move/", views.upgrade_move,
         name="upgrade-move"),
    path("", include("campaign.weeks.urls")),
]
