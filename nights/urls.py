from django.urls import path

from . import views

app_name = "nights"
urlpatterns = [
    path("campaign/<int:campaign_pk>/", views.campaign_nights, name="campaign"),
    path("campaign/<int:campaign_pk>/open/", views.night_open, name="open"),
    path("<int:pk>/", views.night_detail, name="night"),
    path("<int:pk>/check-in/<int:crew_pk>/", views.night_check_in, name="check-in"),
    path("<int:pk>/generate/", views.night_generate, name="generate"),
    path("<int:pk>/swap/", views.night_swap, name="swap"),
    path("<int:pk>/tables/", views.night_tables, name="tables"),
    path("<int:pk>/start/", views.night_start, name="start"),
    path("<int:pk>/close/", views.night_close, name="close"),
    path("<int:pk>/dashboard/", views.night_dashboard, name="dashboard"),
    path("<int:pk>/dashboard/live/", views.night_board, name="board"),
]
