"""API authentication by personal token: ``Authorization: Bearer <token>`` (or ``Token``).

django-rest-knox finds the token by its first characters and compares SHA-512 digests in
constant time; expired tokens are refused (and deleted). This adds the second header
word and the token's last-used time, written at most once a minute per token so a busy
bot does not turn every read into a write.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone, translation
from django.utils.translation import gettext
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from knox.auth import TokenAuthentication as KnoxTokenAuthentication
from rest_framework import status
from rest_framework.authentication import get_authorization_header
from rest_framework.exceptions import AuthenticationFailed

#: Header words accepted before the token.
SCHEMES = (b"bearer", b"token")
LAST_USED_RESOLUTION = timedelta(minutes=1)
#: The challenge sent with a refused token (RFC 6750).
CHALLENGE = 'Bearer realm="api", error="invalid_token"'


class TokenRefused(AuthenticationFailed):
    """A token that is wrong, revoked, expired or malformed: 401 with ``CHALLENGE``.

    DRF answers an authentication failure with 403 when the first authentication class
    (the session) has no challenge to send; the API's exception handler
    (``config.api``) gives this one its 401 and ``WWW-Authenticate`` back."""

    status_code = status.HTTP_401_UNAUTHORIZED
    auth_header = CHALLENGE


class TokenAuthentication(KnoxTokenAuthentication):
    def authenticate(self, request):
        words = get_authorization_header(request).split()
        if not words or words[0].lower() not in SCHEMES:
            return None  # no token: the session (or nobody) authenticates
        if len(words) != 2:
            raise TokenRefused(gettext("Send 'Authorization: Bearer <token>'."))
        try:
            return self.authenticate_credentials(words[1])
        except TokenRefused:
            raise
        except AuthenticationFailed as exc:  # knox: invalid, expired, inactive user
            raise TokenRefused(exc.detail) from exc

    def authenticate_header(self, request) -> str:
        return "Bearer"

    def validate_user(self, auth_token):
        user, token = super().validate_user(auth_token)
        if user.language:  # a bot answers in its owner's language, like the pages
            translation.activate(user.language)
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at > LAST_USED_RESOLUTION:
            type(token).objects.filter(pk=token.pk).update(last_used_at=now)
            token.last_used_at = now
        return user, token


class TokenScheme(OpenApiAuthenticationExtension):
    """The token in the OpenAPI schema (and the docs' Authorize button)."""

    target_class = "accounts.authentication.TokenAuthentication"
    name = "personalToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "description": ("A personal API token, made on /accounts/tokens/ and shown once: "
                            "'Authorization: Bearer <token>' ('Token <token>' works too)."),
        }
