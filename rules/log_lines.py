"""Stored log lines in the reader's language (issue 23: game logs, week logs and scrip
ledger lines were English on French pages).

Lines are stored in English (they are an audit record, written once for every reader);
each known shape is a pattern with named parts and a translatable template with the same
parameters, rendered when a page shows the line, so each reader sees their own language.
A line of no known shape is shown as it was stored."""

from __future__ import annotations

import re
from functools import lru_cache

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from rules.hide_out_names import hide_out_name, known
from rules.mal_entry_names import kind_name
from rules.summaries import said_from_english
from rules.table_names import card_label, keyed_rows, rule_names, suit_names


def _templates() -> list[tuple[str, str]]:
    """(pattern, template): the template is looked up at render time (gettext), in the
    language of the request."""
    n = r"(?P<%s>\d+)"
    side = r"(?P<crew>[Ss]ide [abAB])"
    return [
        # The game's log at the table (encounters/services: tracker, table, traveler,
        # warrant, scrip_effects, games, series).
        (side + r" spent a Soulstone \(" + n % "n" + r" left\)",
         _("%(crew)s spent a Soulstone (%(n)s left)")),
        (side + r" gained a Soulstone \(" + n % "n" + r" left\)",
         _("%(crew)s gained a Soulstone (%(n)s left)")),
        (r"Turn " + n % "turn" + r" initiative: (?P<ca>\S+) vs (?P<cb>\S+), "
         r"(?P<first>[Ss]ide [ab]) goes first",
         _("Turn %(turn)s initiative: %(ca)s vs %(cb)s, %(first)s goes first")),
        (r"End of Turn " + n % "turn" + r": flipped (?P<card>\S+), needed " + n % "needed"
         + r": the game goes on",
         _("End of Turn %(turn)s: flipped %(card)s, needed %(needed)s: the game goes on")),
        (r"End of Turn " + n % "turn" + r": flipped (?P<card>\S+), needed " + n % "needed"
         + r": the game ends",
         _("End of Turn %(turn)s: flipped %(card)s, needed %(needed)s: the game ends")),
        (side + r" earned " + n % "n" + r" event scrip: (?P<why>.+) \(" + n % "over"
         + r" over the 6-per-game limit\)",
         _("%(crew)s earned %(n)s event scrip: %(why)s (%(over)s over the 6-per-game "
           "limit)")),
        (side + r" earned " + n % "n" + r" event scrip: (?P<why>.+)",
         _("%(crew)s earned %(n)s event scrip: %(why)s")),
        (r"the Lonely Traveler's guidance \((?P<model>.+)\)",
         _("the Lonely Traveler's guidance (%(model)s)")),
        (side + r" made a Strategic Withdraw on Turn " + n % "turn"
         + r" \(on or before Turn 2: no VP, Barter or Aftermath hand\)",
         _("%(crew)s made a Strategic Withdraw on Turn %(turn)s (on or before Turn 2: no "
           "VP, Barter or Aftermath hand)")),
        (side + r" made a Strategic Withdraw on Turn " + n % "turn"
         + r" \(from Turn 3: VP compared as the rules say\)",
         _("%(crew)s made a Strategic Withdraw on Turn %(turn)s (from Turn 3: VP compared "
           "as the rules say)")),
        (r"(?P<model>.+) was Wanted: (?P<other>[Ss]ide [ab]) gains " + n % "n" + r" Scrip",
         _("%(model)s was Wanted: %(other)s gains %(n)s Scrip")),
        (side + r" paid 1 Scrip \(Metal Servant\) to reflip the Strategy: (?P<card>\S+), "
         r"(?P<old>\S+) becomes (?P<new>\S+)",
         _("%(crew)s paid 1 Scrip (Metal Servant) to reflip the Strategy: %(card)s, "
           "%(old)s becomes %(new)s")),
        (side + r" paid 1 Scrip \(BBQ\): (?P<model>.+) heals 1 damage \(remove it at the "
         r"table\)",
         _("%(crew)s paid 1 Scrip (BBQ): %(model)s heals 1 damage (remove it at the table)")),
        (side + r" spent 1 Scrip \(Brain In a Jar\) to reflip initiative: (?P<card>\S+); "
         r"(?P<first>[Ss]ide [ab]) goes first",
         _("%(crew)s spent 1 Scrip (Brain In a Jar) to reflip initiative: %(card)s; "
           "%(first)s goes first")),
        (side + r" spent a Soulstone to reflip initiative: (?P<card>\S+); "
         r"(?P<first>[Ss]ide [ab]) goes first",
         _("%(crew)s spent a Soulstone to reflip initiative: %(card)s; %(first)s goes "
           "first")),
        (side + r" noted a model for (?P<name>.+) \(secret\)",
         _("%(crew)s noted a model for %(name)s (secret)")),
        (side + r" made its secret note for (?P<name>.+)",
         _("%(crew)s made its secret note for %(name)s")),
        (side + r" named (?P<model>.+) for (?P<name>.+)",
         _("%(crew)s named %(model)s for %(name)s")),
        (r"(?P<name>.+): you noted (?P<model>.+)", _("%(name)s: you noted %(model)s")),
        (r"Linked Games, game " + n % "n" + r" of 5", _("Linked Games, game %(n)s of 5")),
        (side + r" corrected the casualties' event Scrip by (?P<amount>[+-]\d+) \(computed "
         + n % "computed" + r", now " + n % "now" + r"\): (?P<reason>.*)",
         _("%(crew)s corrected the casualties' event Scrip by %(amount)s (computed "
           "%(computed)s, now %(now)s): %(reason)s")),
        (r"Apply at the table: (?P<model>.+)'s (?P<name>.+?) \((?P<summary>.+)\)",
         _("Apply at the table: %(model)s's %(name)s (%(summary)s)")),
        (r"Encounter generated: first edition, " + n % "size" + r" soulstones",
         _("Encounter generated: first edition, %(size)s soulstones")),
        (r"Encounter generated: Standard encounter, " + n % "size" + r" soulstones",
         _("Encounter generated: Standard encounter, %(size)s soulstones")),
        (r"Encounter generated: Story encounter, " + n % "size" + r" soulstones",
         _("Encounter generated: Story encounter, %(size)s soulstones")),
        (r"(?P<model>.+) asked the Lonely Traveler for guidance: flipped (?P<card>\S+) \(not "
         r"cheated\): (?P<summary>.+)",
         _("%(model)s asked the Lonely Traveler for guidance: flipped %(card)s (not "
           "cheated): %(summary)s")),
        (r"(?P<name>.+): (?P<crew>side [ab]) places a Corpse Marker anywhere on the centre "
         r"line",
         _("%(name)s: %(crew)s places a Corpse Marker anywhere on the centre line")),
        (r"(?P<name>.+): (?P<crew>side [ab]) places a Scrap Marker anywhere on the centre "
         r"line",
         _("%(name)s: %(crew)s places a Scrap Marker anywhere on the centre line")),
        (side + r" revealed its A Lucrative Offer scheme: (?P<name>.+?) \(noting "
         r"(?P<model>.+)\) \(scrip, not VP\)",
         _("%(crew)s revealed its A Lucrative Offer scheme: %(name)s (noting %(model)s) "
           "(scrip, not VP)")),
        (side + r" revealed its A Lucrative Offer scheme: (?P<name>.+) \(scrip, not VP\)",
         _("%(crew)s revealed its A Lucrative Offer scheme: %(name)s (scrip, not VP)")),
        (side + r": its hidden third scheme is worth " + n % "vp" + r" VP, paid as "
         + n % "scrip" + r" Scrip \(A Lucrative Offer\)",
         _("%(crew)s: its hidden third scheme is worth %(vp)s VP, paid as %(scrip)s Scrip "
           "(A Lucrative Offer)")),
        (side + r": (?P<name>.+) is worth " + n % "vp" + r" VP, paid as " + n % "scrip"
         + r" Scrip \(A Lucrative Offer\)",
         _("%(crew)s: %(name)s is worth %(vp)s VP, paid as %(scrip)s Scrip (A Lucrative "
           "Offer)")),
        (side + r" revealed its (?P<name>.+) note: (?P<what>.+)",
         _("%(crew)s revealed its %(name)s note: %(what)s")),
        (r"On The Move: (?P<crew>side [ab]) proposes to play (?P<name>.+) instead",
         _("On The Move: %(crew)s proposes to play %(name)s instead")),
        (r"On The Move: both players agree to play (?P<name>.+) instead of the flipped event",
         _("On The Move: both players agree to play %(name)s instead of the flipped event")),
        (r"The game is set up again as a Standard encounter for its event",
         _("The game is set up again as a Standard encounter for its event")),
        (r"The game is set up again as a Story encounter for its event",
         _("The game is set up again as a Story encounter for its event")),
        (n % "n" + r" (?P<owner>side [ab])'s (?P<marker>Scheme|Corpse|Scrap) Marker\(s\) "
         r"(?P<done>placed|removed|removed \(Interact\)) in (?P<on_table>quarter \d|the centre)",
         _("%(n)s %(owner)s's %(marker)s %(done)s %(on_table)s")),
        (n % "n" + r" (?P<marker>Scheme|Corpse|Scrap) Marker\(s\) "
         r"(?P<done>placed|removed|removed \(Interact\)) in (?P<on_table>quarter \d|the centre)",
         _("%(n)s %(marker)s %(done)s %(on_table)s")),
        (r"The Plot Thickens: every game this week is a Story Encounter",
         _("The Plot Thickens: every game this week is a Story Encounter")),
        (r"(?P<model>.+) heals all its damage \(remove it at the table\)",
         _("%(model)s heals all its damage (remove it at the table)")),
        (side + r" flips one more Barter card at the end of the game \(the Lonely "
         r"Traveler\)",
         _("%(crew)s flips one more Barter card at the end of the game (the Lonely "
           "Traveler)")),
        (side + r" may place a Scheme Marker anywhere on the table \(record it on the "
         r"Markers board if placed\)",
         _("%(crew)s may place a Scheme Marker anywhere on the table (record it on the "
           "Markers board if placed)")),
        (r"Warrant: (?P<crew>Side [AB]) chose to Attack; (?P<first>Side [AB]) is the "
         r"Attacker", _("Warrant: %(crew)s chose to Attack; %(first)s is the Attacker")),
        (r"Warrant: (?P<crew>Side [AB]) chose to Defend; (?P<first>Side [AB]) is the "
         r"Attacker", _("Warrant: %(crew)s chose to Defend; %(first)s is the Attacker")),
        (r"Warrant: (?P<crew>Side [AB]) chose to Attack; (?P<first>Side [AB]) is the "
         r"Attacker \(the choices clash, so the flip stands\)",
         _("Warrant: %(crew)s chose to Attack; %(first)s is the Attacker (the choices "
           "clash, so the flip stands)")),
        (r"Warrant: (?P<crew>Side [AB]) chose to Defend; (?P<first>Side [AB]) is the "
         r"Attacker \(the choices clash, so the flip stands\)",
         _("Warrant: %(crew)s chose to Defend; %(first)s is the Attacker (the choices "
           "clash, so the flip stands)")),
        (r"(?P<crew>Side [abAB]) revealed its crew", _("%(crew)s revealed its crew")),
        (r"(?P<crew>Side [abAB]) chose its schemes", _("%(crew)s chose its schemes")),
        (r"(?P<crew>Side [abAB]) hired its crew \(" + n % "cost" + r" soulstones\)",
         _("%(crew)s hired its crew (%(cost)s soulstones)")),
        (r"The game begins: Turn " + n % "turn", _("The game begins: Turn %(turn)s")),
        (r"Turn " + n % "turn" + r" begins", _("Turn %(turn)s begins")),
        (r"(?P<crew>Side [abAB]) scored " + n % "vp" + r" Strategy VP",
         _("%(crew)s scored %(vp)s Strategy VP")),
        (r"(?P<crew>Side [abAB]) scored " + n % "vp" + r" VP from (?P<name>.+)",
         _("%(crew)s scored %(vp)s VP from %(name)s")),
        (r"(?P<crew>Side [abAB]) revealed (?P<name>.+?) \(noting (?P<model>.+)\)",
         _("%(crew)s revealed %(name)s (noting %(model)s)")),
        (r"(?P<crew>Side [abAB]) revealed (?P<name>.+)", _("%(crew)s revealed %(name)s")),
        (r"Schemes: (?P<names>.+)", _("Schemes: %(names)s")),
        (r"Crews revealed: Campaign Rating (?P<ra>-?\d+) vs (?P<rb>-?\d+); "
         r"Soulstone Pools (?P<pa>\d+) and (?P<pb>\d+)",
         _("Crews revealed: Campaign Rating %(ra)s vs %(rb)s; "
                 "Soulstone Pools %(pa)s and %(pb)s")),
        (r"Game set up: (?P<a>.+) vs (?P<b>.+), " + n % "size" + r" soulstones",
         _("Game set up: %(a)s vs %(b)s, %(size)s soulstones")),
        (r"(?P<actor>.+) reported (?P<a>\d+)-(?P<b>\d+)",
         _("%(actor)s reported %(a)s-%(b)s")),
        (r"(?P<actor>.+) confirmed the result (?P<a>\d+)-(?P<b>\d+)",
         _("%(actor)s confirmed the result %(a)s-%(b)s")),
        (r"(?P<actor>.+) ruled the result (?P<a>\d+)-(?P<b>\d+)",
         _("%(actor)s ruled the result %(a)s-%(b)s")),
        (r"(?P<actor>.+) disputed the result: (?P<reason>.*)",
         _("%(actor)s disputed the result: %(reason)s")),
        (r"(?P<actor>.+) overrode the result: (?P<a>\d+)-(?P<b>\d+) \((?P<reason>.*)\)",
         _("%(actor)s overrode the result: %(a)s-%(b)s (%(reason)s)")),
        (r"End of the game recorded for (?P<crew>side [abAB])",
         _("End of the game recorded for %(crew)s")),
        # A Malediction match's history (malediction/services, autoresolve/mal_resolve).
        (r"(?P<actor>.+) reported (?P<a>\d+)-(?P<b>\d+) \(side (?P<side>[ab]) wins, "
         r"(?P<win_type>threshold|deck_out|concession|no_show|bye), round (?P<round>\d+)\)",
         _("%(actor)s reported %(a)s-%(b)s (side %(side)s wins, %(win_type)s, round "
           "%(round)s)")),
        (r"(?P<actor>.+) undid tracker entry (?P<seq>\d+) \((?P<kind>[^)]*)\)",
         _("%(actor)s undid tracker entry %(seq)s (%(kind)s)")),
        (r"(?P<actor>.+) swapped (?P<n>\d+) card\(s\) with the side deck",
         _("%(actor)s swapped %(n)s card(s) with the side deck")),
        (r"(?P<actor>.+) asked to auto-resolve the match",
         _("%(actor)s asked to auto-resolve the match")),
        (r"(?P<actor>.+) asked to auto-resolve the game",
         _("%(actor)s asked to auto-resolve the game")),
        (r"(?P<actor>.+) confirmed the auto-resolved result",
         _("%(actor)s confirmed the auto-resolved result")),
        (r"Auto-resolve queued \(seed (?P<seed>\d+), simulator (?P<version>[^)]+)\)",
         _("Auto-resolve queued (seed %(seed)s, simulator %(version)s)")),
        (r"Auto-resolved (?P<a>\d+)-(?P<b>\d+) \(seed (?P<seed>\d+), simulator "
         r"(?P<version>[^)]+)\)",
         _("Auto-resolved %(a)s-%(b)s (seed %(seed)s, simulator %(version)s)")),
        (r"(?P<model>.+): flipped (?P<card>\S+) for Finished Off: (?P<outcome>.+)",
         _("%(model)s: flipped %(card)s for Finished Off: %(outcome)s")),
        (r"(?P<victim>.+) was (?P<how>killed|sacrificed) by (?P<killer>.+)",
         _("%(victim)s was %(how)s by %(killer)s")),
        # Flip purposes (the set-up's flip record).
        (r"Game " + n % "game" + r": (?P<purpose>.+)", _("Game %(game)s: %(purpose)s")),
        (r"scheme card " + n % "n", _("scheme card %(n)s")),
        # A game's set-up and table flips (rules/engine/encounters.py, encounters/services).
        (r"deployment", pgettext_lazy("choice", "deployment")),
        (r"strategy", pgettext_lazy("flip purpose", "strategy")),
        (r"terrain", pgettext_lazy("flip purpose", "terrain")),
        (r"attacker: first player's card", _("attacker: first player's card")),
        (r"attacker: second player's card", _("attacker: second player's card")),
        (r"deployment zone: first player's card", _("deployment zone: first player's card")),
        (r"deployment zone: second player's card",
         _("deployment zone: second player's card")),
        (r"strategy \(the Defender's suit\)", _("strategy (the Defender's suit)")),
        (r"Search: the Defender's secret suit", _("Search: the Defender's secret suit")),
        (r"turn " + n % "turn" + r" initiative, (?P<crew>side [ab])",
         _("turn %(turn)s initiative, %(crew)s")),
        (r"turn " + n % "turn" + r" initiative reflip, (?P<crew>side [ab])",
         _("turn %(turn)s initiative reflip, %(crew)s")),
        (r"turn " + n % "turn" + r" initiative tie, (?P<crew>side [ab])",
         _("turn %(turn)s initiative tie, %(crew)s")),
        (r"end of Turn " + n % "turn", _("end of Turn %(turn)s")),
        (r"Finished Off: (?P<model>.+)", _("Finished Off: %(model)s")),
        (r"Finished Off reflip \((?P<fortification>[a-z0-9-]+)\): (?P<model>.+)",
         _("Finished Off reflip (%(fortification)s): %(model)s")),
        (r"the Lonely Traveler's guidance for (?P<model>.+)",
         _("the Lonely Traveler's guidance for %(model)s")),
        (r"strategy \(Metal Servant reflip, (?P<crew>side [ab])\)",
         _("strategy (Metal Servant reflip, %(crew)s)")),
        (r"strategy \(Metal Servant reflip\)", _("strategy (Metal Servant reflip)")),
        (r"reflipped \(Metal Servant\)", _("reflipped (Metal Servant)")),
        (r"(?P<purpose>.+) \(reflip: (?P<why>.+)\)", _("%(purpose)s (reflip: %(why)s)")),
        (r"Jokers are reflipped for the Scheme pool",
         _("Jokers are reflipped for the Scheme pool")),
        (r"the same card cannot come up twice from one deck",
         _("the same card cannot come up twice from one deck")),
        (r"Jokers are reflipped", _("Jokers are reflipped")),
        (WEEK, _("Week %(week)s: %(purpose)s")),
        (AFTER, _("another event after %(name)s")),
        # The weekly event's flips (campaign.weeks.event_flip) and an organizer's choice.
        (r"weekly event", _("weekly event")),
        (r"game event", _("game event")),
        (REFLIP, _("reflip (%(why)s)")),
        (r"same as last week's event", _("same as last week's event")),
        (FOR_GAMES, _("%(name)s is reflipped for the games")),
        (FOR_A_GAME, _("%(name)s is reflipped for a single game")),
        (SET_TO, _("Event set to %(name)s: %(reason)s")),
        # Aftermath flip purposes (the Cheat question, rules/engine/aftermath.py).
        (r"Barter flip " + n % "n", _("Barter flip %(n)s")),
        (r"reward flip", _("reward flip")),
        (r"reward reflip \(Jokers are reflipped\)",
         _("reward reflip (Jokers are reflipped)")),
        (r"reward reflip \(the crew already has (?P<name>.+)\)",
         _("reward reflip (the crew already has %(name)s)")),
        (r"injury flip", _("injury flip")),
        (r"injury reflip \(a Joker\)", _("injury reflip (a Joker)")),
        (r"injury reflip \((?P<name>.+) cannot apply\)",
         _("injury reflip (%(name)s cannot apply)")),
        (r"Black Joker: extra injury flip " + n % "n" + r" of 2",
         _("Black Joker: extra injury flip %(n)s of 2")),
        (r"(?P<name>.+) Injuries flip", _("%(name)s Injuries flip")),
        (r"The Doc's", _("The Doc's")),
        (r"Those Who Thirst \(reflip a Joker\)", _("Those Who Thirst (reflip a Joker)")),
        (r"(?P<purpose>.+) \(card (?P<i>\d+) of (?P<total>\d+)\)",
         _("%(purpose)s (card %(i)s of %(total)s)")),
        # Aftermath steps (aftermath/services).
        (r"Aftermath hand: " + n % "n" + r" card\(s\)",
         _("Aftermath hand: %(n)s card(s)")),
        (r"Aftermath finished", _("Aftermath finished")),
        (r"Payday", _("Payday")),
        (r"(?P<purpose>.+): (?P<card>(?:1[0-3]|[1-9])[RMTC]|RJ|BJ)",
         _("%(purpose)s: %(card)s")),
        (r"No Bounty bought", _("No Bounty bought")),
        (r"Bought the Bounty (?P<name>.+)", _("Bought the Bounty %(name)s")),
        (r"Bought (?P<name>.+) for " + n % "cost" + r" scrip",
         _("Bought %(name)s for %(cost)s scrip")),
        (r"Sent (?P<model>.+) to the Doc's \(" + n % "cost" + r" scrip\)",
         _("Sent %(model)s to the Doc's (%(cost)s scrip)")),
        (r"Reward: the crew already has every result",
         _("Reward: the crew already has every result")),
        (r"Reward: (?P<name>.+)", _("Reward: %(name)s")),
        # The week's log and the crew's ledger.
        (r"Games open", _("Games open")),
        (r"New Hires open", _("New Hires open")),
        (r"Week closed", _("Week closed")),
        (FLIPPED, pgettext_lazy("week log", "Flipped: %(names)s")),
        (r"Individual Events: each game flips its own event",
         _("Individual Events: each game flips its own event")),
        (r"Event set by an organizer: (?P<reason>.*)",
         _("Event set by an organizer: %(reason)s")),
        (r"Starting arsenal: " + n % "models" + r" models for " + n % "total"
         + r" soulstones, " + n % "scrip" + r" scrip left over",
         _("Starting arsenal: %(models)s models for %(total)s soulstones, "
                 "%(scrip)s scrip left over")),
        (r"Unspent soulstones of the starting arsenal",
         _("Unspent soulstones of the starting arsenal")),
        # The rarer Aftermath steps: Fortification uses, Those Who Thirst, the Doc's,
        # Skills and Injury results kept or declined, Bounty progress.
        (r"(?P<purpose>.+): (?P<card>(?:1[0-3]|[1-9])[RMTC]|RJ|BJ) \(cheated\)",
         _("%(purpose)s: %(card)s (cheated)")),
        (r"Fortified Walls: \+ on (?P<model>.+)'s Injury flip \(1 Scrip\)",
         _("Fortified Walls: + on %(model)s's Injury flip (1 Scrip)")),
        (r"Rousing Eulogies: (?P<model>.+) flips twice and keeps one",
         _("Rousing Eulogies: %(model)s flips twice and keeps one")),
        (r"We Was Just Wrastlin': Injury card (?P<card>\S+) reflipped for 1 Scrip to "
         r"(?P<crew>.+)",
         _("We Was Just Wrastlin': Injury card %(card)s reflipped for 1 Scrip to "
                 "%(crew)s")),
        (r"Surgical Tools: Injury card (?P<card>\S+) reflipped",
         _("Surgical Tools: Injury card %(card)s reflipped")),
        (r"Fine Liquor: Barter card (?P<card>\S+) reflipped",
         _("Fine Liquor: Barter card %(card)s reflipped")),
        (r"Cash Box: one more Barter flip", _("Cash Box: one more Barter flip")),
        (r"Cash Box: another Barter flip", _("Cash Box: another Barter flip")),
        (r"Those Who Thirst: (?P<name>.+)", _("Those Who Thirst: %(name)s")),
        (r"Grand Tomb: (?P<model>.+) joins the Arsenal \(Undead\)",
         _("Grand Tomb: %(model)s joins the Arsenal (Undead)")),
        (r"Grand Tomb: (?P<model>.+) joins the Arsenal",
         _("Grand Tomb: %(model)s joins the Arsenal")),
        (r"Built (?P<fortification>[a-z0-9-]+)", _("Built %(fortification)s")),
        (r"(?P<name>.+): " + n % "amount" + r" Scrip \((?P<why>.+)\) \(a correction: the "
         r"game record does not show it\)",
         _("%(name)s: %(amount)s Scrip (%(why)s) (a correction: the game record "
                 "does not show it)")),
        (r"(?P<name>.+): " + n % "amount" + r" Scrip \((?P<why>.+)\)",
         _("%(name)s: %(amount)s Scrip (%(why)s)")),
        (r"The Doc's: (?P<model>.+) \((?P<doctor>black-joker|rams|crows|tomes|masks|"
         r"red-joker)\)", _("The Doc's: %(model)s (%(doctor)s)")),
        (r"(?P<model>.+): (?P<name>.+) kept in place of (?P<old>.+)",
         _("%(model)s: %(name)s kept in place of %(old)s")),
        (r"(?P<model>.+): (?P<name>.+) declined \(no room\)",
         _("%(model)s: %(name)s declined (no room)")),
        (r"(?P<model>.+): (?P<name>.+) taken", _("%(model)s: %(name)s taken")),
        (r"(?P<model>.+): (?P<name>.+) declined", _("%(model)s: %(name)s declined")),
        (r"(?P<name>.+) let go \(no model takes it\)",
         _("%(name)s let go (no model takes it)")),
        (r"The Wandering Relic goes to the winner",
         _("The Wandering Relic goes to the winner")),
        (r"(?P<name>.+) goes to (?P<model>.+)", _("%(name)s goes to %(model)s")),
        (r"Shaken wears off (?P<model>.+)", _("Shaken wears off %(model)s")),
        (r"Construction Material", _("Construction Material")),
        (r"(?P<name>.+): " + n % "counted" + r" of " + n % "target" + r" done \(completed\)",
         _("%(name)s: %(counted)s of %(target)s done (completed)")),
        (r"(?P<name>.+): " + n % "counted" + r" of " + n % "target" + r" done",
         _("%(name)s: %(counted)s of %(target)s done")),
        (TRAITOR, _("%(model)s annihilated: turned traitor")),
        (r"(?P<model>.+) turned traitor", _("%(model)s turned traitor")),
        (r"(?P<model>.+) was annihilated \(too many Injuries\)",
         _("%(model)s was annihilated (too many Injuries)")),
        (r"(?P<model>.+): no lasting harm", _("%(model)s: no lasting harm")),
        (r"A Sinner's Prayer: no model spared", _("A Sinner's Prayer: no model spared")),
        (r"A Sinner's Prayer: (?P<names>.+) spared the Injury flip",
         _("A Sinner's Prayer: %(names)s spared the Injury flip")),
        # Payday's lines (the Aftermath step and the scrip ledger) and Construction
        # Material's ("Game 4: winning").
        (r"Payday, game " + n % "game" + r": (?P<why>.+)",
         _("Payday, game %(game)s: %(why)s")),
        (n % "vp" + r" VP", _("%(vp)s VP")),
        (r"winning", _("winning")),
        (r"the lower Campaign Rating", _("the lower Campaign Rating")),
        (r"the weekly event", _("the weekly event")),
        (r"the Hide Out's income", _("the Hide Out's income")),
        (r"losing \(Hide Out\)", _("losing (Hide Out)")),
        (r"completing a Bounty \(Hide Out\)", _("completing a Bounty (Hide Out)")),
        (r"(?P<name>.+) \((?P<why>.+): the game record\)",
         _("%(name)s (%(why)s: the game record)")),
        (r"Deep Pockets \(in play at the end\)", _("Deep Pockets (in play at the end)")),
        (r"Enforcers and Henchmen still in play \(Extra Scrip\)",
         _("Enforcers and Henchmen still in play (Extra Scrip)")),
        (r"2 VP from a Scheme", _("2 VP from a Scheme")),
        (r"full Strategy VP", _("full Strategy VP")),
        # Why a Fortification pays (campaign.services.hideouts.TABLE_SCRIP).
        (r"the secretly noted enemy model was killed or sacrificed",
         _("the secretly noted enemy model was killed or sacrificed")),
        (r"the secretly noted friendly model was in play at the end",
         _("the secretly noted friendly model was in play at the end")),
        (r"the crew killed a Neutral model", _("the crew killed a Neutral model")),
        (r"five or more Scrap Markers were on the table at the end",
         _("five or more Scrap Markers were on the table at the end")),
        *_arsenal_templates(),
    ]


