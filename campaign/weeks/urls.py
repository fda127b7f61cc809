"""Pages of a campaign's weeks, under /campaigns/<id>/weeks/ in the ``campaign`` namespace."""

from django.urls import path

from . import views

urlpatterns = [
    path("<id:pk>/weeks/", views.week_list, name="weeks"),
    path("<id:pk>/weeks/flip-now/", views.week_flip_now, name="week-flip-now"),
    path("<id:pk>/weeks/<id:number>/", views.week_detail, name="week"),
    path("<id:pk>/weeks/<id:number>/set-event/", views.week_set_event,
         name="week-set-event"),
    path("<id:pk>/weeks/<id:number>/pit-fight/", views.week_pit_fight,
         name="week-pit-fight"),
    path("<id:pk>/weeks/<id:number>/avatar/", views.week_avatar, name="week-avatar"),
    path("<id:pk>/weeks/<id:number>/bullet/claim/", views.week_bullet_claim,
         name="week-bullet-claim"),
]
