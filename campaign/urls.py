from django.urls import path

from . import views, week_views

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
    path("<int:pk>/weeks/", week_views.week_list, name="weeks"),
    path("<int:pk>/weeks/flip-now/", week_views.week_flip_now, name="week-flip-now"),
    path("<int:pk>/weeks/<int:number>/", week_views.week_detail, name="week"),
    path("<int:pk>/weeks/<int:number>/set-event/", week_views.week_set_event,
         name="week-set-event"),
    path("<int:pk>/weeks/<int:number>/pit-fight/", week_views.week_pit_fight,
         name="week-pit-fight"),
    path("<int:pk>/weeks/<int:number>/avatar/", week_views.week_avatar, name="week-avatar"),
    path("<int:pk>/weeks/<int:number>/bullet/claim/", week_views.week_bullet_claim,
         name="week-bullet-claim"),
]
