"""Write a campaign as an archive document.

Rows are numbered 1, 2, 3... per section in database order, so the archive holds no
database ids and two exports of equal campaigns are equal documents (apart from
``exported_at``). One query per section whatever the campaign's size, plus one per
catalogue model and one for the users.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.utils import timezone
from django.utils.translation import gettext

from exports.archive import catalogue
from exports.archive.format import FORMAT, VERSION, ArchiveError
from exports.archive.sections import Plan, Section, plan, sections
from exports.archive.values import encode, map_path, values_at

Progress = Callable[[int], None]


def _no_progress(pct: int) -> None:
    return None


def export_campaign(campaign, progress: Progress = _no_progress) -> dict:
    """The archive document of ``campaign``; ``progress`` hears 0-100 as sections finish."""
    todo = sections()
    rows: dict[str, list] = {}
    local: dict[str, dict[int, int]] = {}
    for i, section in enumerate(todo):
        rows[section.key] = list(section.rows(campaign).order_by("pk"))
        local[section.key] = {obj.pk: n for n, obj in enumerate(rows[section.key], 1)}
        progress(60 * (i + 1) // len(todo))
    writer = _Writer(todo, rows, local)
    document = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "users": writer.users_json(),
        "sections": {},
    }
    for i, section in enumerate(todo):
        document["sections"][section.key] = [writer.record(section, obj)
                                             for obj in rows[section.key]]
        progress(60 + 40 * (i + 1) // len(todo))
    return document


class _Writer:
    """Turns rows into records, with the id maps and natural keys loaded once."""

    def __init__(self, todo: tuple[Section, ...], rows: dict[str, list],
                 local: dict[str, dict[int, int]]):
        self.local = local
        self.by_content_type = {
            ContentType.objects.get_for_model(s.model).pk: s.key for s in todo}
        user_ids, card_ids = set(), defaultdict(set)
        for section in todo:
            p = plan(section)
            for obj in rows[section.key]:
                user_ids.update(getattr(obj, f.attname) for f in p.users)
                for f in p.catalogue:
                    card_ids[f.related_model].add(getattr(obj, f.attname))
                for f in p.catalogue_m2m:
                    card_ids[f.related_model].update(x.pk for x in getattr(obj, f.name).all())
                for name, refs in section.json_refs.items():
                    for path, target in refs:
                        if target in catalogue.BY_LABEL:
                            card_ids[catalogue.BY_LABEL[target]].update(
                                values_at(getattr(obj, name), path))
        user_ids.discard(None)
        self.usernames = dict(get_user_model().objects.filter(pk__in=user_ids)
                              .values_list("pk", "username"))
        self.user_rows = list(get_user_model().objects.filter(pk__in=user_ids)
                              .order_by("username").values("username", "display_name"))
        self.cards = {model: catalogue.natural_keys(model, ids - {None})
                      for model, ids in card_ids.items()}

    def users_json(self) -> list[dict]:
        return self.user_rows

    def _ref(self, section: Section, name: str, target: str, pk):
        if pk is None:
            return None
        if target in catalogue.BY_LABEL:
            key = self.cards[catalogue.BY_LABEL[target]].get(pk)
            if key is None:
                raise ArchiveError(gettext("%(key)s.%(name)s names a catalogue card that no longer "
"exists") % {"key": section.key, "name": name})
            return catalogue.as_json(key)
        try:
            return self.local[target][pk]
        except KeyError:
            raise ArchiveError(gettext("%(key)s.%(name)s points to a row outside the campaign "
"(%(target)s %(pk)s)") % {"key": section.key, "name": name, "target": target, "pk": pk}) from None

    def record(self, section: Section, obj) -> dict:
        p: Plan = plan(section)
        out: dict = {"id": self.local[section.key][obj.pk]}
        for f in p.plain:
            value = encode(f.value_from_object(obj))
            for path, target in section.json_refs.get(f.name, ()):
                value = map_path(value, path, lambda pk, t=target, n=f.name:
                                 self._ref(section, n, t, pk))
            out[f.name] = value
        for f in p.users:
            out[f.name] = self.usernames.get(getattr(obj, f.attname))
        for f in p.catalogue:
            out[f.name] = self._ref(section, f.name, f.related_model._meta.label_lower,
                                    getattr(obj, f.attname))
        for f, target in p.refs:
            out[f.name] = self._ref(section, f.name, target, getattr(obj, f.attname))
        for g in p.generic:
            out[g.name] = self._generic(obj, g)
        for f in p.catalogue_m2m:
            keys = self.cards[f.related_model]
            out[f.name] = sorted(catalogue.as_json(keys[x.pk]) for x in getattr(obj, f.name).all())
        return out

    def _generic(self, obj, g) -> dict | None:
        """A generic pointer to an archived row; a pointer outside the archive is dropped."""
        type_id, pk = getattr(obj, f"{g.ct_field}_id"), getattr(obj, g.fk_field)
        target = self.by_content_type.get(type_id)
        if target is None or pk not in self.local[target]:
            return None
        return {"section": target, "id": self.local[target][pk]}
