"""The project's marshmallow ``Schema``: one whose instances are shared, never deep-copied.

flask-smorest deep-copies a view's documentation at each of its decorators (response, alt_response,
arguments, doc, etag) and again when it describes the view in the spec, and apispec copies each
operation: with the schema instances inside, which marshmallow copies field by field (a third of an
API worker's start, about 0.2 s of CPU). Nothing changes one of our schema instances once it is made
(marshmallow's ``Nested`` binds copies with ``copy.copy``), so a deep copy is the instance itself and the
documents stay the same. Every schema of the API derives from this one.
"""

from __future__ import annotations

from typing import Any

import marshmallow


class Schema(marshmallow.Schema):
    """marshmallow's ``Schema``, whose instances deep-copy as themselves."""

    def __deepcopy__(self, _memo: dict[int, Any]) -> Schema:
        return self
