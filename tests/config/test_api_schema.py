"""The OpenAPI schema generates without warnings (names, enums, serializers all resolve)."""

import io

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_schema_validates_without_warnings():
    out = io.StringIO()
    call_command("spectacular", "--validate", "--fail-on-warn", stdout=out)
    assert "openapi" in out.getvalue()
