"""Forms of the game pages. They parse input only: the encounter services decide what the
rules allow and say why when they refuse. Choices come from what the page already loaded
(the viewer's game view), so rendering a form adds no queries."""

from __future__ import annotations

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy

from campaign.models import ArsenalModel, ArsenalUpgrade, Crew
from catalogue.models import ModelCard
from encounters.models import Casualty, Game, HiredModel
from encounters.services import finished_off as reflips
from league.models import League
from rules.widgets import EnglishNamesSelect

_SETTINGS = {"outdoor": gettext_lazy("outdoor"), "indoor": gettext_lazy("indoor")}
SIDES = [("a", gettext_lazy("Side A")), ("b", gettext_lazy("Side B"))]
CARD_HELP = "A card code such as 13R, 7M, 1T, RJ or BJ."


def _card_field(label, *, required: bool = False, help_text: str = CARD_HELP):
    return forms.CharField(
        label=label, max_length=6, required=required, help_text=help_text,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters",
                                      "size": 4, "placeholder": "e.g. 9R"}))


def _count_field(label, *, max_value: int = 50) -> forms.IntegerField:
    """An optional count the players fill in at the end of a game."""
    return forms.IntegerField(min_value=0, max_value=max_value, required=False, label=label)


def _hired_choices(hired: list[HiredModel]) -> list[tuple[str, str]]:
    return [(str(h.pk), h.name) for h in hired]


class GameSetupForm(forms.Form):
    """A campaign game: the viewer's crew against an opponent (an organizer without a crew
    of their own picks both crews)."""

    crew_a = forms.ModelChoiceField(queryset=Crew.objects.none(), label=gettext_lazy("Crew"),
                                    empty_label=None)
    crew_b = forms.ModelChoiceField(queryset=Crew.objects.none(), label=gettext_lazy("Opponent"),
                                    empty_label=gettext_lazy("— choose the opposing crew —"))
    size = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=100,
        label=gettext_lazy("Encounter size (soulstones)"),
        help_text=gettext_lazy(
            "Leave blank for the largest these arsenals allow (the smaller arsenal + 5)."
        ),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    kind = forms.ChoiceField(
        choices=Game.Kind.choices,
        initial=Game.Kind.STANDARD,
        widget=forms.RadioSelect,
        label=gettext_lazy("Encounter"),
    )

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
            self.fields["crew_a"].empty_label = gettext("— choose the first crew —")
        self.fields["crew_b"].label_from_instance = lambda crew: (
            f"{crew} ({crew.player})"
            + (f" · up to {limits[crew.pk]} soulstones" if crew.pk in limits else "")
        )
        if len(limits) == 1:
            self.fields["size"].initial = next(iter(limits.values()))


