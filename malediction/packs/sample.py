"""The sample pack: invented Malediction cards, labelled as sample data, so everything
runs on a fresh machine. Every name and text here is our own, not the publisher's.

Four factions, each with a Seeker and its Legacy, 14 units, spells and items; one more
Seeker bears two sigils; a few cards bear no sigil (they fit any deck); a 15-card relic
deck; terrain cards with their pieces.
"""

from __future__ import annotations

from typing import Any

from malediction.models import CardPack, Sigil
from malediction.packs.schema import FORMAT, slugify

SAMPLE_SLUG = "malediction-sample"

#: (sigil, Seeker, Legacy, echo, the Seeker's stats, 14 unit names, spells, items)
FACTIONS: list[dict[str, Any]] = [
    {"sigil": Sigil.PRIMAL_BLOOD, "seeker": "Vorna of the Red Thicket",
     "legacy": "Oath of the Red Thicket", "echo": 4,
     "stats": (3, "4/2", 0, 5, 11, 14),
     "units": ["Thornhide Stalker", "Marrow Hound", "Ashfang Scout", "Bristleback Brute",
               "Cinder Lynx", "Gorewood Shaman", "Howling Packmother", "Mossjaw Lurker",
               "Rootbound Guardian", "Emberclaw Raider", "Tusk of the Hollow",
               "Bloodbark Ancient", "Skinchanger Eda", "The Antlered Widow"],
     "spells": [("Call of the Pack", "swift"), ("Feral Surge", "channel"),
                ("Bark Skin", "channel")],
     "items": ["Bone Totem", "Hunter's Snare"]},
    {"sigil": Sigil.LEGION, "seeker": "Marshal Caedric the Unburied",
     "legacy": "The Grave Banner", "echo": 5,
     "stats": (2, "3/2", 6, 4, 12, 15),
     "units": ["Hollow Legionary", "Grave Archer", "Rusted Sentinel", "Tomb Crawler",
               "Pale Standard Bearer", "Chainbound Revenant", "Dirge Singer", "Ossuary Knight",
               "Sallow Lancer", "Mourning Bell", "Shroud Weaver", "Charnel Colossus",
               "Lady Ysolde Ashen", "The Last Centurion"],
     "spells": [("Rise Again", "channel"), ("Grave Chill", "swift"),
                ("March of the Dead", "channel")],
     "items": ["Tarnished Aegis", "Funeral Lantern"]},
    {"sigil": Sigil.CONCLAVE, "seeker": "Astrarch Ilvane",
     "legacy": "Orrery of Ilvane", "echo": 6,
     "stats": (4, "3/1", 8, 5, 10, 12),
     "units": ["Sphere Acolyte", "Lens Warden", "Orbit Dancer", "Starglass Golem",
               "Comet Herald", "Tidecaller Adept", "Gravity Well", "Prism Sentry",
               "Aether Kite", "Lunar Archivist", "Zenith Blade", "Eclipse Engine",
               "Magister Quill", "The Ninth Sphere"],
     "spells": [("Orbital Shift", "swift"), ("Starfall", "channel"),
                ("Mirror of Spheres", "swift")],
     "items": ["Astrolabe Charm", "Focusing Lens"]},
    {"sigil": Sigil.ORDER, "seeker": "Queen Averil Splintercrown",
     "legacy": "The Broken Regalia", "echo": 5,
     "stats": (3, "4/1", 0, 5, 12, 14),
     "units": ["Throne Guard", "Shard Crossbowman", "Oathless Squire", "Gilded Halberdier",
               "Cracked Herald", "Royal Falconer", "Splinter Knight", "Court Alchemist",
               "Mirrorplate Duelist", "Banner of Ruin", "Iron Chamberlain", "Siege Warden",
               "Sir Bartholm Vane", "The Fractured Champion"],
     "spells": [("Royal Decree", "channel"), ("Shattered Guard", "swift"),
                ("Rally the Court", "channel")],
     "items": ["Splintered Crown Shard", "Knight's Tabard"]},
]

