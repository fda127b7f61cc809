"""Factories for leagues, catalogue cards and campaigns (campaign and league tests)."""

import datetime

import factory

from campaign.models import Campaign, Crew
from catalogue.models import ContentPack, Faction, ModelCard, UpgradeCard
from league.models import League, Membership, Role
from tests.factories import UserFactory


class LeagueFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = League

    name = factory.Sequence(lambda n: f"League {n}")
    slug = factory.Sequence(lambda n: f"league-{n}")
    created_by = factory.SubFactory(UserFactory)


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    league = factory.SubFactory(LeagueFactory)
    user = factory.SubFactory(UserFactory)
    role = Role.PLAYER


class PackFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ContentPack
        django_get_or_create = ("slug",)

    name = "Test pack"
    slug = "test-pack"


def faction(code: str = "guild") -> Faction:
    return Faction.objects.get(code=code)


class CardFactory(factory.django.DjangoModelFactory):
    """A stat card; pass ``factions=["guild"]`` (codes)."""

    class Meta:
        model = ModelCard
        skip_postgeneration_save = True

    pack = factory.SubFactory(PackFactory)
    name = factory.Sequence(lambda n: f"Model {n}")
    slug = factory.Sequence(lambda n: f"model-{n}")
    station = "minion"
    cost = 5
    wk, cg, ht, wp, df, wd = 5, 6, 2, 5, 5, 6
    base_size = 30

    @factory.post_generation
    def factions(obj, create, extracted, **kwargs):
        if create:
            obj.factions.set([faction(code) for code in (extracted or ["guild"])])


class UpgradeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = UpgradeCard
        skip_postgeneration_save = True

    pack = factory.SubFactory(PackFactory)
    name = factory.Sequence(lambda n: f"Upgrade {n}")
    slug = factory.Sequence(lambda n: f"upgrade-{n}")
    cost = 2

    @factory.post_generation
    def factions(obj, create, extracted, **kwargs):
        if create and extracted:
            obj.factions.set([faction(code) for code in extracted])


class CampaignFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Campaign

    league = factory.SubFactory(LeagueFactory)
    name = factory.Sequence(lambda n: f"Campaign {n}")
    slug = factory.Sequence(lambda n: f"campaign-{n}")
    start_date = datetime.date(2026, 12, 1)


class CrewFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Crew

    campaign = factory.SubFactory(CampaignFactory)
    player = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Crew {n}")
    faction = factory.LazyFunction(faction)


def member(league, role=Role.PLAYER, user=None):
    """Make ``user`` (or a new user) an active member of ``league``."""
    return MembershipFactory(league=league, role=role, user=user or UserFactory()).user


def guild_roster():
    """A small Guild roster: leaders, models, a mercenary, a totem, upgrades."""
    return {
        "henchman": CardFactory(name="Captain", station="henchman", cost=8, cache=2),
        "free_henchman": CardFactory(name="Lieutenant", station="henchman", cost=0, cache=3),
        "master": CardFactory(name="Marshal", station="master", cost=None, cache=3),
        "enforcer": CardFactory(name="Sergeant", station="enforcer", cost=8),
        "minion": CardFactory(name="Guard", station="minion", cost=5),
        "rare": CardFactory(name="Hound", station="minion", cost=4, rare=2),
        "peon": CardFactory(name="Clerk", station="peon", cost=2),
        "totem": CardFactory(name="Marshal's Owl", station="minion", cost=3, is_totem=True,
                             totem_of="Marshal"),
        "merc": CardFactory(name="Drifter", station="enforcer", cost=6, is_mercenary=True,
                            factions=["outcasts"]),
        "outsider": CardFactory(name="Imp", station="minion", cost=4, factions=["neverborn"]),
        "upgrade": UpgradeFactory(name="Badge", cost=1, factions=["guild"]),
        "neverborn_upgrade": UpgradeFactory(name="Thorns", cost=1, factions=["neverborn"]),
    }


def campaign_in_week_one(roster, names=("Alpha", "Bravo"), *,
                         models=("minion", "minion", "enforcer"), upgrade=True,
                         event="contract-work", **options):
    """A running campaign in week 1 (its event set by hand, games open) with one built
    crew per name; returns (campaign, crews, organizer). ``models`` are roster keys hired
    beside the Henchman leader; ``upgrade`` puts the roster's upgrade on the leader."""
    from campaign.services import crews as crew_services
    from campaign.weeks import services as weeks

    campaign = CampaignFactory(status=Campaign.Status.RUNNING, **options)
    built = []
    for name in names:
        crew = CrewFactory(campaign=campaign, player=member(campaign.league), name=name)
        extra = {"upgrade": roster["upgrade"], "upgrade_on_index": -1} if upgrade else {}
        crew_services.build_starting_arsenal(
            crew=crew, actor=crew.player, leader=roster["henchman"],
            models=[roster[key] for key in models], **extra)
        crew.refresh_from_db()
        built.append(crew)
    weeks.ensure_weeks(campaign)
    organizer = member(campaign.league, "organizer")
    weeks.set_event(week=campaign.weeks.get(number=1), actor=organizer, event_key=event,
                    reason="Fixed for the test")
    weeks.turn_over(campaign, 1)
    campaign.refresh_from_db()
    return campaign, built, organizer
