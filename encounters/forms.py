"""Forms of the game pages. They parse input only: the encounter services decide what the
rules allow and say why when they refuse. Choices come from what the page already loaded
(the viewer's game view), so rendering a form adds no queries."""

from __future__ import annotations

from django import forms

from campaign.models import ArsenalModel, ArsenalUpgrade, Crew
from encounters.models import Casualty, Game, HiredModel

SIDES = [("a", "Side A"), ("b", "Side B")]
CARD_HELP = "A card code such as 13R, 7M, 1T, RJ or BJ."


def _card_field(label: str, *, required: bool = False, help_text: str = CARD_HELP):
    return forms.CharField(
        label=label, max_length=6, required=required, help_text=help_text,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters",
                                      "size": 4, "placeholder": "e.g. 9R"}))


def _hired_choices(hired: list[HiredModel]) -> list[tuple[str, str]]:
    return [(str(h.pk), h.name) for h in hired]


class GameSetupForm(forms.Form):
    """A campaign game: the viewer's crew against an opponent (an organizer without a crew
    of their own picks both crews)."""

    crew_a = forms.ModelChoiceField(queryset=Crew.objects.none(), label="Crew",
                                    empty_label=None)
    crew_b = forms.ModelChoiceField(queryset=Crew.objects.none(), label="Opponent",
                                    empty_label="— choose the opposing crew —")
    size = forms.IntegerField(
        required=False, min_value=1, max_value=100, label="Encounter size (soulstones)",
        help_text="Leave blank for the largest these arsenals allow (the smaller arsenal + 5).",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
    kind = forms.ChoiceField(choices=Game.Kind.choices, initial=Game.Kind.STANDARD,
                             widget=forms.RadioSelect, label="Encounter")

    def __init__(self, *args, crews, mine: Crew | None, limits: dict[int, int], **kwargs):
        super().__init__(*args, **kwargs)
        queryset = Crew.objects.filter(pk__in=[c.pk for c in crews]).select_related("player")
        self.fields["crew_a"].queryset = queryset
        self.fields["crew_b"].queryset = queryset.exclude(pk=mine.pk) if mine else queryset
        if mine is not None:
            self.fields["crew_a"].initial = mine.pk
            self.fields["crew_a"].widget = forms.HiddenInput()
            self.fields["crew_a"].queryset = queryset.filter(pk=mine.pk)
        else:
            self.fields["crew_a"].empty_label = "— choose the first crew —"
        self.fields["crew_b"].label_from_instance = lambda crew: (
            f"{crew} ({crew.player})" + (f" · up to {limits[crew.pk]} soulstones"
                                         if crew.pk in limits else ""))
        if len(limits) == 1:
            self.fields["size"].initial = next(iter(limits.values()))


class HireForm(forms.Form):
    """The models hired (checkboxes named ``models``) and, per upgrade that may move, the
    hired model carrying it (``attach_<upgrade id>``); skills and injuries stay on their
    model, so they are not offered."""

    models = forms.MultipleChoiceField(choices=(), widget=forms.CheckboxSelectMultiple,
                                       error_messages={"required": "Hire at least your Leader."})

    def __init__(self, *args, crew: Crew, arsenal: list[ArsenalModel],
                 upgrades: list[ArsenalUpgrade], hired: list[HiredModel], **kwargs):
        super().__init__(*args, **kwargs)
        self.crew, self.arsenal, self.upgrades = crew, arsenal, upgrades
        self.fields["models"].choices = [(str(m.pk), m.card.name) for m in arsenal]
        chosen = {str(h.arsenal_model_id) for h in hired} or {str(crew.leader_id)}
        self.fields["models"].initial = sorted(chosen)
        for upgrade in upgrades:
            if hired:  # re-hiring: start from what the current hire carries
                initial = next((h.arsenal_model_id for h in hired
                                if upgrade.name in h.upgrades), "")
            else:
                initial = upgrade.attached_to_id or ""
            self.fields[f"attach_{upgrade.pk}"] = forms.ChoiceField(
                required=False, label=upgrade.name, initial=str(initial or ""),
                choices=[("", "— not taken —"), *self.fields["models"].choices])

    def model_rows(self):
        """(arsenal model, checked, is the Leader) for the checkbox list."""
        value = self["models"].value() or []
        picked = {str(v) for v in value}
        return [(m, str(m.pk) in picked, m.pk == self.crew.leader_id) for m in self.arsenal]

    def upgrade_fields(self):
        return [(u, self[f"attach_{u.pk}"]) for u in self.upgrades]

    def clean_models(self):
        ids = {int(pk) for pk in self.cleaned_data["models"]}
        if self.crew.leader_id not in ids:
            raise forms.ValidationError("Your Leader must be hired: it leads the crew.")
        return ids

    def selection(self) -> tuple[list[ArsenalModel], dict[int, int]]:
        """The arsenal models hired and {upgrade id: arsenal model id} carried."""
        ids = self.cleaned_data["models"]
        models = [m for m in self.arsenal if m.pk in ids]
        attach = {u.pk: int(self.cleaned_data[f"attach_{u.pk}"]) for u in self.upgrades
                  if self.cleaned_data.get(f"attach_{u.pk}")}
        return models, attach


class SchemesForm(forms.Form):
    """One or two schemes from the pool; a scheme that notes a model gets a select
    (``noted_<scheme key>``) of the models the viewer may see."""

    schemes = forms.MultipleChoiceField(choices=(), widget=forms.CheckboxSelectMultiple,
                                        error_messages={"required": "Choose one or two schemes."})

    def __init__(self, *args, pool: list[dict], hired: list[HiredModel], chosen: list[dict],
                 **kwargs):
        super().__init__(*args, **kwargs)
        self.pool, self.hired = pool, {h.pk: h for h in hired}
        self.fields["schemes"].choices = [(s["key"], s["name"]) for s in pool]
        self.fields["schemes"].initial = [c["scheme"] for c in chosen]
        noted = {c["scheme"]: c.get("noted_model_id") for c in chosen}
        for scheme in pool:
            if scheme["notes"]:
                self.fields[f"noted_{scheme['key']}"] = forms.ChoiceField(
                    required=False, label=f"Noted for {scheme['name']}",
                    help_text=scheme["notes"].capitalize(),
                    initial=str(noted.get(scheme["key"]) or ""),
                    choices=[("", "— none —"), *_hired_choices(hired)])

    def scheme_rows(self):
        """(scheme, checked, noted model field or None) for the template."""
        picked = set(self["schemes"].value() or [])
        return [(s, s["key"] in picked,
                 self[f"noted_{s['key']}"] if f"noted_{s['key']}" in self.fields else None)
                for s in self.pool]

    def choices(self) -> list[tuple[str, HiredModel | None]]:
        picked = self.cleaned_data["schemes"]
        return [(key, self.hired.get(int(self.cleaned_data.get(f"noted_{key}") or 0)))
                for key in picked]


class InitiativeForm(forms.Form):
    """Both initiative cards flipped at the table; leave both blank for a server flip."""

    card_a = _card_field("Side A's card", help_text="")
    card_b = _card_field("Side B's card", help_text="")

    def clean(self):
        data = super().clean()
        if bool(data.get("card_a")) != bool(data.get("card_b")):
            raise forms.ValidationError("Enter both initiative cards, or neither for a "
                                        "server flip.")
        return data

    def table_cards(self) -> dict[str, str] | None:
        data = self.cleaned_data
        return {"a": data["card_a"], "b": data["card_b"]} if data.get("card_a") else None


class SideForm(forms.Form):
    side = forms.ChoiceField(choices=SIDES)


class CasualtyForm(forms.Form):
    """A model killed or sacrificed. Choosing a hired model decides the side; the side
    only matters for a summoned model, named instead."""

    side = forms.ChoiceField(choices=SIDES, label="Side that lost the model",
                             help_text="Taken from the model when you choose one.")
    model = forms.ChoiceField(required=False, label="Model")
    summoned_name = forms.CharField(max_length=120, required=False,
                                    label="…or name a summoned model")
    how = forms.ChoiceField(choices=Casualty.How.choices, initial=Casualty.How.KILLED)
    by_model = forms.ChoiceField(required=False, label="By model")
    by_effect = forms.CharField(max_length=120, required=False, label="…or by an effect")
    automatic = forms.BooleanField(required=False,
                                   label="Automatically Finished Off (no flip)")

    def __init__(self, *args, sides, **kwargs):
        super().__init__(*args, **kwargs)
        self.hired = {h.pk: (view.side.key, h) for view in sides for h in view.hired}
        groups = [(f"Side {view.side.key.upper()}: {view.side}", _hired_choices(view.hired))
                  for view in sides if view.hired]
        self.fields["model"].choices = [("", "— choose the model —"), *groups]
        self.fields["by_model"].choices = [("", "— an effect —"), *groups]

    def clean(self):
        data = super().clean()
        for name in ("model", "by_model"):
            pk = int(data.get(name) or 0)
            if pk and pk not in self.hired:
                self.add_error(name, "Choose a model of this game.")
            data[name] = self.hired[pk][1] if pk in self.hired else None
        if data.get("model") is not None:
            data["side"] = self.hired[data["model"].pk][0]
        elif not (data.get("summoned_name") or "").strip():
            raise forms.ValidationError("Choose the model, or name the summoned model.")
        return data


class FinishedOffForm(forms.Form):
    """The controller's Finished Off flip: the server's, or the card flipped at the table
    (``source=table``, then a card is required) with any card cheated in."""

    source = forms.ChoiceField(choices=[("server", "server"), ("table", "table")],
                               required=False, widget=forms.HiddenInput)

    table_card = _card_field("Card flipped at the table",
                             help_text="Leave blank and the server flips for you.")
    cheated_in = _card_field("Card cheated in", help_text="Optional; not when the week's "
                             "event forbids cheating.")
    threshold = forms.IntegerField(min_value=1, max_value=14, initial=3,
                                   label="Finished Off on",
                                   help_text="3 or more; 11 with Tough As Nails.",
                                   widget=forms.NumberInput(attrs={"inputmode": "numeric"}))

    def clean(self):
        data = super().clean()
        if data.get("source") == "table" and not data.get("table_card"):
            self.add_error("table_card", "Enter the card flipped at the table.")
        if data.get("source") == "server":
            data["table_card"] = ""
        return data


class EventScripForm(forms.Form):
    side = forms.ChoiceField(choices=SIDES)
    amount = forms.IntegerField(min_value=1, max_value=12, initial=1,
                                widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
    why = forms.CharField(max_length=120, label="For", widget=forms.TextInput(
        attrs={"placeholder": "e.g. a bounty claimed"}))


class EndTurnForm(forms.Form):
    table_card = _card_field("Card flipped at the table",
                             help_text="From Turn 5: leave blank and the server flips.")


class ReportForm(forms.Form):
    vp_a = forms.IntegerField(min_value=0, max_value=12, label="Side A VP",
                              widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
    vp_b = forms.IntegerField(min_value=0, max_value=12, label="Side B VP",
                              widget=forms.NumberInput(attrs={"inputmode": "numeric"}))


class DisputeForm(forms.Form):
    reason = forms.CharField(max_length=250, label="What is wrong",
                             widget=forms.TextInput(attrs={"placeholder": "e.g. it was 4-4"}))


class RulingForm(ReportForm):
    reason = forms.CharField(max_length=250, label="Reason for the ruling",
                             help_text="Both players see it.")


class StandaloneSetupForm(forms.Form):
    """A quick encounter for a pick-up game: size and kind; everything else is flipped."""

    size = forms.IntegerField(min_value=10, max_value=100, initial=50,
                                     help_text="Soulstones (Shoot-Out, Dustup or Scrap).")
    kind = forms.ChoiceField(choices=Game.Kind.choices, initial=Game.Kind.STANDARD)


FACTION_CHOICES = [("arcanists", "Arcanists"), ("gremlins", "Gremlins"), ("guild", "Guild"),
                   ("neverborn", "Neverborn"), ("outcasts", "Outcasts"),
                   ("resurrectionists", "Resurrectionists"), ("ten-thunders", "Ten Thunders")]


class SeriesDeclareForm(forms.Form):
    faction = forms.ChoiceField(choices=FACTION_CHOICES)
    leader = forms.CharField(max_length=120, help_text="Leads every game of the series.")


class SeriesStartForm(SeriesDeclareForm):
    opponent = forms.CharField(max_length=150, help_text="Your opponent's username.")
    size = forms.IntegerField(min_value=10, max_value=100, initial=40)

    def clean_opponent(self):
        from django.contrib.auth import get_user_model

        user = get_user_model().objects.filter(username=self.cleaned_data["opponent"]).first()
        if user is None:
            raise forms.ValidationError("No player has that username.")
        return user


class SeriesNextForm(forms.Form):
    spoils = forms.ChoiceField(required=False, choices=[
        ("", "No spoils"), ("choose-role", "Option 1: choose Attacker or Defender"),
        ("choose-terrain", "Option 2: choose the terrain"),
        ("choose-attacker-strategy", "Option 3: choose the Attacker's Strategy"),
        ("choose-defender-strategy", "Option 4: choose the Defender's Strategy")])
    choice = forms.CharField(required=False, max_length=60,
                             help_text="For options 2-4: the terrain, Strategy or suit.")
