from django.urls import path

from . import views

app_name = "campaign"
urlpatterns = [
    path("new/<slug:league_slug>/", views.campaign_create, name="create"),
    path("<int:pk>/", views.campaign_detail, name="detail"),
    path("<int:pk>/edit/", views.campaign_edit, name="edit"),
    path("<int:pk>/join/", views.campaign_join, name="join"),
    path("<int:pk>/start/", views.campaign_start, name="start"),
    path("crews/<int:pk>/", views.crew_sheet, name="crew"),
    path("crews/<int:pk>/build/", views.crew_build, name="build"),
    path("crews/<int:pk>/hire/", views.crew_hire, name="hire"),
    path("crews/<int:pk>/add-master/", views.crew_add_master, name="add-master"),
    path("crews/<int:pk>/start-anew/", views.crew_start_anew, name="start-anew"),
    path("crews/<int:pk>/upgrades/<int:upgrade_pk>/move/", views.upgrade_move,
         name="upgrade-move"),
]
