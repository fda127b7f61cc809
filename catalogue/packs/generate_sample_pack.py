"""Write ``sample-pack.json``: invented sample cards, enough to run whole campaigns.

Run ``python -m catalogue.packs.generate_sample_pack`` after changing the tables below; the
output is deterministic, so the committed JSON only changes when the tables do. Every
name starts with "Sample" and every text is our own: these are not official stat cards.

Per faction: a Master with its Totem and an Avatar upgrade, two Henchmen (one costs 0,
for the campaign's "13 minus cache" rule), three Enforcers, four Minions (Rare 3,
Rare 2, Unique, unlimited), two Peons and five upgrades (Limited, Rare 1, a station
restriction, a Leader or model name); plus Mercenaries, a dual-faction model and
upgrades for any faction.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

OUTPUT = Path(__file__).with_name("sample-pack.json")

PACK = {
    "name": "Sample Pack (sample data: not official stat cards)",
    "slug": "sample-pack",
    "version": "1",
    "description": (
        "Invented models and upgrades for trying the campaign manager on a fresh install. "
        "Names, numbers and rules text are made up and are not Wyrd Miniatures' cards; "
        "import your group's own pack for real games."
    ),
    "is_sample": True,
}


@dataclass(frozen=True)
class Theme:
    """A faction's flavour: the words its sample cards are built from."""

    code: str
    suit: str
    kind: str
    melee: str
    gun: str
    spell: str
    tactic: str
    ability: tuple[str, str]
    trigger: tuple[str, str]


THEMES = [
    Theme("arcanists", "tomes", "Living", "Frosted Knuckles", "Spark Caster", "Ice Lance",
          "Stoke the Boilers", ("Union Card", "When this model is hired, friendly Construct "
          "models within 6\" may ignore the first point of damage from Blasts."),
          ("Deep Chill", "The target gains Slow.")),
    Theme("gremlins", "rams", "Living", "Rusty Cleaver", "Blunderbuss", "Hog Call",
          "Swig of Moonshine", ("Reckless Kin", "Once per activation, this model may take "
          "1 damage to gain 1 extra general action."),
          ("Splash of Mud", "Push the target 2\" directly away from this model.")),
    Theme("guild", "rams", "Living", "Service Sabre", "Long Rifle", "Writ of Arrest",
          "Call the Watch", ("Chain of Command", "Friendly Guild models within 6\" may use "
          "this model's Wp when they resist Horror duels."),
          ("Pinned Down", "The target may not take the Walk action until its next activation.")),
    Theme("neverborn", "masks", "Nightmare", "Thorned Claws", "Needle Spit", "Whispered Dread",
          "Fade Into Mist", ("Shifting Shape", "Enemy models targeting this model with Sh "
          "actions suffer a negative twist."),
          ("Bad Dream", "The target gains Paralyzed if it has no cards in its owner's hand.")),
    Theme("outcasts", "crows", "Living", "Worn Machete", "Sawn-Off Shotgun", "Curse of Want",
          "Count the Coin", ("Paid in Advance", "Once per turn this model may discard a card "
          "to add +1 to its next duel total."),
          ("Lucky Shot", "Deal 1 extra damage.")),
    Theme("resurrectionists", "crows", "Undead", "Grave Spade", "Corpse Bile", "Call the Dead",
          "Dig Fresh Graves", ("Slow to Fall", "When this model is killed, it may take one "
          "Ml action before it is removed."),
          ("Rotting Touch", "The target gains Poison +1.")),
    Theme("ten-thunders", "masks", "Living", "Folded Blade", "Short Bow", "Lantern Hex",
          "Quiet Steps", ("Many Faces", "After deployment, this model may be placed in base "
          "contact with a friendly Minion."),
          ("Hidden Cut", "This model may push up to 3\" after the action resolves.")),
]  # fmt: skip

