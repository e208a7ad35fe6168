// What a lesson plan shows everyone (`explanation`): the teacher's own text or a section of the guide, as a panel on
// the student page and the projector. Text from the network goes in only as text.

import { el, replaceChildren } from './dom.js';

export class ExplanationView {
    constructor(root) {
        this.root = root;
        this.drawn = null;
    }

    render(state) {
        const explanation = state.explanation;
        this.root.hidden = !explanation;
        if (!explanation || explanation === this.drawn) return;
        this.drawn = explanation;
        replaceChildren(this.root,
            explanation.title ? el('h2', {}, explanation.title) : null,
            (explanation.paragraphs ?? []).map((paragraph) => el('p', {}, paragraph)));
    }
}
