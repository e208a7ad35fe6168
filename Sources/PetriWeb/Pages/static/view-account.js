// @ts-check
// A signed-in teacher's own views on the console page (PROTOCOL.md section 11): "My lessons" (each opened
// without its token), where they are signed in (each sign-in ended from the list), and, in a lesson's console,
// its teachers (share, stop sharing, hand over). Each asks the server on a connection of its own
// (`requestOnce`) with the session token, and shows the server's sentence for every refusal. Text from the
// network goes in through textContent only (dom.js).

import { el, setText, replaceChildren } from './dom.js';
import { requestOnce } from './connection.js';
import { t, formatDate } from './words.js';

/// One request of the signed-in teacher, answered with one of `types` or an `error` (with the sentence).
export function accountRequest(session, type, fields, types) {
    return requestOnce({ type, session, ...fields }, types);
}

/// "My lessons": the lessons the teacher owns or shares, running or ended within retention, newest first.
export class MyLessonsView {
    /// - Parameters:
    ///   - root: the element the table goes in.
    ///   - open: `(code) => void`, opening a lesson's console without its token.
    ///   - title: `(model) => string`, a model's title as the server describes it.
    constructor(root, { open, title }) {
        this.root = root;
        this.open = open;
        this.title = title;
        this.lessons = null;
    }

    render(lessons = this.lessons) {
        this.lessons = lessons;
        if (!Array.isArray(lessons)) {
            replaceChildren(this.root);
            return;
        }
        if (lessons.length === 0) {
            replaceChildren(this.root, el('p', { class: 'field-help', id: 'no-lessons' }, t('teach.mine.none')));
            return;
        }
        const head = el('tr', {}, ['teach.mine.code', 'teach.mine.model', 'teach.mine.part', 'teach.mine.started',
            'teach.mine.state', 'teach.mine.action'].map((key) => el('th', { scope: 'col' }, t(key))));
        const rows = lessons.map((lesson) => {
            const code = String(lesson.code ?? '');
            const button = el('button', { type: 'button', class: 'small', 'data-code': code },
                t('teach.mine.open', { code }));
            button.addEventListener('click', () => this.open(code));
            const part = lesson.role === 'owner' ? t('teach.mine.owner')
                : lesson.role === 'co-teacher' ? t('teach.mine.shared', { owner: lesson.owner ?? t('teach.teachers.administrator') })
                    : lesson.owner ? t('teach.mine.ownedBy', { owner: lesson.owner }) : t('teach.teachers.administrator');
            const state = typeof lesson.endedAt === 'number'
                ? t('teach.mine.ended', { time: formatDate(lesson.endedAt) }) : t('teach.mine.running');
            return el('tr', { 'data-code': code },
                el('th', { scope: 'row' }, code), el('td', {}, this.title(String(lesson.model ?? ''))), el('td', {}, part),
                el('td', {}, typeof lesson.createdAt === 'number' ? formatDate(lesson.createdAt) : ''),
                el('td', {}, state), el('td', {}, button));
        });
        replaceChildren(this.root, el('table', { class: 'my-lessons', id: 'my-lessons-table' },
            el('caption', {}, t('teach.mine.caption', { count: lessons.length })),
            el('thead', {}, head), el('tbody', {}, rows)));
    }
}

/// Where the teacher is signed in: each session with where it came from and when, the current one marked,
/// each ended from the list (`revokeSession`).
export class SessionsView {
    constructor(list, summary, { revoke }) {
        this.list = list;
        this.summary = summary;
        this.revoke = revoke;
        this.sessions = null;
    }

    render(sessions = this.sessions) {
        this.sessions = sessions;
        if (!Array.isArray(sessions)) return;
        setText(this.summary, t('teach.sessions.summary', { count: sessions.length }));
        replaceChildren(this.list, sessions.map((session) => {
            const line = t('teach.sessions.line', {
                from: String(session.from ?? ''), signedIn: formatDate(session.signedInAt),
                lastSeen: formatDate(session.lastSeenAt),
            });
            const handle = String(session.handle ?? '');
            const button = el('button', { type: 'button', class: 'small', 'data-handle': handle },
                session.current ? t('teach.sessions.endThis') : t('teach.sessions.end'));
            button.addEventListener('click', () => this.revoke(handle, Boolean(session.current)));
            return el('li', { 'data-handle': handle }, el('span', {}, line),
                session.current ? el('strong', {}, ` ${t('teach.sessions.current')}`) : null, ' ', button);
        }));
    }
}

/// A lesson's teachers in its console: the owner, the co-teachers (each with "stop sharing"), and the form to
/// share with a colleague or hand the lesson over.
export class LessonTeachersView {
    constructor({ owner, list }, { unshare }) {
        this.owner = owner;
        this.list = list;
        this.unshare = unshare;
        this.teachers = null;
    }

    clear() {
        this.teachers = null;
        setText(this.owner, '');
        replaceChildren(this.list);
    }

    render(teachers = this.teachers) {
        this.teachers = teachers;
        if (!teachers) return;
        setText(this.owner, teachers.owner ? t('teach.teachers.owner', { name: teachers.owner })
            : t('teach.teachers.ownerAdministrator'));
        const names = Array.isArray(teachers.coTeachers) ? teachers.coTeachers.map(String) : [];
        if (names.length === 0) {
            replaceChildren(this.list, el('li', {}, t('teach.teachers.notShared')));
            return;
        }
        replaceChildren(this.list, names.map((name) => {
            const button = el('button', { type: 'button', class: 'small' }, t('teach.teachers.unshare', { name }));
            button.addEventListener('click', () => this.unshare(name));
            return el('li', {}, el('span', {}, t('teach.teachers.coTeacher', { name })), ' ', button);
        }));
    }
}
