"""The duel calculator's form.

The form renders and parses the page's inputs (types only); the rules of what is valid
live in one place, ``DuelOddsRequestSerializer``, which the form runs in ``clean`` so the
page and the API accept exactly the same duels and report the same messages.
"""

from __future__ import annotations

from django import forms

from rules.duel_input import MAX_TWISTS
from rules.engine.cards import Suit
from rules.serializers import DuelOddsRequestSerializer

SUITS = [(s.value, s.value.capitalize()) for s in Suit]
OPTIONAL_SUIT = [("", "—"), *SUITS]
TWIST_ATTRS = {"min": 0, "max": MAX_TWISTS, "inputmode": "numeric"}


def _twists(label: str) -> forms.IntegerField:
    return forms.IntegerField(
        label=label, initial=0, required=False, widget=forms.NumberInput(attrs=TWIST_ATTRS)
    )


def _side_fields(prefix: str, role: str) -> dict[str, forms.Field]:
    is_attacker = prefix == "a"
    fields = {
        "stat": forms.IntegerField(
            label=f"{role} stat",
            initial=6 if is_attacker else 5,
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0}),
            required=False,
        ),
        "positive": _twists("Positive twists"),
        "negative": _twists("Negative twists"),
        "bonus": forms.IntegerField(label="Bonus to total", initial=0, required=False),
        "suits": forms.MultipleChoiceField(
            label="Built-in suits",
            choices=SUITS,
            required=False,
            widget=forms.CheckboxSelectMultiple,
        ),
        "can_use_soulstones": forms.BooleanField(
            label="Master or Henchman (may use Soulstones)", required=False
        ),
        "soulstone_twist": forms.BooleanField(label="Soulstone: add a twist", required=False),
        "soulstone_suit": forms.ChoiceField(
            label="Soulstone: add a suit", choices=OPTIONAL_SUIT, required=False
        ),
        ("focused" if is_attacker else "defensive"): _twists(
            "Focused +" if is_attacker else "Defensive +"
        ),
        "hand": forms.CharField(
            label="Known hand",
            required=False,
            help_text="Card codes, e.g. 9M 13R RJ (R=Rams, C=Crows, T=Tomes, M=Masks).",
        ),
        "cheat": forms.ChoiceField(
            label="Cheat fate",
            choices=[("to_win", "To win"), ("never", "Never")],
            required=False,
            initial="to_win",
        ),
    }
    return {f"{prefix}_{name}": field for name, field in fields.items()}


class DuelOddsForm(forms.Form):
    kind = forms.ChoiceField(
        choices=[("opposed", "Opposed duel"), ("simple", "Simple duel")], initial="opposed"
    )
    tn = forms.IntegerField(label="TN", required=False, help_text="Target number, if any.")
    required_suits = forms.MultipleChoiceField(
        label="Required suits", choices=SUITS, required=False, widget=forms.CheckboxSelectMultiple
    )
    trigger_suits = forms.MultipleChoiceField(
        label="Trigger suits to watch",
        choices=SUITS,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    damage = forms.CharField(
        label="Damage", required=False, initial="2/3/4", help_text="weak/moderate/severe"
    )
    armor = forms.IntegerField(label="Armor +", required=False, initial=0)
    hard_to_wound = forms.IntegerField(label="Hard to Wound +", required=False, initial=0)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        duel_fields = dict(self.fields)
        self.fields = {"kind": duel_fields.pop("kind")}
        self.fields.update(_side_fields("a", "Attacker"))
        self.fields.update(_side_fields("d", "Defender"))
        self.fields.update(duel_fields)

    def side_fields(self, prefix: str):
        return [self[name] for name in self.fields if name.startswith(f"{prefix}_")]

    def _side_data(self, prefix: str) -> dict:
        data = {}
        for name, value in self.cleaned_data.items():
            if not name.startswith(f"{prefix}_"):
                continue
            key = name[2:]
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
        payload = {
            "attacker": self._side_data("a"),
            "defender": self._side_data("d") if cleaned.get("kind") == "opposed" else None,
            "tn": cleaned.get("tn"),
            "required_suits": cleaned.get("required_suits") or [],
            "trigger_suits": cleaned.get("trigger_suits") or [],
            "damage": cleaned.get("damage") if cleaned.get("kind") == "opposed" else None,
            "armor": cleaned.get("armor") or 0,
            "hard_to_wound": cleaned.get("hard_to_wound") or 0,
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
