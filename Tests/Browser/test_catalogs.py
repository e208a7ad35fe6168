"""The pages' catalogs against the pages (no browser). Each language's words are split in parts by who reads
them (static/words/<tag>-<part>.json), and a page loads `common` and the parts its <meta name="petri-words">
names (words.js), and any part one of its modules loads for one mode with `loadPart('…')` (the student page's
make-up). Checked: every language has every part English has and no other; every key a page uses
(`t('…')`, `words('…')`, a key spelled in a module's table, `data-words`, `data-words-attr`, in the page or any
module it imports) is in a part that page loads; no part holds a key that no page loading it uses; no key is in
two parts; each plural has the CLDR categories of its language; a translation keeps the English's placeholders;
every catalog but English says it needs review; and the qps parts are the generation of the English ones."""

import json
import pathlib
import re

import pytest

from pseudo_locale import WORDS, english_parts, generate, text

PAGES = WORDS.parents[1]
STATIC = PAGES / "static"
# The languages words.js offers (its LANGUAGES), and the pseudo-locale.
TAGS = re.findall(r"tag: '([a-z]+)'", (STATIC / "words.js").read_text(encoding="utf-8")) + ["qps"]
# The parts, as English has them: every page loads `common`.
PARTS = sorted(english_parts())
# CLDR's cardinal plural categories (what Intl.PluralRules(tag).resolvedOptions().pluralCategories lists).
PLURALS = {
    "en": {"one", "other"},
    "qps": {"one", "other"},
    "cy": {"zero", "one", "two", "few", "many", "other"},
    "es": {"one", "many", "other"},
    "ar": {"zero", "one", "two", "few", "many", "other"},
}
KEY = re.compile(r"^[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+$")
LITERAL = re.compile(r"""'([^'\\\n]*)'|"([^"\\\n]*)\"""")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
COMMENT = re.compile(r"(?:^|(?<=\s))//.*$", re.MULTILINE)
LOAD_PART = re.compile(r"""\bloadPart\(\s*'([a-z]+)'\s*\)""")
IMPORT = re.compile(r"""(?:\bfrom|\bimport\(?)\s*'\./([\w-]+\.js)'""")


def part(tag, name):
    path = WORDS / f"{tag}-{name}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def catalog(tag):
    """All of a language's parts in one: each key with the part that holds it (a key in two parts, twice)."""
    return [(key, name, value) for name in PARTS for key, value in (part(tag, name) or {}).items()
            if key != "_about"]


def english():
    return {key: value for key, _, value in catalog("en")}


AREAS = {key.split(".")[0] for key in english()}


def keys_in(path):
    """The keys a file spells: in HTML, data-words values and data-words-attr pairs; in a module, every string
    literal shaped like a key whose first part is one of the catalogs' areas (so a table of keys counts as well
    as a t('…') call)."""
    source = path.read_text(encoding="utf-8")
    if path.suffix == ".html":
        keys = set(re.findall(r'data-words="([^"]+)"', source))
        for pairs in re.findall(r'data-words-attr="([^"]+)"', source):
            keys |= {pair.split("=", 1)[1].strip() for pair in pairs.split(";") if "=" in pair}
        return keys
    code = COMMENT.sub("", source)  # an example in a comment is no use
    keys = set()
    for literal in LITERAL.finditer(code):
        value = literal.group(1) if literal.group(1) is not None else literal.group(2)
        if KEY.match(value) and value.split(".")[0] in AREAS:
            keys.add(value)
    return keys


def modules(entry, seen=None):
    """A module and every module it imports, at any depth."""
    seen = set() if seen is None else seen
    if entry not in seen and (STATIC / entry).exists():
        seen.add(entry)
        for imported in IMPORT.findall((STATIC / entry).read_text(encoding="utf-8")):
            modules(imported, seen)
    return seen


def pages():
    """Each page: its name, the parts it loads, and the keys it and its modules use (with where). A module no
    HTML page here loads (the LTI pages, which the server writes) is a page of its own that loads `common`."""
    found, reached = [], set()
    for path in sorted(PAGES.glob("*.html")):
        source = path.read_text(encoding="utf-8")
        declared = re.search(r'<meta name="petri-words" content="([^"]*)">', source)
        loads = {"common", *(declared.group(1).split() if declared else [])}
        files = [path] + [STATIC / name for name in sorted(
            set().union(*(modules(entry) for entry in re.findall(r'<script type="module" src="/static/([\w-]+\.js)"',
                                                                 source))))]
        reached |= {file.name for file in files}
        loads |= {name for file in files if file.suffix == ".js"
                  for name in LOAD_PART.findall(COMMENT.sub("", file.read_text(encoding="utf-8")))}
        found.append((path.name, loads, files))
    for path in sorted(STATIC.glob("*.js")):
        if path.name not in reached:
            found.append((path.name, {"common"}, [STATIC / name for name in sorted(modules(path.name))]))
    return [(name, loads, {key: file.name for file in reversed(files) for key in keys_in(file)})
            for name, loads, files in found]


