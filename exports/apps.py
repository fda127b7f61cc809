from django.apps import AppConfig


class ExportsConfig(AppConfig):
    name = "exports"

    def ready(self) -> None:
        # The built-in exporters register themselves when their module loads.
        from exports import builtin  # noqa: F401
