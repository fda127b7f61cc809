"""The user model.

A custom user model from the first migration, so later fields (display name, time zone)
never need a painful swap. Players are known by ``display_name`` on public pages.
``ApiToken`` is a personal API token for bots and scripts.
"""

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _
from knox.models import AbstractAuthToken


class User(AbstractUser):
    email = models.EmailField(_("email address"), unique=True)
    display_name = models.CharField(
        _("display name"), max_length=60, blank=True,
        help_text=_("Shown to other players; defaults to the username."),
    )
    # Empty: the browser's language (Accept-Language) decides. accounts.middleware applies it.
    language = models.CharField(
        _("language"), max_length=10, blank=True, choices=settings.LANGUAGES,
        help_text=_("The language of the pages and emails; empty follows the browser."),
    )

    def __str__(self) -> str:
        return self.display_name or self.username


class ApiToken(AbstractAuthToken):
    """A personal API token (django-rest-knox's model with a name and a last-used time).

    Only the SHA-512 digest is stored; the token itself is shown once, when it is made
    (``accounts.api_tokens``). Sent as ``Authorization: Bearer <token>`` (or ``Token``).
    """

    name = models.CharField(
        max_length=80, help_text=gettext_lazy("What uses it, e.g. 'Discord bot'.")
    )
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.name} ({self.token_key}…)"

    @property
    def is_expired(self) -> bool:
        from django.utils import timezone

        return self.expiry is not None and self.expiry <= timezone.now()
