from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy

from .models import User


class SignUpForm(UserCreationForm):
    """Sign-up asks for an email (for password resets and weekly-event notices)."""

    email = forms.EmailField(label=gettext_lazy("Email"),
        help_text=gettext_lazy("Used for password resets and campaign notices.")
    )

    class Meta:
        model = User
        fields = ("username", "email", "display_name")

    def clean_email(self) -> str:
        # No "already taken" check here: accounts.signup answers every email alike.
        return self.cleaned_data["email"].strip().lower()

    def validate_unique(self) -> None:
        """Usernames stay checked (they are public); the email's uniqueness is the
        sign-up service's to answer, without saying so on the page."""
        exclude = self._get_validation_exclusions() | {"email"}
        try:
            self.instance.validate_unique(exclude=exclude)
        except forms.ValidationError as error:
            self._update_errors(error)


class ApiTokenForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"),
        max_length=80, help_text=gettext_lazy("What will use it, e.g. 'Discord bot'.")
    )
    expires_in_days = forms.TypedChoiceField(
        label=gettext_lazy("Expires"),
        coerce=int,
        empty_value=None,
        initial="90",
        required=False,
        choices=[
            ("", gettext_lazy("Never")),
            ("7", gettext_lazy("In 7 days")),
            ("30", gettext_lazy("In 30 days")),
            ("90", gettext_lazy("In 90 days")),
            ("365", gettext_lazy("In a year")),
        ],
    )