#: The Seeker bearing two sigils (its deck may hold cards of either faction).
TWIN_SEEKER = {"seeker": "Sethra, Twice-Sworn", "legacy": "Pact of Blood and Bone",
               "sigils": [Sigil.PRIMAL_BLOOD, Sigil.LEGION], "echo": 4,
               "stats": (3, "3/2", 4, 5, 11, 13)}

#: Cards without a sigil: they fit any war band.
NEUTRAL_UNITS = ["Wandering Sellsword", "Husk Scavenger", "Lost Pilgrim"]
NEUTRAL_SPELLS = [("Quick Step", "swift")]
NEUTRAL_ITEMS = ["Traveller's Cloak"]

RELICS = ["Crown of Whispers", "Heartstone of Vael", "The Unlit Lantern", "Gauntlet of Echoes",
          "Veil of Sorrow", "Eye of the Deep", "Chalice of Ash", "The Hollow Key",
          "Shard of First Light", "Mantle of Thorns", "Bell of Ending", "Compass of Lost Roads",
          "Ring of the Drowned", "Blade of Quiet", "The Ninefold Seal"]

TERRAIN = [
    ("Ruined Chapel", "Units on a piece of this set gain +1 DEF against ranged attacks.",
     [("Chapel nave", "large", "tall", 1), ("Broken altar", "medium", "short", 1),
      ("Pews", "small", "short", 2)]),
    ("Thorn Thicket", "A unit that moves through a piece of this set suffers 1 damage.",
     [("Bramble wall", "large", "short", 1), ("Thorn ring", "medium", "short", 1),
      ("Briar clump", "small", "short", 2)]),
    ("Standing Stones", "Spells cast by a unit on a piece of this set cost 1 less echo.",
     [("Great circle", "large", "tall", 1), ("Menhir", "medium", "tall", 1),
      ("Fallen stone", "small", "short", 2)]),
    ("Collapsed Bridge", "Units on a piece of this set cannot be pushed or pulled.",
     [("Bridge span", "large", "tall", 1), ("Pier", "medium", "tall", 1),
      ("Rubble", "small", "short", 2)]),
]

_ABILITIES = [
    ("Pack Hunter", "Gains +1 ACC against a unit already engaged with an ally."),
    ("Stubborn", "The first time each round it would be defeated, it keeps 1 HP instead."),
    ("Skirmisher", "After it attacks, it may shift up to 2 inches."),
    ("Bodyguard", "Allies within 1 inch gain +1 DEF."),
    ("Relentless", "Its charge moves up to 3 times its Speed."),
    ("Spotter", "Allied ranged attacks against units within 6 inches of it gain +1 ACC."),
    ("Echo Leech", "When it defeats a unit, you gain 1 echo."),
    ("Heavy", "Cannot be pushed, pulled or placed by enemy effects."),
]

#: Rank and cost pattern of the 14 units: six Basic, five Elite, three Unique.
_PATTERN = ([("basic", c) for c in (2, 2, 3, 3, 3, 4)] + [("elite", c) for c in (4, 5, 5, 6, 6)]
            + [("unique", c) for c in (7, 8, 9)])


def _unit(name: str, rank: str, cost: int, sigils: list[str], i: int) -> dict[str, Any]:
    ranged = i % 3 == 1
    ability = _ABILITIES[i % len(_ABILITIES)]
    hit = 2 + cost // 3
    return {"kind": "unit", "name": name, "cost": cost, "rank": rank,
            "acc": "-" if i == 11 else 1 + cost // 3, "power": f"{hit}/{1 + cost // 5}",
            "range": 6 + cost if ranged else 0, "speed": 4 + (i % 3),
            "defense": 9 + cost // 2, "max_hp": 4 + cost, "sigils": sigils,
            "subtype": "Beast" if i % 4 == 0 else "Soldier",
            "abilities": [{"name": ability[0], "text": ability[1]}]}


