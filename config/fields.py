"""Input fields that check a list's length before its items.

DRF's ``ListField`` runs its ``max_length`` check after validating every item, and
``many=True`` related fields have no limit at all (each item is a database query), so a
20 MB list took seconds to refuse. These fields refuse an over-long list (or map) first,
with DRF's own message, and publish the limit in the OpenAPI schema (``maxItems``).
Every list or map an API input accepts uses one of them (``tests/edges`` checks the schema).
"""

from __future__ import annotations

from django.core.validators import MaxLengthValidator
from django.utils.translation import gettext_lazy
from rest_framework import relations, serializers


def _limit(field) -> list:
    """The length as a validator too: drf-spectacular reads it into the schema."""
    return [MaxLengthValidator(field.max_length)]


def _check_length(field, data) -> None:
    if isinstance(data, str | bytes) or not hasattr(data, "__len__"):
        return  # the field's own check names the wrong type
    if len(data) > field.max_length:
        field.fail("max_length", max_length=field.max_length)


class ListField(serializers.ListField):
    """``serializers.ListField`` with a required ``max_length``, checked first."""

    def __init__(self, *, max_length: int, **kwargs):
        super().__init__(max_length=max_length, **kwargs)

    def to_internal_value(self, data):
        _check_length(self, data)
        return super().to_internal_value(data)


class DictField(serializers.DictField):
    """``serializers.DictField`` with a required ``max_length`` (keys), checked first."""

    default_error_messages = {
        "max_length": gettext_lazy("Ensure this field has no more than {max_length} entries.")}

    def __init__(self, *, max_length: int, **kwargs):
        self.max_length = max_length
        super().__init__(**kwargs)

    def get_validators(self):
        return [*super().get_validators(), *_limit(self)]

    def to_internal_value(self, data):
        _check_length(self, data)
        return super().to_internal_value(data)


class ManyRelatedField(relations.ManyRelatedField):
    default_error_messages = {
        "max_length": gettext_lazy(
            "Ensure this field has no more than {max_length} elements.")}

    def __init__(self, *, max_length: int, **kwargs):
        self.max_length = max_length
        super().__init__(**kwargs)

    def get_validators(self):
        return [*super().get_validators(), *_limit(self)]

    def to_internal_value(self, data):
        _check_length(self, data)
        return super().to_internal_value(data)


class ListSerializer(serializers.ListSerializer):
    """For ``Meta.list_serializer_class`` of a serializer taken ``many=True``: DRF already
    checks ``max_length`` first; this publishes it in the schema."""

    def get_validators(self):
        return [*super().get_validators(), *(_limit(self) if self.max_length else [])]


class PrimaryKeyRelatedField(serializers.PrimaryKeyRelatedField):
    """With ``many=True``, give ``max_length``: ids are looked up only after the length.
    An id past 64 bits is an unknown id (SQLite would raise OverflowError on it)."""

    def to_internal_value(self, data):
        try:
            return super().to_internal_value(data)
        except OverflowError:
            self.fail("does_not_exist", pk_value=data)

    @classmethod
    def many_init(cls, *args, max_length: int | None = None, **kwargs):
        if max_length is None:
            raise TypeError("A many=True id list needs max_length.")
        list_kwargs = {"child_relation": cls(*args, **kwargs), "max_length": max_length}
        for key in kwargs:
            if key in relations.MANY_RELATION_KWARGS:
                list_kwargs[key] = kwargs[key]
        return ManyRelatedField(**list_kwargs)
