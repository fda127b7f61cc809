"""Catalogue rows travel by natural key (pack slug + card slug, faction code, pack slug):
the importing install must already hold the same catalogue."""

from __future__ import annotations

from django.db import models

from catalogue.models import ContentPack, Faction, ModelCard, UpgradeCard

#: Catalogue model -> the fields of its natural key.
NATURAL_KEYS: dict[type[models.Model], tuple[str, ...]] = {
    Faction: ("code",),
    ContentPack: ("slug",),
    ModelCard: ("pack__slug", "slug"),
    UpgradeCard: ("pack__slug", "slug"),
}
LABELS = {model: model._meta.label_lower for model in NATURAL_KEYS}
BY_LABEL = {label: model for model, label in LABELS.items()}


def is_catalogue(model) -> bool:
    return model in NATURAL_KEYS


def as_json(key: tuple) -> str | list[str]:
    return key[0] if len(key) == 1 else list(key)


def from_json(value) -> tuple:
    return tuple(value) if isinstance(value, list) else (value,)


def describe(model, key: tuple) -> str:
    noun = model._meta.verbose_name
    return f"{noun} {'/'.join(str(k) for k in key)}"


def natural_keys(model, ids) -> dict[int, tuple]:
    """Database id -> natural key, in one query."""
    fields = NATURAL_KEYS[model]
    rows = model.objects.filter(pk__in=set(ids)).values_list("pk", *fields)
    return {row[0]: tuple(row[1:]) for row in rows}


def resolve(model, keys) -> tuple[dict[tuple, int], list[tuple]]:
    """Natural key -> id on this install, and the keys this install lacks."""
    keys = set(keys)
    if not keys:
        return {}, []
    fields = NATURAL_KEYS[model]
    narrowed = {f"{field}__in": {key[i] for key in keys} for i, field in enumerate(fields)}
    rows = model.objects.filter(**narrowed).values_list("pk", *fields)
    found = {tuple(row[1:]): row[0] for row in rows if tuple(row[1:]) in keys}
    return found, sorted(k for k in keys if k not in found)