def _arsenal_templates() -> list[tuple[str, str]]:
    """The arsenal sheet's history (ArsenalEvent descriptions, campaign/services/arsenal.py
    and the Aftermath's services) and an Injury flip's result: shown with their names
    (models, Skills, Injuries, Upgrades, crews) marked English (``MARKED``)."""
    n = r"(?P<%s>\d+)"
    return [
        *_ledger_templates(),
        (r"Bounty reward: (?P<name>.+) on (?P<model>.+)",
         _("Bounty reward: %(name)s on %(model)s")),
        (r"Bounty reward: (?P<name>.+)", _("Bounty reward: %(name)s")),
        (r"(?P<model>.+) gained (?P<names>.+) at the Doc's",
         _("%(model)s gained %(names)s at the Doc's")),
        (r"(?P<name>.+) annihilated at the Doc's", _("%(name)s annihilated at the Doc's")),
        (r"(?P<name>.+) annihilated to make room for (?P<other>.+)",
         _("%(name)s annihilated to make room for %(other)s")),
        (r"(?P<name>.+) annihilated \(Shaken lasts one game\)",
         _("%(name)s annihilated (Shaken lasts one game)")),
        (r"(?P<model>.+) annihilated: one Injury too many",
         _("%(model)s annihilated: one Injury too many")),
        (r"(?P<model>.+) annihilated: one injury too many \((?P<name>.+) on top of "
         + n % "count" + r"\)",
         _("%(model)s annihilated: one Injury too many (%(name)s on top of %(count)s)")),
        (r"(?P<model>.+) annihilated: cut up for parts",
         _("%(model)s annihilated: cut up for parts")),
        (r"(?P<model>.+) annihilated: (?P<other>.+)",
         _("%(model)s annihilated: %(other)s")),
        (r"(?P<name>.+) annihilated with (?P<model>.+)",
         _("%(name)s annihilated with %(model)s")),
        (r"(?P<name>.+) paid out and annihilated",
         _("%(name)s paid out and annihilated")),
        (r"(?P<name>.+) annihilated", _("%(name)s annihilated")),
        (r"(?P<name>.+) used up: (?P<where>.+)", _("%(name)s used up: %(where)s")),
        (r"(?P<name>.+) used: (?P<where>.+) \(suffers " + n % "count" + r" damage\)",
         _("%(name)s used: %(where)s (suffers %(count)s damage)")),
        (r"(?P<name>.+) used: (?P<where>.+); kept by the Scrap Pile \(" + n % "count"
         + r" Scrip\)",
         _("%(name)s used: %(where)s; kept by the Scrap Pile (%(count)s Scrip)")),
        # Where a one-use item was used (campaign.services.one_use.spend's callers).
        (r"game " + n % "game" + r", turn " + n % "turn",
         _("game %(game)s, turn %(turn)s")),
        (r"Injury flip of (?P<model>.+) moved (?P<delta>[+-]\d+)",
         _("Injury flip of %(model)s moved %(delta)s")),
        (r"Barter card (?P<card>\S+) moved (?P<delta>[+-]\d+)",
         _("Barter card %(card)s moved %(delta)s")),
        # An upgrade traded or passed between crews (campaign.services.optional_rules).
        (r"(?P<name>.+) traded to (?P<crew>.+)", _("%(name)s traded to %(crew)s")),
        (r"(?P<name>.+) traded from (?P<crew>.+)", _("%(name)s traded from %(crew)s")),
        (r"(?P<name>.+) passed \(the Wandering Relic: no game in week " + n % "week"
         + r"\) to (?P<crew>.+)",
         _("%(name)s passed on (the Wandering Relic: no game in week %(week)s) to "
                 "%(crew)s")),
        (r"(?P<name>.+) passed \(the Wandering Relic: no game in week " + n % "week"
         + r"\) from (?P<crew>.+)",
         _("%(name)s passed on (the Wandering Relic: no game in week %(week)s) from "
                 "%(crew)s")),
        (r"(?P<name>.+) passed \(the Wandering Relic\) to (?P<crew>.+)",
         _("%(name)s passed on (the Wandering Relic) to %(crew)s")),
        (r"(?P<name>.+) passed \(the Wandering Relic\) from (?P<crew>.+)",
         _("%(name)s passed on (the Wandering Relic) from %(crew)s")),
        (r"(?P<name>.+) removed from (?P<model>.+) by (?P<other>.+)",
         _("%(name)s removed from %(model)s by %(other)s")),
        (r"(?P<model>.+) learned (?P<name>.+)", _("%(model)s learned %(name)s")),
        (r"(?P<model>.+) already has (?P<name>.+): no new injury",
         _("%(model)s already has %(name)s: no new Injury")),
        (r"(?P<model>.+) suffered (?P<name>.+)", _("%(model)s suffered %(name)s")),
        (r"Hired (?P<model>.+) for " + n % "cost" + r" scrip",
         _("Hired %(model)s for %(cost)s scrip")),
        (r"(?P<model>.+) joins as the crew's Master",
         _("%(model)s joins as the crew's Master")),
        (r"(?P<model>.+) now leads \(was (?P<other>.+)\)",
         _("%(model)s now leads (was %(other)s)")),
        (r"(?P<model>.+) now leads the crew \((?P<other>.+)\)",
         _("%(model)s now leads the crew (%(other)s)")),
        (r"(?P<model>.+) now leads the crew", _("%(model)s now leads the crew")),
        (r"(?P<name>.+) moved to the arsenal \(unattached\)",
         _("%(name)s moved to the arsenal (unattached)")),
        (r"(?P<name>.+) moved to (?P<model>.+)", _("%(name)s moved to %(model)s")),
        (r"The player started anew", _("The player started anew")),
        (r"Doppelganger: a copy of (?P<model>.+) joined the Arsenal",
         _("Doppelganger: a copy of %(model)s joined the Arsenal")),
        (r"(?P<model>.+) deserted (?P<crew>.+) and joined the crew",
         _("%(model)s deserted %(crew)s and joined the crew")),
        (r"(?P<name>Steamborg Executioner): (?P<model>Howard Langston) joined the Arsenal "
         r"\(no Rare 1\)",
         _("%(name)s: %(model)s joined the Arsenal (no Rare 1)")),
        (r"Grand Tomb: (?P<model>.+) added to the Arsenal, with the Undead Characteristic",
         _("Grand Tomb: %(model)s added to the Arsenal, with the Undead "
                 "Characteristic")),
        (r"Grand Tomb: (?P<model>.+) added to the Arsenal",
         _("Grand Tomb: %(model)s added to the Arsenal")),
        (r"(?P<other>[^:]+): (?P<model>.+) added to the Arsenal",
         _("%(other)s: %(model)s added to the Arsenal")),
        (r"The Event: (?P<name>.+) joins the arsenal",
         _("The Event: %(name)s joins the arsenal")),
        (r"(?P<name>.+) came to the crew: the Wandering Relic",
         _("%(name)s came to the crew: the Wandering Relic")),
        (r"Catch-up flip " + n % "count" + r" bought (?P<name>.+)",
         _("Catch-up flip %(count)s bought %(name)s")),
        (r"Catch-up Barter flip " + n % "count", _("Catch-up Barter flip %(count)s")),
        (r"Catch-up Barter flip " + n % "count" + r": (?P<card>[0-9A-Za-z:]+)",
         _("Catch-up Barter flip %(count)s: %(card)s")),
        (r"(?P<name>.+) added to (?P<model>.+)", _("%(name)s added to %(model)s")),
        (r"(?P<name>.+) added", _("%(name)s added")),
        # An Injury flip's result (aftermath/services/injury_flips._describe).
        (r"(?P<model>.+): (?P<results>" + _result() + r"(?:, " + _result() + r")*)",
         _("%(model)s: %(results)s")),
        (r"(?P<model>.+) gained (?P<name>.+)", _("%(model)s gained %(name)s")),
    ]


