"""DRF's default throttles, counting anonymous requests by ``config.client_ip``."""

from __future__ import annotations

from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

from config.client_ip import client_ip


class AnonThrottle(AnonRateThrottle):
    def get_ident(self, request):
        return client_ip(request)


class UserThrottle(UserRateThrottle):
    def get_ident(self, request):
        return client_ip(request)
