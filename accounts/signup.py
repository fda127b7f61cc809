"""Sign-up by email confirmation, so the page never tells who already has an account.

Every valid sign-up answers the same "check your inbox" page. A new email gets an
inactive account and an activation link; an email that already has an account gets a
note saying so (with its username and the reset link) and nothing is created; an email
whose account was never activated gets its activation link again. Only the inbox's owner
learns which case it was.
"""

from __future__ import annotations

from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode
from django.utils.translation import gettext as _

from .models import User


class ActivationTokens(PasswordResetTokenGenerator):
    """A link that works once: the hash covers is_active, which activation flips."""

    key_salt = "accounts.signup.ActivationTokens"

    def _make_hash_value(self, user, timestamp):
        return f"{user.pk}{user.password}{user.is_active}{timestamp}"


activation_tokens = ActivationTokens()


def register(form, *, build_url) -> None:
    """Act on a valid SignUpForm; ``build_url(path)`` makes a link absolute."""
    email = form.cleaned_data["email"]
    existing = User.objects.filter(email__iexact=email).first()
    if existing is None:
        try:
            with transaction.atomic():
                user = form.save(commit=False)
                user.is_active = False
                user.save()
        except IntegrityError:  # the same email signed up a moment ago
            existing = User.objects.filter(email__iexact=email).first()
            if existing is None:
                raise
        else:
            _send_activation(user, build_url)
            return
    if existing.is_active:
        _send("registration/signup_existing_email.txt",
              _("You already have a Malifaux Campaigns account"), existing, {
                  "login_url": build_url(reverse("login")),
                  "reset_url": build_url(reverse("password_reset")),
              })
    else:
        _send_activation(existing, build_url)


def activate(uidb64: str, token: str) -> User | None:
    """The account the link activates, or None when the link is wrong or used."""
    try:
        user = User.objects.get(pk=int(urlsafe_base64_decode(uidb64).decode()))
    except (ValueError, OverflowError, UnicodeDecodeError, User.DoesNotExist):
        return None
    if user.is_active or not activation_tokens.check_token(user, token):
        return None
    user.is_active = True
    user.save(update_fields=["is_active"])
    return user


def _send_activation(user: User, build_url) -> None:
    path = reverse("signup-activate", args=[urlsafe_base64_encode(force_bytes(user.pk)),
                                            activation_tokens.make_token(user)])
    _send("registration/signup_activation_email.txt",
          _("Confirm your Malifaux Campaigns account"), user, {"url": build_url(path)})


def _send(template: str, subject: str, user: User, context: dict) -> None:
    body = render_to_string(template, {"user": user, **context})
    send_mail(subject, body, None, [user.email])
