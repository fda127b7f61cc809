"""Write ``sample-pack-2.json``: invented cards written the way printed cards are.

Run ``python -m catalogue.packs.generate_second_sample_pack`` after changing the tables
below; the output is deterministic. Every name starts with "Sample" and every text is
our own wording, in the templated phrasing real stat cards use ("After damaging, the
target gains Burning +1."), so the effect parser, the coverage report and the simulator
can be tried on cards that look like the real thing. These are not official stat cards.

The pack is format 2: AP costs (0), (1), (2); melee, ranged, Pulse, Aura and self
ranges; TNs with suits; "Df or Wp" resists; Blasts; triggers with their timing;
defensive triggers among the abilities; the pack's own Conditions. Between them its
cards use every kind of the effect language (``EFFECT_KINDS``), and a few sentences on
purpose that the parser must leave as text (a Condition's definition, a conditional
bonus, a rule it has no template for), so the coverage report has something to list.
"""

from __future__ import annotations

import json
from pathlib import Path

OUTPUT = Path(__file__).with_name("sample-pack-2.json")

PACK = {
    "name": "Second Sample Pack: printed-style cards (sample data: not official stat cards)",
    "slug": "sample-pack-printed",
    "version": "1",
    "description": (
        "Invented models written in the phrasing printed stat cards use, to show what the "
        "simulator plays of real-looking cards. Names, numbers and rules text are made up "
        "and are not Wyrd Miniatures' cards."
    ),
    "is_sample": True,
}

CONDITIONS = [
    {"name": "Sooted", "text": "Sooted: This model suffers a negative twist to its Df duels. "
                               "End this Condition at the end of the turn."},
    {"name": "Lamplit", "text": "Lamplit: Enemy models may ignore cover when targeting this "
                                "model."},
]

# Triggers: (name, suit, timing, text). Each text is one templated phrasing.
T = {
    "burn": ("Searing Touch", "rams", "after_damaging", "The target gains Burning +1."),
    "poison": ("Venom Kiss", "masks", "after_damaging", "The target gains Poison +2."),
    "push": ("Knockback", "rams", "after_succeeding",
             "Push the target up to 3\" away from this model."),
    "lure": ("Drag Close", "masks", "after_succeeding", "Lure the target up to 3\"."),
    "bonus": ("Deep Cut", "rams", "immediately", "+1 damage."),
    "per_suit": ("Grinding Blow", "crows", "immediately",
                 "+1 damage for each Ram in the final duel total."),
    "walk": ("Hamstring", "crows", "after_damaging",
             "The target may not take Walk actions until its next activation."),
    "slow": ("Pin Down", "tomes", "after_succeeding", "The target gains Slow."),
    "discard": ("Rifle Through", "masks", "after_damaging",
                "The target's controller discards a card."),
    "twist": ("Rattle", "crows", "after_resolving",
              "The target suffers a negative twist to its next duel."),
    "scheme": ("Stake Out", "masks", "after_resolving",
               "Place a Scheme Marker in base contact with this model."),
    "unscheme": ("Trample Plans", "rams", "after_resolving",
                 "Remove one enemy Scheme Marker within 2\" of this model."),
    "armor": ("Split the Plate", "tomes", "when_declaring", "This attack ignores Armor."),
    "duel": ("Unnerve", "crows", "after_damaging",
             "The target must pass a TN 12 Wp duel or gain Paralyzed."),
    "drain": ("Take Heart", "tomes", "after_damaging", "This model heals 1 damage."),
    "draw": ("Second Wind", "tomes", "after_resolving", "Draw a card."),
    "blast": ("Scatter", "rams", "after_succeeding", "+1 Blast."),
    "purge": ("Cleanse", "tomes", "after_succeeding", "Remove Poison from the target."),
    "pounce": ("Pounce", "masks", "after_resolving",
               "Place this model in base contact with the target."),
    "nocheat": ("Cold Eyes", "crows", "when_declaring",
                "The target's controller may not cheat fate."),
    "unbury": ("From the Fog", "masks", "after_resolving",
               "Unbury this model in base contact with the target."),
    # Left as text on purpose: a bonus under a condition the simulator cannot check, and
    # a Condition defined in place.
    "conditional": ("Prey on the Weak", "crows", "immediately",
                    "If the target is Poisoned, +1 damage."),
    "definition": ("Smother", "tomes", "after_damaging",
                   "Smothered: This model cannot declare Triggers."),
}

