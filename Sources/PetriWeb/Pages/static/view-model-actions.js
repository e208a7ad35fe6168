// Changing the picture by hand (the terminal's `toggle`, `place` and `best`): flip one cell of a board or tile of
// a map, stamp a pattern on a board, and outline a field's suited creatures or not. Each part shows only for the
// pictures it applies to; the server's sentence answers anything it refuses.

import { el, replaceChildren, setText } from './dom.js';
import { t, words } from './words.js';

/// Which parts a picture offers, read off the kind of picture the model's presentation names (never the model's
/// name): a board of cells takes flips and patterns, a map of tiles takes flips, and a field of creatures with
/// suited ones can outline them.
function partsOf(presentation) {
    const picture = presentation?.picture;
    return {
        toggle: picture === 'cellBoard' || picture === 'islandMap',
        place: picture === 'cellBoard',
        best: picture === 'traitField' && typeof presentation.suited === 'string',
    };
}

function whole(input) {
    const value = Number(input.value);
    return input.value.trim() !== '' && Number.isInteger(value) && value >= 0 ? value : null;
}

export class ModelActionsView {
    /// - Parameters:
    ///   - root: the element this view owns.
    ///   - send: `(message) => bool`, sends on the lesson's connection.
    ///   - markBest: `(on) => void`, shows or hides the outlines of the suited creatures on this page's picture.
    constructor(root, { send, markBest }) {
        this.root = root;
        this.send = send;
        const number = (id) => el('input', { id, class: 'short', type: 'number', min: '0', step: '1' });
        this.toggleX = number('toggle-x');
        this.toggleY = number('toggle-y');
        this.toggle = el('button', words('actions.flip', { type: 'button', id: 'toggle' }), t('actions.flip'));
        this.pattern = el('input', { id: 'place-pattern', type: 'text', maxlength: '4096', spellcheck: 'false',
            autocomplete: 'off', placeholder: 'glider' }); // a pattern's name, as the server knows it: not words
        this.placeX = number('place-x');
        this.placeY = number('place-y');
        this.place = el('button', words('actions.place', { type: 'button', id: 'place' }), t('actions.place'));
        this.best = el('input', { type: 'checkbox', id: 'mark-best', checked: true });
        this.problem = el('p', { class: 'problem', role: 'alert' });
        this.togglePart = el('div', { class: 'model-action', id: 'toggle-part' },
            el('h3', words('actions.flip.heading'), t('actions.flip.heading')),
            el('div', { class: 'button-row' },
                el('label', words('actions.column', { for: 'toggle-x' }), t('actions.column')), this.toggleX,
                el('label', words('actions.row', { for: 'toggle-y' }), t('actions.row')), this.toggleY, this.toggle));
        this.placePart = el('div', { class: 'model-action', id: 'place-part' },
            el('h3', words('actions.place.heading'), t('actions.place.heading')),
            el('div', { class: 'field' }, el('label', words('actions.pattern', { for: 'place-pattern' }), t('actions.pattern')),
                this.pattern),
            el('div', { class: 'button-row' },
                el('label', words('actions.left', { for: 'place-x' }), t('actions.left')), this.placeX,
                el('label', words('actions.top', { for: 'place-y' }), t('actions.top')), this.placeY, this.place));
        this.bestLabel = el('label', { for: 'mark-best' }, t('actions.best'));
        this.bestPart = el('div', { class: 'field inline model-action', id: 'best-part' }, this.best, this.bestLabel);
        this.heading = el('h2', words('teach.modelActions'), t('teach.modelActions'));
        replaceChildren(root, this.heading, this.togglePart, this.placePart, this.bestPart, this.problem);
        this.toggle.addEventListener('click', () => {
            setText(this.problem, '');
            const x = whole(this.toggleX);
            const y = whole(this.toggleY);
            if (x === null || y === null) {
                setText(this.problem, t('actions.flip.problem'));
                return;
            }
            this.send({ type: 'toggle', x, y });
        });
        this.place.addEventListener('click', () => {
            setText(this.problem, '');
            const pattern = this.pattern.value.trim();
            const x = whole(this.placeX);
            const y = whole(this.placeY);
            if (!pattern || x === null || y === null) {
                setText(this.problem, t('actions.place.problem'));
                return;
            }
            this.send({ type: 'place', pattern, x, y });
        });
        this.best.addEventListener('change', () => markBest(this.best.checked));
    }

    render(state) {
        const presentation = state.presentation;
        const parts = partsOf(presentation);
        if (parts.best) {
            setText(this.bestLabel, t('actions.best.named', { suited: presentation.suited, many: presentation.nouns?.many ?? '' }));
        }
        this.togglePart.hidden = !parts.toggle;
        this.placePart.hidden = !parts.place;
        this.bestPart.hidden = !parts.best;
        this.root.hidden = !parts.toggle && !parts.place && !parts.best;
        this.toggle.disabled = state.ended;
        this.place.disabled = state.ended;
    }
}