class HireForm(forms.Form):
    """The models hired (checkboxes named ``models``) and, per upgrade that may move, the
    hired model carrying it (``attach_<upgrade id>``); skills and injuries stay on their
    model, so they are not offered."""

    models = forms.MultipleChoiceField(label=gettext_lazy("Models"),
        choices=(),
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": gettext_lazy("Hire at least your Leader.")},
    )

    def __init__(
        self,
        *args,
        crew: Crew,
        arsenal: list[ArsenalModel],
        upgrades: list[ArsenalUpgrade],
        hired: list[HiredModel],
        wandering: list[ModelCard] | None = None,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.crew, self.arsenal, self.upgrades = crew, arsenal, upgrades
        self.wandering_cards = {str(c.pk): c for c in wandering or []}
        if wandering is not None:
            # Wandering Mercenaries: the free Mercenary comes from outside the arsenal, so
            # the page must offer it (the API took it; the form had no field: a dead end).
            current = next((h.wandering_card_id for h in hired if h.wandering_card_id), "")
            self.fields["wandering_mercenary"] = forms.ChoiceField(
                label=gettext_lazy("Wandering Mercenary (free)"),
                help_text=gettext_lazy(
                    "This week each crew hires one Mercenary costing 7 or less from outside "
                    "its arsenal, for free."
                ),
                initial=str(current or ""),
                choices=[
                    ("", gettext_lazy("— choose the free Mercenary —")),
                    *((str(c.pk), f"{c.name} ({c.cost})") for c in wandering),
                ],
                error_messages={
                    "required": gettext_lazy(
                        "Wandering Mercenaries: choose the free Mercenary costing 7 or less "
                        "from outside your arsenal."
                    )
                },
            )
        self.fields["models"].choices = [(str(m.pk), m.card.name) for m in arsenal]
        chosen = {str(h.arsenal_model_id) for h in hired} or {str(crew.leader_id)}
        self.fields["models"].initial = sorted(chosen)
        for upgrade in upgrades:
            if hired:  # re-hiring: start from what the current hire carries
                initial = next(
                    (h.arsenal_model_id for h in hired if upgrade.name in h.upgrades), ""
                )
            else:
                initial = upgrade.attached_to_id or ""
            self.fields[f"attach_{upgrade.pk}"] = forms.ChoiceField(
                required=False,
                label=upgrade.name,
                initial=str(initial or ""),
                choices=[("", gettext_lazy("— not taken —")), *self.fields["models"].choices],
            )

    def model_rows(self):
        """(arsenal model, checked, is the Leader) for the checkbox list."""
        value = self["models"].value() or []
        picked = {str(v) for v in value}
        return [(m, str(m.pk) in picked, m.pk == self.crew.leader_id) for m in self.arsenal]

    def upgrade_fields(self):
        return [(u, self[f"attach_{u.pk}"]) for u in self.upgrades]

    def wandering(self) -> ModelCard | None:
        """The free Mercenary picked in a Wandering Mercenaries week (else None)."""
        return self.wandering_cards.get(self.cleaned_data.get("wandering_mercenary") or "")

    def clean_models(self):
        ids = {int(pk) for pk in self.cleaned_data["models"]}
        if self.crew.leader_id not in ids:
            raise forms.ValidationError(gettext("Your Leader must be hired: it leads the crew."))
        return ids

    def selection(self) -> tuple[list[ArsenalModel], dict[int, int]]:
        """The arsenal models hired and {upgrade id: arsenal model id} carried."""
        ids = self.cleaned_data["models"]
        models = [m for m in self.arsenal if m.pk in ids]
        attach = {
            u.pk: int(self.cleaned_data[f"attach_{u.pk}"])
            for u in self.upgrades
            if self.cleaned_data.get(f"attach_{u.pk}")
        }
        return models, attach


class SchemesForm(forms.Form):
    """One or two schemes from the pool; a scheme that notes a model gets a select
    (``noted_<scheme key>``) of the models the viewer may see."""

    schemes = forms.MultipleChoiceField(label=gettext_lazy("Schemes"),
        choices=(),
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": "Choose one or two schemes."},
    )

    def __init__(
        self, *args, pool: list[dict], hired: list[HiredModel], chosen: list[dict],
        third: list[dict] | None = None, third_chosen: dict | None = None, **kwargs
    ):
        super().__init__(*args, **kwargs)
        self.pool, self.hired = pool, {h.pk: h for h in hired}
        if third is not None:  # A Lucrative Offer's week: the optional third scheme
            third_chosen = third_chosen or {}
            self.fields["third_scheme"] = forms.ChoiceField(
                required=False,
                label=gettext_lazy("A Lucrative Offer: third scheme (scrip, not VP)"),
                help_text=gettext_lazy(
                    "Optional. Any generic scheme or your Faction's, other than your two. "
                    "It scores no VP: each VP it would score pays 2 Scrip."
                ),
                initial=third_chosen.get("scheme", ""),
                choices=[("", gettext_lazy("— none —")),
                         *[(s["key"], s["name"]) for s in third]],
            )
            self.fields["noted_third"] = forms.ChoiceField(
                required=False,
                label=gettext_lazy("Noted for the third scheme"),
                help_text=gettext_lazy("Only if the third scheme names a model."),
                initial=str(third_chosen.get("noted_model_id") or ""),
                choices=[("", gettext_lazy("— none —")), *_hired_choices(hired)],
            )
        self.fields["schemes"].choices = [(s["key"], s["name"]) for s in pool]
        self.fields["schemes"].initial = [c["scheme"] for c in chosen]
        noted = {c["scheme"]: c.get("noted_model_id") for c in chosen}
        for scheme in pool:
            if scheme["notes"]:
                self.fields[f"noted_{scheme['key']}"] = forms.ChoiceField(
                    required=False,
                    label=gettext("Noted for %(scheme)s") % {"scheme": scheme["name"]},
                    help_text=capfirst(scheme["notes"]),
                    initial=str(noted.get(scheme["key"]) or ""),
                    choices=[("", gettext_lazy("— none —")), *_hired_choices(hired)],
                )

    def scheme_rows(self):
        """(scheme, checked, noted model field or None) for the template."""
        picked = set(self["schemes"].value() or [])
        return [
            (
                s,
                s["key"] in picked,
                self[f"noted_{s['key']}"] if f"noted_{s['key']}" in self.fields else None,
            )
            for s in self.pool
        ]

    def choices(self) -> list[tuple[str, HiredModel | None]]:
        picked = self.cleaned_data["schemes"]
        return [
            (key, self.hired.get(int(self.cleaned_data.get(f"noted_{key}") or 0))) for key in picked
        ]

    def third(self) -> tuple[str, HiredModel | None] | None:
        """The third scheme chosen, or None (declined, or not that week)."""
        key = self.cleaned_data.get("third_scheme")
        if not key:
            return None
        return key, self.hired.get(int(self.cleaned_data.get("noted_third") or 0))


class WarrantForm(forms.Form):
    """Warrant: the role its crew takes in a Story Encounter (the service checks when)."""

    role = forms.ChoiceField(
        label=gettext_lazy("Your role"),
        choices=[("attacker", gettext_lazy("Attack")), ("defender", gettext_lazy("Defend"))],
        widget=forms.RadioSelect,
    )


class ThirdSchemeVPForm(forms.Form):
    """What A Lucrative Offer's third scheme would have scored so far (it replaces the
    last entry; the tracker checks the scheme's own caps)."""

    vp = forms.IntegerField(min_value=0, max_value=3, label=gettext_lazy("VP it would score"))


class InitiativeForm(forms.Form):
    """Both initiative cards flipped at the table; leave both blank for a server flip."""

    card_a = _card_field(gettext_lazy("Side A's card"), help_text="")
    card_b = _card_field(gettext_lazy("Side B's card"), help_text="")

    def clean(self):
        data = super().clean()
        if bool(data.get("card_a")) != bool(data.get("card_b")):
            raise forms.ValidationError(
                gettext("Enter both initiative cards, or neither for a server flip.")
            )
        return data

    def table_cards(self) -> dict[str, str] | None:
        data = self.cleaned_data
        return {"a": data["card_a"], "b": data["card_b"]} if data.get("card_a") else None


class ReflipForm(forms.Form):
    """How the initiative reflip is paid: a Soulstone, or 1 Scrip with Brain In a Jar."""

    pay = forms.ChoiceField(
        label=gettext_lazy("Pay with"), required=False,
        choices=[("soulstone", gettext_lazy("a Soulstone")), ("scrip", gettext_lazy("1 Scrip"))])


class BBQForm(forms.Form):
    """BBQ: the model that heals 1 damage (one of the player's models in play)."""

    model = forms.TypedChoiceField(label=gettext_lazy("Model"), coerce=int)

    def __init__(self, *args, models=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["model"].choices = [(m.pk, m.name) for m in models]


class SideForm(forms.Form):
    side = forms.ChoiceField(label=gettext_lazy("Side"), choices=SIDES)


KILLER_SIDES = [("", gettext_lazy("nobody")), ("a", gettext_lazy("Side A")),
                ("b", gettext_lazy("Side B")), ("neutral", gettext_lazy("a Neutral"))]


def _table_choices(table_models) -> list[tuple[str, str]]:
    return [
        (f"t{t.pk}", f"{t.name} ({t.get_origin_display().split(' ')[0].lower()})")
        for t in table_models
    ]


class CasualtyForm(forms.Form):
    """A model killed or sacrificed, in a few taps: the victim (a hired model, a summoned
    or Neutral model on the table, or a summoned model named here), the killer (prefilled
    from the last kill) or an effect and whose it was, and only the extra questions the
    crews' Bounties need (``needed``): a Blast, during its own Activation."""

    side = forms.ChoiceField(
        choices=SIDES,
        label=gettext_lazy("Side that lost the model"),
        help_text=gettext_lazy("Taken from the model when you choose one."),
    )
    model = forms.ChoiceField(required=False, label=gettext_lazy("Model"))
    summoned_name = forms.CharField(
        max_length=120, required=False, label=gettext_lazy("…or name a summoned model")
    )
    how = forms.ChoiceField(label=gettext_lazy("How"), choices=Casualty.How.choices,
                            initial=Casualty.How.KILLED)
    by_model = forms.ChoiceField(required=False, label=gettext_lazy("By model"))
    by_effect = forms.CharField(
        max_length=120, required=False, label=gettext_lazy("…or by an effect")
    )
    by_side = forms.ChoiceField(
        choices=KILLER_SIDES, required=False, label=gettext_lazy("Whose effect was it")
    )
    action = forms.CharField(max_length=60, required=False, label=gettext_lazy("Action (optional)"))
    blast = forms.BooleanField(required=False, label=gettext_lazy("Killed by a Blast Marker"))
    own_activation = forms.BooleanField(
        required=False, label=gettext_lazy("During its own Activation")
    )
    automatic = forms.BooleanField(
        required=False, label=gettext_lazy("Automatically Finished Off (no flip)")
    )

    def __init__(self, *args, sides, table_models=(), needed=frozenset(), **kwargs):
        super().__init__(*args, **kwargs)
        self.hired = {str(h.pk): (view.side.key, h) for view in sides for h in view.hired}
        self.table = {f"t{t.pk}": t for t in table_models}
        groups = [
            (str(view.side), _hired_choices(view.hired))
            for view in sides
            if view.hired
        ]
        if self.table:
            groups.append(("On the table", _table_choices(table_models)))
        self.fields["model"].choices = [("", gettext_lazy("— choose the model —")), *groups]
        self.fields["by_model"].choices = [("", gettext_lazy("— an effect —")), *groups]
        if "blast" not in needed:
            del self.fields["blast"]
        if "own_activation" not in needed:
            del self.fields["own_activation"]

    def clean(self):
        data = super().clean()
        for name, table_name in (("model", "table_model"), ("by_model", "by_table_model")):
            value = data.get(name) or ""
            data[table_name] = None
            if value and value not in self.hired and value not in self.table:
                self.add_error(name, gettext("Choose a model of this game."))
            data[name] = self.hired[value][1] if value in self.hired else None
            if value in self.table:
                data[table_name] = self.table[value]
        if data.get("model") is not None:
            data["side"] = self.hired[str(data["model"].pk)][0]
        elif data.get("table_model") is not None:
            t = data["table_model"]
            data["side"] = t.side.key if t.side_id else "neutral"
        elif not (data.get("summoned_name") or "").strip():
            raise forms.ValidationError(gettext("Choose the model, or name the summoned model."))
        data["by_side"] = data.get("by_side") or None
        data.setdefault("blast", False)
        data.setdefault("own_activation", False)
        return data


class BringInForm(forms.Form):
    """A model enters play: summoned by a side, or a Neutral model of the week's event
    (``side`` blank). Station, cost and Characteristics come from the catalogue card of
    that name when left blank."""

    side = forms.ChoiceField(
        label=gettext_lazy("Side"), choices=[*SIDES, ("", gettext_lazy("Neutral"))], required=False
    )
    name = forms.CharField(max_length=120, label=gettext_lazy("Model"))
    cost = forms.IntegerField(
        min_value=0,
        max_value=30,
        required=False,
        label=gettext_lazy("Soulstone cost"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    station = forms.ChoiceField(
        label=gettext_lazy("Station"),
        required=False,
        choices=[
            ("", gettext_lazy("— from its card —")),
            ("master", gettext_lazy("Master")),
            ("henchman", gettext_lazy("Henchman")),
            ("enforcer", gettext_lazy("Enforcer")),
            ("minion", gettext_lazy("Minion")),
            ("peon", gettext_lazy("Peon")),
        ],
    )
    characteristics = forms.CharField(
        label=gettext_lazy("Characteristics"),
        max_length=200,
        required=False,
        help_text=gettext_lazy("Comma separated, e.g. Undead, Minion."),
    )

    def clean_characteristics(self) -> list[str]:
        return [c.strip() for c in self.cleaned_data["characteristics"].split(",") if c.strip()]


class MarkerForm(forms.Form):
    """One tap on the Marker board: ``change`` is "kind:owner:quarter:delta" (and
    ":interact" for an enemy Scheme Marker removed by an Interact Action)."""

    change = forms.CharField(label=gettext_lazy("Change"), max_length=40)
    by_side = forms.ChoiceField(
        label=gettext_lazy("By side"), choices=[("", "—"), *SIDES], required=False
    )

    def clean_change(self) -> dict:
        parts = self.cleaned_data["change"].split(":")
        try:
            kind, owner, quarter, delta = parts[:4]
            value = {
                "kind": kind,
                "owner": owner,
                "quarter": int(quarter),
                "delta": int(delta),
                "interact": parts[4:] == ["interact"],
            }
        except ValueError:
            raise forms.ValidationError(gettext("Not a Marker change.")) from None
        if len(parts) > 5 or kind not in ("scheme", "corpse", "scrap"):
            raise forms.ValidationError(gettext("Not a Marker change."))
        return value


class ModelEventForm(forms.Form):
    kind = forms.ChoiceField(
        label=gettext_lazy("Kind"),
        choices=[
            ("horror_failed", gettext_lazy("Failed a Horror duel")),
            ("upgrade_attached", gettext_lazy("An Upgrade attached")),
        ],
    )
    model = forms.ChoiceField(label=gettext_lazy("Model"))
    name = forms.CharField(max_length=120, required=False, label=gettext_lazy("Upgrade"))

    def __init__(self, *args, sides, table_models=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.hired = {str(h.pk): h for view in sides for h in view.hired}
        self.table = {f"t{t.pk}": t for t in table_models}
        groups = [
            (str(view.side), _hired_choices(view.hired))
            for view in sides
            if view.hired
        ]
        if self.table:
            groups.append(("On the table", _table_choices(table_models)))
        self.fields["model"].choices = [("", gettext_lazy("— choose the model —")), *groups]

    def clean_model(self):
        value = self.cleaned_data["model"]
        found = self.hired.get(value) or self.table.get(value)
        if found is None:
            raise forms.ValidationError(gettext("Choose a model of this game."))
        return found


class StoryNoteForm(forms.Form):
    """A Story Encounter's secret note (Jail Break, Search, Sabotage, Make them guess)."""

    key = forms.CharField(max_length=40, widget=forms.HiddenInput)
    text = forms.CharField(label=gettext_lazy("Your secret note"), max_length=80)


class NoteForm(forms.Form):
    """The Bounty note: a model (Escort Mission, Hit List) or a Characteristic (Roundup)."""

    bounty = forms.CharField(max_length=80, widget=forms.HiddenInput)
    model = forms.ChoiceField(required=False, label=gettext_lazy("Model"))
    characteristic = forms.CharField(
        label=gettext_lazy("Characteristic"), max_length=40, required=False
    )

    def __init__(self, *args, choices=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.hired = {str(h.pk): h for h in choices}
        self.fields["model"].choices = [("", gettext_lazy("— choose —")), *_hired_choices(choices)]

    def clean_model(self):
        value = self.cleaned_data["model"]
        if value and value not in self.hired:
            raise forms.ValidationError(gettext("Choose a model of this game."))
        return self.hired.get(value)


class EndFactsForm(forms.Form):
    """What the table shows at the end, for one side: only the fields the Bounties need
    are shown, and only what is filled in is recorded. ``in_their_zone`` and
    ``theirs_in_their_zone`` are this side's models and the enemy's (Neutrals included)
    in the opponent's Deployment Zone."""

    side = forms.ChoiceField(choices=SIDES, widget=forms.HiddenInput)
    in_their_zone = _count_field(gettext_lazy("Your models in their Deployment Zone"))
    theirs_in_their_zone = _count_field(
        gettext_lazy("Their models (and Neutrals) in their Deployment Zone"))
    engaging_leader = _count_field(gettext_lazy("Your models engaging their Leader"))
    afflicted = _count_field(gettext_lazy("Enemy models with your Conditions or Upgrades"))
    pool = _count_field(gettext_lazy("Soulstones left in your Pool"), max_value=99)
    pigs = forms.TypedMultipleChoiceField(
        choices=[(q, f"Quarter {q}") for q in (1, 2, 3, 4)],
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Quarters with one of your Pigs"),
    )
    escorted = forms.TypedChoiceField(
        choices=[("", "—"), ("yes", gettext_lazy("Yes")), ("no", gettext_lazy("No"))],
        required=False,
        coerce=lambda v: v == "yes",
        empty_value=None,
        label=gettext_lazy("Your noted model ended in their Deployment Zone"),
    )

    FIELDS_FOR = {
        "zones": ("in_their_zone", "theirs_in_their_zone"),
        "engaging_leader": ("engaging_leader",),
        "afflicted": ("afflicted",),
        "pool": ("pool",),
        "pigs": ("pigs",),
        "escort": ("escorted",),
    }

    def __init__(self, *args, needed=frozenset(), escort=False, **kwargs):
        super().__init__(*args, **kwargs)
        keep = {"side"}
        for fact, names in self.FIELDS_FOR.items():
            if fact in needed and (fact != "escort" or escort):
                keep.update(names)
        for name in list(self.fields):
            if name not in keep:
                del self.fields[name]

    @property
    def asks(self) -> bool:
        return len(self.fields) > 1


class QuartersForm(forms.Form):
    side = forms.ChoiceField(choices=SIDES, widget=forms.HiddenInput)
    quarters = forms.TypedMultipleChoiceField(
        choices=[(q, f"Q{q}") for q in (1, 2, 3, 4)],
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Quarters held"),
    )


class PoolForm(forms.Form):
    side = forms.ChoiceField(label=gettext_lazy("Side"), choices=SIDES)
    change = forms.TypedChoiceField(
        label=gettext_lazy("Change"), choices=[(-1, "-1"), (1, "+1")], coerce=int
    )


class _FinishedOffCardsForm(forms.Form):
    """The cards of a Finished Off flip made at the table, shared by the flip and its reflip."""

    table_card = _card_field(
        gettext_lazy("Card flipped at the table"),
        help_text=gettext_lazy("Leave blank and the server flips for you."),
    )
    cheated_in = _card_field(
        gettext_lazy("Card cheated in"),
        help_text=gettext_lazy("Optional; not when the week's event forbids cheating."),
    )

    field_order = ["source", "table_card", "cheated_in"]


class FinishedOffForm(_FinishedOffCardsForm):
    """The controller's Finished Off flip: the server's, or the card flipped at the table
    (``source=table``, then a card is required) with any card cheated in."""

    source = forms.ChoiceField(
        choices=[("server", gettext_lazy("server")), ("table", gettext_lazy("table"))],
        required=False,
        widget=forms.HiddenInput,
    )

    threshold = forms.IntegerField(
        min_value=1,
        max_value=14,
        required=False,
        label=gettext_lazy("Finished Off on (On Our Ground)"),
        help_text=gettext_lazy("Leave empty: 3, or 11 with Tough As Nails, is read from the "
                               "model. Enter 11 only for On Our Ground within 10\"."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def clean(self):
        data = super().clean()
        if data.get("source") == "table" and not data.get("table_card"):
            self.add_error("table_card", gettext("Enter the card flipped at the table."))
        if data.get("source") == "server":
            data["table_card"] = ""
        return data


class ReflipFinishedOffForm(_FinishedOffCardsForm):
    """A Fortification's reflip of a settled Finished Off flip: the server's, or the card
    flipped again at the table (a card cheated in only by the model's controller)."""

    source = forms.ChoiceField(
        label=gettext_lazy("Fortification"),
        choices=reflips.SOURCE_CHOICES,
    )
    in_deployment_zone = forms.BooleanField(
        required=False, label=gettext_lazy("It fell in my Deployment Zone"),
        help_text=gettext_lazy("Tasteful Dirge reflips only such a model's flip."))


class EventScripForm(forms.Form):
    side = forms.ChoiceField(label=gettext_lazy("Side"), choices=SIDES)
    amount = forms.IntegerField(
        label=gettext_lazy("Amount"),
        min_value=1,
        max_value=12,
        initial=1,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    why = forms.CharField(
        max_length=120,
        label=gettext_lazy("For"),
        widget=forms.TextInput(attrs={"placeholder": "e.g. a bounty claimed"}),
    )


class CasualtyScripCorrectionForm(forms.Form):
    """The player's correction of the event Scrip computed from casualties (Contract Work,
    Extermination): a signed change and its reason."""

    side = forms.ChoiceField(label=gettext_lazy("Side"), choices=SIDES)
    amount = forms.IntegerField(
        label=gettext_lazy("Change"),
        min_value=-12,
        max_value=12,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    why = forms.CharField(max_length=120, label=gettext_lazy("Why"))


class OnTheMoveForm(forms.Form):
    """On The Move: the weekly event this player wants to play instead (the service
    checks the choice and the moment)."""

    event = forms.ChoiceField(label=gettext_lazy("Play instead"), choices=())

    def __init__(self, *args, choices=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["event"].choices = list(choices)


class EndTurnForm(forms.Form):
    table_card = _card_field(
        gettext_lazy("Card flipped at the table"),
        help_text=gettext_lazy("From Turn 5: leave blank and the server flips."),
    )


class ReportForm(forms.Form):
    vp_a = forms.IntegerField(
        min_value=0,
        max_value=12,
        label=gettext_lazy("Side A VP"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    vp_b = forms.IntegerField(
        min_value=0,
        max_value=12,
        label=gettext_lazy("Side B VP"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class DisputeForm(forms.Form):
    reason = forms.CharField(
        max_length=250,
        label=gettext_lazy("What is wrong"),
        widget=forms.TextInput(attrs={"placeholder": gettext_lazy("e.g. it was 4-4")}),
    )


class RulingForm(ReportForm):
    reason = forms.CharField(
        max_length=250,
        label=gettext_lazy("Reason for the ruling"),
        help_text=gettext_lazy("Both players see it."),
    )


def member_leagues(user):
    """The leagues ``user`` is an active member of (none for a visitor)."""
    if user is None or not user.is_authenticated:
        return League.objects.none()
    return League.objects.filter(memberships__user=user, memberships__status="active").order_by(
        "name"
    )


class StandaloneSetupForm(forms.Form):
    """A quick encounter for a pick-up game: size and kind; everything else is flipped.

    The edition defaults to the chosen league's (``League.default_ruleset``); the first
    edition options only matter for a first edition encounter.
    """

    size = forms.IntegerField(
        label=gettext_lazy("Size"),
        min_value=10,
        max_value=100,
        initial=50,
        help_text=gettext_lazy("Soulstones (Shoot-Out, Dustup or Scrap)."),
    )
    kind = forms.ChoiceField(
        label=gettext_lazy("Kind"), choices=Game.Kind.choices, initial=Game.Kind.STANDARD
    )
    league = forms.ModelChoiceField(
        label=gettext_lazy("League"),
        queryset=League.objects.none(),
        required=False,
        empty_label=gettext_lazy("No league"),
        help_text=gettext_lazy("Your league's default edition applies unless you pick one."),
    )
    ruleset = forms.ChoiceField(
        label=gettext_lazy("Edition"),
        required=False,
        choices=[("", gettext_lazy("The league's default")),
                 *League._meta.get_field("default_ruleset").choices],
    )
    first_edition_size = forms.ChoiceField(
        label=gettext_lazy("First edition size"),
        required=False,
        choices=[
            ("", gettext_lazy("By the soulstones")),
            ("scrap", gettext_lazy("Scrap")),
            ("brawl", gettext_lazy("Brawl")),
        ],
        help_text=gettext_lazy("Scrap 1-55, Brawl 30-80 soulstones: from 30 to 55 choose one."),
    )
    strategy_mode = forms.ChoiceField(
        label=gettext_lazy("First edition strategies"),
        required=False,
        initial="general",
        choices=[
            ("general", gettext_lazy("General: each player flips")),
            ("extended", gettext_lazy("Extended: flip for the kind of strategy")),
            ("quick_reference", gettext_lazy("Original first edition table (quick reference)")),
        ],
    )
    location = forms.ChoiceField(
        label=gettext_lazy("First edition location"),
        required=False,
        widget=EnglishNamesSelect,
        help_text=gettext_lazy("Leave empty to flip for it, or give the place you agreed on."),
    )

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        from rules.engine.first_edition_tables import first_edition_tables

        self.fields["league"].queryset = member_leagues(user)
        locations = first_edition_tables().locations
        # Grouped by setting (in the reader's language); the names are the book's.
        self.fields["location"].choices = [("", gettext("Flip for it"))] + [
            (str(label).capitalize(), [(loc.key, loc.name) for loc in locations
                                       if loc.setting == setting])
            for setting, label in _SETTINGS.items()
        ]

    def clean(self):
        cleaned = super().clean()
        for key in ("ruleset", "first_edition_size", "location"):
            cleaned[key] = cleaned.get(key) or None
        cleaned["strategy_mode"] = cleaned.get("strategy_mode") or "general"
        return cleaned


FACTION_CHOICES = [
    ("arcanists", gettext_lazy("Arcanists")),
    ("gremlins", gettext_lazy("Gremlins")),
    ("guild", gettext_lazy("Guild")),
    ("neverborn", gettext_lazy("Neverborn")),
    ("outcasts", gettext_lazy("Outcasts")),
    ("resurrectionists", gettext_lazy("Resurrectionists")),
    ("ten-thunders", gettext_lazy("Ten Thunders")),
]


class SeriesDeclareForm(forms.Form):
    faction = forms.ChoiceField(label=gettext_lazy("Faction"), choices=FACTION_CHOICES)
    leader = forms.CharField(
        label=gettext_lazy("Leader"),
        max_length=120,
        help_text=gettext_lazy("Leads every game of the series."),
    )


class SeriesStartForm(SeriesDeclareForm):
    opponent = forms.CharField(
        label=gettext_lazy("Opponent"),
        max_length=150,
        help_text=gettext_lazy("Your opponent's username."),
    )
    size = forms.IntegerField(label=gettext_lazy("Size"), min_value=10, max_value=100, initial=40)

    def clean_opponent(self):
        from django.contrib.auth import get_user_model

        user = get_user_model().objects.filter(username=self.cleaned_data["opponent"]).first()
        if user is None:
            raise forms.ValidationError(gettext("No player has that username."))
        return user


class SeriesNextForm(forms.Form):
    spoils = forms.ChoiceField(
        label=gettext_lazy("Spoils"),
        required=False,
        choices=[
            ("", gettext_lazy("No spoils")),
            ("choose-role", gettext_lazy("Option 1: choose Attacker or Defender")),
            ("choose-terrain", gettext_lazy("Option 2: choose the terrain")),
            ("choose-attacker-strategy", gettext_lazy("Option 3: choose the Attacker's Strategy")),
            ("choose-defender-strategy", gettext_lazy("Option 4: choose the Defender's Strategy")),
        ],
    )
    choice = forms.CharField(
        label=gettext_lazy("Choice"),
        required=False,
        max_length=60,
        help_text=gettext_lazy("For options 2-4: the terrain, Strategy or suit."),
    )
