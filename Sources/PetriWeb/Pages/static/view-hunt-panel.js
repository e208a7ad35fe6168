// The class as the selection (the terminal's `hunt` and `selection`): for a model drawn as creatures on a
// background, the teacher chooses what kills (the model's formula, the class's catches, or both) and starts a
// round in which every student catches up to a number of creatures; the panel follows the round's catches and
// says what was caught against what was left alive. The server's sentence answers anything it refuses.
// (The console's alone: the students' field is view-hunt.js.)

import { el, replaceChildren, setText } from './dom.js';
import { t, words } from './words.js';

export class HuntView {
    /// - Parameters:
    ///   - root: the element this view owns (hidden unless the picture is a field of creatures).
    ///   - send: `(message) => bool`, sends on the lesson's connection.
    constructor(root, { send }) {
        this.root = root;
        this.send = send;
        const option = (mode, key) => el('option', words(key, { value: mode }), t(key));
        this.selection = el('select', { id: 'hunt-selection' },
            option('formula', 'hunt.selection.formula'), option('class', 'hunt.selection.class'),
            option('both', 'hunt.selection.both'));
        this.catches = el('input', { id: 'hunt-catches', class: 'short', type: 'number', min: '1', max: '20',
            step: '1', value: '3' });
        this.seconds = el('input', { id: 'hunt-seconds', class: 'short', type: 'number', min: '3', max: '120',
            step: '1', value: '10' });
        this.start = el('button', words('hunt.start', { type: 'button', id: 'hunt-start' }), t('hunt.start'));
        this.problem = el('p', { class: 'problem', role: 'alert' });
        this.progress = el('p', { class: 'hunt-progress', id: 'hunt-progress', 'aria-live': 'polite' });
        this.current = null;
        this.mode = 'formula';
        replaceChildren(root,
            el('h2', words('hunt.heading'), t('hunt.heading')),
            el('p', words('hunt.explain', { class: 'field-help' }), t('hunt.explain')),
            el('div', { class: 'field' }, el('label', words('hunt.selection', { for: 'hunt-selection' }),
                t('hunt.selection')), this.selection),
            el('div', { class: 'button-row' },
                el('label', words('hunt.catches', { for: 'hunt-catches' }), t('hunt.catches')), this.catches,
                el('label', words('hunt.seconds', { for: 'hunt-seconds' }), t('hunt.seconds')), this.seconds),
            el('div', { class: 'button-row' }, this.start),
            this.problem, this.progress);
        this.selection.addEventListener('change', () => {
            setText(this.problem, '');
            this.send({ type: 'setSelection', selection: this.selection.value });
        });
        this.start.addEventListener('click', () => this.request());
    }

    /// Follows the lesson's hunt messages (and the selection a welcome says).
    received(message) {
        switch (message.type) {
            case 'welcome':
                this.mode = message.options?.selection ?? 'formula';
                this.current = null;
                setText(this.progress, '');
                break;
            case 'selection':
                this.mode = message.selection;
                break;
            case 'huntStarted':
                // `spots` holds four bytes a creature, as base64 (PROTOCOL.md 5.8).
                this.current = { round: message.round,
                    total: Math.floor(String(message.spots ?? '').replace(/=+$/, '').length * 3 / 16),
                    caught: (message.eaten ?? []).length };
                setText(this.progress, t('hunt.progress', this.current));
                break;
            case 'caught':
                if (this.current && this.current.round === message.round) {
                    this.current.caught = (message.eaten ?? []).length;
                    setText(this.progress, t('hunt.progress', this.current));
                }
                break;
            case 'huntEnded': {
                this.current = null;
                const caught = (message.caughtBins ?? []).reduce((a, b) => a + b, 0);
                const alive = (message.aliveBins ?? []).reduce((a, b) => a + b, 0);
                const mean = (m) => (typeof m === 'number' ? m.toFixed(1) : t('hunt.none'));
                setText(this.progress, t('hunt.ended', { round: message.round, caught, alive,
                    caughtMean: mean(message.caughtMean), aliveMean: mean(message.aliveMean) }));
                break;
            }
            default: break;
        }
    }

    render(state) {
        const field = state.presentation?.picture === 'traitField';
        this.root.hidden = !field;
        this.selection.value = this.mode;
        this.selection.disabled = state.ended || this.current !== null;
        this.start.disabled = state.ended || this.current !== null || this.mode === 'formula';
    }

    request() {
        setText(this.problem, '');
        const catches = Number(this.catches.value);
        const seconds = Number(this.seconds.value);
        if (!Number.isInteger(catches) || catches < 1 || catches > 20) {
            setText(this.problem, t('hunt.problem.catches'));
            return;
        }
        if (!Number.isInteger(seconds) || seconds < 3 || seconds > 120) {
            setText(this.problem, t('hunt.problem.seconds'));
            return;
        }
        this.send({ type: 'startHunt', catches, seconds });
    }
}
