"""The one place sentences are formatted, in the language chosen.

Every sentence a player reads is a whole template with named placeholders
(``"{power} borrows {n} gold from the bank"``), never English fragments glued together,
so a translator can reorder the words. :func:`say` fills a template, :func:`say_n` picks
the form of a sentence that counts something by the language's own plural rule (Italian
has two forms, Polish three: a plural is never made by adding an "s"), :func:`say_in`
names a thing whose name has a context (a power, an area, a tile), :func:`N_` marks a
message id in a table made before the language is chosen (said later with ``say``), and
the joiners make the lists the sentences hold.

A name (:class:`Name`: a power, an area) may be asked in a template with its preposition,
``{area:in}``, ``{src:from}``, ``{dst:to}``, ``{power:of}`` (a capital first letter,
``{area:In}``, for the start of a sentence): English says "in German States", Italian
"negli Stati Tedeschi" as its rulebook does, each form given by the catalog (context
"area in", "power of" ...); so may a choice among names (:class:`Alternatives`: "nel
Mediterraneo o nell’Impero Ottomano"). A value that is neither is said with the
language's plain preposition ("in {name}").

The English templates are the message ids; each other language is a gettext catalog,
``locale/<code>/*.po`` beside this module (one file per part of the program, merged when
the language is chosen), read with Babel and used through the standard library's
``gettext`` (its plural rule comes from the catalog's own ``Plural-Forms`` header). A
missing translation falls back to the English template. :func:`set_language` chooses the
language for the whole program, :func:`speaking` for a block of it; :func:`system_language`
reads it from the environment.
"""

from __future__ import annotations

import gettext
import io
import os
import string
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from struct import error as struct_error

LANGUAGES: dict[str, str] = {"en": "English", "it": "Italiano"}  # code -> the language's own name
LOCALE_DIR = Path(__file__).with_name("locale")


class _Now:
    """The language in use and its catalog."""

    code = "en"
    tr: gettext.NullTranslations = gettext.NullTranslations()


_now = _Now()
_catalogs: dict[str, gettext.NullTranslations] = {}


def catalog_files(code: str) -> list[Path]:
    """The catalog files of language ``code`` (none for English, the templates' own)."""
    return sorted((LOCALE_DIR / code).glob("*.po")) if code in LANGUAGES and code != "en" else []


def load_catalog(code: str) -> gettext.NullTranslations:
    """Language ``code``'s catalogs merged into one gettext translation (cached in the
    process, and compiled in the user's cache folder: see :func:`_compiled`)."""
    got = _catalogs.get(code)
    if got is not None:
        return got
    files = catalog_files(code)
    got = _compiled(code, files) if files else gettext.NullTranslations()
    _catalogs[code] = got
    return got


def _compiled(code: str, files: list[Path]) -> gettext.GNUTranslations:
    """The catalogs ``files`` merged, compiled (gettext's ``.mo`` form) and read. Reading the
    ``.po`` files with Babel takes about a tenth of a second, so the compiled form is kept
    in the cache folder under the SHA-256 of the files' bytes and read from there while
    they are the same; a cache that cannot be read or written is done without."""
    import hashlib

    from game.client.folders import cache_dir

    sources = [path.read_bytes() for path in files]
    digest = hashlib.sha256(b"".join(hashlib.sha256(b).digest() for b in sources)).hexdigest()[:32]
    cached = cache_dir() / f"catalog-{code}-{digest}.mo"
    try:
        return gettext.GNUTranslations(io.BytesIO(cached.read_bytes()))
    except (OSError, ValueError, UnicodeDecodeError, IndexError, KeyError, struct_error):
        pass  # none yet, or a torn or foreign file: made again
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    merged: Catalog | None = None
    for source in sources:
        cat = read_po(io.BytesIO(source), locale=code)
        if merged is None:
            merged = cat
            continue
        for m in cat:
            if m.id:
                merged[m.id] = m
    assert merged is not None
    buf = io.BytesIO()
    write_mo(buf, merged)
    data = buf.getvalue()
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        part = cached.with_name(f"{cached.name}.{os.getpid()}.part")
        part.write_bytes(data)
        os.replace(part, cached)  # whole or not at all, whichever process writes it
    except OSError:
        pass
    return gettext.GNUTranslations(io.BytesIO(data))


def set_language(code: str) -> str:
    """Use language ``code`` ("en", "it"; anything else: English) from now on; returns the
    code in use."""
    code = code if code in LANGUAGES else "en"
    _now.tr = load_catalog(code)
    _now.code = code
    return code


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """Language ``code`` inside a ``with`` block, the language in use before it again after
    it, whatever happens; yields the code in use."""
    before = language()
    try:
        yield set_language(code)
    finally:
        set_language(before)


def language() -> str:
    """The code of the language in use."""
    return _now.code


