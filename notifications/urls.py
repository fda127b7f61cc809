from django.urls import path

from . import views

app_name = "notifications"
urlpatterns = [
    path("", views.notification_list, name="list"),
    path("bell/", views.bell, name="bell"),
    path("read-all/", views.notification_read_all, name="read-all"),
    path("settings/", views.preferences, name="preferences"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("<id:pk>/", views.notification_open, name="open"),
    path("<id:pk>/read/", views.notification_read, name="read"),
]
