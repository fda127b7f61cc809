"""The switch names each language in that language ("English", "Français"), whatever the
page's language: Django's own list would translate the names."""

from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def interface_languages() -> list[tuple[str, str]]:
    return list(settings.LANGUAGES)
