"""The secrets walk: every readable route (API operations from the schema, every page) as
every role, with each secret set two different ways. A role that may not know a secret
must get exactly the same answers either way (CSRF tokens aside): then nothing it can
read depends on the secret, so the secret is nowhere in what it sees.

Secrets (owner: Alpha's player) and who else may know them, as the selectors decide:
- the Aftermath hand: the league's organizers and admins, and site staff;
- unrevealed schemes and their noted models: nobody else;
- the Bullet (whose name Alpha drew): site staff (to settle disputes);
- the hire not yet revealed: site staff;
- a secret Bounty note (Hit List's model): nobody else;
- A Lucrative Offer's unrevealed third scheme (whether there is one, which, its noted
  model, its VP and Scrip): nobody else.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass

import pytest
from django.test import Client

from aftermath.models import Aftermath
from campaign.models import BulletDraw
from encounters.models import BountyNote, HiredModel, LucrativeScheme, SchemeChoice
from tests.edges.compare import comparable_text
from tests.edges.routes import api_operations, fill, page_routes, values_for
from tests.edges.world import ROLES, build_world

pytestmark = pytest.mark.django_db

MARKER = "Zebulon the Unseen"  # a hidden hire's name in variant B: found nowhere


@dataclass(frozen=True)
class Secret:
    name: str
    may_know: frozenset[str]

    def set(self, world, variant: str) -> None:
        getattr(self, f"_{self.name}")(world, variant == "b")

    @staticmethod
    def _hand(world, b: bool) -> None:
        hand = ["13R", "12M", "11T"] if b else ["2C", "3C", "4C"]
        Aftermath.objects.filter(pk=world.aftermath.pk).update(hand=hand)

    @staticmethod
    def _schemes(world, b: bool) -> None:
        pool = world.game.setup["scheme_pool"]
        choice = world.extra["alpha_choice"]
        bravo = HiredModel.objects.filter(side__game=world.game, side__key="b",
                                          is_leader=False).order_by("id")
        SchemeChoice.objects.filter(pk=choice.pk).update(
            scheme_key=pool[3] if b else pool[1],
            noted_model=bravo.first() if b else bravo.last())

    @staticmethod
    def _bullet(world, b: bool) -> None:
        target = world.crews["Charlie" if b else "Bravo"]
        BulletDraw.objects.filter(pk=world.bullet.pk).update(target=target)

    @staticmethod
    def _hire(world, b: bool) -> None:
        hired = HiredModel.objects.filter(side__game=world.hiring_game, side__key="a",
                                          is_leader=False).order_by("id").first()
        HiredModel.objects.filter(pk=hired.pk).update(
            name=MARKER if b else "Guard", cost=9 if b else 5)


    @staticmethod
    def _bounty_note(world, b: bool) -> None:
        bravo = HiredModel.objects.filter(side__game=world.game, side__key="b",
                                          is_leader=False).order_by("id")
        BountyNote.objects.filter(pk=world.extra["bounty_note"].pk).update(
            model=bravo.first() if b else bravo.last())


    @staticmethod
    def _third_scheme(world, b: bool) -> None:
        """Variant A: no third scheme at all; B: one noting a model, worth 2 VP."""
        side = world.game.sides.get(key="a")
        LucrativeScheme.objects.filter(side=side).delete()
        if b:
            bravo = HiredModel.objects.filter(side__game=world.game, side__key="b",
                                              is_leader=False).order_by("id")
            LucrativeScheme.objects.create(side=side, scheme_key="assassinate",
                                           noted_model=bravo.first(), vp_equivalent=2)


def _locked_list(world, b: bool) -> None:
    """Alpha's list in an event whose lists are locked and not yet revealed."""
    from malediction.models import Registration

    reg = world.extra["malediction"].sealed_reg
    listed = dict(Registration.objects.get(pk=reg.pk).submitted_list)
    listed["name"] = "Sealed B" if b else "Sealed A"
    listed["deck"] = listed["deck"][:5] if b else listed["deck"]
    Registration.objects.filter(pk=reg.pk).update(submitted_list=listed)


Secret._locked_list = staticmethod(_locked_list)

SECRETS = [
    Secret("hand", frozenset({"crew_player", "organizer", "league_admin", "staff"})),
    Secret("schemes", frozenset({"crew_player"})),
    Secret("bullet", frozenset({"crew_player", "staff"})),
    Secret("hire", frozenset({"crew_player", "staff"})),
    Secret("bounty_note", frozenset({"crew_player"})),
    Secret("third_scheme", frozenset({"crew_player"})),
    Secret("locked_list", frozenset({"crew_player", "organizer", "league_admin", "staff"})),
]


