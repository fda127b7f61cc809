"""Read an archive back into this install, all or nothing.

Everything is checked that can be checked before writing (header, section names, record
ids, the catalogue cards it names); the rest runs in one transaction, so a bad archive
leaves nothing behind. People are matched by username; those this install lacks are
created inactive with unusable passwords. The league keeps its slug unless another is
given; an existing slug is refused, never merged into.
"""

from __future__ import annotations

import json
from collections import defaultdict

from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, transaction
from django.utils.translation import gettext

from exports.archive import catalogue
from exports.archive.format import FORMAT, VERSION, ArchiveError
from exports.archive.sections import Section, plan, sections
from exports.archive.values import map_path, values_at

MISSING_SHOWN = 20
BATCH = 500


def read_document(raw: bytes | str) -> dict:
    """Parse an uploaded file; anything but a JSON object is refused with the reason."""
    try:
        document = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ArchiveError(
            gettext("The file is not a JSON document (%(exc)s).") % {"exc": exc}
        ) from None
    except RecursionError:
        raise ArchiveError(
            gettext("The file is JSON nested too deeply to be an archive.")
        ) from None
    if not isinstance(document, dict):
        raise ArchiveError(gettext("The file is JSON but not an archive (expected an object)."))
    return document


def import_campaign(
    document: dict, *, league_slug: str | None = None, league_name: str | None = None
):
    """Create the archived league, its campaign and everything in it; return the campaign."""
    records = _checked_records(document)
    cards = _resolve_catalogue(records)
    league = records["league"][0]
    slug = league_slug or league.get("slug")
    from league.models import League

    if League.objects.filter(slug=slug).exists():
        raise ArchiveError(
            gettext(
                "A league with the slug %(slug)s already exists here: import "
                "the archive under another league slug."
            )
            % {"slug": repr(slug)}
        )
    league["slug"] = slug
    if league_name:
        league["name"] = league_name
    try:
        with transaction.atomic():
            reader = _Reader(cards, _users(document.get("users")))
            for section in sections():
                reader.create(section, records.get(section.key, []))
            reader.finish()
    except (IntegrityError, DataError) as exc:
        raise ArchiveError(
            gettext("The archive does not fit this install's data: %(exc)s") % {"exc": exc}
        ) from None
    return reader.created["campaign"][records["campaign"][0]["id"]]


def _checked_records(document: dict) -> dict[str, list[dict]]:
    if document.get("format") != FORMAT:
        raise ArchiveError(
            gettext("This is not a campaign archive (its format is %(get)s, expected %(FORMAT)s).")
            % {"get": repr(document.get("format")), "FORMAT": repr(FORMAT)}
        )
    if document.get("version") != VERSION:
        raise ArchiveError(
            gettext(
                "Archive version %(get)s is not supported: this install reads version %(VERSION)s."
            )
            % {"get": repr(document.get("version")), "VERSION": VERSION}
        )
    data = document.get("sections")
    if not isinstance(data, dict):
        raise ArchiveError(gettext("The archive has no sections."))
    known = {s.key for s in sections()}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ArchiveError(
            gettext(
                "The archive holds sections this install does not know "
                "(%(join)s): it was made by a newer version."
            )
            % {"join": ", ".join(unknown)}
        )
    for key, rows in data.items():
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise ArchiveError(
                gettext("Section %(key)s must be a list of records.") % {"key": repr(key)}
            )
        ids = [r.get("id") for r in rows]
        if not all(isinstance(i, int) and not isinstance(i, bool) for i in ids) or len(
            set(ids)
        ) != len(ids):
            raise ArchiveError(
                gettext("Section %(key)s: every record needs its own whole-number id.")
                % {"key": repr(key)}
            )
    for key in ("league", "campaign"):
        if len(data.get(key) or []) != 1:
            raise ArchiveError(gettext("The archive must hold exactly one %(key)s.") % {"key": key})
    return data


