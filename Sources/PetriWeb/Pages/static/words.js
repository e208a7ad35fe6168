// The pages' words. Every sentence a person reads comes from a catalog: one flat JSON object per language and
// part, static/words/<tag>-<part>.json, keys dotted by page and area ("student.join.code"). A value may hold
// named placeholders ("{count} students joined") or be an object of CLDR plural categories
// ({"one": "{count} student", "other": "{count} students"}) chosen by Intl.PluralRules for `count`.
// A key missing from a catalog falls back to English. README.md ("Words") says how to add a language.
//
// The parts split the words by who reads them, so a page loads only its own: `common` (every page: the
// language switch, the connection), `lesson` (the lesson the student page, the projector and the console all
// show), `teach`, `projector`, `report` and `admin`. A page names the parts it loads besides `common` in one
// place, its <meta name="petri-words" content="lesson teach">; a page without one (the LTI hand-off) loads
// `common` alone. test_catalogs.py checks that every key a page's modules use is in a part it loads.
//
// The module loads English and the starting language before any page module runs (top-level await), so
// t() is synchronous everywhere. A mode's part (the student page's make-up) comes later: loadPart('makeup').

/// The languages a person can pick, each by its own name (the same in every catalog, so not in them).
export const LANGUAGES = [
    { tag: 'en', name: 'English' },
    { tag: 'cy', name: 'Cymraeg' },
    { tag: 'es', name: 'Español' },
    { tag: 'ar', name: 'العربية' },
];
/// The pseudo-locale (accented, longer, bracketed English, generated from the en-*.json parts) that shows text a
/// layout cuts off or a page forgot to put in the catalog. Not in the switch; a stored choice selects it.
const PSEUDO = 'qps';
const RIGHT_TO_LEFT = new Set(['ar']);
const STORAGE_KEY = 'petri.language';

const catalogs = new Map();
const listeners = new Set();
let current = 'en';
let active = {};
let english = {};
let plurals = null;
let numbers = null;
let plain = null;

/// The parts of the catalog this page loads: `common` and those its <meta name="petri-words"> names.
const PARTS = ['common', ...(document.querySelector('meta[name="petri-words"]')?.content ?? '').split(/\s+/)
    .filter((part) => /^[a-z]+$/.test(part) && part !== 'common')];

/// One language's words for this page: its parts, fetched together and merged (no key is in two parts). The
/// promise is kept, so a language asked for twice is fetched once; a failed fetch is forgotten (tried again).
function loadCatalog(tag) {
    if (!catalogs.has(tag)) {
        const loading = Promise.all(PARTS.map(async (part) => {
            const response = await fetch(`/static/words/${tag}-${part}.json`);
            if (!response.ok) throw new Error(`There is no catalog "${part}" for the language "${tag}".`);
            return response.json();
        })).then((parts) => Object.assign({}, ...parts));
        loading.catch(() => catalogs.delete(tag));
        catalogs.set(tag, loading);
    }
    return catalogs.get(tag);
}

/// Loads one more part for this page before its words are used.
export async function loadPart(part) {
    PARTS.push(part);
    catalogs.clear();
    english = await loadCatalog('en');
    active = await loadCatalog(current).catch(() => english);
}

function offered(tag) {
    return tag === PSEUDO || LANGUAGES.some((language) => language.tag === tag);
}

/// The language a person picked on this browser (local storage), or null.
function storedLanguage() {
    try {
        const tag = localStorage.getItem(STORAGE_KEY);
        return tag && offered(tag) ? tag : null;
    } catch {
        return null; // storage may be off (private mode): the browser's preference still applies
    }
}

/// The first of the browser's preferred languages (navigator.languages) that the pages offer, or null.
function browserLanguage() {
    for (const wanted of navigator.languages ?? [navigator.language]) {
        const primary = String(wanted ?? '').toLowerCase().split('-')[0];
        if (primary !== PSEUDO && offered(primary)) return primary;
    }
    return null;
}

/// The locale Intl formats for: English and the pseudo-locale as British English (as the pages always did).
function locale(tag = current) {
    return tag === PSEUDO || tag === 'en' ? 'en-GB' : tag;
}

/// The current language's tag (`en`, `cy`, `es`, `ar`, or `qps`).
export function language() {
    return current;
}

/// True when the person picked a language on this browser, or the browser prefers one the pages offer:
/// a lesson's language then does not override it.
export function languageChosen() {
    return storedLanguage() !== null || browserLanguage() !== null;
}

/// Switches the pages' words to `tag` (falling back to English for a language with no catalog), sets
/// <html lang> and dir, and tells every onLanguageChange listener. `remember: false` does not store the
/// choice (a lesson's language, not the person's).
export async function setLanguage(tag, { remember = true } = {}) {
    let wanted = offered(tag) ? tag : 'en';
    let catalog;
    try {
        catalog = await loadCatalog(wanted);
    } catch {
        catalog = english; // the catalog could not be fetched: English, and the page says so in <html lang>
        wanted = 'en';
    }
    if (remember) {
        try {
            localStorage.setItem(STORAGE_KEY, wanted);
        } catch {
            // see storedLanguage
        }
    }
    const changed = wanted !== current;
    current = wanted;
    active = catalog;
    plurals = new Intl.PluralRules(locale());
    numbers = new Intl.NumberFormat(locale(), { maximumFractionDigits: 2 });
    plain = new Intl.NumberFormat(locale(), { maximumFractionDigits: 20, useGrouping: false });
    const root = document.documentElement;
    root.lang = wanted;
    root.dir = RIGHT_TO_LEFT.has(wanted) ? 'rtl' : 'ltr';
    if (changed) for (const listener of listeners) listener(wanted);
    return wanted;
}