# Abilities: (name, text, defensive suit or "").
A = {
    "aura_burn": ("Smoldering", "Enemy models within 3\" gain Burning +1.", ""),
    "field_heal": ("Field Dressing", "Once per turn, this model may heal 1 damage.", ""),
    "hard_kill": ("Stubborn", "When this model would be killed while it has 2 or more Wd, "
                              "it is reduced to 1 Wd instead.", ""),
    "armor": ("Iron Skin", "Reduce all damage this model suffers by 1, to a minimum of 1.",
              ""),
    "flinch": ("Flinch Back", "After this model is hit by a Ml attack, push this model up to "
                              "2\" away from the attacker.", "crows"),
    "retort": ("Spiteful Retort", "After this model is damaged by an enemy attack, the "
                                  "attacker gains Burning +1.", "rams"),
    "cleanse_self": ("Shake It Off", "End all Conditions on this model.", ""),
    "shield": ("Brace", "This model gains Shielded +1.", ""),
    "deploy": ("Scout Ahead", "After deployment, this model may make a free Walk action.",
               ""),
    "fast": ("Quick Step", "This model gains Fast.", ""),
}


def _trigger(key: str) -> dict:
    name, suit, timing, text = T[key]
    return {"suits": [suit], "name": name, "timing": timing, "text": text}


#: Effects written by hand where the parser has no template: an organizer's correction.
CORRECTED = {
    "retort": {"effects": [{"kind": "gain_condition", "name": "burning", "value": 1,
                            "scope": {"who": "enemy"}}],
               "qualifiers": {"timing": "after_damaging"}},
}


def _ability(key: str) -> dict:
    name, text, suit = A[key]
    ability = {"name": name, "text": text}
    if suit:
        ability = {"name": name, "kind": "defensive_trigger", "suits": [suit], "text": text}
    return {**ability, **CORRECTED.get(key, {})}


def _attack(name: str, stat: str, value: int, rng: str, damage: str, triggers: list[str],
            *, resist: str = "Df", suits: list[str] | None = None, ap: int = 1,
            text: str = "") -> dict:
    action = {"name": name, "ap": ap, "kind": "attack", "stat": stat, "value": value,
              "range": rng, "resist": resist, "damage": damage}
    if suits:
        action["suits"] = suits
    if text:
        action["text"] = text
    action["triggers"] = [_trigger(k) for k in triggers]
    return action


def _tactical(name: str, stat: str, value: int, rng: str, tn: int, text: str, *,
              tn_suits: list[str] | None = None, ap: int = 1, triggers=()) -> dict:
    action = {"name": name, "ap": ap, "kind": "tactical", "stat": stat, "value": value,
              "range": rng, "tn": tn}
    if tn_suits:
        action["tn_suits"] = tn_suits
    action["text"] = text
    if triggers:
        action["triggers"] = [_trigger(k) for k in triggers]
    return action


# Per faction: (code, the master's words, the henchman's, enforcer's, two minions', peon's).
FACTIONS = [
    ("guild", ("Warden", "Lamp"), ("Bailiff", "Chain"), ("Sentry", "Brass"),
     ("Deputy", "Rifle"), ("Hound", "Leash"), ("Clerk", "Ink")),
    ("arcanists", ("Conductor", "Frost"), ("Tinker", "Spark"), ("Golem", "Anvil"),
     ("Porter", "Steam"), ("Adept", "Coil"), ("Mote", "Ember")),
    ("resurrectionists", ("Gravecaller", "Bone"), ("Embalmer", "Linen"),
     ("Shambler", "Rot"), ("Digger", "Spade"), ("Mourner", "Veil"), ("Wisp", "Ash")),
    ("neverborn", ("Dreamer", "Thorn"), ("Changeling", "Mask"), ("Stalker", "Briar"),
     ("Trickster", "Moth"), ("Howler", "Moon"), ("Sprite", "Dew")),
    ("outcasts", ("Captain", "Powder"), ("Duelist", "Rapier"), ("Brute", "Cinder"),
     ("Scavenger", "Rust"), ("Sharpshooter", "Scope"), ("Stray", "Tin")),
    ("ten-thunders", ("Sensei", "Lotus"), ("Courier", "Silk"), ("Oni", "Smoke"),
     ("Acolyte", "Bell"), ("Archer", "Reed"), ("Runner", "Paper")),
    ("gremlins", ("Boss", "Mud"), ("Brewer", "Mash"), ("Hog", "Trough"),
     ("Bayou Scrapper", "Junk"), ("Skeeter", "Fen"), ("Piglet", "Slop")),
]


