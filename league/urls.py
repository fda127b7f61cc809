from django.urls import path

from . import views

app_name = "league"
urlpatterns = [
    path("", views.league_list, name="list"),
    path("new/", views.league_create, name="create"),
    path("join/<str:token>/", views.join, name="join"),
    path("<slug:slug>/", views.league_detail, name="detail"),
    path("<slug:slug>/request/", views.request_to_join, name="request"),
    path("<slug:slug>/invitations/", views.invitation_create, name="invite"),
    path("<slug:slug>/invitations/<int:pk>/revoke/", views.invitation_revoke, name="revoke"),
    path("<slug:slug>/members/<int:pk>/decide/", views.decide_request, name="decide"),
    path("<slug:slug>/members/<int:pk>/role/", views.change_role, name="role"),
    path("<slug:slug>/members/<int:pk>/remove/", views.remove_member, name="remove"),
]
