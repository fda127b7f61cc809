"""Factories and pack-document builders for the content catalogue tests."""

from __future__ import annotations

import copy

import factory
from django.utils.text import slugify

from catalogue.models import ContentPack, Faction, ModelCard, UpgradeCard
from league.models import League, Membership
from tests.factories import UserFactory

MELEE = {
    "name": "Test Swing",
    "stat": "Ml",
    "value": 5,
    "range": '1"',
    "resist": "Df",
    "damage": "2/3/4",
    "triggers": [{"suits": ["rams"], "name": "Test Push", "text": "Push 1 inch."}],
}


class ContentPackFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ContentPack

    name = factory.Sequence(lambda n: f"Test Pack {n}")
    slug = factory.Sequence(lambda n: f"test-pack-{n}")
    version = "1"


def _set_factions(card, create, extracted, default):
    if create:
        card.factions.set(
            Faction.objects.filter(code__in=default if extracted is None else extracted)
        )


class ModelCardFactory(factory.django.DjangoModelFactory):
    """A Minion of the Guild unless told otherwise; ``factions=["neverborn"]`` sets codes."""

    class Meta:
        model = ModelCard
        skip_postgeneration_save = True

    pack = factory.SubFactory(ContentPackFactory)
    name = factory.Sequence(lambda n: f"Test Model {n}")
    slug = factory.LazyAttribute(lambda card: slugify(card.name))
    station = "minion"
    characteristics = factory.LazyFunction(lambda: ["Living"])
    cost = 5
    wk, cg, ht, wp, df, wd, base_size = 5, 6, 2, 5, 5, 6, 30
    abilities = factory.LazyFunction(lambda: [{"name": "Test Grit", "text": "Stands firm."}])
    actions = factory.LazyFunction(lambda: [copy.deepcopy(MELEE)])

    @factory.post_generation
    def factions(card, create, extracted, **kwargs):
        _set_factions(card, create, extracted, ["guild"])


class UpgradeCardFactory(factory.django.DjangoModelFactory):
    """An any-faction upgrade unless ``factions=[...]`` is given."""

    class Meta:
        model = UpgradeCard
        skip_postgeneration_save = True

    pack = factory.SubFactory(ContentPackFactory)
    name = factory.Sequence(lambda n: f"Test Upgrade {n}")
    slug = factory.LazyAttribute(lambda card: slugify(card.name))
    cost = 1
    effect = "Does a test thing."

    @factory.post_generation
    def factions(card, create, extracted, **kwargs):
        _set_factions(card, create, extracted, [])


def organizer():
    """A user who is an active organizer of a league (so may manage content)."""
    user = UserFactory()
    league = League.objects.create(name=f"League of {user.username}", slug=user.username)
    Membership.objects.create(league=league, user=user, role="organizer")
    return user


# --- Pack documents (the import format) -------------------------------------------------


def model_row(**overrides) -> dict:
    """A valid Minion row of a pack document; override any field."""
    row = {
        "name": "Doc Minion",
        "factions": ["guild"],
        "station": "minion",
        "characteristics": ["Living"],
        "cost": 5,
        "wk": 5,
        "cg": 6,
        "ht": 2,
        "wp": 5,
        "df": 5,
        "wd": 6,
        "base_size": 30,
        "abilities": [{"name": "Test Grit", "text": "Stands firm."}],
        "actions": [copy.deepcopy(MELEE)],
    }
    row.update(overrides)
    return row


def master_row(**overrides) -> dict:
    return model_row(**{"name": "Doc Master", "station": "master", "cost": None, "cache": 3,
                        "wd": 12, **overrides})  # fmt: skip


def upgrade_row(**overrides) -> dict:
    row = {"name": "Doc Upgrade", "factions": ["guild"], "cost": 1, "effect": "Helps."}
    row.update(overrides)
    return row


def pack_document(models=None, upgrades=None, **pack) -> dict:
    meta = {"name": "Doc Pack", "slug": "doc-pack", "version": "1", "description": ""}
    meta.update(pack)
    return {
        "format": 1,
        "pack": meta,
        "models": [model_row()] if models is None else models,
        "upgrades": [upgrade_row()] if upgrades is None else upgrades,
    }
