"""A small JSON Schema (draft 2020-12) validator for the schemas deduce ships.

It knows exactly the keywords those schemas use and refuses any other (a misspelt keyword,
which a full validator silently ignores, fails here), and it resolves ``$ref`` inside a
schema (``#/$defs/...``) and to the other shipped schemas by their ``$id``.
"""

from __future__ import annotations

from typing import Any

import deduce

ANNOTATIONS = {"$schema", "$id", "title", "description", "$defs"}
KEYWORDS = ANNOTATIONS | {
    "type",
    "required",
    "additionalProperties",
    "properties",
    "items",
    "prefixItems",
    "minItems",
    "maxItems",
    "minimum",
    "enum",
    "oneOf",
    "$ref",
}
TYPES = {
    "object": dict,
    "array": list,
    "string": str,
    "integer": int,
    "number": (int, float),
    "boolean": bool,
    "null": type(None),
}


def _is(value: Any, name: str) -> bool:
    if isinstance(value, bool) and name in ("integer", "number"):
        return False
    return isinstance(value, TYPES[name])


def errors(
    value: Any, schema: dict[str, Any], root: dict[str, Any] | None = None, path: str = "$"
) -> list[str]:
    """Every way ``value`` breaks ``schema`` (empty when it conforms), each with its path."""
    root = root if root is not None else schema
    unknown = set(schema) - KEYWORDS
    if unknown:
        raise ValueError(f"schema keyword(s) this checker does not know: {sorted(unknown)}")
    found: list[str] = []
    if "$ref" in schema:
        target, target_root = _resolve(schema["$ref"], root)
        found += errors(value, target, target_root, path)
    if "type" in schema:
        names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_is(value, n) for n in names):
            return [*found, f"{path}: {value!r:.60} is not {' or '.join(names)}"]
    if "enum" in schema and value not in schema["enum"]:
        found.append(f"{path}: {value!r} is not one of {schema['enum']}")
    if "minimum" in schema and _is(value, "number") and value < schema["minimum"]:
        found.append(f"{path}: {value} is below {schema['minimum']}")
    if "oneOf" in schema:
        passing = [s for s in schema["oneOf"] if not errors(value, s, root, path)]
        if len(passing) != 1:
            found.append(f"{path}: matches {len(passing)} of the oneOf schemas, not 1")
    if isinstance(value, dict):
        for key in schema.get("required", ()):
            if key not in value:
                found.append(f"{path}: missing {key!r}")
        props = schema.get("properties", {})
        for key, item in value.items():
            if key in props:
                found += errors(item, props[key], root, f"{path}.{key}")
            elif schema.get("additionalProperties") is False:
                found.append(f"{path}: unexpected property {key!r}")
    if isinstance(value, list):
        if "minItems" in schema and len(value) < schema["minItems"]:
            found.append(f"{path}: fewer than {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            found.append(f"{path}: more than {schema['maxItems']} items")
        prefix = schema.get("prefixItems", [])
        for i, item in enumerate(value):
            if i < len(prefix):
                found += errors(item, prefix[i], root, f"{path}[{i}]")
            elif "items" in schema:
                found += errors(item, schema["items"], root, f"{path}[{i}]")
    return found


def _resolve(ref: str, root: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    if ref.startswith("#/"):
        target: Any = root
        for part in ref[2:].split("/"):
            target = target[part]
        return target, root
    for name in ("log", "record"):
        shipped = deduce.schema(name)
        if shipped["$id"] == ref:
            return shipped, shipped
    raise ValueError(f"cannot resolve $ref {ref!r}")
