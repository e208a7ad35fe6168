// @ts-check
// The administrator's page (/admin): signed in with the server's teacher key (the administrator's, kept in this
// tab's sessionStorage only), it lists the teachers with their status and sign-ins, adds one or resets one
// (showing the one-time sign-in link once, to hand over), disables (their sign-ins end at once, on every node),
// enables and removes; lists every teacher's sign-ins (each may be ended) and every lesson with its owner (in a
// cluster, every node's, with the node running it), each of which may be erased now (after a confirmation: its
// people are sent away, on whichever node runs it, and nothing of it is kept).
// Everything goes through petri.v1 (PROTOCOL.md section 11) with the key in place of a session; every refusal
// shows the server's sentence; text from the network goes in through textContent only.

import { el, setText, replaceChildren } from './dom.js';
import { requestOnce } from './connection.js';
import { t, formatDate, fillWords, onLanguageChange } from './words.js';
import { languageSwitch } from './view-language.js';

const KEY = 'petri.admin.key';
const $ = (id) => document.getElementById(id);

let key = null;
let teachers = [];
let sessions = [];
let lessons = [];

function stored() {
    try {
        return sessionStorage.getItem(KEY);
    } catch {
        return null;
    }
}

function store(value) {
    try {
        if (value === null) sessionStorage.removeItem(KEY);
        else sessionStorage.setItem(KEY, value);
    } catch {
        // storage off: the page still works, only a reload signs out
    }
}

function say(words) {
    setText($('live'), words);
}

function request(type, fields, types) {
    return requestOnce({ type, session: key, ...fields }, types);
}

// MARK: - Signing in

async function signIn(candidate) {
    const form = $('admin-signin');
    setText(form.querySelector('.problem'), '');
    key = candidate;
    const answer = await request('teachers', {}, ['teachers']);
    if (answer.type === 'error') {
        key = null;
        store(null);
        $('admin').hidden = true;
        form.hidden = false;
        setText(form.querySelector('.problem'), answer.message);
        $('admin-key').focus();
        return;
    }
    store(candidate);
    form.hidden = true;
    $('admin').hidden = false;
    teachers = answer.teachers ?? [];
    renderTeachers();
    await refresh();
}

/// Teachers, sign-ins and lessons, asked again.
async function refresh() {
    const [list, signIns, all] = await Promise.all([
        request('teachers', {}, ['teachers']),
        request('sessions', {}, ['sessions']),
        request('myLessons', {}, ['myLessons']),
    ]);
    const failed = [list, signIns, all].find((answer) => answer.type === 'error');
    setText($('teachers-problem'), failed?.message ?? '');
    if (list.type === 'teachers') teachers = list.teachers ?? [];
    if (signIns.type === 'sessions') sessions = signIns.sessions ?? [];
    if (all.type === 'myLessons') lessons = all.lessons ?? [];
    renderTeachers();
    renderSessions();
    renderLessons();
}

// MARK: - Teachers

function renderTeachers() {
    if (teachers.length === 0) {
        replaceChildren($('teacher-list'), el('p', { class: 'field-help' }, t('admin.teachers.none')));
        renderSessionChoice();
        return;
    }
    const head = el('tr', {}, ['admin.teachers.name', 'admin.teachers.email', 'admin.teachers.status',
        'admin.teachers.password', 'admin.teachers.sessions', 'admin.teachers.actions']
        .map((name) => el('th', { scope: 'col' }, t(name))));
    const rows = teachers.map((teacher) => {
        const name = String(teacher.name ?? '');
        const active = teacher.status === 'active';
        const button = (words, action, extra = {}) => {
            const node = el('button', { type: 'button', class: 'small', ...extra }, words);
            node.addEventListener('click', action);
            return node;
        };
        return el('tr', { 'data-teacher': name },
            el('th', { scope: 'row' }, name),
            el('td', {}, teacher.email ? String(teacher.email) : '–'),
            el('td', {}, active ? t('admin.status.active') : t('admin.status.disabled')),
            el('td', {}, teacher.passwordSet ? t('admin.password.set') : t('admin.password.notYet')),
            el('td', {}, t('admin.teachers.sessionCount', { count: Number(teacher.sessions ?? 0) })),
            el('td', { class: 'button-row' },
                button(t('admin.reset', { name }), () => confirmThen(t('admin.reset.confirm', { name }),
                    () => change('resetTeacher', name))),
                active
                    ? button(t('admin.disable', { name }), () => confirmThen(t('admin.disable.confirm', { name }),
                        () => change('disableTeacher', name)), { class: 'small danger' })
                    : button(t('admin.enable', { name }), () => change('enableTeacher', name)),
                button(t('admin.remove', { name }), () => confirmThen(t('admin.remove.confirm', { name }),
                    () => change('removeTeacher', name)), { class: 'small danger' })));
    });
    replaceChildren($('teacher-list'), el('table', { class: 'my-lessons', id: 'teacher-table' },
        el('caption', {}, t('admin.teachers.caption', { count: teachers.length })),
        el('thead', {}, head), el('tbody', {}, rows)));
    renderSessionChoice();
}

