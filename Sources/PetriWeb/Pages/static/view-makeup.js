// The student page's make-up controls (PROTOCOL.md 5.9), loaded only in make-up mode (student.js imports this
// module, and the `makeup` part of the words, when the page opens a make-up): where the student is in the class's
// history ("Moment 12 of 40 · generation 60"), Next, the pace (their own, the class's, automatic), a link to carry
// on on another device, and the sentence of a closed make-up. The lesson itself (the model, questions, results)
// is drawn by the live page's views from the same messages the class had.

import { el, setText, replaceChildren } from './dom.js';
import { t, words } from './words.js';

/// Seconds between moments at the automatic pace (the server's default).
const AUTO_SECONDS = 3;

export class MakeupView {
    /// - Parameters:
    ///   - column: where the panel goes (first in it).
    ///   - send: `(message) => boolean`.
    ///   - say: `(words) => void`, the live region.
    ///   - token: `(carried) => token`: the student's stored resume token; with `carried`, stores it first.
    constructor(column, { send, say, token }) {
        this.send = send;
        this.say = say;
        this.token = token;
        // The link for another device carries the resume token in its fragment (never sent to a server).
        const carried = location.hash.match(/^#resume=([\w-]+)$/);
        if (carried) {
            token(carried[1]);
            history.replaceState(null, '', location.pathname);
        }
        this.position = null;
        this.closed = null;
        this.resumeURL = null;
        this.root = el('section', { id: 'makeup', class: 'panel makeup-panel', 'aria-labelledby': 'makeup-heading' });
        this.heading = el('h2', words('makeup.heading', { id: 'makeup-heading' }), t('makeup.heading'));
        this.line = el('p', { id: 'makeup-position', class: 'makeup-position' });
        this.next = el('button', words('makeup.next', { type: 'button', id: 'makeup-next', class: 'primary' }), t('makeup.next'));
        this.next.addEventListener('click', () => this.send({ type: 'makeupNext' }));
        this.pace = el('select', { id: 'makeup-pace' });
        this.pace.addEventListener('change', () => {
            const pace = this.pace.value;
            this.send(pace === 'auto' ? { type: 'makeupPace', pace, seconds: AUTO_SECONDS } : { type: 'makeupPace', pace });
        });
        this.paceLabel = el('label', words('makeup.pace', { for: 'makeup-pace' }), t('makeup.pace'));
        this.note = el('p', { id: 'makeup-note', class: 'makeup-note', role: 'status' });
        this.resume = el('details', { id: 'makeup-resume', class: 'makeup-resume', hidden: '' });
        replaceChildren(this.root, this.heading, this.line,
            el('div', { class: 'button-row' }, this.next), el('div', { class: 'field' }, this.paceLabel, this.pace),
            this.note, this.resume);
        column.prepend(this.root);
        this.fillPace();
    }

    fillPace() {
        const chosen = this.position?.pace ?? 'own';
        replaceChildren(this.pace,
            el('option', { value: 'own' }, t('makeup.pace.own')),
            el('option', { value: 'class' }, t('makeup.pace.class')),
            el('option', { value: 'auto' }, t('makeup.pace.auto', { seconds: this.position?.seconds ?? AUTO_SECONDS })));
        this.pace.value = chosen;
    }

    /// The link that opens this make-up, as this student, on another device (the resume token in the fragment,
    /// which is never sent to a server).
    showResume(url) {
        this.resumeURL = url;
        this.renderResume();
        this.render();
    }

    renderResume() {
        if (!this.resumeURL) return;
        replaceChildren(this.resume, el('summary', {}, t('makeup.resume')), el('p', {}, t('makeup.resume.explain')),
            el('p', { class: 'makeup-link' }, el('a', { href: this.resumeURL, id: 'makeup-resume-link' }, this.resumeURL)));
    }

    /// A server message: the position and the closing are the make-up's own.
    received(message) {
        if (message.type === 'welcome' && this.token()) {
            this.showResume(`${location.origin}${location.pathname}#resume=${this.token()}`);
        } else if (message.type === 'makeupPosition') {
            const before = this.position;
            this.position = message;
            if (before?.pace !== message.pace || before?.seconds !== message.seconds) this.fillPace();
            if (before?.moment !== message.moment) this.say(this.spoken());
            this.render();
        } else if (message.type === 'makeupClosed') {
            this.closed = typeof message.message === 'string' ? message.message : t('makeup.closed');
            this.say(this.closed);
            this.render();
        }
    }

    spoken() {
        const p = this.position;
        return p ? t('makeup.position', { moment: p.moment, moments: p.moments, generation: p.generation }) : '';
    }

    render() {
        const p = this.position;
        setText(this.line, this.spoken());
        const atEnd = p && p.moment >= p.moments;
        this.next.disabled = Boolean(this.closed) || Boolean(atEnd && p.classEnded);
        this.pace.disabled = Boolean(this.closed);
        setText(this.note, this.closed ?? (!atEnd ? '' : p.classEnded ? t('makeup.end') : t('makeup.caughtUp')));
        this.resume.hidden = !this.resumeURL || Boolean(this.closed);
    }

    relabel() {
        this.fillPace();
        this.renderResume();
        this.render();
    }
}