def _ledger_templates() -> list[tuple[str, str]]:
    """The scrip ledger's reasons (campaign/services, aftermath/services, the game's
    Fortifications), a change of station and the week's hires: names marked English, a
    station in the reader's language. First of the arsenal's, before its wider shapes."""
    n = r"(?P<%s>\d+)"
    stations = "|".join(STATIONS)
    return [
        (r"(?P<model>.+) changed station: (?P<from_station>" + stations + r") to "
         r"(?P<to_station>" + stations + r")",
         _("%(model)s changed station: %(from_station)s to %(to_station)s")),
        (r"(?P<fortification>Memento Mori): (?P<model>.+) injured",
         _("%(fortification)s: %(model)s injured")),
        (r"(?P<fortification>Marble Headstones): (?P<model>.+) lost",
         _("%(fortification)s: %(model)s lost")),
        (r"Scrap Pile: kept (?P<name>.+)", _("Scrap Pile: kept %(name)s")),
        (r"Catch-up Barter: (?P<name>.+)", _("Catch-up Barter: %(name)s")),
        (r"Barter: (?P<name>.+)", pgettext_lazy("scrip ledger", "Barter: %(name)s")),
        (r"Bounty: (?P<name>.+)", pgettext_lazy("scrip ledger", "Bounty: %(name)s")),
        (r"The Doc's: (?P<model>.+)", _("The Doc's: %(model)s")),
        (r"Cut 'Em Up For Parts: (?P<model>.+)", _("Cut 'Em Up For Parts: %(model)s")),
        (r"Fortified Walls: (?P<model>.+)'s Injury flip",
         _("Fortified Walls: %(model)s's Injury flip")),
        (r"We Was Just Wrastlin': paid to (?P<crew>.+)",
         _("We Was Just Wrastlin': paid to %(crew)s")),
        (r"We Was Just Wrastlin': paid by (?P<crew>.+)",
         _("We Was Just Wrastlin': paid by %(crew)s")),
        (r"A Sinner's Prayer: (?P<model>.+)", _("A Sinner's Prayer: %(model)s")),
        (r"(?P<fortification>Brain In a Jar): reflipped initiative, Turn " + n % "turn"
         + r" \(Game " + n % "game" + r"\)",
         _("%(fortification)s: reflipped initiative, Turn %(turn)s (Game %(game)s)")),
        (r"(?P<fortification>Metal Servant): reflipped the Strategy flip \((?P<card>\S+)\) "
         r"\(Game " + n % "game" + r"\)",
         _("%(fortification)s: reflipped the Strategy flip (%(card)s) (Game %(game)s)")),
        (r"(?P<fortification>BBQ): healed 1 damage on (?P<model>.+), Turn " + n % "turn"
         + r" \(Game " + n % "game" + r"\)",
         _("%(fortification)s: healed 1 damage on %(model)s, Turn %(turn)s (Game %(game)s)")),
        (r"Traded to (?P<crew>.+)", _("Traded to %(crew)s")),
        (r"Traded from (?P<crew>.+)", _("Traded from %(crew)s")),
        (r"(?P<name>Wanted): (?P<model>.+) of (?P<crew>.+) fell",
         _("%(name)s: %(model)s of %(crew)s fell")),
        (r"Over the weekly cap of " + n % "cap" + r": (?P<line>.+)",
         _("Over the weekly cap of %(cap)s: %(line)s")),
        (r"Late start: " + n % "scrip" + r" scrip for each of " + n % "weeks"
         + r" week\(s\) past the first",
         _("Late start: %(scrip)s scrip for each of %(weeks)s week(s) past the first")),
        (r"Starting arsenal beyond the soulstone budget",
         _("Starting arsenal beyond the soulstone budget")),
        (r"New Hires, week " + n % "week", _("New Hires, week %(week)s")),
        (r"Master (?P<model>.+) joins", _("Master %(model)s joins")),
        (r"A Bullet With Your Name: (?P<crew>.+)'s Leader",
         _("A Bullet With Your Name: %(crew)s's Leader")),
        (r"Pit Fight", _("Pit Fight")),
        (r"Built (?P<fortification>.+)", _("Built %(fortification)s")),
        (r"Wandering Mercenaries: (?P<model>.+) stays with the crew \(" + n % "count"
         + r" games\)",
         _("Wandering Mercenaries: %(model)s stays with the crew (%(count)s games)")),
        (r"Library: Reward card (?P<card>\S+) reflipped",
         _("Library: Reward card %(card)s reflipped")),
    ]


