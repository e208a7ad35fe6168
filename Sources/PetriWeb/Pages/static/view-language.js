// The language switch in each page's header: a select of the languages the pages offer, each by its own
// name, labelled from the catalog. Picking one re-renders the page's words (each page listens with
// onLanguageChange) and is remembered in this browser's local storage.

import { el, replaceChildren } from './dom.js';
import { LANGUAGES, language, languageChosen, setLanguage, onLanguageChange, t, words } from './words.js';

/// Fills `root` (an element of the header) with the label and the select; returns the select.
export function languageSwitch(root) {
    const select = el('select', { id: 'language', class: 'language' },
        LANGUAGES.map(({ tag, name }) => el('option', { value: tag, lang: tag }, name)));
    replaceChildren(root, el('label', words('page.language', { for: 'language' }), t('page.language')), ' ', select);
    select.value = language();
    select.addEventListener('change', () => setLanguage(select.value));
    onLanguageChange((tag) => {
        if (select.value !== tag) select.value = tag;
    });
    return select;
}

/// Tells the server the connection's language (`setLanguage`, PROTOCOL.md) when its welcome said which
/// languages it offers (an older server does not know the message), so its sentences follow the page.
export function tellServer(state, send) {
    if (Array.isArray(state.serverLanguages)) send({ type: 'setLanguage', language: language() });
}

/// The lesson's language (its `language` option) when the person has not picked one and the browser
/// prefers none the pages offer: the page follows the teacher's choice, without remembering it.
export function followLesson(state) {
    const tag = state.options?.language;
    if (typeof tag === 'string' && LANGUAGES.some((offered) => offered.tag === tag) && tag !== language()
        && !languageChosen()) {
        setLanguage(tag, { remember: false });
    }
}
