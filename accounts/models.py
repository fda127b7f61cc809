"""The user model.

A custom user model from the first migration, so later fields (display name, time zone)
never need a painful swap. Players are known by ``display_name`` on public pages.
"""

from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    email = models.EmailField("email address", unique=True)
    display_name = models.CharField(
        max_length=60, blank=True, help_text="Shown to other players; defaults to the username."
    )

    def __str__(self) -> str:
        return self.display_name or self.username
