"""A request the API cannot read, told in its reader's words (HTTP 422).

FastAPI checks each request against its pydantic model and lists what is wrong in pydantic's
own English, by data path (``seats.0.name: String should have at most 40 characters``). A player
or a client reads instead, in their language, which field is wrong in plain words and what it
should be ("the name of seat 1 is too long: at most 40 characters"), and never what was sent
back (an infinite number or a lone surrogate would not even encode as JSON).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ludi.i18n import N_, catalog

_, n_ = catalog(__name__)

#: the fields of the API's requests (``ludi.server.routes.lobby``'s models, and the path and query
#: parameters), as a reader names them
FIELDS = {
    "game": N_("the game"),
    "players": N_("the number of players"),
    "options": N_("the options"),
    "seats": N_("the list of seats"),
    "seed": N_("the seed"),
    "clock": N_("the clock"),
    "name": N_("the name"),
    "bot": N_("the bot"),
    "stand_in": N_("the stand-in bot"),
    "kind": N_("the kind of clock"),
    "base": N_("the clock's time"),
    "increment": N_("the clock's increment"),
    "on_timeout": N_("what a timeout does"),
    "token": N_("the seat token"),
    "step": N_("the replay step"),
    "seat": N_("the seat"),
    "match_id": N_("the match"),
    "lang": N_("the language"),
    "limit": N_("the number of matches to list"),
    "status": N_("the status of the matches to list"),
}
#: the fields whose value is text (a length is counted in characters)
TEXT_FIELDS = {"game", "name", "bot", "stand_in", "kind", "on_timeout", "token", "option"}
#: what pydantic names a member of a union (``bool | int | str``): not a field
_UNION_MEMBERS = {"bool", "int", "float", "str"}
#: what pydantic puts after a mapping's key when the key itself is wrong
_KEY = "[key]"


def _union_member(part: object) -> bool:
    return isinstance(part, str) and part != _KEY and (part in _UNION_MEMBERS or "[" in part)


def explain(errors: Sequence[Mapping[str, Any]], most: int = 10) -> str:
    """Return the problems of a request, one clause each, in the current language."""
    problems: list[str] = []
    unions: set[str] = set()
    for error in errors[:most]:
        loc = tuple(error.get("loc", ()))
        if any(_union_member(p) for p in loc):
            # a value of a union (an option: on/off, a number or a word) that is none of
            # them: pydantic says so once per member; the reader, once
            field, _key = _field(loc)
            if field in unions:
                continue
            unions.add(field)
            problem = _("{field} must be true or false, a whole number or text", field=field)
        else:
            problem = _problem(error)
        if problem not in problems:
            problems.append(problem)
    return "; ".join(problems) or _("the request is not valid")


def _field(loc: Iterable[Any]) -> tuple[str, str]:
    """Return how the reader names the field at ``loc``, and the field's own name."""
    parts = [p for p in loc if p not in ("body", "path", "query", "header", "cookie")]
    parts = [p for p in parts if not _union_member(p)]
    words = ""
    key = ""
    i = 0
    while i < len(parts):
        part = parts[i]
        if part == "options" and i + 1 < len(parts):
            key = "option"
            name = repr(str(parts[i + 1])[:64])
            if i + 2 < len(parts) and parts[i + 2] == _KEY:
                words = _("the name of the option {name}", name=name)
                i += 3
            else:
                words = _("the option {name}", name=name)
                i += 2
            continue
        if part == "seats" and i + 1 < len(parts) and isinstance(parts[i + 1], int):
            seat = parts[i + 1] + 1
            if i + 2 < len(parts):
                key = str(parts[i + 2])
                field = _(FIELDS[key]) if key in FIELDS else repr(key)
                words = _("{field} of seat {n}", field=field, n=seat)
                i += 3
            else:
                key = "seat"
                words = _("seat {n}", n=seat)
                i += 2
            continue
        if isinstance(part, int):
            words = _("{field}, entry {n}", field=words, n=part + 1) if words else str(part + 1)
        else:
            key = str(part)
            words = _(FIELDS[key]) if key in FIELDS else repr(key[:64])
        i += 1
    return words, key


def _problem(error: Mapping[str, Any]) -> str:
    """Return one error of pydantic's as a clause in the reader's words."""
    kind = str(error.get("type", ""))
    ctx = error.get("ctx") or {}
    if kind == "json_invalid":
        return _("the request is not valid JSON")
    field, key = _field(error.get("loc", ()))
    if not field:
        return _("the request must be a JSON object")
    if kind == "missing":
        return _("{field} is missing", field=field)
    if kind == "extra_forbidden":
        return _("{field} is not something this request takes", field=field)
    if kind in ("string_too_long", "too_long") and "max_length" in ctx:
        most = int(ctx["max_length"])
        if kind == "string_too_long" or key in TEXT_FIELDS:
            return n_(
                "{field} is too long: at most {n} character",
                "{field} is too long: at most {n} characters",
                most,
                field=field,
                n=most,
            )
        return n_(
            "{field} has too many entries: at most {n}",
            "{field} has too many entries: at most {n}",
            most,
            field=field,
            n=most,
        )
    if kind in ("string_too_short", "too_short") and "min_length" in ctx:
        least = int(ctx["min_length"])
        if kind == "string_too_short" or key in TEXT_FIELDS:
            return _("{field} is empty", field=field)
        return n_(
            "{field} needs at least {n} entry",
            "{field} needs at least {n} entries",
            least,
            field=field,
            n=least,
        )
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return _("{field} must be a whole number", field=field)
    if kind in ("float_type", "float_parsing"):
        return _("{field} must be a number", field=field)
    if kind == "finite_number":
        return _("{field} must be a finite number", field=field)
    if kind in ("bool_type", "bool_parsing"):
        return _("{field} must be true or false", field=field)
    if kind in ("string_type", "string_unicode"):
        return _("{field} must be text", field=field)
    if kind == "list_type":
        return _("{field} must be a list", field=field)
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return _("{field} must be a JSON object", field=field)
    if kind == "greater_than_equal" and "ge" in ctx:
        return _("{field} must be at least {least}", field=field, least=ctx["ge"])
    if kind == "greater_than" and "gt" in ctx:
        return _("{field} must be more than {least}", field=field, least=ctx["gt"])
    if kind == "less_than_equal" and "le" in ctx:
        return _("{field} must be at most {most}", field=field, most=ctx["le"])
    if kind == "less_than" and "lt" in ctx:
        return _("{field} must be less than {most}", field=field, most=ctx["lt"])
    if kind == "value_error" and "error" in ctx:
        # Ludi's own validators raise ValueError with words already in the reader's language
        return _("{field}: {problem}", field=field, problem=str(ctx["error"]))
    return _("{field} is not valid", field=field)
