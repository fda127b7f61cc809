"""A number too large for the database is bad input (a 400), not a server error.

Paths bound their ids (config/converters.py) and the API's id lists catch it
(config/fields.py); this is the net under everything else: on SQLite a lookup by a
foreign key or in a list with an integer past 64 bits raises OverflowError.
"""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse
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
