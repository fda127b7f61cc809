from django.urls import path

from . import views

app_name = "league"
urlpatterns = [
    path("", views.league_list, name="list"),
    path("new/", views.league_create, name="create"),
    path("join/<str:token>/", views.join, name="join"),
    path("<slug:slug>/", views.league_detail, name="detail"),
    path("<slug:slug>/request/", views.request_to_join, name="request"),
    path("<slug:slug>/settings/", views.league_settings, name="settings"),
    path("<slug:slug>/invitations/", views.invitation_create, name="invite"),
    path("<slug:slug>/invitations/<id:pk>/revoke/", views.invitation_revoke, name="revoke"),
    path("<slug:slug>/members/<id:pk>/decide/", views.decide_request, name="decide"),
    path("<slug:slug>/members/<id:pk>/role/", views.change_role, name="role"),
    path("<slug:slug>/members/<id:pk>/remove/", views.remove_member, name="remove"),
]