def test_every_language_offered_has_every_part_and_no_other():
    assert "en" in TAGS and "common" in PARTS
    for tag in TAGS:
        have = sorted(path.stem.removeprefix(f"{tag}-") for path in WORDS.glob(f"{tag}-*.json"))
        assert have == PARTS, f"static/words/ has the parts {have} for {tag}, English has {PARTS}"
    strays = sorted(path.name for path in WORDS.iterdir() if not re.fullmatch(r"([a-z]+)-[a-z]+\.json", path.name)
                    or path.name.split("-")[0] not in TAGS)
    assert not strays, f"static/words/ holds files no page loads: {strays}"


def test_every_part_a_page_names_exists():
    for name, loads, _ in pages():
        assert loads <= set(PARTS), f"{name} loads parts English lacks: {sorted(loads - set(PARTS))}"


def test_no_module_builds_a_key_from_pieces():
    # The check reads keys from the code: a key made at run time (t(`a.${b}`)) would escape it.
    for path in sorted(PAGES.rglob("*.js")):
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"\b(?:t|words)\(\s*`", source), f"{path.name} builds a key from pieces"
        assert not re.search(r"\b(?:t|words)\(\s*['\"][^'\"]*['\"]\s*\+", source), f"{path.name} adds to a key"


@pytest.mark.parametrize("tag", TAGS)
def test_no_key_is_in_two_parts(tag):
    seen, twice = {}, []
    for key, name, _ in catalog(tag):
        if key in seen:
            twice.append(f"{key} ({seen[key]} and {name})")
        seen[key] = name
    assert not twice, f"{tag}'s parts share keys (keep each in one part): {twice}"


@pytest.mark.parametrize("tag", TAGS)
def test_each_part_has_the_english_parts_keys(tag):
    for name in PARTS:
        words, reference = set(part(tag, name) or {}) - {"_about"}, set(part("en", name)) - {"_about"}
        assert words == reference, \
            f"{tag}-{name}.json lacks {sorted(reference - words)} and has {sorted(words - reference)} beyond English"


@pytest.mark.parametrize("tag", TAGS)
def test_every_page_finds_the_keys_it_uses_in_the_parts_it_loads_and_no_part_holds_an_unused_key(tag):
    where = {key: name for key, name, _ in catalog(tag)}
    missing, used_by = [], {}
    for page, loads, used in pages():
        for key, file in sorted(used.items()):
            used_by.setdefault(key, set()).update(loads)
            if key not in where:
                missing.append(f"{key} (in {file}, {page})")
            elif where[key] not in loads:
                missing.append(f"{key} (in {file}, but in {tag}-{where[key]}.json, which {page} does not load)")
    assert not missing, f"{tag}'s parts lack keys the pages use: {missing}"
    unused = sorted(f"{key} ({tag}-{name}.json)" for key, name in where.items() if name not in used_by.get(key, ()))
    assert not unused, f"{tag} has keys no page loading their part uses (remove them, or use them): {unused}"


@pytest.mark.parametrize("tag", TAGS)
def test_each_plural_has_its_languages_categories_and_placeholders_match_the_english(tag):
    reference = english()
    for key, name, value in catalog(tag):
        where = f"{tag}-{name}.json's {key}"
        assert key in reference, f"{where} is not in English"
        if isinstance(reference[key], dict):
            assert isinstance(value, dict) and set(value) == PLURALS[tag], \
                f"{where} needs the plural categories {sorted(PLURALS[tag])}, has {value!r}"
            allowed = set().union(*(PLACEHOLDER.findall(words) for words in reference[key].values()))
            for category, words in value.items():
                extra = set(PLACEHOLDER.findall(words)) - allowed
                assert not extra, f"{where}.{category} has placeholders English lacks: {extra}"
                assert "{count}" in words or category in ("zero", "one", "two"), \
                    f"{where}.{category} leaves out the count"
        else:
            assert isinstance(value, str), f"{where} is a plural where English has a sentence"
            assert set(PLACEHOLDER.findall(value)) == set(PLACEHOLDER.findall(reference[key])), \
                f"{where} has other placeholders than the English: {value!r}"


@pytest.mark.parametrize("tag", [tag for tag in TAGS if tag not in ("en", "qps")])
def test_every_translation_says_it_needs_review_by_a_native_speaker(tag):
    for name in PARTS:
        assert "needs review by a native speaker" in (part(tag, name) or {}).get("_about", ""), \
            f"{tag}-{name}.json does not say it needs review by a native speaker"


def test_the_pseudo_locale_is_generated_from_the_english():
    for name, english_part in english_parts().items():
        current = (WORDS / f"qps-{name}.json").read_text(encoding="utf-8")
        assert current == text(generate(english_part)), \
            f"qps-{name}.json is out of date: run `python3 Tests/Browser/pseudo_locale.py`"
