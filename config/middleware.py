"""Project middleware: a number too large for the database is bad input (a 400), not a
server error; answers for a signed-in viewer are private (``PrivateAnswersMiddleware``).

Numbers: paths bound their ids (config/converters.py) and the API's id lists catch it
(config/fields.py); this is the net under everything else: on SQLite a lookup by a
foreign key or in a list with an integer past 64 bits raises OverflowError.
"""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext_lazy

MESSAGE = gettext_lazy("A number in the request is too large.")


class NumberOutOfRangeMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, OverflowError):
            return None
        if request.path.startswith("/api/"):
            return JsonResponse({"non_field_errors": [str(MESSAGE)]}, status=400)
        return HttpResponse(str(MESSAGE), status=400, content_type="text/plain; charset=utf-8")


class PrivateAnswersMiddleware:
    """Answers for a signed-in viewer are never stored by a browser or a proxy cache.

    Pages and API answers for a signed-in user (a session, or an API token: DRF sets the
    user on the request it wraps) can hold secrets (an Aftermath hand, a noted model), so
    they carry ``Cache-Control: private, no-store``. API answers also vary on
    ``Authorization``: two bots with different tokens must never share one. Anonymous
    pages keep whatever caching their view chose.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        api = request.path.startswith("/api/")
        if api:
            patch_vary_headers(response, ("Authorization",))
        user = getattr(request, "user", None)
        if (user is not None and user.is_authenticated) or \
                (api and request.headers.get("Authorization")):
            patch_cache_control(response, private=True, no_store=True)
        return response
