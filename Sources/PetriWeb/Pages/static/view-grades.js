// The grades of a lesson an LMS activity opened (LTI): each LMS learner's grade as Petri sent it to the LMS's
// gradebook, or waits to send it (with the LMS's reason when it refused), and "Send grades" to send them now (they
// also go when the lesson ends). Shown only for a lesson an LMS activity opened. Names and reasons arrive from
// the network and go in as text only.

import { el, replaceChildren, setText, formatNumber } from './dom.js';
import { t } from './words.js';

/// How often the view asks again while a grade waits (milliseconds).
const WAITING_REFRESH = 5000;

export class GradesView {
    /// - Parameters:
    ///   - section: the section this view shows or hides.
    ///   - table: where the table goes; status: the line that says what happened.
    ///   - send: the "Send grades" button.
    ///   - credential: `() => ({ code, key })` for the lesson shown, or null.
    constructor({ section, table, status, send }, credential) {
        this.section = section;
        this.table = table;
        this.status = status;
        this.credential = credential;
        this.timer = null;
        send.addEventListener('click', () => this.refresh(true));
    }

    clear() {
        clearTimeout(this.timer);
        this.timer = null;
        this.section.hidden = true;
        replaceChildren(this.table);
        setText(this.status, '');
    }

    /// Asks the server for the grades (and to queue them first when `send`).
    async refresh(send = false) {
        clearTimeout(this.timer);
        const asked = this.credential();
        if (!asked) return;
        let answer;
        try {
            const response = await fetch('/lti/grades', {
                method: 'POST', headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ code: asked.code, key: asked.key, send }), cache: 'no-store',
            });
            answer = await response.json();
            if (!response.ok) throw new Error(answer?.message ?? String(response.status));
        } catch {
            if (!this.section.hidden) setText(this.status, t('teach.grades.unavailable'));
            return;
        }
        if (this.credential()?.code !== asked.code) return;
        if (!answer.linked) {
            this.section.hidden = true;
            return;
        }
        this.section.hidden = false;
        const rows = Array.isArray(answer.grades) ? answer.grades : [];
        this.render(rows);
        if (send) setText(this.status, t('teach.grades.queued', { count: Number(answer.queued ?? 0) }));
        if (rows.some((row) => row.state === 'pending' || row.state === 'failed')) {
            this.timer = setTimeout(() => this.refresh(), WAITING_REFRESH);
        }
    }

    render(rows) {
        if (!rows.length) {
            replaceChildren(this.table, el('p', {}, t('teach.grades.none')));
            return;
        }
        const sorted = [...rows].sort((a, b) => String(a.name).localeCompare(String(b.name)));
        replaceChildren(this.table, el('table', { id: 'lms-grades-table' },
            el('caption', {}, t('teach.grades.caption', { count: rows.length })),
            el('thead', {}, el('tr', {},
                el('th', { scope: 'col' }, t('teach.grades.student')),
                el('th', { scope: 'col' }, t('teach.grades.score')),
                el('th', { scope: 'col' }, t('teach.grades.inLMS')))),
            el('tbody', {}, sorted.map((row) => el('tr', { 'data-state': row.state },
                el('th', { scope: 'row' }, String(row.name ?? '')),
                el('td', {}, typeof row.score === 'number'
                    ? t('teach.grades.outOf', { score: formatNumber(row.score), maximum: formatNumber(row.maximum) })
                    : ''),
                el('td', {}, describe(row)))))));
    }
}

function describe(row) {
    switch (row.state) {
        case 'sent':
            return t('teach.grades.sent', {
                score: formatNumber(row.sentScore), maximum: formatNumber(row.sentMaximum) });
        case 'pending': return t('teach.grades.pending');
        case 'failed': return t('teach.grades.failed', { reason: String(row.reason ?? '') });
        default: return t('teach.grades.notSent');
    }
}
