"""The pseudo-locale `qps`: English from the en-<part>.json catalogs, accented, about 40% longer and in brackets,
with every {placeholder} left as it is. A page in it shows at a glance a sentence that is not in a catalog (plain
English) and a box that cuts off or overflows a longer translation. `python3 Tests/Browser/pseudo_locale.py`
rewrites each Sources/PetriWeb/Pages/static/words/qps-<part>.json from en-<part>.json; test_catalogs.py checks
they are current."""

import json
import pathlib
import re

WORDS = pathlib.Path(__file__).resolve().parents[2] / "Sources" / "PetriWeb" / "Pages" / "static" / "words"
ACCENTED = dict(zip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                    "áƀçđéƒĝĥíĵķĺɱñóƥɋŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŢÚṼŴẊÝŽ"))
FILLER = ["ŀóŕéɱ", "íƥšúɱ", "đóĺóŕ", "šíţ", "áɱéţ", "çóñšé", "ţéţúŕ"]
PLACEHOLDER = re.compile(r"(\{\w+\})")
ABOUT = ("Pseudo-locale generated from the en-<part>.json catalogs by Tests/Browser/pseudo_locale.py: "
         "do not edit, do not translate.")


def pseudo(text):
    """Accents the letters outside placeholders, pads with filler words to at least 1.4 times the length and
    brackets the result: "Join" -> "[Ĵóíñ ŀóŕéɱ]"."""
    parts = PLACEHOLDER.split(text)
    accented = "".join(part if PLACEHOLDER.fullmatch(part) else "".join(ACCENTED.get(c, c) for c in part)
                       for part in parts)
    target = len(text) * 1.4
    padded, index = accented, 0
    while len(padded) < target:
        padded += " " + FILLER[index % len(FILLER)]
        index += 1
    return f"[{padded}]"


def generate(english):
    out = {"_about": ABOUT}
    for key, value in english.items():
        if key == "_about":
            continue
        out[key] = {category: pseudo(words) for category, words in value.items()} \
            if isinstance(value, dict) else pseudo(value)
    return out


def text(catalog):
    return json.dumps(catalog, ensure_ascii=False, indent=2) + "\n"


def english_parts():
    """The English catalog's parts by name: en-lesson.json is `lesson`."""
    return {path.stem.removeprefix("en-"): json.loads(path.read_text(encoding="utf-8"))
            for path in sorted(WORDS.glob("en-*.json"))}


if __name__ == "__main__":
    for stale in WORDS.glob("qps-*.json"):
        stale.unlink()  # a part English no longer has goes too
    for part, english in english_parts().items():
        (WORDS / f"qps-{part}.json").write_text(text(generate(english)), encoding="utf-8")
