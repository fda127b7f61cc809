"""The duel calculator's form.

The form renders and parses the page's inputs (types only); the rules of what is valid
live in one place, ``DuelOddsRequestSerializer``, which the form runs in ``clean`` so the
page and the API accept exactly the same duels and report the same messages.

Fields that belong to one edition carry ``edition`` ("m2e"/"m1e"); the page hides the
other edition's fields (CSS only), and ``clean`` leaves out what is hidden, as it leaves
out the defender of a simple duel.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from rules.duel_input import MAX_TWISTS, POLICY_CHOICES, RULESET_CHOICES, SUIT_LABELS
from rules.engine.cards import Suit
from rules.engine.duels import DEFAULT_DUEL_POLICY
from rules.serializers import DuelOddsRequestSerializer

SUITS = [(s.value, SUIT_LABELS.get(s.value, s.value.capitalize())) for s in Suit]
OPTIONAL_SUIT = [("", "—"), *SUITS]
TWIST_ATTRS = {"min": 0, "max": MAX_TWISTS, "inputmode": "numeric"}


def _twists(label) -> forms.IntegerField:
    return forms.IntegerField(
        label=label, initial=0, required=False, widget=forms.NumberInput(attrs=TWIST_ATTRS)
    )


def _for_edition(field: forms.Field, edition: str) -> forms.Field:
    field.edition = edition
    return field


#: Fields left out of the duel when the other edition is chosen (or, for the TN and
#: required suits, in a first-edition opposed duel).
SECOND_EDITION_ONLY = ("soulstone_twist", "soulstone_suit")
FIRST_EDITION_ONLY = ("soulstone_card",)


def _side_fields(prefix: str, role: str) -> dict[str, forms.Field]:
    is_attacker = prefix == "a"
    fields = {
        "stat": forms.IntegerField(
            label=gettext_lazy("Attacker stat") if is_attacker else gettext_lazy("Defender stat"),
            initial=6 if is_attacker else 5,
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0}),
            required=False,
        ),
        "positive": _twists(gettext_lazy("Positive twists")),
        "negative": _twists(gettext_lazy("Negative twists")),
        "bonus": forms.IntegerField(
            label=gettext_lazy("Bonus to total"), initial=0, required=False
        ),
        "suits": forms.MultipleChoiceField(
            label=gettext_lazy("Built-in suits"),
            choices=SUITS,
            required=False,
            widget=forms.CheckboxSelectMultiple,
        ),
        "can_use_soulstones": forms.BooleanField(
            label=gettext_lazy("Master or Henchman (may use Soulstones)"), required=False
        ),
        "soulstone_twist": _for_edition(
            forms.BooleanField(label=gettext_lazy("Soulstone: add a twist"), required=False), "m2e"
        ),
        "soulstone_suit": _for_edition(
            forms.ChoiceField(
                label=gettext_lazy("Soulstone: add a suit"), choices=OPTIONAL_SUIT, required=False
            ),
            "m2e",
        ),
        "soulstone_card": _for_edition(
            forms.BooleanField(
                label=gettext_lazy("Soulstone: add a second card when losing"), required=False
            ),
            "m1e",
        ),
        ("focused" if is_attacker else "defensive"): _twists(
            gettext_lazy("Focused +") if is_attacker else gettext_lazy("Defensive +")
        ),
        "hand": forms.CharField(
            label=gettext_lazy("Known hand"),
            required=False,
            help_text=gettext_lazy(
                "Card codes, e.g. 9M 13R RJ (R=Rams, C=Crows, T=Tomes, M=Masks)."
            ),
        ),
        "cheat": forms.ChoiceField(
            label=gettext_lazy("Cheat fate"),
            choices=[("to_win", gettext_lazy("To win")), ("never", gettext_lazy("Never"))],
            required=False,
            initial="to_win",
        ),
    }
    return {f"{prefix}_{name}": field for name, field in fields.items()}


class DuelOddsForm(forms.Form):
    ruleset = forms.ChoiceField(
        label=gettext_lazy("Edition"), choices=RULESET_CHOICES, initial="m2e", required=False
    )
    policy = forms.ChoiceField(
        label=gettext_lazy("Cheating"),
        choices=POLICY_CHOICES,
        initial=DEFAULT_DUEL_POLICY,
        required=False,
        help_text=gettext_lazy("What both players do with their known hands."),
    )
    kind = forms.ChoiceField(
        label=gettext_lazy("Kind"),
        choices=[
            ("opposed", gettext_lazy("Opposed duel")),
            ("simple", gettext_lazy("Simple duel")),
        ],
        initial="opposed",
    )
    tn = forms.IntegerField(
        label=gettext_lazy("TN"), required=False, help_text=gettext_lazy("Target number, if any.")
    )
    required_suits = forms.MultipleChoiceField(
        label=gettext_lazy("Required suits"),
        choices=SUITS,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    trigger_suits = forms.MultipleChoiceField(
        label=gettext_lazy("Trigger suits to watch"),
        choices=SUITS,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    damage = forms.CharField(
        label=gettext_lazy("Damage"),
        required=False,
        initial="2/3/4",
        help_text=gettext_lazy("weak/moderate/severe"),
    )
    armor = forms.IntegerField(label=gettext_lazy("Armor +"), required=False, initial=0)
    hard_to_wound = forms.IntegerField(
        label=gettext_lazy("Hard to Wound +"), required=False, initial=0
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        duel_fields = dict(self.fields)
        self.fields = {name: duel_fields.pop(name) for name in ("ruleset", "policy", "kind")}
        self.fields.update(_side_fields("a", "Attacker"))
        self.fields.update(_side_fields("d", "Defender"))
        self.fields.update(duel_fields)

    def side_fields(self, prefix: str):
        return [self[name] for name in self.fields if name.startswith(f"{prefix}_")]

    def _side_data(self, prefix: str, hidden: tuple[str, ...]) -> dict:
        data = {}
        for name, value in self.cleaned_data.items():
            if not name.startswith(f"{prefix}_"):
                continue
            key = name[2:]
            if key in hidden:
                continue
            if key == "hand":
                value = (value or "").replace(",", " ").split()
            if value in (None, ""):
                continue
            data[key] = value
        return data

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        ruleset = cleaned.get("ruleset") or "m2e"
        cleaned["ruleset"] = ruleset
        cleaned["policy"] = cleaned.get("policy") or DEFAULT_DUEL_POLICY
        first = ruleset == "m1e"
        hidden = SECOND_EDITION_ONLY if first else FIRST_EDITION_ONLY
        opposed = cleaned.get("kind") == "opposed"
        no_tn = first and opposed  # a first-edition opposed duel compares totals only
        payload = {
            "attacker": self._side_data("a", hidden),
            "defender": self._side_data("d", hidden) if opposed else None,
            "tn": None if no_tn else cleaned.get("tn"),
            "required_suits": [] if no_tn else cleaned.get("required_suits") or [],
            "trigger_suits": cleaned.get("trigger_suits") or [],
            "damage": cleaned.get("damage") if opposed else None,
            "armor": cleaned.get("armor") or 0,
            "hard_to_wound": cleaned.get("hard_to_wound") or 0,
            "policy": cleaned["policy"],
            "ruleset": ruleset,
        }
        serializer = DuelOddsRequestSerializer(data=payload)
        if serializer.is_valid():
            cleaned["spec"] = serializer.validated_data["spec"]
        else:
            self._add_serializer_errors(serializer.errors)
        return cleaned

    def _add_serializer_errors(self, errors, prefix: str = "") -> None:
        side_prefix = {"attacker": "a_", "defender": "d_"}
        for key, value in errors.items():
            if isinstance(value, dict):
                self._add_serializer_errors(value, side_prefix.get(key, ""))
                continue
            messages = [str(m) for m in (value if isinstance(value, list) else [value])]
            field = f"{prefix}{key}"
            if key == "non_field_errors" or field not in self.fields:
                field = None
            for message in messages:
                self.add_error(field, message)
