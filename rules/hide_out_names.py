"""Hide Outs and their Fortifications by name in the reader's language.

The tables (``rules/tables``) and the database keep the book's English names; pages and
messages show them through ``hide_out_name`` (our own French names, as the Aftermath's
messages already said "Murs fortifiés", "Alcool fin" or "Grand Tombeau")."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

NAMES = {
    # Hide Outs
    "Saloon": pgettext_lazy("hide out", "Saloon"),
    "Wasteland Outpost": pgettext_lazy("hide out", "Wasteland Outpost"),
    "Hidden Lab": pgettext_lazy("hide out", "Hidden Lab"),
    "Mausoleum": pgettext_lazy("hide out", "Mausoleum"),
    "Mobile Encampment": pgettext_lazy("hide out", "Mobile Encampment"),
    "Swamp Village": pgettext_lazy("hide out", "Swamp Village"),
    "Junkyard": pgettext_lazy("hide out", "Junkyard"),
    "Guild Outpost": pgettext_lazy("hide out", "Guild Outpost"),
    # Fortifications
    "Grizzled Bartender": pgettext_lazy("fortification", "Grizzled Bartender"),
    "Gambling Tables": pgettext_lazy("fortification", "Gambling Tables"),
    "Fine Liquor": pgettext_lazy("fortification", "Fine Liquor"),
    "Bouncer": pgettext_lazy("fortification", "Bouncer"),
    "Cash Box": pgettext_lazy("fortification", "Cash Box"),
    "Steady Stream of Customers": pgettext_lazy("fortification", "Steady Stream of Customers"),
    "Soulstone Vein": pgettext_lazy("fortification", "Soulstone Vein"),
    "Smuggling Tunnels": pgettext_lazy("fortification", "Smuggling Tunnels"),
    "Scrap Pile": pgettext_lazy("fortification", "Scrap Pile"),
    "Fortified Walls": pgettext_lazy("fortification", "Fortified Walls"),
    "Extra Guards": pgettext_lazy("fortification", "Extra Guards"),
    "Advanced Scouts": pgettext_lazy("fortification", "Advanced Scouts"),
    "Surgical Tools": pgettext_lazy("fortification", "Surgical Tools"),
    "Library": pgettext_lazy("fortification", "Library"),
    "Electrodes": pgettext_lazy("fortification", "Electrodes"),
    "Brain In a Jar": pgettext_lazy("fortification", "Brain In a Jar"),
    "Metal Servant": pgettext_lazy("fortification", "Metal Servant"),
    "My Creations!": pgettext_lazy("fortification", "My Creations!"),
    "Memento Mori": pgettext_lazy("fortification", "Memento Mori"),
    "Loose Gravedirt": pgettext_lazy("fortification", "Loose Gravedirt"),
    "Tasteful Dirge": pgettext_lazy("fortification", "Tasteful Dirge"),
    "Marble Headstones": pgettext_lazy("fortification", "Marble Headstones"),
    "Rousing Eulogies": pgettext_lazy("fortification", "Rousing Eulogies"),
    "Grand Tomb": pgettext_lazy("fortification", "Grand Tomb"),
    "On The Move": pgettext_lazy("fortification", "On The Move"),
    "Scouted Location": pgettext_lazy("fortification", "Scouted Location"),
    "Big Game Hunter": pgettext_lazy("fortification", "Big Game Hunter"),
    "Hiding Place": pgettext_lazy("fortification", "Hiding Place"),
    "Trophy Rack": pgettext_lazy("fortification", "Trophy Rack"),
    "A Fine Specimen": pgettext_lazy("fortification", "A Fine Specimen"),
    "Banjo Player": pgettext_lazy("fortification", "Banjo Player"),
    "We Was Just Wrastlin'": pgettext_lazy("fortification", "We Was Just Wrastlin'"),
    "Pig Farm": pgettext_lazy("fortification", "Pig Farm"),
    "Drunken Revelers": pgettext_lazy("fortification", "Drunken Revelers"),
    "BBQ": pgettext_lazy("fortification", "BBQ"),
    "Hootenany": pgettext_lazy("fortification", "Hootenany"),
    "One Man's Trash...": pgettext_lazy("fortification", "One Man's Trash..."),
    "Pick and Pull": pgettext_lazy("fortification", "Pick and Pull"),
    "Junkyard Dogs": pgettext_lazy("fortification", "Junkyard Dogs"),
    "Appraisals": pgettext_lazy("fortification", "Appraisals"),
    "New Tools": pgettext_lazy("fortification", "New Tools"),
    "Salvage Operation": pgettext_lazy("fortification", "Salvage Operation"),
    "Wanted Posters": pgettext_lazy("fortification", "Wanted Posters"),
    "Gallows": pgettext_lazy("fortification", "Gallows"),
    "Deputy": pgettext_lazy("fortification", "Deputy"),
    "Warrant": pgettext_lazy("fortification", "Warrant"),
    "Posse": pgettext_lazy("fortification", "Posse"),
    "Executioner": pgettext_lazy("fortification", "Executioner"),
}


def hide_out_name(english: str) -> str:
    """A Hide Out's or Fortification's name (as the tables and database store it, in
    English) in the active language; any other name as it is."""
    english = str(english or "")
    return str(NAMES.get(english.replace("\u2019", "'"), english))


def known(english: str) -> bool:
    return str(english or "").replace("\u2019", "'") in NAMES