#: The stations' names as the services store them (English), for the reader's own.
STATIONS = {"Master": _("Master"), "Henchman": _("Henchman"), "Enforcer": _("Enforcer"),
            "Minion": _("Minion"), "Peon": _("Peon")}

ELECTRODES = " (ignored: Electrodes)"
#: The weekly event's lines (its flips' purposes, its log): the events' names marked.
WEEK = r"Week (?P<week>\d+): (?P<purpose>.+)"
AFTER = r"another event after (?P<name>.+)"
REFLIP = r"reflip \((?P<why>.+)\)"
FOR_GAMES = r"(?P<name>.+) is reflipped for the games"
FOR_A_GAME = r"(?P<name>.+) is reflipped for a single game"
SET_TO = r"Event set to (?P<name>.+?): (?P<reason>.*)"
FLIPPED = r"Flipped: (?P<names>.+)"
WEEK_LINES = (WEEK, AFTER, REFLIP, FOR_GAMES, FOR_A_GAME, SET_TO, FLIPPED)
TRAITOR = r"(?P<model>.+) annihilated: turned traitor"


def _result() -> str:
    """One result an Injury flip gives: a name from the Injury charts, perhaps with the
    Lab's Electrodes cancelling its missed game."""
    names = "|".join(re.escape(name) for name in sorted(_injury_names(), key=len,
                                                          reverse=True))
    return r"(?:" + names + r")(?:" + re.escape(ELECTRODES) + r")?"


