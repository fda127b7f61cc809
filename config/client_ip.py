"""The client's address, the same way for every limiter (DRF throttles, django-axes,
django-ratelimit keys, the export throttle).

``TRUSTED_PROXY_COUNT`` says how many proxies in front of the app append to
``X-Forwarded-For``. With none (the default), the header is anyone's to write, so it is
ignored and ``REMOTE_ADDR`` is the client. With N, the client is the address the
outermost trusted proxy saw: the N-th from the right of the header (what each proxy
appends is trusted; whatever the client wrote further left is not).
"""

from __future__ import annotations

import ipaddress

from django.conf import settings


def client_ip(request) -> str:
    """The address to count a request against (``REMOTE_ADDR`` when nothing trustworthy
    says otherwise)."""
    remote = request.META.get("REMOTE_ADDR", "")
    count = int(getattr(settings, "TRUSTED_PROXY_COUNT", 0) or 0)
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if count <= 0 or not forwarded:
        return remote
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    if not hops:
        return remote
    candidate = hops[-min(count, len(hops))]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:  # a proxy that forwards junk: count it against the proxy
        return remote