#: name, station, cost, cache, extras. One row per card, per faction.
ROSTERS = {
    "arcanists": [
        ("Sample Ice Conductor", "master", None, 3, {}),
        ("Sample Frost Wisp", "totem", 3, None, {}),
        ("Sample Foundry Foreman", "henchman", 0, 2, {}),
        ("Sample Aether Savant", "henchman", 8, 2, {}),
        ("Sample Mech Bruiser", "enforcer", 9, None, {"kind": "Construct", "base": 50}),
        ("Sample Steam Lancer", "enforcer", 8, None, {}),
        ("Sample Snow Mauler", "enforcer", 10, None, {"kind": "Beast", "base": 50}),
        ("Sample Union Miner", "minion", 5, None, {}),
        ("Sample Ice Acolyte", "minion", 6, None, {"rare": 3}),
        ("Sample Clockwork Hound", "minion", 4, None, {"rare": 2, "kind": "Construct"}),
        ("Sample Storm Bell", "minion", 7, None, {"unique": True, "kind": "Construct"}),
        ("Sample Brass Sprite", "peon", 3, None, {"kind": "Construct"}),
        ("Sample Coal Runner", "peon", 2, None, {}),
        ("Sample Clockwork Sellsword", "minion", 5, None, {"merc": True, "kind": "Construct"}),
    ],
    "gremlins": [
        ("Sample Bayou Boss", "master", None, 2, {}),
        ("Sample Swamp Piglet", "totem", 2, None, {"kind": "Beast"}),
        ("Sample Moonshine Granny", "henchman", 0, 2, {}),
        ("Sample Hog Wrangler", "henchman", 7, 1, {}),
        ("Sample Bayou Bruiser", "enforcer", 8, None, {}),
        ("Sample Tin-Can Tinkerer", "enforcer", 7, None, {}),
        ("Sample Gator Rider", "enforcer", 9, None, {"base": 50}),
        ("Sample Bayou Scrapper", "minion", 4, None, {}),
        ("Sample Swamp Gunner", "minion", 5, None, {"rare": 3}),
        ("Sample War Pig", "minion", 7, None, {"rare": 2, "kind": "Beast", "base": 40}),
        ("Sample Lucky Stilt", "minion", 6, None, {"unique": True}),
        ("Sample Bog Piglet", "peon", 2, None, {"kind": "Beast"}),
        ("Sample Mud Skink", "peon", 3, None, {}),
        ("Sample Bayou Bounty Hunter", "enforcer", 7, None, {"merc": True}),
    ],
    "guild": [
        ("Sample Guild Marshal", "master", None, 3, {}),
        ("Sample Marshal's Hound", "totem", 3, None, {"kind": "Beast"}),
        ("Sample Precinct Sergeant", "henchman", 0, 3, {}),
        ("Sample Rifle Lieutenant", "henchman", 9, 2, {}),
        ("Sample Heavy Warden", "enforcer", 9, None, {"base": 40}),
        ("Sample Arc-Lamp Inquisitor", "enforcer", 8, None, {}),
        ("Sample Bounty Tracker", "enforcer", 7, None, {}),
        ("Sample Guild Patrolman", "minion", 5, None, {}),
        ("Sample Street Constable", "minion", 4, None, {"rare": 3}),
        ("Sample Death Clerk", "minion", 7, None, {"rare": 2}),
        ("Sample Marshal's Standard", "minion", 6, None, {"unique": True}),
        ("Sample Guild Informant", "peon", 2, None, {}),
        ("Sample Watch Dog", "peon", 3, None, {"kind": "Beast"}),
        ("Sample Borderland Scout", "minion", 5, None, {"also": "outcasts"}),
    ],
    "neverborn": [
        ("Sample Thorn Queen", "master", None, 4, {}),
        ("Sample Whispering Moth", "totem", 3, None, {"kind": "Nightmare"}),
        ("Sample Dream Weaver", "henchman", 0, 3, {}),
        ("Sample Hollow Huntress", "henchman", 10, 2, {}),
        ("Sample Bramble Stalker", "enforcer", 8, None, {"kind": "Beast"}),
        ("Sample Mirror Twin", "enforcer", 7, None, {}),
        ("Sample Night Terror Beast", "enforcer", 10, None, {"kind": "Beast", "base": 50}),
        ("Sample Briar Sprite", "minion", 4, None, {}),
        ("Sample Shadow Kin", "minion", 6, None, {"rare": 3}),
        ("Sample Wailing Doll", "minion", 5, None, {"rare": 2, "kind": "Construct"}),
        ("Sample Old Oak Sentinel", "minion", 8, None, {"unique": True, "base": 50}),
        ("Sample Lost Lamb", "peon", 2, None, {}),
        ("Sample Will-o-Wisp", "peon", 4, None, {"kind": "Spirit"}),
    ],
    "outcasts": [
        ("Sample Drifter Captain", "master", None, 2, {}),
        ("Sample Rusty Raven", "totem", 2, None, {"kind": "Beast"}),
        ("Sample Gun-for-Hire Chief", "henchman", 0, 2, {"merc": True}),
        ("Sample Plague Surgeon", "henchman", 9, 2, {}),
        ("Sample Hired Duelist", "enforcer", 8, None, {}),
        ("Sample Scrap Golem", "enforcer", 9, None, {"kind": "Construct", "base": 50}),
        ("Sample Desert Nomad", "enforcer", 7, None, {}),
        ("Sample Freelance Rifleman", "minion", 5, None, {}),
        ("Sample Void Cultist", "minion", 4, None, {"rare": 3}),
        ("Sample Road Bandit", "minion", 6, None, {"rare": 2}),
        ("Sample Wandering Bard", "minion", 7, None, {"unique": True}),
        ("Sample Camp Follower", "peon", 2, None, {}),
        ("Sample Scavenger Rat", "peon", 3, None, {"kind": "Beast"}),
        ("Sample Roving Gunslinger", "enforcer", 8, None, {"merc": True}),
    ],
    "resurrectionists": [
        ("Sample Grave Binder", "master", None, 3, {}),
        ("Sample Bone Familiar", "totem", 3, None, {}),
        ("Sample Crypt Keeper", "henchman", 0, 3, {}),
        ("Sample Stitching Doctor", "henchman", 8, 1, {"kind": "Living"}),
        ("Sample Flesh Hulk", "enforcer", 10, None, {"base": 50}),
        ("Sample Drowned Revenant", "enforcer", 8, None, {}),
        ("Sample Bone Knight", "enforcer", 9, None, {"base": 40}),
        ("Sample Shambling Dead", "minion", 4, None, {}),
        ("Sample Grave Hound", "minion", 5, None, {"rare": 3, "kind": "Beast"}),
        ("Sample Mourning Spirit", "minion", 6, None, {"rare": 2, "kind": "Spirit"}),
        ("Sample Headless Coachman", "minion", 8, None, {"unique": True, "base": 50}),
        ("Sample Bone Crawler", "peon", 2, None, {}),
        ("Sample Carrion Crow", "peon", 3, None, {"kind": "Beast"}),
        ("Sample Corpse Peddler", "peon", 3, None, {"merc": True, "kind": "Living"}),
    ],
    "ten-thunders": [
        ("Sample Lantern Oyabun", "master", None, 3, {}),
        ("Sample Paper Crane", "totem", 2, None, {"kind": "Construct"}),
        ("Sample Tea House Matron", "henchman", 0, 2, {}),
        ("Sample Blade Sensei", "henchman", 10, 2, {}),
        ("Sample Oni Enforcer", "enforcer", 10, None, {"kind": "Nightmare", "base": 50}),
        ("Sample Smoke Assassin", "enforcer", 8, None, {}),
        ("Sample Iron Monk", "enforcer", 7, None, {}),
        ("Sample Thunder Archer", "minion", 5, None, {}),
        ("Sample Jade Acolyte", "minion", 4, None, {"rare": 3}),
        ("Sample Fire Dancer", "minion", 6, None, {"rare": 2}),
        ("Sample Temple Guardian", "minion", 8, None, {"unique": True, "base": 40}),
        ("Sample Lantern Runner", "peon", 2, None, {}),
        ("Sample Ink Spirit", "peon", 3, None, {"kind": "Spirit"}),
        ("Sample Hired Blade", "minion", 6, None, {"merc": True}),
    ],
}

