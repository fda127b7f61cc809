"""Campaigns: options and optional rules, crews, arsenals (models, upgrades, injuries), the scrip
and Construction Material ledgers and hide outs; `weeks/` holds the campaign week."""
