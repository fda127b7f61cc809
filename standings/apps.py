from django.apps import AppConfig


class StandingsAppConfig(AppConfig):
    name = "standings"
    verbose_name = "Standings"

    def ready(self) -> None:
        # Standings downloads run through the exports app's jobs (small: in the request).
        from standings import export_jobs

        export_jobs.register()