@lru_cache(maxsize=1)
def _injury_names() -> frozenset[str]:
    return frozenset(name for _key, name in keyed_rows("injuries*.json")) or frozenset(["-"])


@lru_cache(maxsize=1)
def _marked() -> frozenset[str]:
    """The patterns whose names are marked English on a French page."""
    return frozenset([TRAITOR, *WEEK_LINES,
                      *(pattern for pattern, _template in _arsenal_templates())])


@lru_cache(maxsize=1)
def _lines() -> list[tuple[re.Pattern, str, str]]:
    """(compiled pattern, pattern, lazy template), made once: a template becomes text in
    the request's language only when a line matches (translating every template for
    every line of a game page's log cost it tens of milliseconds)."""
    return [(re.compile(raw + r"\Z"), raw, template) for raw, template in _templates()]


def translated(text: str) -> str:
    """``text`` (a stored English log line) in the active language, or as it was."""
    return _render(text, mark=False)


def shown(text: str) -> str:
    """``text`` for a page: as ``translated``; on a French page a line of the arsenal's
    history or an Injury flip's result comes as HTML with its names marked English."""
    from django.utils.translation import get_language

    return _render(text, mark=(get_language() or "").startswith("fr"))


def _render(text: str, *, mark: bool) -> str:
    if not text:
        return text
    for pattern, raw, template in _lines():
        match = pattern.match(text)
        if match:
            if mark and raw in _marked():
                groups = match.groupdict()
                if raw == FLIPPED:  # "A then B": each event's name marked
                    groups["names"] = mark_safe(pgettext("events", " then ").join(
                        _english(name) for name in groups["names"].split(" then ")))
                return _fill(template, groups)
            parts = {k: translated(v) if k in ("purpose", "why") else v
                     for k, v in match.groupdict().items()}
            if "doctor" in parts:
                parts["doctor"] = _doctor_result(parts["doctor"])
            if "fortification" in parts:
                parts["fortification"] = hide_out_name(_rule_name(parts["fortification"]))
            if "marker" in parts:
                parts.update(_markers(parts))
            if "kind" in parts:
                parts["kind"] = kind_name(parts["kind"])
            if "summary" in parts:  # a table's summary (table-only results, the Traveler)
                parts["summary"] = str(said_from_english(parts["summary"]))
            if "win_type" in parts:
                parts["win_type"] = _win_type(parts["win_type"])
            if "outcome" in parts:
                parts["outcome"] = gettext(parts["outcome"])
            if "how" in parts:
                parts["how"] = gettext(parts["how"].capitalize()).lower()
            if "card" in parts:  # "5C" as people read it: "5 of Crows"
                parts["card"] = card_label(parts["card"])
            if "results" in parts:
                parts["results"] = _results(parts["results"], mark=False)
            for key in ("from_station", "to_station"):
                if key in parts:
                    parts[key] = str(STATIONS.get(parts[key], parts[key]))
            if raw == FLIPPED:
                parts["names"] = pgettext("events", " then ").join(parts["names"].split(" then "))
            if "line" in parts:
                parts["line"] = translated(parts["line"])
            return template % parts
    return text


