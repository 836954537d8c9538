"""The translation catalogs: what the program says (its message ids), and how far each
language's catalogs cover it.

Message ids are the templates passed to ``say``, ``say_n`` and ``say_in`` or marked
with ``N_`` (``game.client.words.lang``), found in the source by Babel's extractor, and the names of
the board's powers, areas, tiles and counters (``say_in`` contexts "power", "area",
"tile", "counter"), which come from the board's data. ::

    python -m tools.i18n pot                 # write game/client/words/locale/messages.pot
    python -m tools.i18n check it            # what the Italian catalogs lack or get wrong
    python -m tools.i18n missing it FILE.po  # the untranslated messages, as a catalog to fill in
"""

from __future__ import annotations

import re
import string
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SOURCES = (ROOT / "game", ROOT / "net")
KEYWORDS: dict[str, tuple[object, ...] | None] = {"say": None, "say_n": (1, 2), "say_in": ((1, "c"), 2), "N_": None}
NAME_CONTEXTS = ("power", "area", "tile", "counter")
# a power's or an area's name with each preposition a template may ask it with ("area in"
# German States: "negli Stati Tedeschi"; game.client.words.lang.Name)
PREPOSITION_CONTEXTS = tuple(f"{kind} {prep}" for kind in ("area", "power") for prep in ("in", "from", "to", "of"))


@dataclass(frozen=True)
class Msg:
    """A message id: its context ("" none), its template and, for a count, its plural."""

    context: str
    msgid: str
    plural: str = ""
    where: str = ""  # file:line of its first use


def source_messages(roots: tuple[Path, ...] = SOURCES, built: list[str] | None = None) -> list[Msg]:
    """Every template passed to the words' calls in the Python files under ``roots``;
    ``built`` collects where a call is given an f-string (a template made at run time,
    which no catalog can hold)."""
    import contextlib
    import io

    from babel.messages.extract import extract_python

    keywords: Any = KEYWORDS
    out: dict[tuple[str, str], Msg] = {}
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            said = io.StringIO()  # the extractor writes "Skipping f-string ..." to stderr
            with path.open("rb") as f, contextlib.redirect_stderr(said):
                found = list(extract_python(f, keywords, [], {}))
            if built is not None:
                built += [line.replace(str(ROOT) + "/", "").split(": warning:")[0] + ": say() given an f-string"
                          for line in said.getvalue().splitlines() if "f-string" in line]
            for line, func, args, _ in found:
                got = _msg(str(func), args, f"{path.relative_to(ROOT)}:{line}")
                if got is not None and (got.context, got.msgid) not in out:
                    out[(got.context, got.msgid)] = got
    return sorted(out.values(), key=lambda m: (m.context, m.msgid))


def _msg(func: str, args: object, where: str) -> Msg | None:
    parts = list(args) if isinstance(args, tuple) else [args]
    if func in ("say", "N_") and parts and isinstance(parts[0], str):
        return Msg("", parts[0], "", where)
    if func == "say_n" and len(parts) >= 2 and isinstance(parts[0], str) and isinstance(parts[1], str):
        return Msg("", parts[0], parts[1], where)
    if func == "say_in" and len(parts) >= 2 and isinstance(parts[0], str) and isinstance(parts[1], str):
        return Msg(parts[0], parts[1], "", where)
    return None  # a call with a computed template: not a message id


def board_messages() -> list[Msg]:
    """The board's names, each in its context."""
    from game.rules.board import load_board

    b = load_board()
    names = {"power": [p.name for p in b.powers], "area": [a.name for a in b.areas],
             "tile": [t.name for t in b.tiles], "counter": [c.name for c in b.counters]}
    return ([Msg(ctx, n, "", "game/rules/data") for ctx in NAME_CONTEXTS for n in sorted(set(names[ctx]))]
            + [Msg(ctx, n, "", "game/rules/data") for ctx in PREPOSITION_CONTEXTS
               for n in sorted(set(names[ctx.split()[0]]))])


def all_messages() -> list[Msg]:
    return source_messages() + board_messages()


def fields(template: str) -> list[str]:
    """The placeholders of a template, sorted ("{power} pays {n}" -> ["n", "power"])."""
    return sorted({name for _, name, _, _ in string.Formatter().parse(template) if name})


def catalog(code: str) -> dict[tuple[str, str], tuple[str, ...]]:
    """Language ``code``'s translations: (context, msgid) -> its forms (one, or one per
    plural form); untranslated and fuzzy entries left out."""
    from babel.messages.pofile import read_po

    from game.client.words.lang import catalog_files

    out: dict[tuple[str, str], tuple[str, ...]] = {}
    for path in catalog_files(code):
        with path.open("rb") as f:
            cat = read_po(f, locale=code)
        for m in cat:
            if not m.id or m.fuzzy:
                continue
            key = m.id[0] if isinstance(m.id, tuple) else m.id
            forms = tuple(m.string) if isinstance(m.string, (tuple, list)) else (m.string,)
            if all(forms):
                out[(m.context or "", str(key))] = tuple(str(x) for x in forms)
    return out


