// Changing the picture by hand (the terminal's `toggle`, `place` and `best`): flip one cell of a board or tile of
// a map, stamp a pattern on a board, and outline a field's suited creatures or not. Each part shows only for the
// pictures it applies to; the server's sentence answers anything it refuses.

import { el, replaceChildren, setText } from './dom.js';

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
        this.toggle = el('button', { type: 'button', id: 'toggle' }, 'Flip');
        this.pattern = el('input', { id: 'place-pattern', type: 'text', maxlength: '4096', spellcheck: 'false',
            autocomplete: 'off', placeholder: 'glider' });
        this.placeX = number('place-x');
        this.placeY = number('place-y');
        this.place = el('button', { type: 'button', id: 'place' }, 'Place');
        this.best = el('input', { type: 'checkbox', id: 'mark-best', checked: true });
        this.problem = el('p', { class: 'problem', role: 'alert' });
        this.togglePart = el('div', { class: 'model-action', id: 'toggle-part' },
            el('h3', {}, 'Flip a cell or tile'),
            el('div', { class: 'button-row' },
                el('label', { for: 'toggle-x' }, 'Column (x)'), this.toggleX,
                el('label', { for: 'toggle-y' }, 'Row (y)'), this.toggleY, this.toggle));
        this.placePart = el('div', { class: 'model-action', id: 'place-part' },
            el('h3', {}, 'Place a pattern'),
            el('div', { class: 'field' }, el('label', { for: 'place-pattern' }, 'Pattern (a name such as glider, or RLE)'),
                this.pattern),
            el('div', { class: 'button-row' },
                el('label', { for: 'place-x' }, 'Left column (x)'), this.placeX,
                el('label', { for: 'place-y' }, 'Top row (y)'), this.placeY, this.place));
        this.bestLabel = el('label', { for: 'mark-best' }, 'Outline the suited ones in red (on this screen)');
        this.bestPart = el('div', { class: 'field inline model-action', id: 'best-part' }, this.best, this.bestLabel);
        this.heading = el('h2', {}, 'Change the picture');
        replaceChildren(root, this.heading, this.togglePart, this.placePart, this.bestPart, this.problem);
        this.toggle.addEventListener('click', () => {
            setText(this.problem, '');
            const x = whole(this.toggleX);
            const y = whole(this.toggleY);
            if (x === null || y === null) {
                setText(this.problem, 'Type the column and row to flip, as whole numbers from 0.');
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
                setText(this.problem, 'Type a pattern and the column and row of its top-left corner, as whole numbers from 0.');
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
            setText(this.bestLabel, `Outline the ${presentation.suited} ${presentation.nouns?.many ?? ''} in red (on this screen)`);
        }
        this.togglePart.hidden = !parts.toggle;
        this.placePart.hidden = !parts.place;
        this.bestPart.hidden = !parts.best;
        this.root.hidden = !parts.toggle && !parts.place && !parts.best;
        this.toggle.disabled = state.ended;
        this.place.disabled = state.ended;
    }
}
