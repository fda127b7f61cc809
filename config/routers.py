"""The API's router: a detail route's id is digits, so ``/api/games/null/`` is a 404.

DRF's default lookup pattern is ``[^/.]+``; a view then handed ``"null"`` or ``"-1e-05"``
to an integer primary key and the database raised (a 500). Viewsets that look up by
something else (a slug) set ``lookup_field`` or ``lookup_value_regex`` and keep theirs.
"""

from rest_framework.routers import SimpleRouter

ID_PATTERN = "[0-9]{1,18}"  # as config.converters: up to 18 digits


class Router(SimpleRouter):
    def get_lookup_regex(self, viewset, lookup_prefix=""):
        field = getattr(viewset, "lookup_field", "pk")
        if field not in ("pk", "id") or hasattr(viewset, "lookup_value_regex"):
            return super().get_lookup_regex(viewset, lookup_prefix)
        kwarg = getattr(viewset, "lookup_url_kwarg", None) or field
        return self._base_pattern.format(lookup_prefix=lookup_prefix, lookup_url_kwarg=kwarg,
                                         lookup_value=ID_PATTERN)
