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
        # The rarer Aftermath steps: Fortification uses, Those Who Thirst, the Doc's,
        # Skills and Injury results kept or declined, Bounty progress.
        (r"(?P<purpose>.+): (?P<card>(?:1[0-3]|[1-9])[RMTC]|RJ|BJ) \(cheated\)",
         gettext("%(purpose)s: %(card)s (cheated)")),
        (r"Fortified Walls: \+ on (?P<model>.+)'s Injury flip \(1 Scrip\)",
         gettext("Fortified Walls: + on %(model)s's Injury flip (1 Scrip)")),
        (r"Rousing Eulogies: (?P<model>.+) flips twice and keeps one",
         gettext("Rousing Eulogies: %(model)s flips twice and keeps one")),
        (r"We Was Just Wrastlin': Injury card (?P<card>\S+) reflipped for 1 Scrip to "
         r"(?P<crew>.+)",
         gettext("We Was Just Wrastlin': Injury card %(card)s reflipped for 1 Scrip to "
                 "%(crew)s")),
        (r"Surgical Tools: Injury card (?P<card>\S+) reflipped",
         gettext("Surgical Tools: Injury card %(card)s reflipped")),
        (r"Fine Liquor: Barter card (?P<card>\S+) reflipped",
         gettext("Fine Liquor: Barter card %(card)s reflipped")),
        (r"Cash Box: one more Barter flip", gettext("Cash Box: one more Barter flip")),
        (r"Cash Box: another Barter flip", gettext("Cash Box: another Barter flip")),
        (r"Those Who Thirst: (?P<name>.+)", gettext("Those Who Thirst: %(name)s")),
        (r"Grand Tomb: (?P<model>.+) joins the Arsenal \(Undead\)",
         gettext("Grand Tomb: %(model)s joins the Arsenal (Undead)")),
        (r"Grand Tomb: (?P<model>.+) joins the Arsenal",
         gettext("Grand Tomb: %(model)s joins the Arsenal")),
        (r"Built (?P<fortification>[a-z0-9-]+)", gettext("Built %(fortification)s")),
        (r"(?P<name>.+): " + n % "amount" + r" Scrip \((?P<why>.+)\) \(a correction: the "
         r"game record does not show it\)",
         gettext("%(name)s: %(amount)s Scrip (%(why)s) (a correction: the game record "
                 "does not show it)")),
        (r"(?P<name>.+): " + n % "amount" + r" Scrip \((?P<why>.+)\)",
         gettext("%(name)s: %(amount)s Scrip (%(why)s)")),
        (r"The Doc's: (?P<model>.+) \((?P<doctor>black-joker|rams|crows|tomes|masks|"
         r"red-joker)\)", gettext("The Doc's: %(model)s (%(doctor)s)")),
        (r"(?P<model>.+): (?P<name>.+) kept in place of (?P<old>.+)",
         gettext("%(model)s: %(name)s kept in place of %(old)s")),
        (r"(?P<model>.+): (?P<name>.+) declined \(no room\)",
         gettext("%(model)s: %(name)s declined (no room)")),
        (r"(?P<model>.+): (?P<name>.+) taken", gettext("%(model)s: %(name)s taken")),
        (r"(?P<model>.+): (?P<name>.+) declined", gettext("%(model)s: %(name)s declined")),
        (r"(?P<name>.+) let go \(no model takes it\)",
         gettext("%(name)s let go (no model takes it)")),
        (r"The Wandering Relic goes to the winner",
         gettext("The Wandering Relic goes to the winner")),
        (r"(?P<name>.+) goes to (?P<model>.+)", gettext("%(name)s goes to %(model)s")),
        (r"Shaken wears off (?P<model>.+)", gettext("Shaken wears off %(model)s")),
        (r"Construction Material", gettext("Construction Material")),
        (r"(?P<name>.+): " + n % "counted" + r" of " + n % "target" + r" done \(completed\)",
         gettext("%(name)s: %(counted)s of %(target)s done (completed)")),
        (r"(?P<name>.+): " + n % "counted" + r" of " + n % "target" + r" done",
         gettext("%(name)s: %(counted)s of %(target)s done")),
        (r"(?P<model>.+) turned traitor", gettext("%(model)s turned traitor")),
        (r"(?P<model>.+) was annihilated \(too many Injuries\)",
         gettext("%(model)s was annihilated (too many Injuries)")),
        (r"(?P<model>.+): no lasting harm", gettext("%(model)s: no lasting harm")),
        (r"A Sinner's Prayer: no model spared", gettext("A Sinner's Prayer: no model spared")),
        (r"A Sinner's Prayer: (?P<names>.+) spared the Injury flip",
         gettext("A Sinner's Prayer: %(names)s spared the Injury flip")),
        # Payday's lines (the Aftermath step and the scrip ledger) and Construction
        # Material's ("Game 4: winning").
        (r"Payday, game " + n % "game" + r": (?P<why>.+)",
         gettext("Payday, game %(game)s: %(why)s")),
        (n % "vp" + r" VP", gettext("%(vp)s VP")),
        (r"winning", gettext("winning")),
        (r"the lower Campaign Rating", gettext("the lower Campaign Rating")),
        (r"the weekly event", gettext("the weekly event")),
        (r"the Hide Out's income", gettext("the Hide Out's income")),
        (r"losing \(Hide Out\)", gettext("losing (Hide Out)")),
        (r"completing a Bounty \(Hide Out\)", gettext("completing a Bounty (Hide Out)")),
        (r"(?P<name>.+) \((?P<why>.+): the game record\)",
         gettext("%(name)s (%(why)s: the game record)")),
        (r"Deep Pockets \(in play at the end\)", gettext("Deep Pockets (in play at the end)")),
        (r"Enforcers and Henchmen still in play \(Extra Scrip\)",
         gettext("Enforcers and Henchmen still in play (Extra Scrip)")),
        (r"2 VP from a Scheme", gettext("2 VP from a Scheme")),
        (r"full Strategy VP", gettext("full Strategy VP")),
        # Why a Fortification pays (campaign.services.hideouts.TABLE_SCRIP).
        (r"the secretly noted enemy model was killed or sacrificed",
         gettext("the secretly noted enemy model was killed or sacrificed")),
        (r"the secretly noted friendly model was in play at the end",
         gettext("the secretly noted friendly model was in play at the end")),
        (r"the crew killed a Neutral model", gettext("the crew killed a Neutral model")),
        (r"five or more Scrap Markers were on the table at the end",
         gettext("five or more Scrap Markers were on the table at the end")),
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
            parts = {k: translated(v) if k in ("purpose", "why") else v
                     for k, v in match.groupdict().items()}
            if "doctor" in parts:
                parts["doctor"] = _doctor_result(parts["doctor"])
            if "fortification" in parts:
                parts["fortification"] = _rule_name(parts["fortification"])
            if "outcome" in parts:
                parts["outcome"] = gettext(parts["outcome"])
            if "how" in parts:
                parts["how"] = gettext(parts["how"].capitalize()).lower()
            return template % parts
    return text


def _doctor_result(key: str) -> str:
    """A Good Doctor row key ("crows", "black-joker") as the card it stands for."""
    from rules.wording import _suits

    jokers = {"black-joker": gettext("Black Joker"), "red-joker": gettext("Red Joker")}
    return jokers.get(key) or _suits().get(key[:1].upper(), key)


def _rule_name(key: str) -> str:
    from rules.wording import rule_names

    return rule_names().get(key, key)
