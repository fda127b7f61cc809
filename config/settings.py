"""Settings, read from environment variables with embedded defaults.

With nothing set, the app runs on its embedded default: a SQLite file database,
Celery tasks executed eagerly in-process, console email and DEBUG on. Setting
``DATABASE_URL`` and ``REDIS_URL`` switches to PostgreSQL and Redis (broker, result
backend and cache). ``DJANGO_ENV=production`` turns on the hardened mode that passes
``manage.py check --deploy`` and requires ``DJANGO_SECRET_KEY`` and ``DJANGO_ALLOWED_HOSTS``.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env(name: str, default: str | None = None) -> str | None:
    value = os.environ.get(name)
    return default if value in (None, "") else value


def env_bool(name: str, default: bool) -> bool:
    value = env(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in (env(name, default) or "").split(",") if item.strip()]


PRODUCTION = env("DJANGO_ENV", "development") == "production"
DEBUG = env_bool("DJANGO_DEBUG", not PRODUCTION)

SECRET_KEY = env("DJANGO_SECRET_KEY")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfigured("Set DJANGO_SECRET_KEY in production (50+ random characters).")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production-0123456789abcdef"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "" if PRODUCTION else "localhost,127.0.0.1,[::1]")
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("Set DJANGO_ALLOWED_HOSTS in production (comma separated).")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.humanize",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "csp",
    "django_celery_beat",
    "axes",
    "django_ratelimit",
    "accounts",
    "rules",
    "catalogue",
    "league",
    "campaign",
    "encounters",
    "aftermath",
    "autoresolve",
    "exports",
    "nights",
    "standings",
    "notifications",
    "home",
    "malediction",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The browser's language (Accept-Language) or the language cookie...
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # ...unless the logged-in user chose one (accounts.User.language).
    "accounts.middleware.UserLanguageMiddleware",
    # Signed-in answers: Cache-Control private, no-store; the API varies on Authorization.
    "config.middleware.PrivateAnswersMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "config.not_allowed.MethodNotAllowedPageMiddleware",  # a styled 405 page
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "config.middleware.NumberOutOfRangeMiddleware",  # an id past 64 bits: a 400
    # Last, as django-axes asks: turns a locked-out login into its page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "notifications.context_processors.bell",
            ],
        },
    },
]

# --- Database: SQLite file by default, PostgreSQL (psycopg 3) with DATABASE_URL.
DATA_DIR = Path(env("DJANGO_DATA_DIR", str(BASE_DIR)))
DATABASES = {
    "default": dj_database_url.parse(
        env("DATABASE_URL", f"sqlite:///{DATA_DIR / 'db.sqlite3'}"),
        conn_max_age=int(env("DATABASE_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent writes wait their turn instead of failing with "database is locked": every
    # transaction takes the write lock as it begins (a deferred one that read first could
    # not wait for it: SQLite fails it at once), and waits up to the busy timeout for it,
    # well inside gunicorn's 30 s request timeout. PostgreSQL is left as it is.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        transaction_mode="IMMEDIATE", timeout=int(env("SQLITE_BUSY_TIMEOUT", "20")))
    DATABASES["default"]["CONN_MAX_AGE"] = 0
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # refuses a locked-out login before the password
    "accounts.login_limit.AddressLimitBackend",  # too many wrong passwords from one address
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Argon2 first (Django's own hasher and parameters, the portable argon2-cffi wheel): the
# memory-hard hasher Django recommends, hashed in parallel lanes that release the GIL
# (gunicorn.conf.py). Older PBKDF2 hashes still verify and are re-hashed at login.
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.BCryptSHA256PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
# --- Client addresses: how many proxies in front of the app append to X-Forwarded-For
# (the documented HTTPS proxy: 1). 0 ignores the header, which anyone can write. Every
# limiter (DRF throttles, django-axes, django-ratelimit, exports) reads the address through
# config/client_ip.py.
TRUSTED_PROXY_COUNT = int(env("TRUSTED_PROXY_COUNT", "0"))
AXES_CLIENT_IP_CALLABLE = "config.client_ip.client_ip"
RATELIMIT_IP_META_KEY = "config.client_ip.client_ip"
# --- Login throttling (django-axes): after AXES_FAILURE_LIMIT wrong passwords for one
# username from one address, that pair is locked out for the cool-off time (unknown
# usernames alike). Staff unlock in the admin (Axes > Access attempts: delete the row).
AXES_FAILURE_LIMIT = int(env("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = float(env("AXES_COOLOFF_HOURS", "0.25"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = env_bool("AXES_VERBOSE", False)  # lockouts are logged either way
# Wrong passwords from one address, any usernames (password spraying): past this, logins
# from that address are refused until the hour is out (accounts/login_limit.py).
LOGIN_FAILURE_RATE = env("LOGIN_FAILURE_RATE", "20/h")
# Sign-up and password-reset requests per address (and resets per email), any account
# or none alike (django-ratelimit, counted in the cache).
SIGNUP_RATE = env("SIGNUP_RATE", "10/h")
PASSWORD_RESET_RATE = env("PASSWORD_RESET_RATE", "5/h")
PASSWORD_RESET_EMAIL_RATE = env("PASSWORD_RESET_EMAIL_RATE", "3/h")
# Exports started (each writes a job and a file): per account, and per address when
# anonymous (a public campaign's standings).
EXPORT_RATE = env("EXPORT_RATE", "60/h")
EXPORT_ANON_RATE = env("EXPORT_ANON_RATE", "20/h")
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-gb"
# One date format per language (config/formats/<language>/formats.py).
FORMAT_MODULE_PATH = ["config.formats"]
# The interface languages (named in their own language, for the switch). French game terms
# follow the French rulebook (docs/rules-decisions.md, "French vocabulary"); the French
# catalogue is locale/fr/LC_MESSAGES/django.po, compiled by scripts/run and scripts/test.
LANGUAGES = [("en-gb", "English"), ("fr", "Français")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env("DJANGO_TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

# --- Static files, served by whitenoise in every mode.
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
MEDIA_ROOT = DATA_DIR / "media"
MEDIA_URL = "media/"

# --- Exports: campaigns with more games than this export as a background job.
EXPORT_IMMEDIATE_MAX_GAMES = int(env("EXPORT_IMMEDIATE_MAX_GAMES", "200"))
# A job still "running" after this long is taken to have lost its worker and may rerun.
EXPORT_JOB_STALE_SECONDS = int(env("EXPORT_JOB_STALE_SECONDS", "900"))

# --- Redis: broker, results and cache when REDIS_URL is set.
REDIS_URL = env("REDIS_URL")
# Production needs Redis: without it every worker process keeps its own cache, so each
# limit (logins, sign-ups, resets, exports, the API) counts per worker and lets several
# times through. DJANGO_SINGLE_PROCESS=1 says the install is one process (one worker, no
# Celery worker), whose local memory is then the whole count.
SINGLE_PROCESS = env_bool("DJANGO_SINGLE_PROCESS", False)
if PRODUCTION and not REDIS_URL and not SINGLE_PROCESS:
    raise ImproperlyConfigured(
        "Set REDIS_URL in production (redis://host:6379/0): the caches, rate limits and "
        "background jobs are shared through it. A one-process install may set "
        "DJANGO_SINGLE_PROCESS=1 instead.")
if REDIS_URL:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    }
    # Sessions are read from Redis (and written through to the database): a query less a page.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# django-ratelimit wants a cache shared by every process: Redis in production; the
# embedded default is one process, whose local memory cache is shared enough.
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.W001",
                          *([] if REDIS_URL else ["django_ratelimit.E003"])]

# Without Redis (the embedded default, one machine) jobs travel through Kombu's filesystem
# transport: one folder of message files the web process writes and the worker that
# `scripts/run` starts reads, and Celery's file result backend beside it. Nothing to
# install or run besides the worker, and no SQLite writer competing with the web process
# (a SQLAlchemy/SQLite broker would poll the same kind of file the app already locks).
CELERY_DATA_DIR = Path(env("CELERY_DATA_DIR", str(BASE_DIR / "var" / "celery")))
if REDIS_URL:
    CELERY_BROKER_URL = CELERY_RESULT_BACKEND = REDIS_URL
else:
    CELERY_BROKER_URL = "filesystem://"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(CELERY_DATA_DIR / "queue"),
        "data_folder_out": str(CELERY_DATA_DIR / "queue"),
        "control_folder": str(CELERY_DATA_DIR / "control"),
        "store_processed": False,
        "polling_interval": 0.5,
    }
    CELERY_RESULT_BACKEND = f"file://{CELERY_DATA_DIR / 'results'}"
# Matchup predictions per user: at once, and started an hour (organizers more).
PREDICTIONS_RUNNING_PER_USER = int(env("PREDICTIONS_RUNNING_PER_USER", "2"))
PREDICTIONS_RUNNING_ORGANIZER = int(env("PREDICTIONS_RUNNING_ORGANIZER", "6"))
PREDICTIONS_PER_HOUR = int(env("PREDICTIONS_PER_HOUR", "12"))
PREDICTIONS_PER_HOUR_ORGANIZER = int(env("PREDICTIONS_PER_HOUR_ORGANIZER", "60"))
# Jobs never run inside a web request: only the tests turn eager mode on (tests/conftest.py).
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
if PRODUCTION and CELERY_TASK_ALWAYS_EAGER:
    raise ImproperlyConfigured("CELERY_TASK_ALWAYS_EAGER must stay off in production: "
                               "jobs run on a worker, never in the web process.")
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
# Beat stores this schedule in the database (django-celery-beat), so it survives restarts.
CELERY_BEAT_SCHEDULE = {
    "turn-over-due-weeks": {
        "task": "campaign.turn_over_due_weeks",
        "schedule": float(env("TURNOVER_CHECK_SECONDS", "300")),
    },
    "aftermath-deadlines": {
        "task": "aftermath.take_overdue_defaults",
        "schedule": float(env("AFTERMATH_CHECK_SECONDS", "300")),
    },
    "autoresolve-resume-stalled": {
        "task": "autoresolve.resume_stalled",
        "schedule": float(env("AFTERMATH_CHECK_SECONDS", "300")),
    },
    "aftermath-resume-stalled": {
        "task": "aftermath.resume_stalled",
        "schedule": float(env("AFTERMATH_CHECK_SECONDS", "300")),
    },
}
#: A confirmed game whose Aftermath job has not finished after this long is sent again.
AFTERMATH_STALL_SECONDS = float(env("AFTERMATH_STALL_SECONDS", "120"))
#: An auto-resolve run queued or running this long is sent to a worker again.
AUTORESOLVE_STALL_SECONDS = float(env("AUTORESOLVE_STALL_SECONDS", "600"))
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# --- Email: console by default; SMTP settings from the environment in production.
EMAIL_BACKEND = env("DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env("DJANGO_EMAIL_HOST", "localhost")
EMAIL_PORT = int(env("DJANGO_EMAIL_PORT", "25"))
EMAIL_HOST_USER = env("DJANGO_EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env("DJANGO_EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("DJANGO_EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = env("DJANGO_DEFAULT_FROM_EMAIL", "Malifaux Campaigns <noreply@localhost>")
# Emails carry full links (the page to open, the unsubscribe link): the site's public address.
SITE_URL = env("DJANGO_SITE_URL", "http://127.0.0.1:8000")

# --- API
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "config.schema.AutoSchema",  # pages only where DRF paginates
    # JSON bodies are capped at DATA_UPLOAD_MAX_MEMORY_SIZE (as forms are) and nest at most
    # 32 deep (config/parsers.py).
    "DEFAULT_PARSER_CLASSES": [
        "config.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        # Personal API tokens (accounts/authentication.py); no HTTP Basic with the password.
        "accounts.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "EXCEPTION_HANDLER": "config.api.exception_handler",
    "DEFAULT_METADATA_CLASS": "config.metadata.Metadata",  # OPTIONS: no per-field actions
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_THROTTLE_CLASSES": [
        "config.throttling.AnonThrottle",
        "config.throttling.UserThrottle",
    ],
    "NUM_PROXIES": TRUSTED_PROXY_COUNT,  # config/throttling.py reads it the same way
    "DEFAULT_THROTTLE_RATES": {
        "anon": env("API_ANON_RATE", "120/min"),
        "user": env("API_USER_RATE", "600/min"),
    },
}
# Personal API tokens (django-rest-knox): stored as SHA-512 digests, shown once, each with
# its own expiry (or none), recognisable by their prefix in logs and secret scanners.
KNOX_TOKEN_MODEL = "accounts.ApiToken"
# knox's own migrations create its default token table even when the model is swapped
# (and that table's key to users then blocks a PostgreSQL flush): knox has no migrations.
MIGRATION_MODULES = {"knox": None}
REST_KNOX = {"TOKEN_PREFIX": "mfx_", "TOKEN_TTL": None, "AUTO_REFRESH": False}
SPECTACULAR_SETTINGS = {
    "TITLE": "Malifaux Campaigns API",
    "DESCRIPTION": (
        "Leagues, campaigns, arsenal sheets and the rules engine (fate deck, duels, odds)."
    ),
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI assets are served from this site (no CDN), so the docs work offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Every operation's error answers (400, 401, 403, 404, 429, 413): config/schema.py.
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums",
                             "config.schema.add_error_responses"],
    "ENUM_NAME_OVERRIDES": {"SuitEnum": ["rams", "crows", "tomes", "masks"],
                            "NightStateEnum": "nights.models.CampaignNight.State",
                            "SourceEnum": "rules.models.FlipRecord.Source",
                            "RulesetEnum": "league.models.Ruleset",
                            "RoleEnum": "league.models.Role",
                            "MalCardKindEnum": "malediction.models.Kind",
                            "MalModeEnum": "malediction.models.Mode",
                            "MalEventStateEnum": "malediction.models.Event.State",
                            "MalWinTypeEnum": "malediction.models.WinType",
                            "MalReportedWinTypeEnum": ["threshold", "deck_out", "concession",
                                                       "no_show"],
                            # Shared by the Malifaux and Malediction auto-resolve API
                            "RunModeEnum": "autoresolve.models.ResolveRun.Mode",
                            "RunStatusEnum": "autoresolve.models.ResolveRun.Status",
                            "PredictionStatusEnum": "autoresolve.models.Prediction.Status",
                            "BoardEnum": "malediction.models.Board",
                            "StoryRoleEnum": [("attacker", "Attack"), ("defender", "Defend")],
                            # Content pack format 2 and coverage (catalogue)
                            "AbilityKindEnum": ["ability", "defensive_trigger"],
                            "ActionKindEnum": ["attack", "tactical"],
                            "CoverageStatusEnum": ["played", "partly", "not_modelled"],
                            "EncounterKindEnum": [("standard", "Standard encounter"),
                                                  ("story", "Story encounter")]},
}

# --- Security: hardened in production (passes check --deploy), relaxed for local HTTP.
# Content Security Policy (django-csp; Django 5.2 has none of its own): scripts, styles and
# everything else from this site only; no inline script or style, no eval (htmx runs with
# allowEval off; behaviour lives in static/js/site.js, e.g. <a data-print> prints).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
SECURE_REFERRER_POLICY = "same-origin"  # invitation links carry tokens: never leave the site
# Powerful browser features this site never uses are switched off for it and any frame.
PERMISSIONS_POLICY = {
    feature: [] for feature in (
        "accelerometer", "autoplay", "camera", "display-capture", "encrypted-media",
        "geolocation", "gyroscope", "magnetometer", "microphone", "midi", "payment",
        "publickey-credentials-get", "screen-wake-lock", "serial", "usb", "xr-spatial-tracking",
    )
}
SESSION_COOKIE_HTTPONLY = True
# The language cookie is sent like the session cookie: never to scripts, not on other
# sites' requests, over HTTPS only in production (no script reads it: the switch posts).
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
# DJANGO_LOOPBACK_HTTP=1 is for the load benchmark only (bench/load/): production settings
# served over plain HTTP, refused unless every allowed host is a loopback address.
LOOPBACK_HTTP = PRODUCTION and env_bool("DJANGO_LOOPBACK_HTTP", False)
if LOOPBACK_HTTP and not set(ALLOWED_HOSTS) <= {"127.0.0.1", "localhost", "[::1]", "::1"}:
    raise ImproperlyConfigured("DJANGO_LOOPBACK_HTTP serves plain HTTP: only for the load "
                               "benchmark, with DJANGO_ALLOWED_HOSTS=127.0.0.1.")
if PRODUCTION and not LOOPBACK_HTTP:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(env("DJANGO_SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env("DJANGO_LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"},
                "axes": {"level": "WARNING"}},  # lockouts, not every log-in
}
