"""Stored log lines in the reader's language (issue 23: game logs, week logs and scrip
ledger lines were English on French pages).

Lines are stored in English (they are an audit record, written once for every reader);
each known shape is a pattern with named parts and a translatable template with the same
parameters, rendered when a page shows the line, so each reader sees their own language.
A line of no known shape is shown as it was stored."""

from __future__ import annotations

import re
from functools import lru_cache

from django.utils.translation import gettext, pgettext


def _templates() -> list[tuple[str, str]]:
    """(pattern, template): the template is looked up at render time (gettext), in the
    language of the request."""
    n = r"(?P<%s>\d+)"
    return [
        (r"(?P<crew>Side [abAB]) revealed its crew", gettext("%(crew)s revealed its crew")),
        (r"(?P<crew>Side [abAB]) chose its schemes", gettext("%(crew)s chose its schemes")),
        (r"(?P<crew>Side [abAB]) hired its crew \(" + n % "cost" + r" soulstones\)",
         gettext("%(crew)s hired its crew (%(cost)s soulstones)")),
        (r"The game begins: Turn " + n % "turn", gettext("The game begins: Turn %(turn)s")),
        (r"Turn " + n % "turn" + r" begins", gettext("Turn %(turn)s begins")),
        (r"(?P<crew>Side [abAB]) scored " + n % "vp" + r" Strategy VP",
         gettext("%(crew)s scored %(vp)s Strategy VP")),
        (r"(?P<crew>Side [abAB]) scored " + n % "vp" + r" VP from (?P<name>.+)",
         gettext("%(crew)s scored %(vp)s VP from %(name)s")),
        (r"(?P<crew>Side [abAB]) revealed (?P<name>.+?) \(noting (?P<model>.+)\)",
         gettext("%(crew)s revealed %(name)s (noting %(model)s)")),
        (r"(?P<crew>Side [abAB]) revealed (?P<name>.+)", gettext("%(crew)s revealed %(name)s")),
        (r"Schemes: (?P<names>.+)", gettext("Schemes: %(names)s")),
        (r"Crews revealed: Campaign Rating (?P<ra>-?\d+) vs (?P<rb>-?\d+); "
         r"Soulstone Pools (?P<pa>\d+) and (?P<pb>\d+)",
         gettext("Crews revealed: Campaign Rating %(ra)s vs %(rb)s; "
                 "Soulstone Pools %(pa)s and %(pb)s")),
        (r"Game set up: (?P<a>.+) vs (?P<b>.+), " + n % "size" + r" soulstones",
         gettext("Game set up: %(a)s vs %(b)s, %(size)s soulstones")),
        (r"(?P<actor>.+) reported (?P<a>\d+)-(?P<b>\d+)",
         gettext("%(actor)s reported %(a)s-%(b)s")),
        (r"(?P<actor>.+) confirmed the result (?P<a>\d+)-(?P<b>\d+)",
         gettext("%(actor)s confirmed the result %(a)s-%(b)s")),
        (r"(?P<actor>.+) ruled the result (?P<a>\d+)-(?P<b>\d+)",
         gettext("%(actor)s ruled the result %(a)s-%(b)s")),
        (r"(?P<actor>.+) disputed the result: (?P<reason>.*)",
         gettext("%(actor)s disputed the result: %(reason)s")),
        (r"(?P<actor>.+) overrode the result: (?P<a>\d+)-(?P<b>\d+) \((?P<reason>.*)\)",
         gettext("%(actor)s overrode the result: %(a)s-%(b)s (%(reason)s)")),
        (r"End of the game recorded for (?P<crew>side [abAB])",
         gettext("End of the game recorded for %(crew)s")),
        (r"(?P<actor>.+) asked to auto-resolve the game",
         gettext("%(actor)s asked to auto-resolve the game")),
        (r"(?P<actor>.+) confirmed the auto-resolved result",
         gettext("%(actor)s confirmed the auto-resolved result")),
        (r"Auto-resolve queued \(seed (?P<seed>\d+), simulator (?P<version>[^)]+)\)",
         gettext("Auto-resolve queued (seed %(seed)s, simulator %(version)s)")),
        (r"Auto-resolved (?P<a>\d+)-(?P<b>\d+) \(seed (?P<seed>\d+), simulator "
         r"(?P<version>[^)]+)\)",
         gettext("Auto-resolved %(a)s-%(b)s (seed %(seed)s, simulator %(version)s)")),
        (r"(?P<model>.+): flipped (?P<card>\S+) for Finished Off: (?P<outcome>.+)",
         gettext("%(model)s: flipped %(card)s for Finished Off: %(outcome)s")),
        (r"(?P<victim>.+) was (?P<how>killed|sacrificed) by (?P<killer>.+)",
         gettext("%(victim)s was %(how)s by %(killer)s")),
        # Flip purposes (the set-up's flip record).
        (r"Game " + n % "game" + r": (?P<purpose>.+)", gettext("Game %(game)s: %(purpose)s")),
        (r"scheme card " + n % "n", gettext("scheme card %(n)s")),
        (r"Week " + n % "week" + r": (?P<purpose>.+)", gettext("Week %(week)s: %(purpose)s")),
        (r"another event after (?P<name>.+)", gettext("another event after %(name)s")),
        # Aftermath flip purposes (the Cheat question, rules/engine/aftermath.py).
        (r"Barter flip " + n % "n", gettext("Barter flip %(n)s")),
        (r"reward flip", gettext("reward flip")),
        (r"reward reflip \(Jokers are reflipped\)",
         gettext("reward reflip (Jokers are reflipped)")),
        (r"reward reflip \(the crew already has (?P<name>.+)\)",
         gettext("reward reflip (the crew already has %(name)s)")),
        (r"injury flip", gettext("injury flip")),
        (r"injury reflip \(a Joker\)", gettext("injury reflip (a Joker)")),
        (r"injury reflip \((?P<name>.+) cannot apply\)",
         gettext("injury reflip (%(name)s cannot apply)")),
        (r"Black Joker: extra injury flip " + n % "n" + r" of 2",
         gettext("Black Joker: extra injury flip %(n)s of 2")),
        (r"(?P<name>.+) Injuries flip", gettext("%(name)s Injuries flip")),
        (r"The Doc's", gettext("The Doc's")),
        (r"Those Who Thirst \(reflip a Joker\)", gettext("Those Who Thirst (reflip a Joker)")),
        (r"(?P<purpose>.+) \(card (?P<i>\d+) of (?P<total>\d+)\)",
         gettext("%(purpose)s (card %(i)s of %(total)s)")),
        # Aftermath steps (aftermath/services).
        (r"Aftermath hand: " + n % "n" + r" card\(s\)",
         gettext("Aftermath hand: %(n)s card(s)")),
        (r"Aftermath finished", gettext("Aftermath finished")),
        (r"Payday", gettext("Payday")),
        (r"(?P<purpose>.+): (?P<card>(?:1[0-3]|[1-9])[RMTC]|RJ|BJ)",
         gettext("%(purpose)s: %(card)s")),
        (r"No Bounty bought", gettext("No Bounty bought")),
        (r"Bought the Bounty (?P<name>.+)", gettext("Bought the Bounty %(name)s")),
        (r"Bought (?P<name>.+) for " + n % "cost" + r" scrip",
         gettext("Bought %(name)s for %(cost)s scrip")),
        (r"Sent (?P<model>.+) to the Doc's \(" + n % "cost" + r" scrip\)",
         gettext("Sent %(model)s to the Doc's (%(cost)s scrip)")),
        (r"Reward: the crew already has every result",
         gettext("Reward: the crew already has every result")),
        (r"Reward: (?P<name>.+)", gettext("Reward: %(name)s")),
        # The week's log and the crew's ledger.
        (r"Games open", gettext("Games open")),
        (r"New Hires open", gettext("New Hires open")),
        (r"Week closed", gettext("Week closed")),
        (r"Flipped: (?P<names>.+)", pgettext("week log", "Flipped: %(names)s")),
        (r"Individual Events: each game flips its own event",
         gettext("Individual Events: each game flips its own event")),
        (r"Event set by an organizer: (?P<reason>.*)",
         gettext("Event set by an organizer: %(reason)s")),
        (r"Starting arsenal: " + n % "models" + r" models for " + n % "total"
         + r" soulstones, " + n % "scrip" + r" scrip left over",
         gettext("Starting arsenal: %(models)s models for %(total)s soulstones, "
                 "%(scrip)s scrip left over")),
        (r"Unspent soulstones of the starting arsenal",
         gettext("Unspent soulstones of the starting arsenal")),
    ]


@lru_cache(maxsize=1)
def _patterns() -> list[re.Pattern]:
    return [re.compile(p + r"\Z") for p, _ in _templates()]


def translated(text: str) -> str:
    """``text`` (a stored English log line) in the active language, or as it was."""
    if not text:
        return text
    for pattern, (_, template) in zip(_patterns(), _templates(), strict=True):
        match = pattern.match(text)
        if match:
            parts = {k: translated(v) if k == "purpose" else v
                     for k, v in match.groupdict().items()}
            if "outcome" in parts:
                parts["outcome"] = gettext(parts["outcome"])
            if "how" in parts:
                parts["how"] = gettext(parts["how"].capitalize()).lower()
            return template % parts
    return text
