from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self):
        from django.contrib.auth.signals import user_logged_in, user_login_failed

        from .language import apply_at_login
        from .login_limit import count_failure

        user_logged_in.connect(apply_at_login, dispatch_uid="accounts.language.apply_at_login")
        user_login_failed.connect(count_failure, dispatch_uid="accounts.login_limit.count_failure")
