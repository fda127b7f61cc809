"""A campaign's standings settings: its ordered tie-breaks (book defaults when unset)."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy

from standings import metrics


class StandingsConfig(models.Model):
    campaign = models.OneToOneField("campaign.Campaign", on_delete=models.CASCADE,
                                    related_name="standings_config")
    tie_breaks = models.JSONField(
        default=list,
        blank=True,
        help_text=gettext_lazy(
            "Ordered metric keys; empty means the book's defaults for the mode."
        ),
    )
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "standings settings"
        verbose_name_plural = "standings settings"

    def __str__(self) -> str:
        return f"Standings of {self.campaign}"

    def clean(self) -> None:
        if self.tie_breaks:
            found = metrics.problems(self.tie_breaks)
            if found:
                raise ValidationError({"tie_breaks": found})


def tie_breaks_for(campaign, config: StandingsConfig | None) -> tuple[str, ...]:
    """The campaign's chosen order, or the book's defaults for its competitive mode."""
    if config is not None and config.tie_breaks and not metrics.problems(config.tie_breaks):
        return tuple(config.tie_breaks)
    return metrics.default_keys(campaign.competitive_mode)
