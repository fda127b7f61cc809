"""A page answered with the wrong method (a GET to a form's POST address, a bookmarked
action) gets a styled, translated 405 page instead of Django's empty response; the API
keeps its JSON. The ``Allow`` header is kept."""

from __future__ import annotations

from django.http import HttpResponseNotAllowed
from django.template import loader


class MethodNotAllowedPageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (not isinstance(response, HttpResponseNotAllowed) or response.content
                or request.path.startswith("/api/")):
            return response
        page = loader.render_to_string("405.html", {"path": request.path}, request=request)
        return HttpResponseNotAllowed(response["Allow"].split(", "), page,
                                      content_type="text/html; charset=utf-8")
