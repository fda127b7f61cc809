from django import forms
from django.contrib.auth.forms import UserCreationForm

from .models import User


class SignUpForm(UserCreationForm):
    """Sign-up asks for an email (for password resets and weekly-event notices)."""

    email = forms.EmailField(help_text="Used for password resets and campaign notices.")

    class Meta:
        model = User
        fields = ("username", "email", "display_name")

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip().lower()
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(
                "An account with this email already exists; try logging in."
            )
        return email
