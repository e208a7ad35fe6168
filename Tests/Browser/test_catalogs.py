"""The pages' catalogs against the pages (no browser): every key the pages use (`t('…')`, `words('…')`, a key
spelled in a module's table, `data-words`, `data-words-attr`) is in every catalog, no catalog holds a key
nothing uses, each plural has the CLDR categories of its language, a translation keeps the English's
placeholders, every catalog but English says it needs review, and qps.json is the generation of en.json."""

import json
import pathlib
import re

import pytest

from pseudo_locale import WORDS, generate, text

PAGES = WORDS.parents[1]
# The languages words.js offers (its LANGUAGES), and the pseudo-locale.
TAGS = re.findall(r"tag: '([a-z]+)'", (PAGES / "static" / "words.js").read_text(encoding="utf-8")) + ["qps"]
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


def catalog(tag):
    path = WORDS / f"{tag}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def english():
    return catalog("en")


def used_keys():
    """Every key the pages spell: in HTML, data-words values and data-words-attr pairs; in modules, every
    string literal shaped like a key whose first part is one of the catalogs' areas (so a table of keys
    counts as well as a t('…') call)."""
    areas = {key.split(".")[0] for key in english() if key != "_about"}
    used = {}
    for path in sorted(PAGES.rglob("*")):
        if path.suffix == ".html":
            source = path.read_text(encoding="utf-8")
            for key in re.findall(r'data-words="([^"]+)"', source):
                used.setdefault(key, path.name)
            for pairs in re.findall(r'data-words-attr="([^"]+)"', source):
                for pair in pairs.split(";"):
                    used.setdefault(pair.split("=", 1)[1].strip(), path.name)
        elif path.suffix == ".js":
            for literal in LITERAL.finditer(path.read_text(encoding="utf-8")):
                value = literal.group(1) if literal.group(1) is not None else literal.group(2)
                if KEY.match(value) and value.split(".")[0] in areas:
                    used.setdefault(value, path.name)
    return used


def test_every_language_offered_has_a_catalog():
    assert "en" in TAGS
    for tag in TAGS:
        assert catalog(tag) is not None, f"static/words/{tag}.json is missing"


def test_no_module_builds_a_key_from_pieces():
    # The check reads keys from the code: a key made at run time (t(`a.${b}`)) would escape it.
    for path in sorted(PAGES.rglob("*.js")):
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"\b(?:t|words)\(\s*`", source), f"{path.name} builds a key from pieces"
        assert not re.search(r"\b(?:t|words)\(\s*['\"][^'\"]*['\"]\s*\+", source), f"{path.name} adds to a key"


@pytest.mark.parametrize("tag", TAGS)
def test_the_catalog_has_every_key_the_pages_use_and_no_other(tag):
    words = catalog(tag)
    used = used_keys()
    missing = sorted(f"{key} (in {where})" for key, where in used.items() if key not in words)
    assert not missing, f"{tag}.json lacks keys the pages use: {missing}"
    unused = sorted(key for key in words if key != "_about" and key not in used)
    assert not unused, f"{tag}.json has keys nothing uses (remove them, or use them): {unused}"


@pytest.mark.parametrize("tag", TAGS)
def test_each_plural_has_its_languages_categories_and_placeholders_match_the_english(tag):
    words, reference = catalog(tag), english()
    for key, value in words.items():
        if key == "_about":
            continue
        if isinstance(reference[key], dict):
            assert isinstance(value, dict) and set(value) == PLURALS[tag], \
                f"{tag}.json's {key} needs the plural categories {sorted(PLURALS[tag])}, has {value!r}"
            allowed = set().union(*(PLACEHOLDER.findall(words) for words in reference[key].values()))
            for category, words in value.items():
                extra = set(PLACEHOLDER.findall(words)) - allowed
                assert not extra, f"{tag}.json's {key}.{category} has placeholders English lacks: {extra}"
                assert "{count}" in words or category in ("zero", "one", "two"), \
                    f"{tag}.json's {key}.{category} leaves out the count"
        else:
            assert isinstance(value, str), f"{tag}.json's {key} is a plural where English has a sentence"
            assert set(PLACEHOLDER.findall(value)) == set(PLACEHOLDER.findall(reference[key])), \
                f"{tag}.json's {key} has other placeholders than the English: {value!r}"


@pytest.mark.parametrize("tag", [tag for tag in TAGS if tag not in ("en", "qps")])
def test_every_translation_says_it_needs_review_by_a_native_speaker(tag):
    assert "needs review by a native speaker" in catalog(tag).get("_about", "")


def test_the_pseudo_locale_is_generated_from_the_english():
    current = (WORDS / "qps.json").read_text(encoding="utf-8")
    assert current == text(generate(english())), \
        "qps.json is out of date: run `python3 Tests/Browser/pseudo_locale.py`"