def _resolve_catalogue(records: dict[str, list[dict]]) -> dict:
    """Natural key -> id per catalogue model; every card this install lacks is named."""
    wanted = defaultdict(set)
    for section in sections():
        p = plan(section)
        for record in records.get(section.key, []):
            try:
                for f in p.catalogue:
                    if record.get(f.name) is not None:
                        wanted[f.related_model].add(catalogue.from_json(record[f.name]))
                for f in p.catalogue_m2m:
                    wanted[f.related_model].update(
                        catalogue.from_json(v) for v in record.get(f.name) or []
                    )
                for name, refs in section.json_refs.items():
                    for path, target in refs:
                        if target in catalogue.BY_LABEL:
                            wanted[catalogue.BY_LABEL[target]].update(
                                catalogue.from_json(v) for v in values_at(record.get(name), path)
                            )
            except TypeError:
                raise ArchiveError(
                    gettext(
                        "Section %(key)s, record %(record)s: a catalogue reference is malformed."
                    )
                    % {"key": repr(section.key), "record": record["id"]}
                ) from None
    found, missing = {}, []
    for model, keys in wanted.items():
        found[model], lacking = catalogue.resolve(model, keys)
        missing += [catalogue.describe(model, k) for k in lacking]
    if missing:
        shown = ", ".join(missing[:MISSING_SHOWN])
        more = f" and {len(missing) - MISSING_SHOWN} more" if len(missing) > MISSING_SHOWN else ""
        raise ArchiveError(
            gettext(
                "This install lacks catalogue entries the archive needs: "
                "%(shown)s%(more)s. Import their content packs first."
            )
            % {"shown": shown, "more": more}
        )
    return found


def _users(rows) -> dict[str, int]:
    """Username -> id, creating the people this install lacks (inactive, no password)."""
    if not isinstance(rows, list) or not all(
        isinstance(r, dict) and r.get("username") for r in rows
    ):
        raise ArchiveError(
            gettext("The archive's users must be a list of records with a username.")
        )
    user_model = get_user_model()
    names = {r["username"] for r in rows}
    existing = dict(user_model.objects.filter(username__in=names).values_list("username", "pk"))
    new = []
    for row in rows:
        if row["username"] in existing:
            continue
        person = user_model(
            username=row["username"],
            is_active=False,
            display_name=row.get("display_name") or "",
            email=f"{row['username']}@imported.invalid",
        )
        person.set_unusable_password()
        new.append(person)
        existing[row["username"]] = None
    user_model.objects.bulk_create(new, batch_size=BATCH)
    existing.update(
        user_model.objects.filter(username__in=[u.username for u in new]).values_list(
            "username", "pk"
        )
    )
    return existing