#: Upgrades per faction: (name suffix, cost, restrictions, effect).
FACTION_UPGRADES = {
    "limited": (2, {"limited": True}, "Once per turn this model may add a suit of its faction "
                "to one duel total."),
    "relic": (2, {"rare": 1}, "This model gains +1 Wd. The crew may hold only one."),
    "drill": (1, {"stations": ["enforcer"]}, "This Enforcer may take the Charge action even "
              "when engaged."),
    "orders": (1, {"leader": True}, "Only in a crew led by the named Master: once per turn "
               "a friendly model within 6\" of the Leader may take a free Walk action."),
    "favour": (1, {"henchman": True}, "Only the named Henchman: it may discard a card to "
               "gain a positive twist on its next duel."),
    "avatar": (2, {"avatar": True}, "When this Master's manifest requirement is met, it "
               "gains +1 Df and +1 Wp and heals 2 damage."),
}  # fmt: skip

UPGRADE_NAMES = {
    "arcanists": ("Oath of the Union", "Frozen Heart Relic", "Boiler Drill",
                  "Conductor's Baton", "Foreman's Ledger"),
    "gremlins": ("Kinfolk Oath", "Lucky Horseshoe", "Hog-Wrestling Drill",
                 "Boss's Holler", "Granny's Jug"),
    "guild": ("Oath of Service", "Marshal's Badge", "Riot Drill",
              "Marshal's Orders", "Sergeant's Whistle"),
    "neverborn": ("Thorn Pact", "Heart of the Briar", "Hunting Drill",
                  "Queen's Whisper", "Weaver's Thread"),
    "outcasts": ("Mercenary Oath", "Lucky Silver Dollar", "Ambush Drill",
                 "Captain's Bounty", "Chief's Contract"),
    "resurrectionists": ("Grave Pact", "Binding Skull", "Shambling Drill",
                         "Binder's Command", "Keeper's Lantern"),
    "ten-thunders": ("Thunder Oath", "Jade Token", "Temple Drill",
                     "Oyabun's Favour", "Matron's Tea Set"),
}  # fmt: skip

