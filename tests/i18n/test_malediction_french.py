"""The demo's Malediction pages in French (issue 23): no English sentence but the pack's
own words, marked lang="en" (card and ability texts, a pack's description); the
factions by name, not by key; a match's history in French."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from tests.i18n.test_french_rendered import demo, proper_names  # noqa: F401
from tests.i18n.visible_english import english_in

pytestmark = pytest.mark.django_db


def malediction_names() -> list[str]:
    from malediction.models import Card, CardPack, Event, TerrainPiece, WarBand

    names = []
    for card in Card.objects.all():
        names.append(card.name)
        names += [a.get("name", "") for a in card.abilities if isinstance(a, dict)]
    names += [p.name for p in CardPack.objects.all()]
    names += [w.name for w in WarBand.objects.all()]
    names += [e.name for e in Event.objects.all()]
    names += [t.name for t in TerrainPiece.objects.all()]
    return names


def malediction_pages() -> list[str]:
    from malediction.models import CardPack, Event, Match, Registration, WarBand

    pages = [reverse("malediction:home"), reverse("malediction:odds"),
             reverse("malediction:packs"), reverse("malediction:war-bands"),
             reverse("malediction:war-band-new"), reverse("malediction:war-band-import")]
    pages += [reverse("malediction:pack", args=[p.slug]) for p in CardPack.objects.all()]
    for event in Event.objects.all():
        pages += [event.get_absolute_url(), reverse("malediction:standings", args=[event.pk])]
    for match in Match.objects.all():
        pages += [reverse("malediction:match", args=[match.pk]),
                  reverse("malediction:tracker", args=[match.pk])]
    pages += [reverse("malediction:war-band", args=[w.pk]) for w in WarBand.objects.all()]
    pages += [reverse("malediction:registration-list", args=[r.pk])
              for r in Registration.objects.all()]
    return list(dict.fromkeys(pages))


@pytest.mark.parametrize("username", ["player", "organizer"])
def test_the_malediction_pages_in_french_hold_no_english_sentence(client, demo, username):  # noqa: F811
    user = demo[username]
    user.language = "fr"
    user.save(update_fields=["language"])
    client.force_login(user)
    names = proper_names() + malediction_names()
    found, shown = {}, 0
    for path in malediction_pages():
        response = client.get(path)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        shown += 1
        english = english_in(response.content.decode(), names)
        if english:
            found[path] = english
    assert shown > 10
    assert not found, "\n".join(f"{p}: {t}" for p, ts in found.items() for t in ts)


def test_a_matchs_history_and_a_cards_factions_read_french(client, demo):  # noqa: F811
    from malediction.models import Card, CardPack, MatchLog

    entry = MatchLog.objects.filter(text__contains=" reported ").select_related("match").first()
    assert entry is not None and "wins, threshold, round" in entry.text, entry
    client.force_login(demo["organizer"])
    url = reverse("malediction:match", args=[entry.match_id])
    fr = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    en = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    # The win type by its words, not its key, in either language.
    shown = entry.text.replace("threshold,", "threshold reached with the most mastery,")
    assert escape(shown) in en and "threshold," not in en
    assert escape(entry.text) not in fr and " reported " not in fr
    assert "(victoire du camp " in fr and "seuil atteint avec le plus de maîtrise, manche" in fr

    card = next(c for c in Card.objects.all() if "primal-blood" in c.sigils)
    pack = CardPack.objects.get(pk=card.pack_id)
    url = reverse("malediction:pack", args=[pack.slug])
    fr = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    en = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Sceaux : Sang Primal" in fr and "primal-blood" not in fr
    assert "Sigils: Primal Blood" in en
