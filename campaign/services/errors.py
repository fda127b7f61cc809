class CampaignError(ValueError):
    """A campaign rule refuses the request; the message tells the player what to do."""


class InsufficientScrip(CampaignError):
    """Spending more scrip than the crew has."""
