"""Accounts: the project's user model, sign-up and the auth pages around Django's views."""
