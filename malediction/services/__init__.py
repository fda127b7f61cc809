"""The only writers of Malediction rows: one transaction per service, rows locked,
rules re-checked under the lock."""