def _seeker(name: str, legacy: str, sigils: list[str], echo: int, stats) -> list[dict]:
    acc, power, rng, speed, defense, hp = stats
    slug = slugify(name)
    return [
        {"kind": "seeker", "name": name, "slug": slug, "cost": 8, "rank": "legendary",
         "acc": acc, "power": power, "range": rng, "speed": speed, "defense": defense,
         "max_hp": hp, "sigils": sigils, "subtype": "Seeker",
         "abilities": [{"name": "Relic Sense", "text": "May claim a relic from a husk "
                        "within 2 inches instead of 1."}]},
        {"kind": "legacy", "name": legacy, "seeker": slug, "starting_echo": echo,
         "abilities": [{"name": "Inheritance", "text": f"{name} gains +1 DEF while no "
                        "enemy is within 3 inches."}]},
    ]


def sample_document() -> dict[str, Any]:
    cards: list[dict[str, Any]] = []
    for faction in FACTIONS:
        sigils = [faction["sigil"]]
        cards += _seeker(faction["seeker"], faction["legacy"], sigils, faction["echo"],
                         faction["stats"])
        cards += [_unit(n, r, c, sigils, i)
                  for i, (n, (r, c)) in enumerate(zip(faction["units"], _PATTERN, strict=True))]
        cards += [{"kind": "spell", "name": n, "cost": 2 + i, "rank": "basic" if i < 2
                   else "elite", "subtype": speed, "sigils": sigils,
                   "abilities": [{"name": n, "text": "Target allied unit within 6 inches "
                                  "gains +1 Speed until the end of the round."}]}
                  for i, (n, speed) in enumerate(faction["spells"])]
        cards += [{"kind": "item", "name": n, "cost": 1 + i, "rank": "basic", "sigils": sigils,
                   "abilities": [{"name": n, "text": "The equipped unit gains +1 Max HP."}]}
                  for i, n in enumerate(faction["items"])]
    cards += _seeker(TWIN_SEEKER["seeker"], TWIN_SEEKER["legacy"], TWIN_SEEKER["sigils"],
                     TWIN_SEEKER["echo"], TWIN_SEEKER["stats"])
    cards += [_unit(n, "basic", 3, [], i) for i, n in enumerate(NEUTRAL_UNITS)]
    cards += [{"kind": "spell", "name": n, "cost": 1, "rank": "basic", "subtype": s,
               "abilities": [{"name": n, "text": "Target unit may shift 1 inch."}]}
              for n, s in NEUTRAL_SPELLS]
    cards += [{"kind": "item", "name": n, "cost": 1, "rank": "basic",
               "abilities": [{"name": n, "text": "The equipped unit ignores short terrain "
                              "when it moves."}]} for n in NEUTRAL_ITEMS]
    cards += [{"kind": "relic", "name": n,
               "abilities": [{"name": n, "text": f"The holder gains +{1 + i % 2} "
                              f"{'ACC' if i % 2 else 'DEF'}."}]} for i, n in enumerate(RELICS)]
    cards += [{"kind": "terrain", "name": n, "abilities": [{"name": n, "text": t}],
               "pieces": [{"name": pn, "size": s, "height": h, "count": c}
                          for pn, s, h, c in pieces]} for n, t, pieces in TERRAIN]
    return {"format": FORMAT,
            "pack": {"name": "Malediction sample pack (sample data)", "slug": SAMPLE_SLUG,
                     "version": "1", "is_sample": True,
                     "description": "Invented cards to try the product: sample data, not "
                                    "the publisher's cards."},
            "cards": cards}


def load_sample_pack():
    """Create or refresh the sample pack (idempotent)."""
    from malediction.packs.importer import import_pack

    result = import_pack(sample_document(), replace=CardPack.objects.filter(
        slug=SAMPLE_SLUG).exists())
    if not result.ok:  # pragma: no cover - the sample is checked by its tests
        raise ValueError("; ".join(str(e) for e in result.errors))
    return result
