"""Every schema of the API derives from the project's ``Schema`` (api/http/schema.py), whose instances a deep
copy shares: flask-smorest deep-copies each view's documentation, and a schema of marshmallow's own would be
copied field by field at every API worker's start."""

from __future__ import annotations

import copy
import importlib
import pkgutil

import marshmallow

import api.http
from api.http.matches.schemas import MatchSchema
from api.http.schema import Schema


def every_schema_class() -> set[type[marshmallow.Schema]]:
    found: set[type[marshmallow.Schema]] = set()
    for module in pkgutil.walk_packages(api.http.__path__, "api.http."):
        for value in vars(importlib.import_module(module.name)).values():
            if isinstance(value, type) and issubclass(value, marshmallow.Schema) and value.__module__ == module.name:
                found.add(value)
    return found


def test_every_schema_of_the_api_derives_from_the_projects_schema() -> None:
    classes = every_schema_class()
    assert len(classes) > 80, "the walk found the API's schemas"
    assert sorted(c.__qualname__ for c in classes if not issubclass(c, Schema)) == []


def test_a_deep_copy_of_a_schema_is_the_schema_and_a_shallow_copy_is_not() -> None:
    schema = MatchSchema()
    assert copy.deepcopy(schema) is schema
    assert copy.deepcopy({"schema": schema})["schema"] is schema
    assert copy.copy(schema) is not schema