def readable_urls(world) -> list[str]:
    """Every GET route filled from the world; game and Aftermath routes once per game and
    per Aftermath (the secrets live in different ones). A route whose path the world
    cannot fill fails here, named, rather than go unwalked."""
    urls, unfilled = [], []
    for route in api_operations(("get",)) + page_routes():
        values = values_for(route, world)
        variants = [values]
        if "aftermath" in route.view_name:
            variants += [{**values, "pk": world.other_aftermath.pk,
                          "id": world.other_aftermath.pk}]
        elif route.view_name.startswith(("game", "encounters:")) and "series" not in \
                route.view_name:
            variants += [{**values, "pk": g.pk, "id": g.pk}
                         for g in (world.hiring_game, world.finished_game)]
        for value in variants:
            try:
                urls.append(fill(route, value))
            except KeyError as exc:
                unfilled.append(str(exc))
    assert not unfilled, ("Routes tests/edges/routes.py cannot fill from the world:\n"
                          + "\n".join(sorted(set(unfilled))))
    # Lists with the filters a client would use, and the fragments pages poll.
    urls += [f"/api/aftermaths/?game={world.finished_game.pk}",
             f"/api/nights/?campaign={world.campaign.pk}",
             f"/games/{world.game.pk}/panel/?version=0",
             f"/aftermath/{world.aftermath.pk}/body/"]
    return sorted(set(urls))


def walk(client: Client, urls: list[str]) -> dict[str, str]:
    """Each route's answer. The rate-limit counters start afresh for every request (the
    walks send hundreds from one address: a 429 in one variant only is no leak)."""
    from django.core.cache import cache

    seen = {}
    for url in urls:
        cache.clear()
        response = client.get(url)
        body = (b"".join(response.streaming_content) if response.streaming
                else response.content)
        seen[url] = f"{response.status_code} {comparable_text(unzipped(body))}"
    return seen


def unzipped(body: bytes) -> bytes:
    """A zip's members, a PDF's text (their headers carry the time they were made, which
    says nothing)."""
    if body.startswith(b"%PDF"):
        from pypdf import PdfReader

        return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages
                         ).encode()
    if not body.startswith(b"PK\x03\x04"):
        return body
    archive = zipfile.ZipFile(io.BytesIO(body))
    return b"\n".join(name.encode() + b"\n" + archive.read(name)
                      for name in sorted(archive.namelist()))


def differing(a: dict[str, str], b: dict[str, str]) -> list[str]:
    return sorted(url for url in a if a[url] != b[url])


@pytest.mark.parametrize("role", [r for r in ROLES
                                  if any(r not in s.may_know for s in SECRETS)])
def test_no_role_can_tell_a_secret_it_may_not_know(role):
    world = build_world()
    urls = readable_urls(world)
    assert len(urls) > 100
    leaks = []
    hidden = [s for s in SECRETS if role not in s.may_know]
    client = Client()
    if world.users[role] is not None:
        client.force_login(world.users[role])
    seen = {}
    for variant in ("a", "b"):
        for secret in hidden:
            secret.set(world, variant)
        seen[variant] = walk(client, urls)
    for url in differing(seen["a"], seen["b"]):
        leaks.append(f"{role} can tell {', '.join(s.name for s in hidden)} apart at {url}")
    if "hire" in [s.name for s in hidden]:
        leaks += [f"{role} sees the hidden hire at {url}" for url, text in seen["b"].items()
                  if MARKER in text]
    assert not leaks, "Secrets leak:\n" + "\n".join(leaks)


def test_the_owner_does_see_each_secret():
    """The walk can fail: the same walk tells each secret apart for its owner. The
    secrets turn from A to B one at a time (none is turned back), each walk compared
    with the one before, so seven secrets take eight walks."""
    world = build_world()
    urls = readable_urls(world)
    client = Client()
    client.force_login(world.users["crew_player"])
    for secret in SECRETS:
        secret.set(world, "a")
    before = walk(client, urls)
    unseen = []
    for secret in SECRETS:
        secret.set(world, "b")
        after = walk(client, urls)
        if not differing(before, after):
            unseen.append(secret.name)
        before = after
    assert not unseen, f"the owner never sees: {', '.join(unseen)}"
