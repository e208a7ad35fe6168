// "About this model": the lesson's model's real-world story and the built-in explanations (what evolution
// is, that chance plays a part, what each screen and control does), as the server sends them (`guide`).
// The words live once, in the server; this page only lays them out, with text nodes (never markup).

import { el, replaceChildren } from './dom.js';
import { t } from './words.js';

export class AboutView {
    /// - Parameter send: `(message) => bool`, sends the `guide` request on the lesson's connection.
    constructor(root, { send }) {
        this.root = root;
        this.send = send;
        this.askedFor = null; // the lesson state and model the guide was last requested for
        this.shown = undefined; // the guide object now on screen
    }

    /// After a change of language: lays the panel out again at the next render, and asks for the guide again
    /// (the server sends it in the connection's language).
    relabel(state) {
        this.shown = undefined;
        this.askedFor = null;
        this.render(state);
    }

    render(state) {
        const asked = this.askedFor;
        if (state.role !== null && state.model !== null && (asked?.state !== state || asked?.model !== state.model)) {
            // A page that starts another lesson gets a fresh state; a reconnect may bring another model.
            if (this.send({ type: 'guide' })) this.askedFor = { state, model: state.model };
        }
        if (state.guide === this.shown) return;
        this.shown = state.guide;
        const guide = state.guide;
        if (!guide) {
            // Refused, not yet answered, or another lesson's: show nothing rather than stale words.
            replaceChildren(this.root, el('summary', {}, t('about.summary')));
            return;
        }
        const story = typeof guide.story === 'string' && guide.story ? guide.story : null;
        const sections = Array.isArray(guide.sections) ? guide.sections : [];
        replaceChildren(this.root,
            el('summary', {}, t('about.summary')),
            story ? el('h3', {}, t('about.story')) : null,
            story ? el('p', { class: 'story' }, story) : null,
            sections.map((section) => el('section', { class: 'guide-section' },
                el('h3', {}, String(section?.title ?? '')),
                (Array.isArray(section?.paragraphs) ? section.paragraphs : []).map((text) => el('p', {}, String(text))))));
    }
}
