// The teacher's roster: every student (not removed) with online state, score, streak and a tick when they
// have answered the open question, and, while the lesson runs, their extra time on timed questions (a choice
// sent at once: none, +25%, +50%, +100%) and a button to remove them, and, running or ended, a button to erase
// them (their name and answers gone from the lesson and what the server keeps; the page asks for confirmation first).
// Names arrive from the network and go in as text only.

import { el, replaceChildren, formatNumber } from './dom.js';
import { openQuestion } from './lesson-state.js';
import { t, language, formatPlain, formatPercent, formatDate } from './words.js';

/// The extra time a teacher can give (percent of a question's limit on top); the server takes 0...100.
const EXTRA_TIMES = [0, 25, 50, 100];

export class RosterView {
    /// - Parameters:
    ///   - root: the element this view owns.
    ///   - answeredBy: `(questionId) => Set` of student ids who answered it.
    ///   - onKick: `(entry) => void`, called when the teacher asks to remove a student.
    ///   - onExtraTime: `(entry, percent) => void`, called when the teacher changes a student's extra time.
    ///   - onErase: `(entry) => void`, called when the teacher asks to erase a student.
    constructor(root, { answeredBy, onKick, onExtraTime, onErase }) {
        this.root = root;
        this.answeredBy = answeredBy;
        this.onKick = onKick;
        this.onErase = onErase;
        this.onExtraTime = onExtraTime;
        this.drawn = null;
    }

    render(state) {
        const open = openQuestion(state);
        const answered = open ? this.answeredBy(open.id) : new Set();
        const students = [...state.roster.values()].filter((s) => !s.kicked)
            .sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || String(a.name).localeCompare(String(b.name), language()));
        const removable = !state.ended;
        const key = JSON.stringify([language(), removable, open?.id ?? null, [...answered].sort(), students.map((s) =>
            [s.student, s.name, s.online, s.score, s.streak, s.extraTime ?? 0, s.makeup ?? null])]);
        if (key === this.drawn) return;
        this.drawn = key;
        const online = students.filter((s) => s.online).length;
        const table = el('table', { class: 'roster', id: 'roster-table' },
            el('caption', {}, t('roster.caption', { count: students.length, online })),
            el('thead', {}, el('tr', {},
                el('th', { scope: 'col' }, t('results.name')), el('th', { scope: 'col' }, t('roster.online')),
                el('th', { scope: 'col' }, t('results.score')), el('th', { scope: 'col' }, t('roster.streak')),
                el('th', { scope: 'col' }, open ? t('roster.answeredQuestion', { question: t('report.questionLabel', { number: open.id }) })
                    : t('roster.answered')),
                el('th', { scope: 'col' }, t('roster.extraTime')),
                removable ? el('th', { scope: 'col' }, el('span', { class: 'visually-hidden' }, t('roster.remove'))) : null,
                el('th', { scope: 'col' }, el('span', { class: 'visually-hidden' }, t('roster.erase'))))));
        const body = el('tbody');
        for (const student of students) {
            const has = answered.has(student.student);
            const kick = !removable ? null : el('button', { type: 'button', class: 'small kick', 'data-student': student.student,
                'aria-label': t('roster.removeName', { name: student.name }) }, t('roster.remove'));
            kick?.addEventListener('click', () => this.onKick(student));
            const erase = el('button', { type: 'button', class: 'small erase', 'data-student': student.student,
                'aria-label': t('roster.eraseName', { name: student.name }) }, t('roster.erase'));
            erase.addEventListener('click', () => this.onErase(student));
            body.append(el('tr', { 'data-student': student.student, class: student.online ? 'online' : 'offline' },
                el('td', { class: 'name' }, student.name ?? '', makeupMark(student)),
                el('td', { class: 'presence' }, student.online ? t('roster.presence.online') : t('roster.presence.away')),
                el('td', {}, formatNumber(student.score ?? 0)),
                el('td', {}, formatPlain(student.streak ?? 0)),
                el('td', { class: 'answered-tick' }, open ? (has ? t('roster.tick') : '–') : ''),
                el('td', { class: 'extra-time' }, this.extraTimeControl(student, removable)),
                kick ? el('td', {}, kick) : null,
                el('td', {}, erase)));
        }
        table.append(body);
        // A phone narrower than the table scrolls it sideways inside its own region (a data table is the
        // exception WCAG's reflow allows), never the page; the region takes the focus to scroll by keyboard.
        const region = el('div', { class: 'table-scroll', role: 'region', tabindex: '0',
            'aria-label': t('roster.region') }, table);
        // A control the teacher is using keeps the focus when the table is drawn again (as it is when the server
        // confirms the change).
        const focused = this.root.contains(document.activeElement) ? document.activeElement : null;
        const again = focused?.dataset?.student ? `${focused.tagName.toLowerCase()}.${focused.className.split(' ').join('.')}`
            + `[data-student="${focused.dataset.student}"]` : null;
        replaceChildren(this.root, students.length ? region
            : el('p', { class: 'waiting' }, t('roster.none')));
        if (again) this.root.querySelector(again)?.focus();
    }

    /// A student's extra time: a choice while the lesson runs, else the words.
    extraTimeControl(student, changeable) {
        const given = student.extraTime ?? 0;
        const label = (percent) => percent ? t('roster.extraTime.percent', { percent: formatPercent(percent) })
            : t('roster.extraTime.none');
        if (!changeable) return label(given);
        const options = EXTRA_TIMES.includes(given) ? EXTRA_TIMES : [...EXTRA_TIMES, given].sort((a, b) => a - b);
        const select = el('select', { class: 'extra-time', 'data-student': student.student,
            'aria-label': t('roster.extraTimeFor', { name: student.name }) },
        ...options.map((percent) => el('option', { value: String(percent), ...(percent === given ? { selected: '' } : {}) },
            label(percent))));
        select.addEventListener('change', () => this.onExtraTime(student, Number(select.value)));
        return select;
    }
}

/// A make-up student's mark after their name, "make-up, 28 Nov 2026" (when they joined the make-up, PROTOCOL.md
/// 5.9); nothing for the class's own students.
function makeupMark(student) {
    if (typeof student.makeup !== 'number') return null;
    return el('span', { class: 'makeup-mark' },
        t('teach.makeup.mark', { date: formatDate(student.makeup, { dateStyle: 'medium' }) }));
}
