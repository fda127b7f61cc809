"""Security headers on every response (CSP, Referrer-Policy, Permissions-Policy), and
templates the policy can serve as they are: no inline script, style or event handler.
(The browser tests check that no page reports a violation.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

TEMPLATES = Path(settings.BASE_DIR) / "templates"
INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I), "inline <script>"),
    (re.compile(r"<style\b", re.I), "<style> element"),
    (re.compile(r"\sstyle=", re.I), "style attribute"),
    (re.compile(r"\son[a-z]+=", re.I), "inline event handler"),
    (re.compile(r"\shx-on", re.I), "hx-on (evaluated code)"),
    (re.compile(r"javascript:", re.I), "javascript: URL"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/rules/odds/", "/api/rules/packs/", "/no-such-page/"])
def test_every_response_carries_the_security_headers(client, url):
    response = client.get(url)
    policy = response["Content-Security-Policy"]
    for directive in ("default-src 'self'", "object-src 'none'", "frame-ancestors 'none'",
                      "base-uri 'none'", "form-action 'self'"):
        assert directive in policy
    script_src = re.search(r"script-src ([^;]*)", policy).group(1)
    assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in script_src
    assert "'unsafe-inline'" not in re.search(r"style-src ([^;]*)", policy).group(1)
    assert response["Referrer-Policy"] == "same-origin"
    assert "camera=()" in response["Permissions-Policy"]
    assert "geolocation=()" in response["Permissions-Policy"]


@pytest.mark.django_db
def test_only_the_api_docs_allow_inline_style(client):
    docs = client.get("/api/docs/")
    assert "'unsafe-inline'" in re.search(r"style-src ([^;]*)", docs["Content-Security-Policy"]
                                          ).group(1)
    assert b"<script>" not in docs.content  # Swagger UI's start-up is a script file
    script = client.get("/api/docs/?script")
    assert script.status_code == 200 and b"SwaggerUIBundle" in script.content


def test_scripts_come_from_this_site_only():
    """No hash or nonce lets any inline code run: every handler lives in static/js."""
    assert settings.CONTENT_SECURITY_POLICY["DIRECTIVES"]["script-src"] == ["'self'"]


def test_templates_hold_no_inline_script_style_or_handler():
    found = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        for pattern, what in INLINE:
            for match in pattern.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(TEMPLATES)}:{line}: {what}")
    assert not found, "The CSP would block these:\n" + "\n".join(found)


def cache_control(response) -> set[str]:
    return {part.strip() for part in response.get("Cache-Control", "").split(",") if part}


def varies_on(response) -> set[str]:
    return {part.strip().lower() for part in response.get("Vary", "").split(",") if part}


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/rules/odds/", "/accounts/tokens/", "/api/rules/packs/",
                                 "/api/home/", "/no-such-page/"])
def test_signed_in_answers_are_private_and_never_stored(logged_in_client, url):
    response = logged_in_client.get(url)
    assert {"private", "no-store"} <= cache_control(response), (url, response.status_code)
    assert "public" not in cache_control(response)
    if url.startswith("/api/"):
        assert "authorization" in varies_on(response)


@pytest.mark.django_db
def test_a_token_answer_is_private_and_varies_on_the_token(logged_in_client):
    from tests.accounts.test_api_tokens import bot, make_token

    _, secret = make_token(logged_in_client)
    for response in (bot(secret).get("/api/rules/flips/"), bot("mfx_wrong").get("/api/home/")):
        assert {"private", "no-store"} <= cache_control(response)
        assert "authorization" in varies_on(response)


@pytest.mark.django_db
def test_anonymous_public_pages_may_still_be_cached(client):
    page = client.get("/rules/odds/")
    assert page.status_code == 200 and "no-store" not in cache_control(page)
    api = client.get("/api/rules/packs/")
    assert api.status_code == 200 and "no-store" not in cache_control(api)
    assert "authorization" in varies_on(api)  # a cache must not hand it to a token holder