def _fill(template: str, groups: dict[str, str]) -> SafeString:
    """``template`` (translated) with its names escaped and marked English, its numbers
    escaped."""
    out = []
    for index, piece in enumerate(re.split(r"%\((\w+)\)s", str(template))):
        if not index % 2:
            out.append(escape(piece))
        elif isinstance(groups[piece], SafeString):
            out.append(groups[piece])
        elif piece == "reason":  # a person's own words, in their language
            out.append(escape(groups[piece]))
        elif piece == "results":
            out.append(_results(groups[piece], mark=True))
        elif piece in ("from_station", "to_station"):
            out.append(escape(str(STATIONS.get(groups[piece], groups[piece]))))
        elif piece == "fortification":  # in the reader's language where it has a name
            name = _rule_name(groups[piece])
            out.append(escape(hide_out_name(name)) if known(name) else _english(name))
        elif piece in ("where", "line", "purpose", "why"):
            where = _render(groups[piece], mark=True)
            if isinstance(where, SafeString):
                out.append(where)
            else:  # a line of no marked shape: translated, or else English as stored
                out.append(escape(where) if where != groups[piece] else _english(where))
        elif piece == "card":  # "5C" as people read it: "5 of Crows"
            out.append(escape(card_label(groups[piece])))
        elif re.fullmatch(r"[+-]?\d+", groups[piece]):
            out.append(escape(groups[piece]))
        else:
            out.append(_english(groups[piece]))
    return mark_safe("".join(out))