class _Reader:
    """Creates each section's rows and fills in pointers once every row exists."""

    def __init__(self, cards: dict, users: dict[str, int]):
        self.cards = cards
        self.users = users
        self.created: dict[str, dict[int, object]] = {}
        self.later: dict[str, list[tuple[object, dict]]] = {}

    def create(self, section: Section, records: list[dict]) -> None:
        p = plan(section)
        objs, later = [], []
        for record in records:
            obj, pending = section.model(), {}
            for f in p.plain:
                if f.name not in record:
                    continue  # older archive: the field's default
                if f.name in section.json_refs:
                    pending[f] = record[f.name]
                else:
                    setattr(obj, f.attname, self._value(section, record, f))
                if f in p.auto_times:
                    pending[f] = getattr(obj, f.attname)
            for f in p.users:
                setattr(obj, f.attname, self._user(section, record, f.name))
            for f in p.catalogue:
                value = record.get(f.name)
                setattr(
                    obj,
                    f.attname,
                    None
                    if value is None
                    else self.cards[f.related_model][catalogue.from_json(value)],
                )
            for f, target in p.refs:
                if record.get(f.name) is not None and target not in self.created:
                    pending[f] = record[f.name]  # a row of a later section (or this one)
                else:
                    setattr(obj, f.attname, self._local(section, target, record.get(f.name)))
            for g in p.generic:
                pending[g] = record.get(g.name)
            objs.append(obj)
            later.append((obj, pending))
        section.model.objects.bulk_create(objs, batch_size=BATCH)
        self.created[section.key] = {r["id"]: o for r, o in zip(records, objs, strict=True)}
        self.later[section.key] = later
        for f in p.catalogue_m2m:
            for record, obj in zip(records, objs, strict=True):
                getattr(obj, f.name).set(
                    [
                        self.cards[f.related_model][catalogue.from_json(v)]
                        for v in record.get(f.name) or []
                    ]
                )

    def finish(self) -> None:
        """Pointers to later rows, ids inside JSON and the archived timestamps."""
        for key, later in self.later.items():
            section = next(s for s in sections() if s.key == key)
            fields: set[str] = set()
            for obj, pending in later:
                for f, value in pending.items():
                    fields.update(self._fill(section, obj, f, value))
            if fields:
                section.model.objects.bulk_update(
                    [o for o, _ in later], sorted(fields), batch_size=BATCH
                )

    def _fill(self, section: Section, obj, f, value) -> list[str]:
        if hasattr(f, "ct_field"):  # a GenericForeignKey
            if value is None:
                return [f"{f.ct_field}_id", f.fk_field]
            if not isinstance(value, dict) or value.get("section") not in self.created:
                raise ArchiveError(
                    gettext("Section %(key)s: %(name)s points nowhere.")
                    % {"key": repr(section.key), "name": f.name}
                )
            target = next(s for s in sections() if s.key == value["section"])
            setattr(obj, f"{f.ct_field}_id", ContentType.objects.get_for_model(target.model).pk)
            setattr(obj, f.fk_field, self._local(section, target.key, value.get("id")))
            return [f"{f.ct_field}_id", f.fk_field]
        if f.is_relation:
            target = plan(section).refs[[r[0] for r in plan(section).refs].index(f)][1]
            setattr(obj, f.attname, self._local(section, target, value))
            return [f.attname]
        if f.name in section.json_refs:
            for path, target in section.json_refs[f.name]:
                value = map_path(value, path, lambda v, t=target: self._json_ref(section, t, v))
        setattr(obj, f.attname, value)
        return [f.attname]

    def _json_ref(self, section: Section, target: str, value):
        if target in catalogue.BY_LABEL:
            return self.cards[catalogue.BY_LABEL[target]][catalogue.from_json(value)]
        return self._local(section, target, value)

    def _local(self, section: Section, target: str, local_id):
        if local_id is None:
            return None
        try:
            return self.created[target][local_id].pk
        except (KeyError, TypeError):
            raise ArchiveError(
                gettext(
                    "Section %(key)s points to %(target)s record %(local_id)s, "
                    "which the archive does not hold."
                )
                % {"key": repr(section.key), "target": target, "local_id": repr(local_id)}
            ) from None

    def _user(self, section: Section, record: dict, name: str):
        username = record.get(name)
        if username is None:
            return None
        if self.users.get(username) is None:
            raise ArchiveError(
                gettext(
                    "Section %(key)s, record %(record)s: user %(username)s is "
                    "not among the archive's users."
                )
                % {"key": repr(section.key), "record": record["id"], "username": repr(username)}
            )
        return self.users[username]

    @staticmethod
    def _value(section: Section, record: dict, f):
        try:
            value = f.to_python(record[f.name])
        except ValidationError as exc:
            raise ArchiveError(
                gettext("Section %(key)s, record %(record)s, %(name)s: %(join)s")
                % {
                    "key": repr(section.key),
                    "record": record["id"],
                    "name": f.name,
                    "join": " ".join(exc.messages),
                }
            ) from None
        if f.choices and value not in (None, "") and value not in dict(f.flatchoices):
            raise ArchiveError(
                gettext(
                    "Section %(key)s, record %(record)s, %(name)s: %(value)s is "
                    "not one of the allowed values."
                )
                % {
                    "key": repr(section.key),
                    "record": record["id"],
                    "name": f.name,
                    "value": repr(value),
                }
            )
        return value
