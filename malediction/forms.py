"""Forms of the Malediction pages (the API shares their checks where it can)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy

from malediction.models import Board, Mode, Reveal, WinType

MAX_UPLOAD_BYTES = 5 * 1024 * 1024


class PackImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Pack file"),
                           help_text=gettext_lazy("A JSON document or a CSV file, UTF-8."))
    replace = forms.BooleanField(label=gettext_lazy("Replace the pack with the same slug"),
                                 required=False)


MAX_COPIES = 9


class ListTextForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=120, required=False,
                           help_text=gettext_lazy("Leave empty to use the list's own name."))
    text = forms.CharField(label=gettext_lazy("List"), max_length=20000,
                           widget=forms.Textarea(attrs={"rows": 14}),
                           help_text=gettext_lazy("One card a line with its count, "
                                                  "e.g. 3 Thornhide Stalker."))


def builder_choice(data, key: str, cards: dict[int, object]):
    """A card chosen in the builder by id (None when absent or unknown)."""
    try:
        return cards.get(int(data.get(key) or 0))
    except (TypeError, ValueError):
        return None


def builder_counts(data, prefix: str, cards: dict[int, object]) -> tuple[list, list[str]]:
    """(card, count) pairs from ``<prefix>-<card id>`` fields; bad counts are reported."""
    pairs, errors = [], []
    for key, value in data.items():
        if not key.startswith(prefix + "-") or value in ("", None):
            continue
        try:
            card = cards.get(int(key[len(prefix) + 1:]))
            count = int(value)
        except (TypeError, ValueError):
            errors.append(str(gettext_lazy("Counts are whole numbers from 0 to 9.")))
            continue
        if card is None:
            continue
        if not 0 <= count <= MAX_COPIES:
            errors.append(str(gettext_lazy("Counts are whole numbers from 0 to 9.")))
            continue
        if count:
            pairs.append((card, count))
    return pairs, errors


class EventForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=120)
    mode = forms.ChoiceField(label=gettext_lazy("Mode"), choices=Mode.choices)
    board = forms.TypedChoiceField(label=gettext_lazy("Board"), coerce=int, required=False,
                                   empty_value=None,
                                   choices=[("", gettext_lazy("The mode's board")),
                                            *Board.choices])
    threshold = forms.IntegerField(label=gettext_lazy("Mastery threshold"), required=False,
                                   min_value=1, max_value=200,
                                   help_text=gettext_lazy("Empty: the mode's threshold."))
    list_deadline = forms.DateTimeField(label=gettext_lazy("List deadline"),
                                        widget=forms.DateTimeInput(attrs={"type":
                                                                          "datetime-local"}))
    reveal = forms.ChoiceField(label=gettext_lazy("Lists"), choices=Reveal.choices)
    planned_rounds = forms.IntegerField(label=gettext_lazy("Rounds"), min_value=1,
                                        max_value=12, initial=3)


class RoundForm(forms.Form):
    """The next round: on one of the league's nights (its date), or on a date alone."""

    night = forms.ModelChoiceField(label=gettext_lazy("League night"), required=False,
                                   queryset=None,
                                   empty_label=gettext_lazy("No night: a date only"))
    date = forms.DateField(label=gettext_lazy("Date"), required=False,
                           widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, league=None, **kwargs):
        from nights.models import CampaignNight

        super().__init__(*args, **kwargs)
        self.fields["night"].queryset = (
            CampaignNight.objects.filter(campaign__league=league)
            .exclude(state=CampaignNight.State.CLOSED)
            .select_related("campaign", "week").order_by("date", "id"))
        self.fields["night"].label_from_instance = (
            lambda n: f"{n.date:%Y-%m-%d} · {n.campaign} · "
            + gettext("week %(n)s") % {"n": n.week.number})

    def clean(self):
        data = super().clean()
        night, date = data.get("night"), data.get("date")
        if night is not None and date is not None and date != night.date:
            self.add_error("date", gettext("The round is on the night's date, %(d)s.")
                           % {"d": night.date})
        elif night is not None:
            data["date"] = night.date
        elif date is None and not self.has_error("date") and not self.has_error("night"):
            self.add_error("date", gettext("Choose a league night or give the date."))
        return data


