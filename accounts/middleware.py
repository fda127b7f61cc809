"""The logged-in user's own language wins over the browser's.

LocaleMiddleware has already picked the language from the language cookie or the
browser's Accept-Language; a user who chose one on the switch (``User.language``) gets it
on every device, and the cookie follows, so the choice survives logging out.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation


def user_language(user) -> str:
    """The language a logged-in user chose, or "" (the browser decides)."""
    return (getattr(user, "language", "") or "") if user.is_authenticated else ""


class UserLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = user_language(request.user)
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        response = self.get_response(request)
        language = user_language(request.user) or language  # a switch in this request
        if language and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != language:
            set_language_cookie(response, language)
        return response


def set_language_cookie(response, language: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME, language,
        max_age=settings.LANGUAGE_COOKIE_AGE, path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN, secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY, samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
