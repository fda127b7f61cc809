"""Campaigns: options, weeks and weekly events, crews, arsenals, ledgers, aftermath."""
