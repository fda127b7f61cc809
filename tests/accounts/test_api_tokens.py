"""Personal API tokens: made and revoked on the account page, stored hashed, shown once,
with an optional expiry and a last-used time; a bot sends one as a Bearer token. HTTP
Basic with the account password no longer works."""

from __future__ import annotations

import base64
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from accounts import api_tokens
from accounts.models import ApiToken
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def make_token(client, name="Discord bot", expires="90"):
    response = client.post(reverse("tokens"), {"name": name, "expires_in_days": expires})
    assert response.status_code == 200, response.content
    match = re.search(rb'id="token-secret">(mfx_[0-9a-f]+)<', response.content)
    assert match, "the new token is shown"
    return response, match.group(1).decode()


def bot(token: str, scheme: str = "Bearer") -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"{scheme} {token}")
    return client


def test_a_token_is_made_on_the_account_page_shown_once_and_stored_hashed(logged_in_client):
    response, secret = make_token(logged_in_client)
    assert "no-store" in response["Cache-Control"]
    row = ApiToken.objects.get(user=logged_in_client.user)
    assert row.name == "Discord bot"
    assert secret not in {row.digest, row.token_key} and len(row.digest) == 128
    assert secret.startswith(row.token_key)
    assert timedelta(days=89) < row.expiry - timezone.now() <= timedelta(days=90)
    again = logged_in_client.get(reverse("tokens"))
    assert secret.encode() not in again.content  # shown once
    assert row.token_key.encode() in again.content and b"Discord bot" in again.content


def test_a_bot_uses_the_token_as_bearer_or_token_and_its_use_is_recorded(logged_in_client):
    _, secret = make_token(logged_in_client)
    for scheme in ("Bearer", "Token", "bearer"):
        response = bot(secret, scheme).post("/api/games/setups/", {"size": 30}, format="json")
        assert response.status_code == 201, response.content
    row = ApiToken.objects.get()
    assert row.last_used_at is not None
    assert timezone.now() - row.last_used_at < timedelta(minutes=1)
    page = logged_in_client.get(reverse("tokens"))
    assert b">now<" in page.content or b"seconds ago<" in page.content.replace(b"\xc2\xa0", b" ")


def refused_with_a_challenge(client: APIClient) -> bool:
    """A refused token: 401 with ``WWW-Authenticate: Bearer ...`` (not DRF's 403), on a
    read and on a write."""
    answers = [client.get("/api/rules/flips/"),
               client.post("/api/games/setups/", {"size": 30}, format="json")]
    return all(r.status_code == 401 and r["WWW-Authenticate"].startswith("Bearer ")
               and 'error="invalid_token"' in r["WWW-Authenticate"] for r in answers)


def test_a_wrong_expired_or_revoked_token_is_refused_with_401(logged_in_client):
    _, secret = make_token(logged_in_client)
    assert refused_with_a_challenge(bot(secret[:-1] + ("0" if secret[-1] != "0" else "1")))
    assert refused_with_a_challenge(bot("mfx_short"))
    assert refused_with_a_challenge(bot(f"{secret} extra"))  # a malformed header
    assert bot(secret).get("/api/rules/flips/").status_code == 200
    row = ApiToken.objects.get()
    response = logged_in_client.post(reverse("token-revoke"), {"token": row.digest})
    assert response.status_code == 302 and not ApiToken.objects.exists()
    assert refused_with_a_challenge(bot(secret))

    _, secret = make_token(logged_in_client, name="Old script", expires="7")
    ApiToken.objects.update(expiry=timezone.now() - timedelta(seconds=1))
    assert refused_with_a_challenge(bot(secret))


def test_no_token_at_all_is_still_the_anonymous_answer(db):
    """Without a token nothing changes: an anonymous write is refused as before (403)."""
    assert APIClient().post("/api/games/setups/", {"size": 30}, format="json").status_code == 403


def test_never_expiring_tokens_and_the_cap(logged_in_client):
    make_token(logged_in_client, expires="")
    assert ApiToken.objects.get().expiry is None
    for n in range(api_tokens.MAX_TOKENS - 1):
        make_token(logged_in_client, name=f"t{n}")
    refused = logged_in_client.post(reverse("tokens"), {"name": "one too many",
                                                        "expires_in_days": "7"})
    assert refused.status_code == 400 and b"at most" in refused.content
    assert ApiToken.objects.count() == api_tokens.MAX_TOKENS


def test_nobody_revokes_or_sees_someone_elses_token(client, logged_in_client):
    _, secret = make_token(logged_in_client)
    row = ApiToken.objects.get()
    other = UserFactory()
    client.force_login(other)
    assert row.token_key.encode() not in client.get(reverse("tokens")).content
    client.post(reverse("token-revoke"), {"token": row.digest})
    assert ApiToken.objects.filter(pk=row.pk).exists()
    assert bot(secret).get("/api/rules/flips/").status_code == 200


def test_the_token_page_needs_a_login(client):
    assert client.get(reverse("tokens")).status_code == 302
    assert client.post(reverse("tokens"), {"name": "x"}).status_code == 302
    assert not ApiToken.objects.exists()


def test_http_basic_with_the_password_no_longer_works(user):
    client = APIClient()
    basic = base64.b64encode(f"{user.username}:{PASSWORD}".encode()).decode()
    client.credentials(HTTP_AUTHORIZATION=f"Basic {basic}")
    response = client.post("/api/games/setups/", {"size": 30}, format="json")
    assert response.status_code in (401, 403)


def test_the_schema_documents_the_token(db):
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    schemes = schema["components"]["securitySchemes"]
    assert schemes["personalToken"]["type"] == "http"
    assert schemes["personalToken"]["scheme"] == "bearer"
    assert "basicAuth" not in schemes
    operation = schema["paths"]["/api/games/setups/"]["post"]
    assert {"personalToken": []} in operation["security"]