def _models(code, master, henchman, enforcer, minion_a, minion_b, peon) -> list[dict]:
    def name(words):
        return f"Sample {words[1]} {words[0]}"

    peon_name = name(peon)
    base = {"factions": [code], "characteristics": ["Living"], "is_mercenary": False}
    return [
        {**base, "name": name(master), "station": "master", "is_unique": True, "cache": 3,
         "wk": 5, "cg": 7, "ht": 2, "wp": 7, "df": 5, "wd": 13, "base_size": 30,
         "abilities": [_ability("aura_burn"), _ability("flinch"), _ability("hard_kill")],
         "actions": [
             _attack(f"{master[1]} Blade", "Ml", 6, 'melee 2"', "2/3/4",
                     ["burn", "push", "armor"]),
             _attack(f"{master[1]} Bolt", "Ca", 7, '10"', "2/3b/4bb", ["blast", "slow"],
                     resist="Df or Wp", suits=["tomes"]),
             _tactical(f"Call the {peon[0]}s", "Ca", 6, 'Aura 3"', 13,
                       f"Summon a {peon_name} in base contact with this model.",
                       tn_suits=["masks"], ap=2),
             _tactical("Rally", "Wp", 6, 'Pulse 6"', 12,
                       "Friendly models in range heal 1 damage.", tn_suits=["tomes"]),
             _tactical("Stand Ready", "Wp", 6, "self", 10, "This model gains Shielded +1.",
                       ap=0),
         ]},
        {**base, "name": name(henchman), "station": "henchman", "is_unique": True,
         "cost": 9, "cache": 2, "wk": 5, "cg": 7, "ht": 2, "wp": 6, "df": 6, "wd": 9,
         "base_size": 30,
         "abilities": [_ability("field_heal"), _ability("retort")],
         "actions": [
             _attack(f"{henchman[1]} Strike", "Ml", 6, 'melee 1"', "2/3/5",
                     ["poison", "lure", "conditional"], suits=["masks"]),
             _attack(f"Hurl {henchman[1]}", "Sh", 5, '12"', "1/3/4", ["walk", "nocheat"]),
             _tactical("Into the Fog", "Wp", 5, "self", 11, "Bury this model.", ap=0,
                       tn_suits=["masks"]),
             _tactical("Step Out", "Wp", 5, '8"', 12, "Unbury this model in base contact "
                       "with the target.", ap=2),
         ]},
        {**base, "name": name(enforcer), "station": "enforcer", "cost": 7,
         "characteristics": ["Construct"], "wk": 4, "cg": 6, "ht": 3, "wp": 5, "df": 5,
         "wd": 10, "base_size": 40,
         "abilities": [_ability("armor"), _ability("cleanse_self")],
         "actions": [
             _attack(f"{enforcer[1]} Fist", "Ml", 6, 'melee 2"', "3/4/6",
                     ["bonus", "per_suit", "unscheme"], ap=1),
             _attack("Ground Slam", "Ml", 5, 'Pulse 3"', "1/2/3", ["duel"], ap=2),
             _tactical("Purge the Wound", "Ca", 5, '6"', 12,
                       "Remove Poison from the target.", tn_suits=["tomes"]),
         ]},
        {**base, "name": name(minion_a), "station": "minion", "cost": 5, "rare": 3,
         "wk": 5, "cg": 6, "ht": 2, "wp": 4, "df": 5, "wd": 6, "base_size": 30,
         "abilities": [_ability("deploy")],
         "actions": [
             _attack(f"{minion_a[1]} Shot", "Sh", 5, '14"', "2/3/4", ["discard", "twist"]),
             _attack("Clubbed Stock", "Ml", 4, 'melee 1"', "1/2/3", ["scheme", "definition"]),
             _tactical("Rummage", "Wp", 4, "self", 11, "Draw a card.", tn_suits=["tomes"]),
         ]},
        {**base, "name": name(minion_b), "station": "minion", "cost": 6,
         "characteristics": ["Beast"], "wk": 6, "cg": 8, "ht": 2, "wp": 4, "df": 4, "wd": 6,
         "base_size": 40,
         "abilities": [_ability("fast")],
         "actions": [
             _attack(f"{minion_b[1]} Fangs", "Ml", 6, 'melee 1"', "2/3/4",
                     ["pounce", "drain", "draw"]),
             _attack("Howl", "Ca", 5, 'Aura 4"', "1/1/2", [], resist="Wp",
                     text="Enemy models in range gain Slow."),
             _tactical("Last Gasp", "Wp", 4, "self", 10,
                       "Sacrifice this model. Enemy models within 2\" gain Burning +1.",
                       ap=0),
         ]},
        {**base, "name": peon_name, "station": "peon", "cost": 2,
         "characteristics": ["Spirit"], "wk": 5, "cg": None, "ht": 1, "wp": 3, "df": 5,
         "wd": 3, "base_size": 30,
         "abilities": [_ability("shield")],
         "actions": [
             _attack(f"{peon[1]} Flicker", "Ca", 4, '6"', "1/2/3", ["purge", "unbury"],
                     resist="Wp"),
             _tactical("Drift", "Wp", 3, "self", 9,
                       "Remove all Corpse Markers within 3\" of this model.", ap=0),
         ]},
    ]


def build() -> dict:
    models = []
    for code, *roles in FACTIONS:
        models += _models(code, *roles)
    models.sort(key=lambda card: card["name"])
    return {"format": 2, "pack": PACK, "conditions": CONDITIONS, "models": models}


def main() -> None:
    OUTPUT.write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n",
                      encoding="utf-8")


if __name__ == "__main__":
    main()
