from django.db import migrations

FACTIONS = [
    ("arcanists", "Arcanists"),
    ("gremlins", "Gremlins"),
    ("guild", "Guild"),
    ("neverborn", "Neverborn"),
    ("outcasts", "Outcasts"),
    ("resurrectionists", "Resurrectionists"),
    ("ten-thunders", "Ten Thunders"),
]


def create_factions(apps, schema_editor):
    Faction = apps.get_model("catalogue", "Faction")
    for code, name in FACTIONS:
        Faction.objects.update_or_create(code=code, defaults={"name": name})


class Migration(migrations.Migration):
    dependencies = [("catalogue", "0001_initial")]
    operations = [migrations.RunPython(create_factions, migrations.RunPython.noop)]
