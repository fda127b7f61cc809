from django.apps import AppConfig


class AutoresolveConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "autoresolve"
    verbose_name = "Auto-resolve"

    def ready(self) -> None:
        # Encounters confirms a simulated result through this app's rules without
        # importing it (the app sits above encounters).
        from autoresolve.services.resolve import confirm
        from encounters.services import results

        results.handle_simulated_results(confirm)

        from autoresolve.services import mal_predictions, predictions

        predictions.CHUNK_PLAYERS["malediction"] = mal_predictions.play_chunk
