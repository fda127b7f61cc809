"""Accounts: the project's user model, sign-up, the auth pages around Django's views, and the
demo data (`load_demo`)."""
