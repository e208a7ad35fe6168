// Students' reasons (the terminal's `reasons` and `share`): list the reasons given for a question (only the
// teacher sees them, with names), tick some and show them to the class, anonymous unless the teacher asks for
// names. Reasons and names arrive from the network and go in as text only.

import { el, replaceChildren, setText } from './dom.js';
import { t, words, language } from './words.js';

/// The most reasons one `showReasons` may carry (PROTOCOL.md, section 4).
const MOST_SHOWN = 20;

export class ReasonsView {
    /// - Parameters:
    ///   - root: the element this view owns.
    ///   - send: `(message) => bool`, sends on the lesson's connection.
    constructor(root, { send }) {
        this.root = root;
        this.send = send;
        this.question = el('select', { id: 'reasons-question' });
        this.list = el('button', words('reasons.list', { type: 'button', id: 'reasons-list' }), t('reasons.list'));
        this.names = el('input', { type: 'checkbox', id: 'reasons-names' });
        this.share = el('button', words('reasons.share', { type: 'button', id: 'reasons-share' }), t('reasons.share'));
        this.problem = el('p', { class: 'problem', role: 'alert' });
        this.items = el('ul', { class: 'reasons-list', id: 'reasons-items' });
        this.shareRow = el('div', { class: 'reasons-share' },
            el('div', { class: 'field inline' }, this.names,
                el('label', words('reasons.names', { for: 'reasons-names' }), t('reasons.names'))),
            this.share);
        this.shareRow.hidden = true;
        this.listed = null; // the `reasons` message on screen
        this.drawnQuestions = null;
        replaceChildren(root,
            el('h2', words('teach.reasons'), t('teach.reasons')),
            el('p', words('reasons.explain', { class: 'field-help' }), t('reasons.explain')),
            el('div', { class: 'field' }, el('label', words('question.heading', { for: 'reasons-question' }), t('question.heading')),
                this.question),
            el('div', { class: 'button-row' }, this.list),
            this.items, this.shareRow, this.problem);
        this.list.addEventListener('click', () => this.ask());
        this.share.addEventListener('click', () => this.showChosen());
    }

    render(state) {
        const ids = [...state.questions.keys()].sort((a, b) => b - a);
        const key = JSON.stringify([language(), ids]);
        this.list.disabled = ids.length === 0;
        this.share.disabled = state.ended; // reasons can still be read after the end, not shown to anyone
        if (key === this.drawnQuestions) return;
        this.drawnQuestions = key;
        const previous = this.question.value;
        replaceChildren(this.question, ids.length ? ids.map((id) => el('option', { value: String(id) },
            t('reasons.option', { number: id, prompt: state.questions.get(id)?.prompt || state.questions.get(id)?.metricDescription || '' })))
            : el('option', { value: '' }, t('reasons.noQuestion')));
        if (ids.some((id) => String(id) === previous)) this.question.value = previous;
    }

    ask() {
        setText(this.problem, '');
        const question = Number(this.question.value);
        if (!Number.isInteger(question) || question < 1) {
            setText(this.problem, t('reasons.problem.none'));
            return;
        }
        this.send({ type: 'reasons', question });
    }

    /// Forgets the reasons on screen (another lesson opened).
    clear() {
        this.listed = null;
        this.drawnQuestions = null;
        replaceChildren(this.items);
        this.shareRow.hidden = true;
        setText(this.problem, '');
    }

    /// The server's `reasons` message: every reason given for one question.
    received(message) {
        this.listed = message;
        const reasons = Array.isArray(message.reasons) ? message.reasons : [];
        if (reasons.length === 0) {
            replaceChildren(this.items, el('li', { class: 'waiting' },
                t('reasons.nobody', { number: message.question })));
            this.shareRow.hidden = true;
            return;
        }
        replaceChildren(this.items, reasons.map((r, index) => {
            const id = `reason-${message.question}-${index}`;
            return el('li', {},
                el('input', { type: 'checkbox', id, 'data-student': String(r.student) }),
                el('label', { for: id }, t('lesson.reason.named', { name: String(r.name ?? ''), reason: String(r.reason ?? '') })));
        }));
        this.shareRow.hidden = false;
    }

    showChosen() {
        setText(this.problem, '');
        if (!this.listed) return;
        const students = [...this.items.querySelectorAll('input[type=checkbox]:checked')]
            .map((box) => Number(box.dataset.student));
        if (students.length === 0) {
            setText(this.problem, t('reasons.problem.tick'));
            return;
        }
        if (students.length > MOST_SHOWN) {
            setText(this.problem, t('reasons.problem.most', { count: MOST_SHOWN }));
            return;
        }
        this.send({ type: 'showReasons', question: this.listed.question, students, names: this.names.checked });
    }
}