ANY_FACTION_UPGRADES = [
    {"name": "Sample Soulstone Charm", "cost": 1, "rare": 2,
     "effect": "Once per game this model may treat one soulstone it spends as two."},
    {"name": "Sample Spare Ammunition", "cost": 1, "stations": ["henchman", "enforcer"],
     "effect": "This model's Sh actions gain +1 to their range."},
    {"name": "Sample Field Dressing", "cost": 1, "limited": True,
     "effect": "Once per game this model heals 2 damage as a tactical action."},
    {"name": "Sample Leader's Coat", "cost": 2, "leader_only": True,
     "effect": "The crew's Leader may reflip one Black Joker once per game."},
]  # fmt: skip

STATS = {
    # wk, cg, ht, wp, df, wd, base, melee Ml, damage
    "master": (5, 6, 2, 7, 5, 13, 30, 6, "2/4/5"),
    "totem": (5, None, 1, 5, 5, 4, 30, 4, "1/2/3"),
    "henchman": (5, 7, 2, 6, 5, 10, 30, 6, "2/3/5"),
    "enforcer": (5, 7, 2, 5, 4, 9, 30, 6, "2/4/5"),
    "minion": (5, 6, 2, 4, 4, 6, 30, 5, "2/3/4"),
    "peon": (5, None, 1, 4, 4, 3, 30, 4, "1/2/3"),
}


def _model(theme: Theme, index: int, row: tuple, master: str) -> dict:
    name, role, cost, cache, extras = row
    wk, cg, ht, wp, df, wd, base, ml, damage = STATS[role]
    station = "minion" if role == "totem" else role
    nudge = (index + len(theme.code)) % 2  # small, deterministic variety between cards
    factions = sorted({theme.code, extras.get("also", theme.code)})
    card = {
        "name": name,
        "factions": factions,
        "station": station,
        "characteristics": [extras.get("kind", theme.kind)],
        "is_mercenary": bool(extras.get("merc")),
        "is_unique": bool(extras.get("unique")) or role in ("master", "totem"),
        "rare": extras.get("rare"),
        "is_totem": role == "totem",
        "totem_of": master if role == "totem" else "",
        "cost": cost,
        "cache": cache,
        "wk": wk + (nudge if role in ("minion", "enforcer") else 0),
        "cg": None if cg is None else cg + nudge,
        "ht": 3 if extras.get("base") == 50 else ht,
        "wp": wp + (1 - nudge if role != "peon" else 0),
        "df": df + nudge,
        "wd": wd + (2 if extras.get("base") == 50 else nudge),
        "base_size": extras.get("base", base),
        "abilities": _abilities(theme, role),
        "actions": _actions(theme, role, ml + nudge, damage),
    }
    return card


