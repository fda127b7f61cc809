"""Campaign settings read as words (issue 23): "Length in weeks", not "Length weeks"."""

from campaign.forms import CampaignForm


def test_the_campaign_form_labels_are_words():
    labels = {name: str(field.label) for name, field in CampaignForm().fields.items()}
    assert labels["length_weeks"] == "Length in weeks"
    assert labels["aftermath_deadline_hours"] == "Hours to finish an Aftermath"
    assert labels["max_games_per_week"] == "Most games a crew plays a week"
    for label in labels.values():  # no model field name with its underscore dropped
        assert not label.endswith((" length weeks", " deadline hours", " arsenal size")), label
        assert label.lower() not in {"length weeks", "weekday"}, label


def test_the_pit_fight_labels_read_in_the_readers_language():
    from django.utils import translation

    from campaign.weeks.forms import PitFightForm

    crew = type("Crew", (), {"pk": 7, "__str__": lambda self: "Alpha"})()
    with translation.override("fr"):
        form = PitFightForm(crews=[crew])
        labels = {str(form.fields["took_part_7"].label), str(form.fields["kills_7"].label)}
    assert labels == {"Alpha a participé", "Figurines adverses tuées par Alpha"}