def _english(text: str) -> SafeString:
    return format_html('<span lang="en">{}</span>', text)


def _results(text: str, *, mark: bool) -> str:
    """An Injury flip's results ("Fragile, Knocked Out (ignored: Electrodes)")."""
    out = []
    for result in text.split(", "):
        if result.endswith(ELECTRODES):
            template = gettext("%(name)s (ignored: %(fortification)s)")
            parts = {"name": result[:-len(ELECTRODES)], "fortification": "Electrodes"}
            out.append(_fill(template, parts) if mark else template % parts)
        else:
            out.append(_english(result) if mark else result)
    return mark_safe(", ".join(out)) if mark else ", ".join(out)


def _doctor_result(key: str) -> str:
    """A Good Doctor row key ("crows", "black-joker") as the card it stands for."""
    jokers = {"black-joker": gettext("Black Joker"), "red-joker": gettext("Red Joker")}
    return jokers.get(key) or suit_names().get(key[:1].upper(), key)


def _rule_name(key: str) -> str:
    return rule_names().get(key, key)


def _win_type(key: str) -> str:
    """How a Malediction match was won (malediction.models.WinType), mid-sentence."""
    label = {"threshold": gettext("Threshold reached with the most mastery"),
             "deck_out": gettext("The opponent could not draw"),
             "concession": gettext("Concession (organizer ruling)"),
             "no_show": gettext("No-show (organizer ruling)"),
             "bye": gettext("Bye")}.get(key, key)
    return label[:1].lower() + label[1:]


def _markers(parts: dict[str, str]) -> dict[str, str]:
    """A Marker change's words (encounters.services.table): which Markers, placed or
    removed, where on the table."""
    markers = {"Scheme": pgettext("markers", "Scheme Marker(s)"),
               "Corpse": pgettext("markers", "Corpse Marker(s)"),
               "Scrap": pgettext("markers", "Scrap Marker(s)")}
    done = {"placed": pgettext("markers", "placed"),
            "removed": pgettext("markers", "removed"),
            "removed (Interact)": pgettext("markers", "removed (Interact)")}
    where = parts["on_table"]
    on_table = (pgettext("markers", "in the centre") if where == "the centre" else
                pgettext("markers", "in quarter %(quarter)s") % {"quarter": where[-1]})
    return {"marker": markers[parts["marker"]], "done": done[parts["done"]],
            "on_table": on_table}
