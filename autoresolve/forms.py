"""The predict form: two crews or two catalogue lists, a setup (chosen or random) and N.

The page and the API share these checks. On the page (given the ``user``) the crews are
picked by name from the campaigns the user may see, the factions from a list, and a
prediction of a game names that game and takes its size (issue 23)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from autoresolve.services.predictions import DEFAULT_GAMES, MAX_GAMES, MIN_GAMES
from rules.engine.simulation.table import DEPLOYMENTS

STRATEGIES = ("turf-war", "reckoning", "reconnoiter", "squatters-rights", "stake-a-claim")
RANDOM = "random"


class PredictForm(forms.Form):
    crew_a = forms.IntegerField(label=_("Your crew"), required=False, min_value=1)
    crew_b = forms.IntegerField(label=_("Opposing crew"), required=False, min_value=1)
    list_a = forms.CharField(label=_("Or a catalogue list (card names, the Leader first)"),
                             required=False, max_length=2000,
                             widget=forms.Textarea(attrs={"rows": 3}))
    faction_a = forms.CharField(label=_("Its faction"), required=False, max_length=30)
    list_b = forms.CharField(label=_("Opposing catalogue list"), required=False,
                             max_length=2000, widget=forms.Textarea(attrs={"rows": 3}))
    faction_b = forms.CharField(label=_("Its faction"), required=False, max_length=30)
    game = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)
    size = forms.IntegerField(label=_("Encounter size"), min_value=20, max_value=80,
                              initial=50)
    strategy = forms.ChoiceField(label=_("Strategy"), initial=RANDOM, choices=[
        (RANDOM, _("Random (from the generator)")), *((s, s.replace("-", " ").title())
                                                      for s in STRATEGIES)])
    deployment = forms.ChoiceField(label=_("Deployment"), initial=RANDOM, choices=[
        (RANDOM, _("Random (from the generator)")), *((d, d.title()) for d in DEPLOYMENTS)])
    games = forms.IntegerField(label=_("Games"), min_value=MIN_GAMES, max_value=MAX_GAMES,
                               initial=DEFAULT_GAMES)

    def __init__(self, *args, user=None, from_game=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.from_game = from_game
        if user is not None:
            self._offer_crews(user)
        if from_game is not None:
            self.fields["size"].initial = from_game.size
            self.fields["game"].initial = from_game.pk
            for name in ("crew_a", "crew_b", "list_a", "faction_a", "list_b", "faction_b",
                         "size"):
                self.fields[name].widget = forms.HiddenInput()

    def _offer_crews(self, user) -> None:
        """Crews by name (its player and campaign beside it), factions by name."""
        from campaign.models import Crew
        from campaign.selectors import visible_campaigns
        from catalogue.models import Faction

        crews = (Crew.objects.filter(campaign__in=visible_campaigns(user))
                 .select_related("player", "campaign").order_by("campaign__name", "name"))
        mine = [(c.pk, _("%(crew)s (yours) · %(campaign)s") % {"crew": c.name,
                                                               "campaign": c.campaign.name})
                for c in crews if c.player_id == user.pk]
        others = [(c.pk, f"{c.name} ({c.player}) · {c.campaign.name}")
                  for c in crews if c.player_id != user.pk]
        empty = [("", _("— none: a catalogue list below —"))]
        self.fields["crew_a"].widget = forms.Select(choices=empty + mine + others)
        self.fields["crew_b"].widget = forms.Select(choices=empty + others + mine)
        factions = [("", _("— its faction —")),
                    *((f.code, f.name) for f in Faction.objects.order_by("name"))]
        for side in ("a", "b"):
            self.fields[f"faction_{side}"].widget = forms.Select(choices=factions)

    def clean(self):
        data = super().clean()
        if data.get("game"):
            return data
        for side in ("a", "b"):
            crew, cards = data.get(f"crew_{side}"), (data.get(f"list_{side}") or "").strip()
            if bool(crew) == bool(cards):
                self.add_error(f"crew_{side}", _("Choose a crew or write a catalogue list "
                                                 "(one of the two)."))
            if cards and not data.get(f"faction_{side}"):
                self.add_error(f"faction_{side}", _("Name the list's faction."))
        return data