/// Resets, disables, enables or removes a teacher; a reset shows the new link.
async function change(type, name) {
    hideLink();
    const answer = await request(type, { teacher: name }, ['teachers', 'signInLink']);
    if (answer.type === 'error') {
        setText($('teachers-problem'), answer.message);
        return;
    }
    setText($('teachers-problem'), '');
    if (answer.type === 'signInLink') showLink(answer, 'admin.link.reset');
    const done = {
        resetTeacher: 'admin.did.reset', disableTeacher: 'admin.did.disable', enableTeacher: 'admin.did.enable',
        removeTeacher: 'admin.did.remove',
    };
    say(t(done[type], { name }));
    await refresh();
}

async function addTeacher(event) {
    event.preventDefault();
    hideLink();
    const name = $('new-teacher-name').value.trim();
    const email = $('new-teacher-email').value.trim();
    if (!name) {
        setText($('teachers-problem'), t('admin.add.noName'));
        $('new-teacher-name').focus();
        return;
    }
    const answer = await request('addTeacher', { name, ...(email ? { email } : {}) }, ['signInLink']);
    if (answer.type === 'error') {
        setText($('teachers-problem'), answer.message);
        return;
    }
    setText($('teachers-problem'), '');
    $('new-teacher-name').value = '';
    $('new-teacher-email').value = '';
    showLink(answer, 'admin.link.added');
    say(t('admin.did.add', { name: String(answer.teacher ?? name) }));
    await refresh();
}

/// The one-time link, shown once: a URL of this server's /teach with the secret after `#` (never sent to a server).
function showLink(answer, words) {
    const url = `${location.origin}/teach#link=${encodeURIComponent(String(answer.link ?? ''))}`;
    setText($('link-explain'), t(words, { name: String(answer.teacher ?? '') }));
    setText($('link-text'), url);
    $('link-panel').hidden = false;
}

function hideLink() {
    setText($('link-text'), '');
    $('link-panel').hidden = true;
}

// MARK: - Sign-ins and lessons

function renderSessionChoice() {
    const select = $('session-teacher');
    const previous = select.value;
    replaceChildren(select, el('option', { value: '' }, t('admin.sessions.everyone')),
        teachers.map((teacher) => el('option', { value: String(teacher.name ?? '') }, String(teacher.name ?? ''))));
    if ([...select.options].some((option) => option.value === previous)) select.value = previous;
}

function renderSessions() {
    const who = $('session-teacher').value;
    const shown = sessions.filter((session) => !who || session.teacher === who);
    if (shown.length === 0) {
        replaceChildren($('admin-sessions'), el('li', {}, t('admin.sessions.none')));
        return;
    }
    replaceChildren($('admin-sessions'), shown.map((session) => {
        const handle = String(session.handle ?? '');
        const end = el('button', { type: 'button', class: 'small' }, t('teach.sessions.end'));
        end.addEventListener('click', async () => {
            const answer = await request('revokeSession', { handle }, ['sessions']);
            if (answer.type === 'error') {
                setText($('teachers-problem'), answer.message);
                return;
            }
            sessions = answer.sessions ?? [];
            say(t('teach.sessions.ended'));
            renderSessions();
        });
        return el('li', { 'data-handle': handle }, t('admin.sessions.line', {
            teacher: String(session.teacher ?? ''), from: String(session.from ?? ''),
            signedIn: formatDate(session.signedInAt), lastSeen: formatDate(session.lastSeenAt),
        }), ' ', end);
    }));
}

