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
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext_lazy as _

from aftermath.models import Aftermath
from aftermath.services import barter, bounty, extras, grand_tomb, injuries, reward
from campaign.models import ArsenalModel, ArsenalUpgrade

TAKE_CHOICES = [("", gettext_lazy("Flip")), ("avatar", gettext_lazy("Take the Avatar")),
                ("favors-of-treachery", gettext_lazy("Take Favors of Treachery"))]


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

    card = forms.CharField(label=gettext_lazy("Cheat with"), max_length=6, required=False)

    def clean_card(self) -> str | None:
        card = (self.cleaned_data.get("card") or "").strip().upper()
        if not card:
            return None
        if card not in self.aftermath.hand:
            raise forms.ValidationError(
                gettext("%(card)s is not in your Aftermath hand.") % {"card": card}
            )
        return card


class BarterBuyForm(AftermathForm):
    key = forms.CharField(label=gettext_lazy("Upgrade"), max_length=80)
    model = forms.ModelChoiceField(
        label=gettext_lazy("Model"), queryset=ArsenalModel.objects.none(), required=False
    )
    replaces = forms.ModelChoiceField(
        label=gettext_lazy("Annihilate skill"),
        queryset=ArsenalUpgrade.objects.none(),
        required=False,
    )
    change = forms.IntegerField(
        label=gettext_lazy("Value change"), min_value=-14, max_value=14, required=False
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["model"].queryset = self._models()
        self.fields["replaces"].queryset = self._skills()

    def clean_change(self) -> int:
        return self.cleaned_data.get("change") or 0


class RewardForm(AftermathForm):
    chart = forms.ChoiceField(label=gettext_lazy("Chart"))
    take = forms.ChoiceField(
        label=gettext_lazy("Instead of flipping"), choices=TAKE_CHOICES, required=False
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["chart"].choices = [(c, c) for c in reward.charts(self.aftermath)]


class RewardPlaceForm(AftermathForm):
    """The model that learns a rewarded Skill (blank lets it go) and, at its limit, the
    Skill it annihilates for it."""

    model = forms.ModelChoiceField(
        label=gettext_lazy("Model"), queryset=ArsenalModel.objects.none(), required=False
    )
    replaces = forms.ModelChoiceField(
        label=gettext_lazy("Annihilate skill"),
        queryset=ArsenalUpgrade.objects.none(),
        required=False,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["model"].queryset = self._models()
        self.fields["replaces"].queryset = self._skills()


class BountyBuyForm(AftermathForm):
    key = forms.CharField(label=gettext_lazy("Bounty"), max_length=80)
    replace = forms.BooleanField(label=gettext_lazy("Replace my current Bounty"), required=False)


class ModelForm(AftermathForm):
    model = forms.ModelChoiceField(
        label=gettext_lazy("Model"), queryset=ArsenalModel.objects.none()
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["model"].queryset = self._models()


class InjuryFlipForm(ModelForm):
    walls = forms.BooleanField(label=_("Fortified Walls (1 Scrip)"), required=False)


class InjuryReflipForm(AftermathForm):
    wrastlin = forms.BooleanField(label=_("We Was Just Wrastlin' (1 Scrip)"), required=False)


class EffectChoiceForm(AftermathForm):
    accept = forms.BooleanField(label=_("Take it"), required=False)


class KeepSkillForm(AftermathForm):
    """Annihilate one of the model's Skills to keep the new one; blank declines it."""

    replaces = forms.ModelChoiceField(
        label=gettext_lazy("Annihilate skill"),
        queryset=ArsenalUpgrade.objects.none(),
        required=False,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["replaces"].queryset = self._skills()


class DoctorForm(ModelForm):
    twist = forms.BooleanField(
        label=gettext_lazy("Pay 2 more scrip for a positive twist"), required=False
    )


class LuckyFootForm(AftermathForm):
    change = forms.TypedChoiceField(label=gettext_lazy("Move the result"), coerce=int,
                                    choices=[("-1", "-1"), ("0", "0"), ("1", "+1")])


class BuildForm(AftermathForm):
    key = forms.CharField(label=gettext_lazy("Fortification"), max_length=80)


class ClaimScripForm(AftermathForm):
    key = forms.ChoiceField(label=gettext_lazy("Fortification"),
                            choices=[(k, k) for k in extras.TABLE_SCRIP])


class GrandTombForm(AftermathForm):
    casualty = forms.TypedChoiceField(label=_("Enemy model killed"), coerce=int, choices=())

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.rows = {c.pk: c for c in grand_tomb.choices(self.aftermath)}
        self.fields["casualty"].choices = [(pk, c.model.name) for pk, c in self.rows.items()]

    def clean_casualty(self):
        return self.rows[self.cleaned_data["casualty"]]


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
    "barter-flip": Action(
        None, lambda a, user, d: barter.flip(aftermath=a, actor=user), _("Barter card turned over.")
    ),
    "barter-answer": Action(CheatForm, _cheat(barter.answer), _("Barter card decided.")),
    "barter-buy": Action(BarterBuyForm, lambda a, user, d: barter.buy(
        aftermath=a, actor=user, key=d["key"], model=d["model"], replaces=d["replaces"],
        change=d["change"]), _("Bought.")),
    "barter-next": Action(None, lambda a, user, d: barter.next_card(aftermath=a, actor=user),
                          _("Done with that Barter card.")),
    "barter-reflip": Action(None, lambda a, user, d: barter.reflip(aftermath=a, actor=user),
                            _("Fine Liquor: Barter card reflipped.")),
    "barter-extra": Action(None, lambda a, user, d: barter.extra_flip(aftermath=a, actor=user),
                           _("The Cash Box buys one more Barter flip.")),
    "reward-choose": Action(RewardForm, lambda a, user, d: reward.choose(
        aftermath=a, actor=user, chart=d["chart"], take=d["take"]), _("Reward chart chosen.")),
    "reward-answer": Action(CheatForm, _cheat(reward.answer), _("Reward flip decided.")),
    "reward-reflip": Action(None, lambda a, user, d: reward.reflip(aftermath=a, actor=user),
                            _("Library: Reward card reflipped.")),
    "reward-place": Action(RewardPlaceForm, lambda a, user, d: reward.place(
        aftermath=a, actor=user, model=d["model"], replaces=d["replaces"]),
        _("Rewarded Skill placed.")),
    "bounty-buy": Action(BountyBuyForm, lambda a, user, d: bounty.buy(
        aftermath=a, actor=user, key=d["key"], replace=d["replace"]), _("Bounty bought.")),
    "bounty-skip": Action(None, lambda a, user, d: bounty.skip(aftermath=a, actor=user),
                          _("No Bounty this time.")),
    "injury-flip": Action(InjuryFlipForm, lambda a, user, d: injuries.flip(
        aftermath=a, actor=user, model=d["model"], walls=d["walls"]), _("Injury flip made.")),
    "injury-answer": Action(CheatForm, _cheat(injuries.answer), _("Injury flip decided.")),
    "injury-reflip": Action(InjuryReflipForm, lambda a, user, d: injuries.reflip(
        aftermath=a, actor=user, wrastlin=d["wrastlin"]), _("Injury card reflipped.")),
    "injury-foot": Action(LuckyFootForm, lambda a, user, d: injuries.lucky_foot(
        aftermath=a, actor=user, change=d["change"]), _("Lucky Gremlin's Foot decided.")),
    "injury-keep-skill": Action(KeepSkillForm, lambda a, user, d: injuries.keep_skill(
        aftermath=a, actor=user, replaces=d["replaces"]), _("Skill decided.")),
    "injury-choice": Action(EffectChoiceForm, lambda a, user, d: injuries.choose_effect(
        aftermath=a, actor=user, accept=d["accept"]), _("Decided.")),
    "doctor": Action(DoctorForm, lambda a, user, d: extras.visit_doctor(
        aftermath=a, actor=user, model=d["model"], twist=d["twist"]), _("Off to the Doc's.")),
    "doctor-answer": Action(CheatForm, _cheat(extras.doctor_answer), _("The Doc's flip decided.")),
    "build": Action(BuildForm, lambda a, user, d: extras.build(
        aftermath=a, actor=user, key=d["key"]), _("Fortification built.")),
    "claim-scrip": Action(ClaimScripForm, lambda a, user, d: extras.claim_fortification_scrip(
        aftermath=a, actor=user, key=d["key"]), _("Scrip claimed.")),
    "grand-tomb": Action(GrandTombForm, lambda a, user, d: grand_tomb.take(
        aftermath=a, actor=user, casualty=d["casualty"]), _("Grand Tomb used.")),
    "finish": Action(None, lambda a, user, d: extras.finish(aftermath=a, actor=user),
                     _("Aftermath finished.")),
}


def field_errors(form: forms.Form) -> dict[str, list[str]]:
    """A form's errors keyed by field (``non_field_errors`` when no field applies)."""
    return {
        ("non_field_errors" if name == "__all__" else name): list(errors)
        for name, errors in form.errors.items()
    }