def system_language(env: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, in gettext's order), if it is one of :data:`LANGUAGES`; else English."""
    env = os.environ if env is None else env
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        for part in value.split(":"):  # LANGUAGE may list several: the first we have
            code = part.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
        if var != "LANGUAGE":  # the first of the others that is set decides
            break
    return "en"


def N_(msgid: str) -> str:  # noqa: N802 - gettext's own name for the marker
    """Mark ``msgid`` as a message id where it is defined (a table of labels, a rule card,
    made before any language is chosen) and return it as it is: it is said later with
    ``say(value)``, in the language in use then."""
    return msgid


def say(msgid: str, /, **fields: object) -> str:
    """The sentence ``msgid`` (a template) in the language in use, with its placeholders
    filled from ``fields``."""
    return _fill(_now.tr.gettext(msgid), fields)


def say_n(singular: str, plural: str, n: int, /, **fields: object) -> str:
    """The sentence that counts ``n`` of something, in the form the language's plural rule
    gives for ``n`` (English: ``singular`` for one, ``plural`` otherwise); ``{n}`` in it is
    the count, the other placeholders come from ``fields``."""
    return _fill(_now.tr.ngettext(singular, plural, n), {"n": n, **fields})


def say_in(context: str, msgid: str, /, **fields: object) -> str:
    """``msgid`` translated in ``context`` (a name that means another thing elsewhere:
    "power" Spain, "area" Spain)."""
    return _fill(_now.tr.pgettext(context, msgid), fields)


# the prepositions a template may ask a name with: "{area:in}", "{src:from}", "{dst:to}", "{power:of}"
PREPOSITIONS = ("in", "from", "to", "of")


class Name(str):
    """A power's or an area's name as said in the language in use, which also knows the
    name it translates (``msgid``) and what it names (``kind``: "area", "power"), so that a
    template can ask it with a preposition in the language's own form (see the module
    docstring). Otherwise a plain string."""

    kind: str
    msgid: str

    def __new__(cls, text: str, kind: str, msgid: str) -> Name:
        self = super().__new__(cls, text)
        self.kind, self.msgid = kind, msgid
        return self

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        return with_preposition(self, spec)

    def __reduce__(self) -> tuple[object, ...]:
        return (Name, (str(self), self.kind, self.msgid))


def _form(name: str, prep: str) -> str:
    """The catalog's form of :class:`Name` ``name`` with ``prep`` ("area in" German States:
    "negli Stati Tedeschi"), or "" when it has none (a plain string, or a language that
    says every name with the plain preposition)."""
    if isinstance(name, Name):
        form = _now.tr.pgettext(f"{name.kind} {prep}", name.msgid)
        if form != name.msgid:
            return form
    return ""


def _plain(text: str, prep: str) -> str:
    """``text`` after the language's plain preposition ("in {name}")."""
    if prep == "in":
        return say_in("preposition", "in {name}", name=text)
    if prep == "from":
        return say_in("preposition", "from {name}", name=text)
    if prep == "to":
        return say_in("preposition", "to {name}", name=text)
    return say_in("preposition", "of {name}", name=text)


def _preposition(spec: str) -> str:
    prep = spec.lower()
    if prep not in PREPOSITIONS:
        raise ValueError(f"unknown preposition {spec!r} for a name (one of {', '.join(PREPOSITIONS)})")
    return prep


def with_preposition(name: str, spec: str) -> str:
    """``name`` with the preposition ``spec`` names ("in", "from", "to", "of"; "In" ... for
    a capital first letter): the catalog's form for a :class:`Name` ("area in" German
    States: "negli Stati Tedeschi"), else the language's plain one ("in {name}")."""
    prep = _preposition(spec)
    said = _form(name, prep) or _plain(str(name), prep)
    return capital(said) if spec[:1].isupper() else said


class Alternatives(str):
    """Names said as one of them ("India or South America", joined by ``join``), which a
    template may ask with a preposition as it asks a :class:`Name`: where the catalog has
    each name's form, each is said with its own ("nel Mediterraneo o nell’Impero
    Ottomano"); else the list takes the plain preposition once ("in India or South
    America")."""

    names: tuple[str, ...]
    _join: Callable[[list[str]], str]

    def __new__(cls, names: Iterable[str], join: Callable[[list[str]], str]) -> Alternatives:
        listed = list(names)
        self = super().__new__(cls, join(listed))
        self.names, self._join = tuple(listed), join
        return self

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        prep = _preposition(spec)
        forms = [_form(n, prep) for n in self.names]
        said = self._join(forms) if forms and all(forms) else _plain(str(self), prep)
        return capital(said) if spec[:1].isupper() else said

    def __reduce__(self) -> tuple[object, ...]:
        return (str, (str(self),))


class _Lenient(string.Formatter):
    """Fills a template whose preposition placeholders got a plain string (a name made
    of other words: "France (you)"), with the language's plain preposition."""

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec and format_spec.lower() in PREPOSITIONS and not isinstance(value, (Name, Alternatives)):
            return with_preposition(str(value), format_spec)
        return str(super().format_field(value, format_spec))


_LENIENT = _Lenient()


def _fill(template: str, fields: Mapping[str, object]) -> str:
    try:
        return template.format(**fields)
    except ValueError:  # a preposition asked of a plain string: said with the plain one
        return _LENIENT.vformat(template, (), fields)


def join_and(items: Iterable[str]) -> str:
    """Items joined as a sentence closes a list with "and": in English as the engine's own
    sentences do ("Spain and France", and with three or more "Spain and France and
    Austria"); in another language by its own rule ("Spagna, Francia e Austria")."""
    listed = list(items)
    if _now.code == "en" or len(listed) < 2:
        return " and ".join(listed)
    from babel.lists import format_list

    return str(format_list(listed, locale=_now.code))


def join_list(items: Iterable[str]) -> str:
    """Items joined with commas: "Spain, France, Austria" (a play order, scores)."""
    return say(", ").join(items)


def capital(text: str) -> str:
    """``text`` with its first letter made a capital: a sentence that starts with a name
    such as "the Pirates"."""
    return text[:1].upper() + text[1:]


def signed(n: int) -> str:
    """A change written with its sign: "+2", "-1"."""
    return f"{n:+d}"


__all__ = ["LANGUAGES", "N_", "Alternatives", "capital", "join_and", "join_list", "language", "say", "say_in", "say_n", "set_language",
           "signed", "system_language"]