function renderLessons() {
    if (lessons.length === 0) {
        replaceChildren($('all-lessons'), el('p', { class: 'field-help' }, t('admin.lessons.none')));
        return;
    }
    // In a cluster the list is every node's, each lesson with the node that runs it (on one server: no column).
    const cluster = lessons.some((lesson) => typeof lesson.node === 'string');
    const columns = ['teach.mine.code', 'teach.mine.model', 'admin.lessons.owner', 'teach.mine.started',
        'teach.mine.state', ...(cluster ? ['admin.lessons.node'] : []), 'admin.lessons.actions'];
    const head = el('tr', {}, columns.map((name) => el('th', { scope: 'col' }, t(name))));
    const rows = lessons.map((lesson) => {
        const code = String(lesson.code ?? '');
        const running = typeof lesson.endedAt !== 'number';
        const erase = el('button', { type: 'button', class: 'small danger' }, t('admin.lessons.erase', { code }));
        erase.addEventListener('click', () => confirmThen(
            t(running ? 'admin.lessons.erase.confirmRunning' : 'admin.lessons.erase.confirm', { code }),
            () => eraseLesson(code)));
        return el('tr', { 'data-code': code },
            el('th', { scope: 'row' }, code), el('td', {}, String(lesson.model ?? '')),
            el('td', {}, lesson.owner ? String(lesson.owner) : t('teach.teachers.administrator')),
            el('td', {}, formatDate(lesson.createdAt)),
            el('td', {}, running ? t('teach.mine.running') : t('teach.mine.ended', { time: formatDate(lesson.endedAt) })),
            ...(cluster ? [el('td', { class: 'node' },
                typeof lesson.node === 'string' ? lesson.node : t('admin.lessons.noNode'))] : []),
            el('td', {}, erase));
    });
    replaceChildren($('all-lessons'), el('table', { class: 'my-lessons', id: 'lesson-table' },
        el('caption', {}, t('teach.mine.caption', { count: lessons.length })),
        el('thead', {}, head), el('tbody', {}, rows)));
}

/// Erases a lesson now (its people are sent away with a sentence), then shows the list without it.
async function eraseLesson(code) {
    const answer = await request('eraseLesson', { code }, ['myLessons']);
    if (answer.type === 'error') {
        setText($('lessons-problem'), answer.message);
        $('lessons-heading').focus();
        return;
    }
    setText($('lessons-problem'), '');
    lessons = answer.lessons ?? [];
    renderLessons();
    say(t('admin.lessons.erased', { code }));
    $('lessons-heading').focus();
}

function confirmThen(words, action) {
    const dialog = $('confirm');
    setText($('confirm-text'), words);
    dialog.returnValue = '';
    dialog.onclose = () => {
        if (dialog.returnValue === 'yes') action();
    };
    dialog.showModal();
    $('confirm-no').focus();
}

// MARK: - Wiring

$('admin-signin').addEventListener('submit', (event) => {
    event.preventDefault();
    const candidate = $('admin-key').value;
    $('admin-key').value = '';
    if (!candidate) {
        setText($('admin-signin').querySelector('.problem'), t('teach.signin.noKey'));
        return;
    }
    signIn(candidate);
});
$('add-teacher').addEventListener('submit', addTeacher);
$('link-done').addEventListener('click', () => {
    hideLink();
    $('new-teacher-name').focus();
});
$('session-teacher').addEventListener('change', renderSessions);
$('admin-refresh').addEventListener('click', refresh);
$('admin-sign-out').addEventListener('click', () => {
    key = null;
    store(null);
    hideLink();
    $('admin').hidden = true;
    $('admin-signin').hidden = false;
    $('admin-key').focus();
});

languageSwitch($('language-switch'));
fillWords();
onLanguageChange(() => {
    fillWords();
    renderTeachers();
    renderSessions();
    renderLessons();
});

const remembered = stored();
if (remembered) signIn(remembered);
else $('admin-key').focus();
