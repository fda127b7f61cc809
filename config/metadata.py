"""What an OPTIONS request answers: the view's name, description and formats, without
DRF's per-field "actions" (the OpenAPI schema at /api/schema/ documents inputs).

DRF builds "actions" by instantiating the view's serializer, which a viewset whose
actions each take their own input (the Aftermath's decisions) has not got: OPTIONS then
raised (a 500, found by fuzzing).
"""

from rest_framework.metadata import SimpleMetadata


class Metadata(SimpleMetadata):
    def determine_actions(self, request, view):
        return {}

    def determine_metadata(self, request, view):
        metadata = super().determine_metadata(request, view)
        metadata.pop("actions", None)
        return metadata