def _abilities(theme: Theme, role: str) -> list[dict]:
    name, text = theme.ability
    abilities = [{"name": name, "text": text}]
    if role == "master":
        abilities.append(
            {"name": "Commanding Presence", "text": 'Friendly models within 6" add +1 to Wp duels.'}
        )
    elif role == "totem":
        abilities = [
            {
                "name": "Bound Familiar",
                "text": "If its Master is killed, this model gains Slow for the rest of the game.",
            }
        ]
    elif role == "enforcer":
        abilities.append(
            {"name": "Thick Hide", "text": "Reduce damage from Sh actions against this model by 1."}
        )
    elif role == "peon":
        abilities = [
            {"name": "Underfoot", "text": "This model ignores friendly models while moving."}
        ]
    return abilities


def _trigger(theme: Theme) -> dict:
    name, text = theme.trigger
    return {"suits": [theme.suit], "name": name, "text": text}


def _actions(theme: Theme, role: str, ml: int, damage: str) -> list[dict]:
    reach = '2"' if role in ("master", "enforcer") else '1"'
    melee = {
        "name": theme.melee,
        "stat": "Ml",
        "value": ml,
        "range": reach,
        "resist": "Df",
        "damage": damage,
    }
    if role in ("master", "henchman", "enforcer", "minion"):
        melee["triggers"] = [_trigger(theme)]
    actions = [melee]
    if role in ("master", "henchman"):
        actions.append(
            {
                "name": theme.spell,
                "stat": "Ca",
                "value": ml,
                "suits": [theme.suit],
                "range": '10"',
                "resist": "Wp",
                "damage": "2/3/4",
                "triggers": [
                    {
                        "suits": ["tomes"],
                        "name": "Lingering Magic",
                        "text": "The target suffers 1 damage at the end of its next activation.",
                    }
                ],
            }
        )
        actions.append(
            {
                "name": theme.tactic,
                "stat": "Ca",
                "value": ml - 1,
                "tn": 12,
                "range": 'Pulse 6"',
                "text": "Friendly models in range may heal 1 damage.",
            }
        )
    elif role == "enforcer" or (role == "minion" and len(theme.gun) % 2):
        actions.append(
            {
                "name": theme.gun,
                "stat": "Sh",
                "value": ml - 1,
                "range": '12"',
                "resist": "Df",
                "damage": "2/3/4",
            }
        )
    elif role == "peon":
        actions.append(
            {
                "name": "Fetch and Carry",
                "range": '1"',
                "text": "Take an Interact action that does not need a duel.",
            }
        )
    return actions


def _upgrades(theme: Theme, roster: list[tuple]) -> list[dict]:
    master = next(r[0] for r in roster if r[1] == "master")
    free_henchman = next(r[0] for r in roster if r[1] == "henchman" and r[2] == 0)
    names = dict(
        zip(
            ("limited", "relic", "drill", "orders", "favour"),
            UPGRADE_NAMES[theme.code],
            strict=True,
        )
    )
    names["avatar"] = f"Avatar of the {master.removeprefix('Sample ')}"
    upgrades = []
    for key, (cost, rule, effect) in FACTION_UPGRADES.items():
        card = {
            "name": f"Sample {names[key]}",
            "factions": [theme.code],
            "cost": cost,
            "effect": effect,
        }
        card.update({k: v for k, v in rule.items() if k in ("limited", "rare", "stations")})
        if rule.get("leader"):
            card["leader_name"] = master
        if rule.get("henchman"):
            card["model_name"] = free_henchman
        if rule.get("avatar"):
            card.update(is_avatar=True, limited=True, stations=["master"], model_name=master)
        upgrades.append(card)
    return upgrades


def build() -> dict:
    models, upgrades = [], []
    for theme in THEMES:
        roster = ROSTERS[theme.code]
        master = next(r[0] for r in roster if r[1] == "master")
        models += [_model(theme, i, row, master) for i, row in enumerate(roster)]
        upgrades += _upgrades(theme, roster)
    upgrades += [{"factions": [], **card} for card in ANY_FACTION_UPGRADES]
    return {"format": 1, "pack": PACK, "models": models, "upgrades": upgrades}


def main() -> None:
    OUTPUT.write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n")
    print(f"Wrote {OUTPUT}")


if __name__ == "__main__":
    main()