def clashes(code: str) -> list[str]:
    """Message ids that two of language ``code``'s catalog files translate differently (the
    first file read would win, silently): each should be one translation, or two messages
    told apart by a context."""
    from babel.messages.pofile import read_po

    from game.client.words.lang import catalog_files

    seen: dict[tuple[str, str], tuple[str, tuple[str, ...]]] = {}
    out = []
    for path in catalog_files(code):
        with path.open("rb") as f:
            cat = read_po(f, locale=code)
        for m in cat:
            if not m.id or m.fuzzy:
                continue
            key = (m.context or "", str(m.id[0] if isinstance(m.id, tuple) else m.id))
            forms = tuple(m.string) if isinstance(m.string, (tuple, list)) else (m.string,)
            if key in seen and seen[key][1] != forms:
                out.append(f"{key[1]!r} (context {key[0] or 'none'}): {seen[key][0]} says {seen[key][1]}, "
                           f"{path.name} says {forms}")
            seen.setdefault(key, (path.name, forms))
    return out


def plural_count(code: str) -> int:
    """How many plural forms language ``code``'s catalogs declare."""
    from babel.messages.pofile import read_po

    from game.client.words.lang import catalog_files

    for path in catalog_files(code):
        with path.open("rb") as f:
            return int(read_po(f, locale=code).num_plurals)
    return 2


def problems(code: str, msgs: list[Msg] | None = None,
             have: dict[tuple[str, str], tuple[str, ...]] | None = None) -> Iterator[str]:
    """What language ``code``'s catalogs lack or get wrong: a message with no translation,
    a translation whose placeholders differ from the template's or ask a name with a
    preposition there is none of (``{area:nel}``), a count with the wrong number of forms.
    ``have``: the catalogs' translations (read from the files if not given)."""
    from game.client.words.lang import PREPOSITIONS

    have = catalog(code) if have is None else have
    n = plural_count(code)
    if msgs is None:
        built: list[str] = []
        msgs = source_messages(built=built) + board_messages()
        yield from built
    for m in msgs:
        forms = have.get((m.context, m.msgid))
        label = f"{m.where}: {m.msgid!r}" + (f" (context {m.context})" if m.context else "")
        if forms is None:
            yield f"{label}: no translation"
            continue
        if m.plural and len(forms) != n:
            yield f"{label}: {len(forms)} forms, the language has {n}"
        want = fields(m.msgid) if not m.plural else sorted(set(fields(m.msgid)) | set(fields(m.plural)))
        for form in forms:
            try:
                got = fields(form)
            except ValueError as exc:
                yield f"{label}: the translation {form!r} is not a template ({exc})"
                continue
            if got != want and not (m.plural and set(got) <= set(want) and set(want) - set(got) <= {"n"}):
                yield f"{label}: the translation {form!r} has placeholders {got}, the template {want}"
            specs = sorted({spec for _, name, spec, _ in string.Formatter().parse(form) if name and spec})
            wrong = [s for s in specs if s.lower() not in PREPOSITIONS]
            if wrong:
                yield (f"{label}: the translation {form!r} asks a name with {', '.join(wrong)}: the prepositions "
                       f"are {', '.join(PREPOSITIONS)}")


def _po_string(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def write_po(path: Path, msgs: list[Msg], code: str = "") -> None:
    """``msgs`` as a catalog (a template when ``code`` is ""), each with where it is used."""
    head = [f'"Language: {code}\\n"' if code else '"Language: \\n"',
            '"Content-Type: text/plain; charset=UTF-8\\n"',
            '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"']
    lines = ['msgid ""', 'msgstr ""', *head, ""]
    for m in msgs:
        lines.append(f"#: {m.where}")
        if re.search(r"\{\w*\}", m.msgid + m.plural):
            lines.append("#, python-brace-format")
        if m.context:
            lines.append(f"msgctxt {_po_string(m.context)}")
        lines.append(f"msgid {_po_string(m.msgid)}")
        if m.plural:
            lines += [f"msgid_plural {_po_string(m.plural)}", 'msgstr[0] ""', 'msgstr[1] ""']
        else:
            lines.append('msgstr ""')
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")


def main(argv: list[str]) -> int:
    if argv[:1] == ["pot"]:
        out = ROOT / "game" / "client" / "words" / "locale" / "messages.pot"
        write_po(out, all_messages())
        print(f"wrote {out.relative_to(ROOT)}")
        return 0
    if len(argv) == 2 and argv[0] == "check":
        found = clashes(argv[1]) + list(problems(argv[1]))
        print("\n".join(found) or f"{argv[1]}: every message translated")
        return 1 if found else 0
    if len(argv) == 3 and argv[0] == "missing":
        have = catalog(argv[1])
        todo = [m for m in all_messages() if (m.context, m.msgid) not in have]
        write_po(Path(argv[2]), todo, argv[1])
        print(f"wrote {len(todo)} messages to {argv[2]}")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