/// Calls `fn(tag)` after each change of language; returns a function that stops it.
export function onLanguageChange(fn) {
    listeners.add(fn);
    return () => listeners.delete(fn);
}

/// A number in the current language: whole numbers as they are, others to at most two decimals, "no value"
/// for NaN and the infinities (which the wire sends as strings).
export function formatNumber(value) {
    if (value === null || value === undefined) return '–';
    if (typeof value === 'string') return value === 'NaN' ? t('words.noValue') : value;
    if (!Number.isFinite(value)) return t('words.noValue');
    if (Number.isInteger(value)) return numbers.format(value);
    return numbers.format(Math.round(value * 100) / 100);
}

/// A number as it is, in the language's digits: no grouping, no rounding (a generation, a count, a rank).
export function formatPlain(value) {
    return typeof value === 'number' && Number.isFinite(value) ? plain.format(value) : String(value ?? '');
}

/// A percentage in the current language from a number of hundredths: formatPercent(70) is "70%".
export function formatPercent(hundredths) {
    return new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 1 }).format(hundredths / 100);
}

/// A duration in whole seconds as minutes and seconds, "4:05", with the language's digits.
export function formatDuration(seconds) {
    const whole = Math.max(0, Math.round(seconds));
    const twoDigits = new Intl.NumberFormat(locale(), { minimumIntegerDigits: 2, useGrouping: false });
    return `${numbers.format(Math.floor(whole / 60))}:${twoDigits.format(whole % 60)}`;
}

/// A time of day (a Date or milliseconds since 1970) in the current language, e.g. "21:40:05".
export function formatTime(value) {
    return formatDate(value, { timeStyle: 'medium' });
}

/// A date and time (a Date or milliseconds since 1970) in the current language, e.g. "27 Nov 2026, 21:40".
export function formatDate(value, options = { dateStyle: 'medium', timeStyle: 'short' }) {
    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) return '–';
    return new Intl.DateTimeFormat(locale(), options).format(date);
}

/// The words for a key in the current language, with `{name}` placeholders filled from `params` (a number as
/// it is, in the language's digits: formatPlain; pass formatNumber(x) for a rounded, grouped one). A plural entry picks its CLDR category for `params.count`. A key no catalog
/// has comes back as itself, so a missing word shows rather than vanishes.
export function t(key, params = {}) {
    let value = active[key] ?? english[key];
    if (value === undefined) return key;
    if (typeof value === 'object' && value !== null) {
        const count = Number(params.count ?? 0);
        const category = plurals.select(count);
        const fallback = english[key];
        value = value[category] ?? value.other
            ?? (typeof fallback === 'object' ? fallback[new Intl.PluralRules('en').select(count)] ?? fallback.other : '');
    }
    return String(value).replace(/\{(\w+)\}/g, (whole, name) => {
        if (!(name in params)) return whole;
        const param = params[name];
        return formatPlain(param);
    });
}

/// Fills every element under `root` (and `root` itself) marked `data-words="key"` (its text) or
/// `data-words-attr="aria-label=key; placeholder=key2"` (its attributes) from the current language.
export function fillWords(root = document.documentElement) {
    const marked = [...root.querySelectorAll('[data-words], [data-words-attr]')];
    if (root.matches?.('[data-words], [data-words-attr]')) marked.push(root);
    for (const node of marked) {
        const key = node.getAttribute('data-words');
        if (key) {
            const text = t(key);
            if (node.textContent !== text) node.textContent = text;
        }
        for (const pair of (node.getAttribute('data-words-attr') ?? '').split(';')) {
            const [name, attrKey] = pair.split('=').map((part) => part.trim());
            if (name && attrKey) node.setAttribute(name, t(attrKey));
        }
    }
}

/// Attributes for `el()` that mark a node's text with its key, so fillWords re-fills it on a change of
/// language: `el('button', words('teach.plan.next'), t('teach.plan.next'))`.
export function words(key, attributes = {}) {
    return { ...attributes, 'data-words': key };
}

/// Attributes for `el()` with `attribute` (e.g. `aria-label`) set from `key` and marked, so fillWords re-fills
/// it on a change of language: `el('input', wordsAttr('aria-label', 'builder.value', { type: 'number' }))`.
export function wordsAttr(attribute, key, attributes = {}) {
    return { ...attributes, [attribute]: t(key), 'data-words-attr': `${attribute}=${key}` };
}

const starting = storedLanguage() ?? browserLanguage() ?? 'en';
loadCatalog(starting).catch(() => {}); // fetched alongside English, not after it (setLanguage falls back)
english = await loadCatalog('en');
active = english;
await setLanguage(starting, { remember: false });
