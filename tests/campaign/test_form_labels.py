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
