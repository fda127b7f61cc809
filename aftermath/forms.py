"""The wizard's inputs: one small form per decision, and the service call each makes.

Pages and the API share ``ACTIONS``: the same names, the same checks, the same calls.
A form checks what it can before the service runs (a card that is not in the hand, a
model or Skill of another crew), so bad input is refused with a message and writes
nothing; the services check everything else under their lock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django import forms

from aftermath.models import Aftermath
from aftermath.services import barter, bounty, extras, injuries, reward
from campaign.models import ArsenalModel, ArsenalUpgrade

TAKE_CHOICES = [("", "Flip"), ("avatar", "Take the Avatar"),
                ("favors-of-treachery", "Take Favors of Treachery")]


class AftermathForm(forms.Form):
    """A form about one Aftermath: choices are limited to that crew's own rows."""

    def __init__(self, data=None, *, aftermath: Aftermath, **kwargs):
        self.aftermath = aftermath
        super().__init__(data, **kwargs)

    def _models(self):
        return ArsenalModel.objects.filter(crew=self.aftermath.crew,
                                           status=ArsenalModel.Status.ACTIVE)

    def _skills(self):
        return ArsenalUpgrade.objects.filter(crew=self.aftermath.crew,
                                             kind=ArsenalUpgrade.Kind.SKILL,
                                             status=ArsenalUpgrade.Status.ACTIVE)


class CheatForm(AftermathForm):
    """Keep the card turned over (blank or null) or Cheat with a card from the hand."""

    card = forms.CharField(label="Cheat with", max_length=6, required=False)

    def clean_card(self) -> str | None:
        card = (self.cleaned_data.get("card") or "").strip().upper()
        if not card:
            return None
        if card not in self.aftermath.hand:
            raise forms.ValidationError(f"{card} is not in your Aftermath hand.")
        return card


class BarterBuyForm(AftermathForm):
    key = forms.CharField(label="Upgrade", max_length=80)
    model = forms.ModelChoiceField(label="Model", queryset=ArsenalModel.objects.none(),
                                   required=False)
    replaces = forms.ModelChoiceField(label="Annihilate skill",
                                      queryset=ArsenalUpgrade.objects.none(), required=False)
    change = forms.IntegerField(label="Value change", min_value=-14, max_value=14,
                                required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["model"].queryset = self._models()
        self.fields["replaces"].queryset = self._skills()

    def clean_change(self) -> int:
        return self.cleaned_data.get("change") or 0


class RewardForm(AftermathForm):
    chart = forms.ChoiceField(label="Chart")
    take = forms.ChoiceField(label="Instead of flipping", choices=TAKE_CHOICES, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["chart"].choices = [(c, c) for c in reward.charts(self.aftermath)]


class BountyBuyForm(AftermathForm):
    key = forms.CharField(label="Bounty", max_length=80)
    replace = forms.BooleanField(label="Replace my current Bounty", required=False)


class ModelForm(AftermathForm):
    model = forms.ModelChoiceField(label="Model", queryset=ArsenalModel.objects.none())

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["model"].queryset = self._models()


class KeepSkillForm(AftermathForm):
    """Annihilate one of the model's Skills to keep the new one; blank declines it."""

    replaces = forms.ModelChoiceField(label="Annihilate skill",
                                      queryset=ArsenalUpgrade.objects.none(), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["replaces"].queryset = self._skills()


class DoctorForm(ModelForm):
    twist = forms.BooleanField(label="Pay 2 more scrip for a positive twist", required=False)


class BuildForm(AftermathForm):
    key = forms.CharField(label="Fortification", max_length=80)


@dataclass(frozen=True)
class Action:
    """A wizard decision: its input form (None: no input), the service call, and what
    the page says when it went through."""

    form: type[AftermathForm] | None
    run: Callable[[Aftermath, object, dict], object]
    note: str


def _cheat(service) -> Callable:
    return lambda a, user, d: service(aftermath=a, actor=user, card=d["card"])


ACTIONS: dict[str, Action] = {
    "barter-flip": Action(None, lambda a, user, d: barter.flip(aftermath=a, actor=user),
                          "Barter card turned over."),
    "barter-answer": Action(CheatForm, _cheat(barter.answer), "Barter card decided."),
    "barter-buy": Action(BarterBuyForm, lambda a, user, d: barter.buy(
        aftermath=a, actor=user, key=d["key"], model=d["model"], replaces=d["replaces"],
        change=d["change"]), "Bought."),
    "barter-next": Action(None, lambda a, user, d: barter.next_card(aftermath=a, actor=user),
                          "Done with that Barter card."),
    "barter-extra": Action(None, lambda a, user, d: barter.extra_flip(aftermath=a, actor=user),
                           "The Cash Box buys one more Barter flip."),
    "reward-choose": Action(RewardForm, lambda a, user, d: reward.choose(
        aftermath=a, actor=user, chart=d["chart"], take=d["take"]), "Reward chart chosen."),
    "reward-answer": Action(CheatForm, _cheat(reward.answer), "Reward flip decided."),
    "bounty-buy": Action(BountyBuyForm, lambda a, user, d: bounty.buy(
        aftermath=a, actor=user, key=d["key"], replace=d["replace"]), "Bounty bought."),
    "bounty-skip": Action(None, lambda a, user, d: bounty.skip(aftermath=a, actor=user),
                          "No Bounty this time."),
    "injury-flip": Action(ModelForm, lambda a, user, d: injuries.flip(
        aftermath=a, actor=user, model=d["model"]), "Injury flip made."),
    "injury-answer": Action(CheatForm, _cheat(injuries.answer), "Injury flip decided."),
    "injury-keep-skill": Action(KeepSkillForm, lambda a, user, d: injuries.keep_skill(
        aftermath=a, actor=user, replaces=d["replaces"]), "Skill decided."),
    "doctor": Action(DoctorForm, lambda a, user, d: extras.visit_doctor(
        aftermath=a, actor=user, model=d["model"], twist=d["twist"]), "Off to the Doc's."),
    "doctor-answer": Action(CheatForm, _cheat(extras.doctor_answer), "The Doc's flip decided."),
    "build": Action(BuildForm, lambda a, user, d: extras.build(
        aftermath=a, actor=user, key=d["key"]), "Fortification built."),
    "finish": Action(None, lambda a, user, d: extras.finish(aftermath=a, actor=user),
                     "Aftermath finished."),
}


def field_errors(form: forms.Form) -> dict[str, list[str]]:
    """A form's errors keyed by field (``non_field_errors`` when no field applies)."""
    return {("non_field_errors" if name == "__all__" else name): list(errors)
            for name, errors in form.errors.items()}
