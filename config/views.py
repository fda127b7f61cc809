"""Site-wide pages: health check and the friendly 404/500 pages (the home is ``home/``)."""

from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.utils.translation import gettext


def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness and database reachability, for load balancers and the CI smoke test."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok", "database": connection.vendor})


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """A page's 404 is a page; the API's (an unknown path, an id that is not a number) is
    JSON like every other API error."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": gettext("Not found.")}, status=404)
    return render(request, "404.html", {"path": request.path}, status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    # No context processors or request-dependent template tags: the 500 page must render
    # even when the failure came from the database or a context processor.
    return HttpResponse(loader.get_template("500.html").render(), status=500)