class TeamForm(forms.Form):
    """A team of the event's registered players (two; the Nemesis alone), ticked on a
    phone rather than typed."""

    name = forms.CharField(label=gettext_lazy("Team name"), max_length=80)
    members = forms.MultipleChoiceField(label=gettext_lazy("Players"),
                                        widget=forms.CheckboxSelectMultiple, choices=())
    is_nemesis = forms.BooleanField(label=gettext_lazy("The Nemesis (one player)"),
                                    required=False)

    def __init__(self, *args, registrations=(), nemesis: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["members"].choices = [
            (str(r.pk), f"{r.player}" + (f" ({r.team})" if r.team_id else ""))
            for r in registrations]
        if not nemesis:
            del self.fields["is_nemesis"]

    def clean_members(self):
        ids = [int(x) for x in self.cleaned_data["members"]]
        if not 1 <= len(ids) <= 2:
            raise forms.ValidationError(gettext_lazy("A team has one or two players."))
        return ids


_FACT_FIELDS = ("relics_claimed", "relics_lost", "kill_mastery", "bids_won")


class ResultReportForm(forms.Form):
    """The rulebook's result form; the service checks that it holds together."""

    winner = forms.ChoiceField(label=gettext_lazy("Winner"),
                               choices=[("a", gettext_lazy("Side a")),
                                        ("b", gettext_lazy("Side b"))])
    mastery_a = forms.IntegerField(label=gettext_lazy("Final mastery, side a"),
                                   min_value=-200, max_value=500)
    mastery_b = forms.IntegerField(label=gettext_lazy("Final mastery, side b"),
                                   min_value=-200, max_value=500)
    final_round = forms.IntegerField(label=gettext_lazy("Final round"), min_value=1,
                                     max_value=5)
    win_type = forms.ChoiceField(label=gettext_lazy("Win type"), choices=[
        (WinType.THRESHOLD, WinType.THRESHOLD.label), (WinType.DECK_OUT, WinType.DECK_OUT.label)])

    def __init__(self, *args, ruling: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if ruling:
            self.fields["win_type"].choices = [c for c in WinType.choices if c[0] != "bye"]
            self.fields["reason"] = forms.CharField(label=gettext_lazy("Reason for the ruling"),
                                                    max_length=250)
        for side in "ab":
            for name in _FACT_FIELDS:
                self.fields[f"{name}_{side}"] = forms.IntegerField(
                    label=f"{name.replace('_', ' ')} ({side})", required=False, min_value=0,
                    max_value=500)

    def result(self):
        from malediction.result_form import ResultForm

        data = self.cleaned_data
        facts = {side: {n: data[f"{n}_{side}"] for n in _FACT_FIELDS
                        if data.get(f"{n}_{side}") is not None} for side in "ab"}
        return ResultForm(data["winner"], data["mastery_a"], data["mastery_b"],
                          data["final_round"], data["win_type"],
                          {k: v for k, v in facts.items() if v})


class DisputeForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("What is wrong"), max_length=250)


class AttackOddsForm(forms.Form):
    """An attack for the odds tool: ACC and Power (hit/graze) against DEF and HP.
    An empty ACC is the null stat "-" (counts as 0)."""

    acc = forms.IntegerField(label=gettext_lazy("ACC"), required=False, min_value=-20,
                             max_value=30)
    power_hit = forms.IntegerField(label=gettext_lazy("Power on a hit"), min_value=0,
                                   max_value=30, initial=3)
    power_graze = forms.IntegerField(label=gettext_lazy("Power on a graze"), min_value=0,
                                     max_value=30, initial=1)
    defense = forms.IntegerField(label=gettext_lazy("DEF"), min_value=0, max_value=40,
                                 initial=10)
    hp = forms.IntegerField(label=gettext_lazy("Target HP"), min_value=1, max_value=99,
                            initial=8)

    def odds(self):
        from rules.engine.malediction.cards import Power
        from rules.engine.malediction.odds import attack_odds

        data = self.cleaned_data
        return attack_odds(data["acc"], Power(data["power_hit"], data["power_graze"]),
                           data["defense"], data["hp"], attacks=5)
