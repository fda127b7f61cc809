from django.urls import path

from . import views

app_name = "nights"
urlpatterns = [
    path("campaign/<id:campaign_pk>/", views.campaign_nights, name="campaign"),
    path("campaign/<id:campaign_pk>/open/", views.night_open, name="open"),
    path("<id:pk>/", views.night_detail, name="night"),
    path("<id:pk>/check-in/<id:crew_pk>/", views.night_check_in, name="check-in"),
    path("<id:pk>/generate/", views.night_generate, name="generate"),
    path("<id:pk>/swap/", views.night_swap, name="swap"),
    path("<id:pk>/tables/", views.night_tables, name="tables"),
    path("<id:pk>/start/", views.night_start, name="start"),
    path("<id:pk>/close/", views.night_close, name="close"),
    path("<id:pk>/dashboard/", views.night_dashboard, name="dashboard"),
    path("<id:pk>/dashboard/live/", views.night_board, name="board"),
]
