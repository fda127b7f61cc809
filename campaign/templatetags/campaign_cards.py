"""``{% stat_card sheet_model as card %}``: the stat card of one arsenal-sheet model, for
``campaign/_model_card.html`` (no query: see ``campaign.stat_cards``)."""

from django import template

from campaign.stat_cards import stat_card as build_stat_card

register = template.Library()


@register.simple_tag
def stat_card(sheet_model):
    return build_stat_card(sheet_model)
