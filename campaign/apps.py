from django.apps import AppConfig


class CampaignConfig(AppConfig):
    name = "campaign"

    def ready(self) -> None:
        from campaign import sheet_cache

        sheet_cache.connect()  # the arsenal sheet's cache follows every write (see there)
