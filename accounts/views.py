"""Sign-up and personal API tokens; log in, log out and password reset are Django's own
views (see urls.py)."""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from . import api_tokens, throttle
from . import signup as signup_service
from .forms import ApiTokenForm, SignUpForm


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and throttle.signup_limited(request):
        messages.error(request, throttle.TOO_MANY)
        return render(request, "registration/signup.html", {"form": SignUpForm()}, status=429)
    if request.method == "POST" and form.is_valid():
        signup_service.register(form, build_url=request.build_absolute_uri)
        return redirect("signup-sent")
    return render(request, "registration/signup.html", {"form": form})


def signup_sent(request: HttpRequest) -> HttpResponse:
    return render(request, "registration/signup_sent.html")


def signup_activate(request: HttpRequest, uidb64: str, token: str) -> HttpResponse:
    """The emailed link: opens the account and logs it in, once."""
    user = signup_service.activate(uidb64, token)
    if user is None:
        return render(request, "registration/signup_invalid.html", status=400)
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    messages.success(request, _("Welcome, %(name)s! Your account is ready.") % {"name": user})
    return redirect("home")


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset page, throttled. Known and unknown emails get the same "sent" page
    (Django's own behaviour) and the same refusal when throttled."""

    def post(self, request, *args, **kwargs):
        if throttle.password_reset_limited(request):
            messages.error(request, throttle.TOO_MANY)
            return self.render_to_response(
                self.get_context_data(form=self.form_class()), status=429
            )
        return super().post(request, *args, **kwargs)


@login_required
def tokens(request: HttpRequest) -> HttpResponse:
    """The account's API tokens; a new one is shown on this response only."""
    form = ApiTokenForm(request.POST or None)
    new = None
    if request.method == "POST" and form.is_valid():
        try:
            new = api_tokens.create_token(user=request.user, **form.cleaned_data)
        except api_tokens.TokenError as exc:
            form.add_error(None, str(exc))
        else:
            form = ApiTokenForm()
    status = 400 if request.method == "POST" and new is None else 200
    response = render(
        request,
        "registration/tokens.html",
        {
            "form": form,
            "new": new,
            "tokens": api_tokens.live_tokens(request.user),
            "max_tokens": api_tokens.MAX_TOKENS,
        },
        status=status,
    )
    add_never_cache_headers(response)  # the new token must not stay in a cache
    return response


@login_required
@require_POST
def token_revoke(request: HttpRequest) -> HttpResponse:
    if api_tokens.revoke_token(user=request.user, digest=request.POST.get("token", "")):
        messages.success(request, gettext("Token revoked: it no longer works."))
    else:
        messages.error(request, gettext("No such token (it may have expired or been revoked)."))
    return redirect("tokens")
